import Foundation
import PokedexModel
import PokedexSource
import PokedexSupport

/// The abilities with a page (some exported Pokémon has them), their slugs, and who has which, looked up once per
/// build.
struct AbilityCatalog: Sendable {
    /// By English name, the same order whatever the builder's locale.
    let ordered: [AbilityRecord]
    /// `abilities/<slug>.html` by ability id.
    let slugs: [Int: String]
    /// Indices into the Pokédex's entries, in site order, by ability id: those that have it as a normal ability,
    /// and as their hidden one.
    let normal: [Int: [Int]]
    let hidden: [Int: [Int]]

    static let folder = "abilities"
    static let indexPath = "abilities/index.html"

    static func pagePath(_ slug: String) -> String { "\(folder)/\(slug).html" }

    init(_ pokedex: Pokedex) {
        var normal: [Int: [Int]] = [:]
        var hidden: [Int: [Int]] = [:]
        // A form that only looks different has its species' abilities: its species' cell stands for it.
        for (index, entry) in pokedex.entries.enumerated() where entry.isListed {
            for ability in entry.record.abilities {
                guard let id = ability.id, pokedex.abilities[id] != nil else { continue }
                if ability.isHidden {
                    if hidden[id]?.last != index { hidden[id, default: []].append(index) }
                } else if normal[id]?.last != index {
                    normal[id, default: []].append(index)
                }
            }
        }
        self.normal = normal
        self.hidden = hidden
        let withPages = Set(normal.keys).union(hidden.keys).sorted().compactMap { pokedex.abilities[$0] }
        let names = pokedex.names
        ordered = PageNaming.byName(
            withPages,
            name: { names.name(.ability, $0.name) },
            id: \.id,
            language: names.language
        )
        slugs = PageNaming.slugs(withPages.map { ($0.id, $0.name) }, fallback: "ability")
    }

    /// The ability's page from a page one folder deep; nil when it has none.
    func href(_ id: Int?) -> String? {
        id.flatMap { slugs[$0] }.map { "../\(Self.pagePath($0))" }
    }
}

/// The types with a page: every type an exported Pokémon or a move with a page has, in the games' order.
struct TypeCatalog: Sendable {
    let ordered: [String]
    /// Indices into the Pokédex's entries by type.
    let pokemon: [String: [Int]]
    /// The moves of each type that have a page, in the moves index's order.
    let moves: [String: [MoveRecord]]

    static let folder = "types"
    static let indexPath = "types/index.html"

    static func pagePath(_ type: String) -> String { "\(folder)/\(type).html" }

    init(_ pokedex: Pokedex, moves catalog: MoveCatalog) {
        var pokemon: [String: [Int]] = [:]
        for (index, entry) in pokedex.entries.enumerated() where entry.isListed {
            for type in entry.record.types where pokemon[type]?.last != index {
                pokemon[type, default: []].append(index)
            }
        }
        var moves: [String: [MoveRecord]] = [:]
        for move in catalog.ordered { moves[move.type, default: []].append(move) }
        self.pokemon = pokemon
        self.moves = moves
        ordered = catalog.typePages.sorted(by: TypeMatchups.gameOrder)
    }

    var linked: Set<String> { Set(ordered) }
}

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

extension SiteRenderer {
    // MARK: Ability pages

    /// A Pokémon's thumbnail cell, linked from a page one folder deep: learners, holders, a type's Pokémon. Its
    /// picture is small: the narrowest thumbnail, or where the artwork is referenced by URL, PokeAPI's sprite
    /// (96 px for a 56 px cell, and a shorter URL on a move page of 800 cells), else the picture itself.
    func miniCell(_ entry: PokemonEntry, note: String? = nil) -> PokemonMiniCell {
        let picture = image(entry, root: "../", lazy: true)
        let narrowest = entry.thumbnails.first
        if case .remote = entry.image, let sprite = entry.record.sprites.frontDefault,
            PokemonRecord.Sprites.isUsable(sprite)
        {
            return PokemonMiniCell(
                href: "../" + SiteRenderer.pokemonPagePath(entry.slug),
                name: entry.displayName,
                src: sprite,
                width: Self.spriteSize,
                height: Self.spriteSize,
                note: note
            )
        }
        return PokemonMiniCell(
            href: "../" + SiteRenderer.pokemonPagePath(entry.slug),
            name: entry.displayName,
            src: picture.thumbnail,
            width: narrowest?.width ?? picture.width,
            height: narrowest?.height ?? picture.height,
            note: note
        )
    }

    /// Thumbnail cells for `indices` into `entries`.
    func miniCells(_ indices: [Int], entries: [PokemonEntry]) -> [PokemonMiniCell] {
        indices.map { miniCell(entries[$0]) }
    }

    /// PokeAPI writes a long effect's paragraphs apart by blank lines: one `<p>` each.
    static func paragraphs(_ text: String?) -> [String]? {
        text.map { text in
            text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty }
        }.flatMap { $0.isEmpty ? nil : $0 }
    }

    func abilityPage(
        _ ability: AbilityRecord,
        catalog: AbilityCatalog,
        entries: [PokemonEntry],
        names: NameBook,
        previous: AbilityRecord?,
        next: AbilityRecord?
    ) -> AbilityPageContext {
        let normal = miniCells(catalog.normal[ability.id] ?? [], entries: entries)
        let hidden = miniCells(catalog.hidden[ability.id] ?? [], entries: entries)
        var groups: [MiniGroupContext] = []
        if !normal.isEmpty {
            groups.append(
                MiniGroupContext(key: "normal", label: t("ability.as_ability"), count: normal.count, cells: normal)
            )
        }
        if !hidden.isEmpty {
            groups.append(
                MiniGroupContext(key: "hidden", label: t("ability.as_hidden"), count: hidden.count, cells: hidden)
            )
        }
        let rows = Self.nameRows(ability.names, strings: strings, language: language.code)
        let chosen = ability.effects.preferred(language.code)
        let flavor = ability.flavorTexts.preferred(language.code)
        let effect = Self.paragraphs(chosen?.effect)
        func link(_ other: AbilityRecord?) -> LinkContext? {
            other.flatMap { other in
                catalog.slugs[other.id].map { LinkContext(href: "\($0).html", label: names.name(.ability, other.name)) }
            }
        }
        return AbilityPageContext(
            id: ability.id,
            slug: catalog.slugs[ability.id] ?? "",
            name: names.name(.ability, ability.name),
            shortEffect: chosen?.shortEffect,
            effect: effect,
            hasEffect: chosen?.shortEffect != nil || effect != nil,
            flavorText: flavor?.name,
            generation: ability.generation.map { t("common.generation", ["n": numeral($0)]) },
            count: Set((catalog.normal[ability.id] ?? []) + (catalog.hidden[ability.id] ?? [])).count,
            groups: groups,
            names: rows,
            hasNames: !rows.isEmpty,
            previous: link(previous),
            next: link(next),
            effectLang: fallbackTag(chosen?.language),
            flavorLang: fallbackTag(flavor?.language),
            nameLang: names.fallback(.ability, ability.name).flatMap(Self.tag)
        )
    }

    func abilitiesIndex(_ catalog: AbilityCatalog, names: NameBook) -> AbilitiesIndexContext {
        let rows = catalog.ordered.map { ability in
            let summary =
                abilitySummary(ability) ?? ability.flavorTexts.preferred(language.code).map { ($0.name, $0.language) }
            return AbilityRowContext(
                id: ability.id,
                href: "\(catalog.slugs[ability.id] ?? "").html",
                name: names.name(.ability, ability.name),
                summary: summary?.text ?? "—",
                summaryLang: fallbackTag(summary?.language),
                count: Set((catalog.normal[ability.id] ?? []) + (catalog.hidden[ability.id] ?? [])).count,
                generation: ability.generation.map(numeral) ?? "—",
                generationNumber: ability.generation,
                nameLang: names.fallback(.ability, ability.name).flatMap(Self.tag)
            )
        }
        return AbilitiesIndexContext(
            count: rows.count,
            rows: rows,
            note: t("abilities.note", ["count": String(rows.count)])
        )
    }

    // MARK: Type pages

    func typePage(
        _ type: String,
        catalog: TypeCatalog,
        moves: MoveCatalog,
        pokedex: Pokedex,
        previous: String?,
        next: String?
    ) -> TypePageContext {
        let names = pokedex.names
        let linked = catalog.linked
        func badge(_ name: String) -> TypeContext { Self.typeContext(name, names: names, pages: linked) }
        func relation(_ key: String, _ label: String, _ multiplier: String, _ types: [String]) -> TypeRelationContext {
            TypeRelationContext(
                key: key,
                label: label,
                multiplier: multiplier,
                types: types.map(badge),
                hasTypes: !types.isEmpty
            )
        }
        let attacking = TypeMatchups.attacking(type, chart: pokedex.typeChart)
        let defending = TypeMatchups(types: [type], chart: pokedex.typeChart)
        let attack = [
            relation("x2", t("types.super_effective"), "×2", attacking.double),
            relation("x05", t("types.not_very_effective"), "×½", attacking.half),
            relation("x0", t("types.no_effect_on"), "×0", attacking.none),
        ]
        let defence = [
            relation("x2", t("pokemon.weak_to"), "×2", defending.double),
            relation("x05", t("pokemon.resists"), "×½", defending.half),
            relation("x0", t("pokemon.immune_to"), "×0", defending.immune),
        ]
        let rows = (catalog.moves[type] ?? []).map { moves.row($0, from: TypeCatalog.folder) }
        let cells = miniCells(catalog.pokemon[type] ?? [], entries: pokedex.entries)
        return TypePageContext(
            type: badge(type),
            attack: attack,
            defence: defence,
            pokemonCount: cells.count,
            pokemon: cells,
            moveCount: rows.count,
            moves: rows,
            hasMoves: !rows.isEmpty,
            previous: previous.map { LinkContext(href: "\($0).html", label: names.type($0)) },
            next: next.map { LinkContext(href: "\($0).html", label: names.type($0)) }
        )
    }

    /// The 18 × 18 chart: a row per attacking type, a column per defending type.
    func typeChart(_ catalog: TypeCatalog, pokedex: Pokedex) -> TypeChartContext {
        let names = pokedex.names
        let types = catalog.ordered.filter { pokedex.typeChart[$0] != nil }
        let linked = catalog.linked
        let rows = types.map { attacker in
            let cells = types.map { defender -> ChartCellContext in
                let factor =
                    TypeMatchups.multiplier(attacking: attacker, defending: defender, chart: pokedex.typeChart) ?? 1
                let (text, key, said): (String, String, String) =
                    switch factor {
                    case 0: ("0", "x0", t("types.said_none"))
                    case 0.5: ("½", "x05", t("types.said_half"))
                    case 2: ("2", "x2", t("types.said_double"))
                    default: ("", "x1", t("types.said_normal"))
                    }
                return ChartCellContext(
                    text: text,
                    title: t(
                        "types.cell_title",
                        [
                            "attacker": names.type(attacker),
                            "defender": names.type(defender), "said": said,
                        ]
                    ),
                    key: key,
                    isNormal: text.isEmpty
                )
            }
            return ChartRowContext(type: Self.typeContext(attacker, names: names, pages: linked), cells: cells)
        }
        return TypeChartContext(types: types.map { Self.typeContext($0, names: names, pages: linked) }, rows: rows)
    }
}

/// What the pages look moves, abilities and types up in, made once per build.
struct Catalogs: Sendable {
    let moves: MoveCatalog
    var moveScripts: MoveScripts
    let abilities: AbilityCatalog
    let types: TypeCatalog

    /// `shared`: what no language changes, made once for every language's catalogs (else made here).
    init(_ pokedex: Pokedex, strings: ThemeStrings = SiteRenderer.builtInStrings, shared: Shared? = nil) throws {
        var moves = MoveCatalog(pokedex, learners: shared?.learners)
        moves.strings = strings
        self.moves = moves
        moveScripts = try MoveScripts(pokedex, catalog: moves, learnsetFiles: shared?.learnsetFiles)
        abilities = AbilityCatalog(pokedex)
        types = TypeCatalog(pokedex, moves: moves)
    }

    /// The catalogs' work that no language changes: who learns each move (the learners of 638,321 learnset entries)
    /// and the learnset scripts, made once per build rather than once per language.
    struct Shared: Sendable {
        let learners: MoveLearners
        let learnsetFiles: [MoveScripts.LearnsetFile]

        /// The same without the learnset scripts' bytes, once the first language has sent them: the other
        /// languages need only their paths.
        func sent() -> Shared {
            Shared(
                learners: learners,
                learnsetFiles: learnsetFiles.map { file in
                    var file = file
                    file.data = nil
                    return file
                }
            )
        }

        /// The two halves at once when the other core is free (`atOnce`: the render inputs' digest is known), else
        /// one after the other: made at once beside the digest that a full build encodes on the other core, they
        /// raised a first build's peak memory from 173 to 207 MiB and its time from 3.6 to 4.3 s.
        static func make(_ pokedex: Pokedex, atOnce: Bool) async throws -> Shared {
            guard atOnce else {
                let learners = MoveLearners(entries: pokedex.entries, book: pokedex.moves)
                return Shared(learners: learners, learnsetFiles: try MoveScripts.learnsetFiles(pokedex))
            }
            async let learners = MoveLearners(entries: pokedex.entries, book: pokedex.moves)
            let learnsetFiles = try MoveScripts.learnsetFiles(pokedex)
            return Shared(learners: await learners, learnsetFiles: learnsetFiles)
        }
    }
}

extension SiteRenderer {
    /// The abilities index and a page per ability, the type chart and a page per type.
    func referencePages(_ pokedex: Pokedex, site: SiteContext, assets: AssetsContext, catalogs: Catalogs) -> [PageJob] {
        var jobs: [PageJob] = []
        let entries = pokedex.entries
        let names = pokedex.names
        let abilities = catalogs.abilities
        if !abilities.ordered.isEmpty {
            let path = AbilityCatalog.indexPath
            let description = t("description.abilities", ["count": grouped(pokedex.listed.count)])
            jobs.append(
                PageJob(path: path, template: "abilities") { [self] in
                    var context = base(
                        site: site,
                        root: "../",
                        kind: "abilities",
                        path: path,
                        title: t("title.abilities"),
                        social: social(
                            title: t("title.abilities"),
                            description: description,
                            path: path,
                            picture: nil
                        ),
                        assets: assets
                    )
                    context.abilitiesIndex = abilitiesIndex(abilities, names: names)
                    return context
                }
            )
        }
        let ordered = abilities.ordered
        for (index, ability) in ordered.enumerated() {
            let path = AbilityCatalog.pagePath(abilities.slugs[ability.id] ?? "")
            jobs.append(
                PageJob(path: path, template: "ability") { [self] in
                    let page = abilityPage(
                        ability,
                        catalog: abilities,
                        entries: entries,
                        names: names,
                        previous: index > 0 ? ordered[index - 1] : nil,
                        next: index + 1 < ordered.count ? ordered[index + 1] : nil
                    )
                    let description =
                        [page.shortEffect, page.flavorText].compactMap { $0 }.first
                        ?? t("description.ability", ["name": page.name])
                    var context = base(
                        site: site,
                        root: "../",
                        kind: "ability",
                        path: path,
                        title: t("title.ability", ["name": page.name]),
                        social: social(title: page.name, description: description, path: path, picture: nil),
                        assets: assets
                    )
                    context.ability = page
                    return context
                }
            )
        }
        let types = catalogs.types
        if !types.ordered.isEmpty {
            let path = TypeCatalog.indexPath
            let description = t("description.types", ["count": String(types.ordered.count)])
            jobs.append(
                PageJob(path: path, template: "types") { [self] in
                    var context = base(
                        site: site,
                        root: "../",
                        kind: "types",
                        path: path,
                        title: t("title.types"),
                        social: social(
                            title: t("title.types"),
                            description: description,
                            path: path,
                            picture: nil
                        ),
                        assets: assets
                    )
                    context.typeChart = typeChart(types, pokedex: pokedex)
                    return context
                }
            )
        }
        for (index, type) in types.ordered.enumerated() {
            let path = TypeCatalog.pagePath(type)
            jobs.append(
                PageJob(path: path, template: "type") { [self] in
                    let page = typePage(
                        type,
                        catalog: types,
                        moves: catalogs.moves,
                        pokedex: pokedex,
                        previous: index > 0 ? types.ordered[index - 1] : nil,
                        next: index + 1 < types.ordered.count ? types.ordered[index + 1] : nil
                    )
                    let label = page.type.label
                    var context = base(
                        site: site,
                        root: "../",
                        kind: "type",
                        path: path,
                        title: t("title.type", ["name": label]),
                        social: social(
                            title: t("title.type_social", ["name": label]),
                            description: t(
                                "description.type",
                                [
                                    "name": label, "pokemon": String(page.pokemonCount),
                                    "moves": String(page.moveCount),
                                ]
                            ),
                            path: path,
                            picture: nil
                        ),
                        assets: assets
                    )
                    context.typePage = page
                    context.usesMovesScript = page.hasMoves
                    return context
                }
            )
        }
        return jobs
    }
}
