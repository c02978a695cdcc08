import Foundation
import PokedexModel
import PokedexSource
import PokedexSupport

/// `assets/pokedex-search.<hash>.js`: `window.POKEDEX_SEARCH`, version 2, what the site-wide search looks in:
///   languages: [[code, label, bcp47]…] (as the names scripts write them)
///   groups: [[kind, heading, [[href, label, name, mask, name, mask…]…]]…] in the order results are shown
///   (Pokémon, moves, abilities, types, items, places, regional Pokédexes); `href` from the site root, `label` the name in the pages' language, then
///   each distinct spelling once with the languages that use it as a bit set over `languages`.
///   pokemon: what a Pokémon result's cell shows, parallel to the Pokémon group's items: {types: [API names],
///   typeLabels: [their names in the pages' language] (absent in English), pic: [w, h, [widths], pattern] (the
///   usual picture's shape and where it is, `{id}` for the Pokémon's id, as in the data script), cells: [[id,
///   number, [type indices], picture?]…]}, the picture ([image, w, h, [widths]]) only when it is not the pattern's
///   of the usual shape.
enum SearchScript {
    static let path = "assets/pokedex-search.js"

    struct Item: Encodable {
        var href: String
        var label: String
        var names: DataScript.NamesEntry

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(href)
            try container.encode(label)
            for name in names.names {
                try container.encode(name.name)
                try container.encode(name.languages)
            }
        }
    }

    /// What search finds, in the order its groups are shown; the script reads the raw value.
    enum GroupKind: String, CaseIterable, Encodable {
        case pokemon, move, ability, type, item, place, dex

        /// The group's heading: the top bar's word for its index.
        var headingKey: String {
            switch self {
            case .pokemon: "nav.pokemon"
            case .move: "nav.moves"
            case .ability: "nav.abilities"
            case .type: "nav.types"
            case .item: "footer.items"
            case .place: "nav.places"
            case .dex: "nav.dexes"
            }
        }
    }

    struct Group: Encodable {
        var kind: GroupKind
        var heading: String
        var items: [Item]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(kind)
            try container.encode(heading)
            try container.encode(items)
        }
    }

    struct Payload: Encodable {
        var version = 2
        var languages: [DataScript.Language]
        var groups: [Group]
        var pokemon: Cells
    }

    /// `[id, number, [type indices], picture?]`.
    struct Cell: Encodable {
        var id: Int
        var number: Int
        var types: [Int]
        var picture: DataScript.Picture?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(id)
            try container.encode(number)
            try container.encode(types)
            if let picture { try container.encode(picture) }
        }
    }

    struct Cells: Encodable {
        var types: [String]
        var typeLabels: [String]?
        var pic: DataScript.Shape
        var cells: [Cell]
    }

    /// The cells of every Pokémon result, in the Pokémon group's order.
    static func cells(_ pokedex: Pokedex) -> Cells {
        let (usual, rows) = DataScript.pictures(pokedex.entries)
        var types: [String] = []
        var cells: [Cell] = []
        for (entry, picture) in zip(pokedex.entries, rows) {
            let indices = entry.record.types.map { type -> Int in
                if let index = types.firstIndex(of: type) { return index }
                types.append(type)
                return types.count - 1
            }
            cells.append(Cell(id: entry.id, number: entry.record.speciesID, types: indices, picture: picture))
        }
        let labels = pokedex.names.language == "en" ? nil : types.map { pokedex.names.type($0) }
        return Cells(types: types, typeLabels: labels, pic: usual, cells: cells)
    }

    /// PokeAPI's names of a thing, and the name the pages give it where PokeAPI lacks it (the theme's, in the
    /// pages' language; an API name made readable, in English).
    static func spelled(_ names: NameBook, _ kind: NamedKind, _ apiName: String, label: String) -> [LocalizedName] {
        let spellings = names.names(kind, apiName)
        guard !spellings.contains(where: { $0.name == label }) else { return spellings }
        let language = names.own(kind, apiName) == label ? names.language : "en"
        return [LocalizedName(language: language, name: label)] + spellings
    }

    static func make(_ pokedex: Pokedex, catalogs: Catalogs) throws -> Data {
        let lists = nameLists(pokedex, catalogs: catalogs)
        // The languages are the union of the lists', in first-seen order.
        var codes: [String] = []
        for list in lists {
            for name in list.names where !codes.contains(name.language) { codes.append(name.language) }
        }
        let groups = GroupKind.allCases.map { kind in
            Group(
                kind: kind,
                heading: SiteRenderer.say(kind.headingKey, strings: catalogs.moves.strings),
                items: lists.filter { $0.kind == kind }.map { list in
                    Item(
                        href: list.href,
                        label: list.label,
                        names: DataScript.NamesEntry(ids: [], names: list.names, languages: codes)
                    )
                }
            )
        }.filter { !$0.items.isEmpty }
        // The languages as the pages' language names them ("japonais (rōmaji)"), for "which name matched".
        let languages = codes.map { code in
            var language = DataScript.language(code)
            if let label = catalogs.moves.strings["language_names.\(code)"] { language.label = label }
            return language
        }
        return try DataScript.script(
            "POKEDEX_SEARCH",
            Payload(languages: languages, groups: groups, pokemon: cells(pokedex)),
            path: path
        )
    }

    /// One thing search finds: its group, its page, the name the pages give it and every name it has.
    struct NameList {
        var kind: GroupKind
        var href: String
        var label: String
        var names: [LocalizedName]
    }

    /// Every name list, in the order of the groups.
    static func nameLists(_ pokedex: Pokedex, catalogs: Catalogs) -> [NameList] {
        let names = pokedex.names
        /// PokeAPI's names, else the label in English.
        func orLabel(_ spellings: [LocalizedName], _ label: String) -> [LocalizedName] {
            spellings.isEmpty ? [LocalizedName(language: "en", name: label)] : spellings
        }
        var lists = pokedex.entries.map { entry in
            // A form without names of its own is found by its species' names and its own English one.
            var spelled = entry.names
            if !spelled.contains(where: { $0.name == entry.displayName }) {
                spelled.insert(LocalizedName(language: "en", name: entry.displayName), at: 0)
            }
            return NameList(
                kind: .pokemon,
                href: SiteRenderer.pokemonPagePath(entry.slug),
                label: entry.displayName,
                names: spelled
            )
        }
        let moves = catalogs.moves
        lists += moves.ordered.map { move in
            let label = names.name(.move, move.name)
            let href = MoveCatalog.pagePath(moves.slugs[move.id] ?? "")
            return NameList(kind: .move, href: href, label: label, names: orLabel(move.names, label))
        }
        let abilities = catalogs.abilities
        lists += abilities.ordered.map { ability in
            let label = names.name(.ability, ability.name)
            let href = AbilityCatalog.pagePath(abilities.slugs[ability.id] ?? "")
            return NameList(kind: .ability, href: href, label: label, names: orLabel(ability.names, label))
        }
        lists += catalogs.types.ordered.map { type in
            let label = names.type(type)
            let spellings = orLabel(pokedex.typeChart[type]?.names ?? [], label)
            return NameList(kind: .type, href: TypeCatalog.pagePath(type), label: label, names: spellings)
        }
        func named(_ kind: GroupKind, _ named: NamedKind, _ apiName: String, href: String) -> NameList {
            let label = names.name(named, apiName)
            return NameList(kind: kind, href: href, label: label, names: spelled(names, named, apiName, label: label))
        }
        let places = catalogs.places
        lists += places.ordered.map {
            named(.place, .location, $0.name, href: PlaceCatalog.pagePath(places.slugs[$0.id] ?? ""))
        }
        let dexes = catalogs.dexes
        lists += dexes.ordered.map {
            named(.dex, .pokedex, $0.name, href: DexCatalog.pagePath(dexes.slugs[$0.id] ?? ""))
        }
        let items = catalogs.items
        lists += items.ordered.map {
            named(.item, .item, $0.name, href: ItemCatalog.pagePath(items.slugs[$0.id] ?? ""))
        }
        return lists
    }
}
