import Foundation
import PokedexModel
import PokedexSource
import PokedexSupport

/// `compare.html`: two to four Pokémon side by side, picked by name. The page carries what does not change with the
/// Pokémon (the chart, the types' and stats' names); its script reads the rest from the data scripts.
extension SiteRenderer {
    func comparePage(_ pokedex: Pokedex, site: SiteContext, assets: AssetsContext, catalogs: Catalogs) -> PageJob {
        let path = Self.comparePath
        let description = t("description.compare")
        return PageJob(path: path, template: "compare") { [self] in
            var context = base(
                site: site,
                root: "",
                kind: .compare,
                path: path,
                title: t("title.compare"),
                social: social(title: t("title.compare"), description: description, path: path, picture: nil),
                assets: assets
            )
            context.compare = compare(pokedex, types: catalogs.types, abilitiesScript: assets[.abilities])
            return context
        }
    }

    func compare(_ pokedex: Pokedex, types catalog: TypeCatalog, abilitiesScript: String) -> CompareContext {
        // The chart of every type a Pokémon has, as the calculator reads it; types without a page are named, unlinked.
        let chart = calculator(catalog, pokedex: pokedex, every: true)
        return CompareContext(
            types: chart.types.map { type in
                var type = type
                // From the types' folder to the site root, where the comparison is.
                type.href = type.isLinked && type.href.hasPrefix("../") ? String(type.href.dropFirst(3)) : ""
                return type
            },
            typeNames: chart.typeNames,
            chart: chart.chart,
            stats: DataScript.statNames.map { name in
                let (label, short) = statLabel(name)
                return CompareStatContext(name: name, label: label, short: short, isAbbreviated: label != short)
            },
            levels: StatRange.levels.map {
                CompareLevelContext(level: $0, label: t("pokemon.at_level", ["n": String($0)]))
            },
            abilitiesScript: abilitiesScript,
            cries: cryPattern(pokedex.entries).map { CompareCriesContext(pattern: $0.pattern, without: $0.without) }
        )
    }

    /// Where every Pokémon's cry is, from the site root, with `{id}` for its id: "sounds/cries/latest/{id}.ogg"
    /// with `--images local`, PokeAPI's address otherwise; and the ids of those with none (PokeAPI has none, or
    /// the server had none), which get no button. Nil when the cries follow no one pattern (some copied, some on
    /// the web): the comparison then has no cry buttons rather than wrong ones.
    func cryPattern(_ entries: [PokemonEntry]) -> (pattern: String, without: String)? {
        let cries = entries.compactMap { entry in entry.media.latestCry.map { (entry.id, $0.href(root: "")) } }
        guard let (id, first) = cries.first, first.hasSuffix("/\(id).ogg") else { return nil }
        let pattern = String(first.dropLast("\(id).ogg".count)) + "{id}.ogg"
        let fits = cries.allSatisfy { id, href in href == pattern.replacingOccurrences(of: "{id}", with: String(id)) }
        let without = entries.filter { $0.media.latestCry == nil }.map { String($0.id) }.joined(separator: " ")
        return fits ? (pattern, without) : nil
    }
}
