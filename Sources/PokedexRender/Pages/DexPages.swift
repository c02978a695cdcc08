import Foundation
import PokedexModel
import PokedexSource
import PokedexSupport

/// The regional Pokédexes with a page, their slugs, and each one's Pokémon: the exported Pokémon standing for each
/// species it lists (its default one, else its first exported form).
struct DexCatalog: Sendable {
    let ordered: [PokedexRecord]
    /// `pokedexes/<slug>.html` by Pokédex id.
    let slugs: [Int: String]
    /// Each one's `(number, index into the Pokédex's entries)`, in its order, by Pokédex id.
    let members: [Int: [(number: Int, entry: Int)]]

    static let folder = "pokedexes"
    static let indexPath = "pokedexes/index.html"

    static func pagePath(_ slug: String) -> String { "\(folder)/\(slug).html" }

    init(_ pokedex: Pokedex) {
        var standing: [Int: Int] = [:]
        for (index, entry) in pokedex.entries.enumerated() {
            let species = entry.record.speciesID
            if let current = standing[species], pokedex.entries[current].record.isDefault || !entry.record.isDefault {
                continue
            }
            standing[species] = index
        }
        var members: [Int: [(number: Int, entry: Int)]] = [:]
        for dex in pokedex.regionalDexes.ordered {
            let listed = (pokedex.regionalDexes.members[dex.id] ?? []).compactMap { pair in
                standing[pair[1]].map { (number: pair[0], entry: $0) }
            }
            if !listed.isEmpty { members[dex.id] = listed }
        }
        self.members = members
        ordered = pokedex.regionalDexes.ordered.filter { members[$0.id] != nil }
        slugs = PageNaming.slugs(ordered.map { ($0.id, $0.name) }, fallback: "pokedex")
    }

    /// The Pokédex's page from a page one folder deep; nil when it has none.
    func href(_ id: Int) -> String? {
        slugs[id].map { "../\(Self.pagePath($0))" }
    }
}

/// A regional Pokédex's name, games and Pokémon, a Pokémon's numbers in them, and the index of them.
extension SiteRenderer {
    /// PokeAPI's name in the pages' language, else the theme's (`names_pokedex`: PokeAPI names the Pokédexes in
    /// English, French, German and Spanish only), else PokeAPI's English one.
    func dexName(_ dex: PokedexRecord) -> ShownText {
        let found = dex.names.preferred(language.code)
        if let found, found.language != "en" || language.code == "en" { return ShownText(found.name, lang: nil) }
        if let word = themeWords.named[.pokedex]?[dex.name] { return ShownText(word, lang: nil) }
        return ShownText(
            found?.name ?? DisplayName.titleCase(dex.name),
            lang: fallbackTag(found?.language ?? "en")
        )
    }

    /// "Red, Blue, Yellow": the games a Pokédex belongs to, by their versions, oldest first.
    func dexGames(_ dex: PokedexRecord, pokedex: Pokedex) -> String {
        let places = pokedex.places
        let versions = dex.versionGroups.flatMap { places.groupVersions[$0] ?? [] }
        return gamesLabel(versions.sorted { !places.newerFirst($0, $1) }, places: places, names: pokedex.names)
    }

    /// "Kanto 25, Galar 194, Paldea 74": a Pokémon's number in each regional Pokédex that lists its species.
    func localNumbers(_ entry: PokemonEntry, pokedex: Pokedex, catalog: DexCatalog) -> [LocalNumberContext] {
        pokedex.regionalDexes.numbers(of: entry.species).map { dex, number in
            let name = dexName(dex)
            return LocalNumberContext(
                label: name.text,
                labelLang: name.lang,
                number: String(number),
                href: catalog.href(dex.id)
            )
        }
    }

    func dexPage(
        _ dex: PokedexRecord,
        catalog: DexCatalog,
        pokedex: Pokedex,
        cells: [Int: PokemonMiniCell],
        previous: PokedexRecord?,
        next: PokedexRecord?
    ) -> DexPageContext {
        let name = dexName(dex)
        let region = dex.region.flatMap { pokedex.places.apiName(.region, $0) }
        let members = (catalog.members[dex.id] ?? []).compactMap { member -> PokemonMiniCell? in
            guard var cell = cells[member.entry] else { return nil }
            cell.note = t("dexes.number", ["n": String(member.number)])
            return cell
        }
        func link(_ other: PokedexRecord?) -> LinkContext? {
            other.flatMap { other in
                catalog.slugs[other.id].map { LinkContext(href: "\($0).html", label: dexName(other).text) }
            }
        }
        let rows = Self.nameRows(dex.names, strings: strings, language: language.code)
        return DexPageContext(
            id: dex.id,
            slug: catalog.slugs[dex.id] ?? "",
            name: name.text,
            nameLang: name.lang,
            region: region.map { pokedex.names.name(.region, $0) },
            regionLang: region.flatMap { pokedex.names.text(.region, $0).lang },
            games: dexGames(dex, pokedex: pokedex),
            count: members.count,
            pokemon: members,
            names: rows,
            hasNames: !rows.isEmpty,
            previous: link(previous),
            next: link(next)
        )
    }

    func dexesIndex(_ catalog: DexCatalog, pokedex: Pokedex) -> DexesIndexContext {
        let rows = catalog.ordered.map { dex in
            let name = dexName(dex)
            let region = dex.region.flatMap { pokedex.places.apiName(.region, $0) }
            return DexRowContext(
                href: "\(catalog.slugs[dex.id] ?? "").html",
                name: name.text,
                nameLang: name.lang,
                region: region.map { pokedex.names.name(.region, $0) } ?? "—",
                regionLang: region.flatMap { pokedex.names.text(.region, $0).lang },
                games: dexGames(dex, pokedex: pokedex),
                count: catalog.members[dex.id]?.count ?? 0
            )
        }
        return DexesIndexContext(
            count: rows.count,
            note: t("dexes.note", ["count": grouped(rows.count)]),
            rows: rows
        )
    }

    func dexPages(_ pokedex: Pokedex, site: SiteContext, assets: AssetsContext, catalog: DexCatalog) -> [PageJob] {
        guard !catalog.ordered.isEmpty else { return [] }
        let indexPath = DexCatalog.indexPath
        let description = t("description.dexes")
        let index = PageJob(path: indexPath, template: "pokedexes") { [self] in
            var context = sectionBase(
                site: site,
                kind: .dexes,
                path: indexPath,
                title: t("title.dexes"),
                description: description,
                assets: assets
            )
            context.dexesIndex = dexesIndex(catalog, pokedex: pokedex)
            return context
        }
        // Each member's cell, made once: a Pokémon is in several Pokédexes.
        let listed = Set(catalog.members.values.flatMap { $0.map(\.entry) })
        let cells = Dictionary(uniqueKeysWithValues: listed.map { ($0, miniCell(pokedex.entries[$0])) })
        let pages = neighbourPages(
            catalog.ordered,
            paths: catalog.ordered.map { DexCatalog.pagePath(catalog.slugs[$0.id] ?? "") },
            template: "pokedex"
        ) { [self] dex, previous, next, path in
            let page = dexPage(dex, catalog: catalog, pokedex: pokedex, cells: cells, previous: previous, next: next)
            var context = sectionBase(
                site: site,
                kind: .dex,
                path: path,
                title: t("title.dex", ["name": page.name]),
                socialTitle: page.name,
                description: t("description.dex", ["name": page.name, "count": grouped(page.count)]),
                assets: assets
            )
            context.dex = page
            return context
        }
        return [index] + pages
    }
}
