import Foundation
import PokedexModel
import PokedexSource
import PokedexSupport

/// How the pages of one kind of resource (moves, abilities) are ordered and named.
enum PageNaming {
    /// By English name without case, accents or width, then as written, then by id: the builder's locale never
    /// changes the order (the bytes of pages and scripts follow it). In another `language`, by its collation
    /// (ICU's: "Éclair" after "Eau" in French, kana in gojūon order), then as written, then by id.
    static func byName<Item>(
        _ items: [Item],
        name: (Item) -> String,
        id: (Item) -> Int,
        language: String = "en"
    ) -> [Item] {
        if language != "en" {
            let locale = Locale(identifier: SiteLanguage.named(language)?.tag ?? language)
            // In id order first: the items come from sets, and where the comparison ties, the same order goes in.
            let named = items.map { (name: name($0), item: $0) }.sorted { id($0.item) < id($1.item) }
            return named.sorted { a, b in
                switch collate(a.name, b.name, locale: locale) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame:
                    if a.name != b.name {
                        return a.name.unicodeScalars.lexicographicallyPrecedes(b.name.unicodeScalars)
                    }
                    return id(a.item) < id(b.item)
                }
            }.map(\.item)
        }
        let english = Locale(identifier: "en")
        let keyed = items.map { item -> (key: String, name: String, item: Item) in
            let said = name(item)
            return (
                said.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: english),
                said, item
            )
        }
        return keyed.sorted { a, b in
            if a.key != b.key { return a.key.unicodeScalars.lexicographicallyPrecedes(b.key.unicodeScalars) }
            if a.name != b.name { return a.name.unicodeScalars.lexicographicallyPrecedes(b.name.unicodeScalars) }
            return id(a.item) < id(b.item)
        }.map(\.item)
    }

    /// `a` against `b` in `locale`'s collation where Foundation answers both ways alike, else by code points. On
    /// Linux, Foundation says of some Hangul pairs that each comes after the other ("간" and "가나", "블록" and "블로킹"
    /// are each `.orderedDescending` against the other), and a sort by that alone put Korean move names in a
    /// different order in every build; Hangul syllables' code points are in dictionary order.
    static func collate(_ a: String, _ b: String, locale: Locale) -> ComparisonResult {
        let forward = a.compare(b, options: [.caseInsensitive], range: nil, locale: locale)
        let backward = b.compare(a, options: [.caseInsensitive], range: nil, locale: locale)
        if forward.rawValue == -backward.rawValue { return forward }
        if a.unicodeScalars.elementsEqual(b.unicodeScalars) { return .orderedSame }
        return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? .orderedAscending : .orderedDescending
    }

    /// A slug per id from its API name, unique however many collide (taken in id order; "index" is the folder's
    /// index page; a name of no letters is `<fallback>-<id>`).
    static func slugs(_ items: [(id: Int, name: String)], fallback: String) -> [Int: String] {
        var slugs: [Int: String] = [:]
        var used: Set<String> = ["index"]
        for (id, name) in items.sorted(by: { $0.id < $1.id }) {
            var slug = Slug.make(name: name, id: id, fallback: fallback)
            var attempt = 1
            while used.contains(slug) {
                slug = Slug.make(name: "\(slug)-\(id)\(attempt > 1 ? "-\(attempt)" : "")", id: id, fallback: fallback)
                attempt += 1
            }
            used.insert(slug)
            slugs[id] = slug
        }
        return slugs
    }
}

/// What the pages look moves, abilities and types up in, made once per build.
struct Catalogs: Sendable {
    let moves: MoveCatalog
    var moveScripts: MoveScripts
    let abilities: AbilityCatalog
    let types: TypeCatalog
    let places: PlaceCatalog
    let dexes: DexCatalog
    let items: ItemCatalog

    /// The pages of each kind the catalogs make, one per entry.
    var pageCounts: [PageCounts.Kind: Int] {
        [
            .move: moves.ordered.count, .ability: abilities.ordered.count, .type: types.ordered.count,
            .place: places.ordered.count, .dex: dexes.ordered.count, .item: items.ordered.count,
        ]
    }

    /// `shared`: what no language changes, made once for every language's catalogs (else made here).
    init(_ pokedex: Pokedex, strings: ThemeStrings = SiteRenderer.builtInStrings, shared: Shared? = nil) throws {
        var moves = MoveCatalog(pokedex, learners: shared?.learners)
        moves.strings = strings
        self.moves = moves
        moveScripts = try MoveScripts(pokedex, catalog: moves, learnsetFiles: shared?.learnsetFiles)
        abilities = AbilityCatalog(pokedex)
        types = TypeCatalog(pokedex, moves: moves)
        places = PlaceCatalog(pokedex, lines: shared?.places)
        dexes = DexCatalog(pokedex)
        items = ItemCatalog(pokedex)
    }

    /// The catalogs' work that no language changes: who learns each move (the learners of 638,321 learnset entries)
    /// and the learnset scripts, made once per build rather than once per language.
    struct Shared: Sendable {
        let learners: MoveLearners
        let learnsetFiles: [MoveScripts.LearnsetFile]
        /// Where each Pokémon is found and who is found in each place, which only the words of the pages change.
        let places: PlaceLines

        /// The same without the learnset scripts' bytes, once the first language has sent them: the other
        /// languages need only their paths.
        func sent() -> Shared {
            Shared(
                learners: learners,
                learnsetFiles: learnsetFiles.map { file in
                    var file = file
                    file.data = nil
                    return file
                },
                places: places
            )
        }

        /// The two halves at once when the other core is free (`atOnce`: the render inputs' digest is known), else
        /// one after the other: made at once beside the digest that a full build encodes on the other core, they
        /// raised a first build's peak memory and its time (Benchmarks/README.md).
        static func make(_ pokedex: Pokedex, atOnce: Bool) async throws -> Shared {
            guard atOnce else {
                let learners = MoveLearners(entries: pokedex.entries, book: pokedex.moves)
                return Shared(
                    learners: learners,
                    learnsetFiles: try MoveScripts.learnsetFiles(pokedex),
                    places: PlaceLines(pokedex)
                )
            }
            // Four pieces, two on each core, about even: who is found in each place (110 ms on the real data) and
            // the learnset scripts (30) on this one, who learns each move (40) and where each Pokémon is found (70)
            // on the other.
            async let learnersAndFound = (
                MoveLearners(entries: pokedex.entries, book: pokedex.moves), PlaceLines.found(pokedex)
            )
            let visitors = PlaceLines.visitors(pokedex)
            let learnsetFiles = try MoveScripts.learnsetFiles(pokedex)
            let (learners, found) = await learnersAndFound
            return Shared(
                learners: learners,
                learnsetFiles: learnsetFiles,
                places: PlaceLines(visitors: visitors, found: found)
            )
        }
    }
}

extension SiteRenderer {
    /// The abilities index and a page per ability, the type chart and a page per type.
    /// `dataScript`: the index's data script, which the calculator's team loads on first use.
    func referencePages(
        _ pokedex: Pokedex,
        site: SiteContext,
        assets: AssetsContext,
        catalogs: Catalogs,
        dataScript: String = ""
    ) -> [PageJob] {
        abilityPages(pokedex, site: site, assets: assets, catalog: catalogs.abilities)
            + typePages(pokedex, site: site, assets: assets, catalogs: catalogs, dataScript: dataScript)
    }
}
