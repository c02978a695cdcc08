import Foundation
import PokedexModel
import PokedexMustache
import PokedexSite
import PokedexSource
import PokedexSupport

/// `assets/pokedex-data.js`: the exported Pokémon in compact form, for search, filters, sort and the favorites
/// view. A script, not JSON, so that it loads from `file://` too. Each Pokémon is a positional array (the keys of
/// 1,300 objects were a large part of the file: Benchmarks/README.md), and what app.js can derive is left out: the
/// number where it is the id, the picture where it follows the usual pattern (`images/<id>.png`, or PokeAPI's URL with
/// the id in it) with the usual size and thumbnails (`pic`), and the base stats, which only a sort by them needs
/// (`stats`, loaded then).
enum DataScript {
    /// The data script's format; app.js refuses another.
    static let version = 4
    /// The order of a Pokémon's stats in the stats script.
    static let statNames = ["hp", "attack", "defense", "special-attack", "special-defense", "speed"]

    /// A picture: its path (relative to the site root, or an absolute URL), size and thumbnail widths (narrowest
    /// first: `images/25.png` has `images/25-256.webp` and so on; empty without thumbnails).
    struct Picture: Encodable, Hashable {
        var image: String
        var width: Int
        var height: Int
        var thumbnails: [Int]

        /// `[image, w, h, [widths]]`
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(image)
            try container.encode(width)
            try container.encode(height)
            try container.encode(thumbnails)
        }
    }

    /// `[id, slug, name, [type indices], generation, number, form, picture?]`: generation 0 when unknown, `number`
    /// the national one when it is not the id (a form's is its species'), else 0; `form` 0 for a species' default
    /// Pokémon, 1 for a form that plays differently (listed like a species) and 2 for a form that only looks
    /// different (listed only when every form is asked for), the picture only when it is not the usual one.
    struct Row: Encodable {
        var id: Int
        var slug: String
        var name: String
        var types: [Int]
        var generation: Int
        var number: Int
        var form: Int
        var picture: Picture?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(id)
            try container.encode(slug)
            try container.encode(name)
            try container.encode(types)
            try container.encode(generation)
            try container.encode(number == id ? 0 : number)
            try container.encode(form)
            if let picture { try container.encode(picture) }
        }
    }

    struct Payload: Encodable {
        var version: Int
        var perPage: Int
        /// Index pages of the listed Pokémon (rows whose `form` is not 2), as the pages are built.
        var pageCount: Int
        var favorites: [Int]
        /// The names, stats and regional Pokédexes scripts' site paths ("" for none).
        var names: String
        var stats: String
        var dexes: String = ""
        /// Type API names, indexed by `Row.types`.
        var types: [String]
        /// The usual picture of a row without one of its own: its pattern, size and thumbnail widths.
        var pic: Shape
        var pokemon: [Row]
        /// The types' names in the pages' language, indexed like `types`; absent in English.
        var typeLabels: [String]? = nil
    }

    /// `[w, h, [widths], pattern]`: a picture's size and thumbnails, and where it is with `{id}` for the Pokémon's
    /// id ("images/{id}.png", "https://…/official-artwork/{id}.png").
    struct Shape: Encodable, Hashable, Comparable {
        var width: Int
        var height: Int
        var thumbnails: [Int]
        var pattern: String

        static func < (a: Shape, b: Shape) -> Bool {
            if (a.width, a.height) != (b.width, b.height) { return (a.width, a.height) < (b.width, b.height) }
            if a.thumbnails != b.thumbnails { return a.thumbnails.lexicographicallyPrecedes(b.thumbnails) }
            return a.pattern < b.pattern
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(width)
            try container.encode(height)
            try container.encode(thumbnails)
            try container.encode(pattern)
        }

        /// The pattern of `picture`, a Pokémon's (`id`): its path with the id, where the file is named by it, as
        /// `{id}`; nil for a path the id does not name (the placeholder, another picture).
        static func of(_ picture: Picture, id: Int) -> Shape? {
            guard let at = picture.image.range(of: "/\(id).", options: .backwards) else { return nil }
            let pattern = picture.image.replacingCharacters(in: at, with: "/{id}.")
            return Shape(width: picture.width, height: picture.height, thumbnails: picture.thumbnails, pattern: pattern)
        }
    }

    static func picture(_ entry: PokemonEntry) -> Picture {
        switch entry.image {
        case .local(let path, let w, let h):
            return Picture(image: path, width: w, height: h, thumbnails: entry.thumbnails.map(\.width))
        case .remote(let url): return Picture(image: url, width: 475, height: 475, thumbnails: [])
        case .placeholder: return Picture(image: SiteRenderer.placeholderImage, width: 475, height: 475, thumbnails: [])
        }
    }

    /// The usual picture's shape (the commonest; ties: the smaller shape, so that the same site gives the same
    /// bytes), and each entry's own picture where it is not the usual one.
    static func pictures(_ entries: [PokemonEntry]) -> (usual: Shape, own: [Picture?]) {
        let pictures = entries.map(picture)
        let shapes = zip(entries, pictures).map { entry, picture in Shape.of(picture, id: entry.id) }
        var counts: [Shape: Int] = [:]
        for shape in shapes.compactMap({ $0 }) { counts[shape, default: 0] += 1 }
        let usual =
            counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.first?.key
            ?? Shape(width: 475, height: 475, thumbnails: [], pattern: "images/{id}.png")
        let own = zip(shapes, pictures).map { shape, picture -> Picture? in shape == usual ? nil : picture }
        return (usual, own)
    }

    static func make(
        _ pokedex: Pokedex,
        perPage: Int,
        namesScript: String,
        statsScript: String,
        dexesScript: String = "",
        typeLabels: [String: String]? = nil
    ) throws -> Data {
        let (usual, pictures) = pictures(pokedex.entries)
        // In the games' order, which the type filter keeps: Normal, Fire, Water… (ノーマル、ほのお、みず…).
        let typeNames = Set(pokedex.entries.flatMap(\.record.types)).sorted(by: TypeMatchups.gameOrder)
        let typeIndex = Dictionary(uniqueKeysWithValues: typeNames.enumerated().map { ($1, $0) })
        let rows = zip(pokedex.entries, pictures).map { entry, picture -> Row in
            // Every type is in the index: it was made from these very entries.
            let types = entry.record.types.compactMap { typeIndex[$0] }
            return Row(
                id: entry.id,
                slug: entry.slug,
                name: entry.displayName,
                types: types,
                generation: entry.generation ?? 0,
                number: entry.record.speciesID,
                form: !entry.isForm ? 0 : entry.isListed ? 1 : 2,
                picture: picture
            )
        }
        let payload = Payload(
            version: version,
            perPage: perPage,
            pageCount: SiteRenderer.pageCount(pokemon: pokedex.listed.count, perPage: perPage),
            favorites: pokedex.favorites.ids,
            names: namesScript,
            stats: statsScript,
            dexes: dexesScript,
            types: typeNames,
            pic: usual,
            pokemon: rows,
            typeLabels: typeLabels.map { labels in typeNames.map { labels[$0] ?? "" } }
        )
        return try script("POKEDEX_DATA", payload, path: SiteRenderer.dataScript)
    }

    /// `[id, hp, attack, defense, special attack, special defense, speed]`, a missing stat 0.
    struct StatsRow: Encodable {
        var id: Int
        var stats: [Int]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(id)
            for value in stats { try container.encode(value) }
        }
    }

    struct StatsPayload: Encodable {
        var version = 1
        var pokemon: [StatsRow]
    }

    /// `assets/pokedex-stats.js`: `window.POKEDEX_STATS`, every exported Pokémon's base stats in site order, for a
    /// sort by a stat or the total: weight that nothing else on the index needs (Benchmarks/README.md).
    static func stats(_ pokedex: Pokedex) throws -> Data {
        let rows = pokedex.entries.map { entry in
            let values = Dictionary(
                entry.record.stats.map { ($0.name, $0.value) },
                uniquingKeysWith: { first, _ in first }
            )
            return StatsRow(id: entry.id, stats: statNames.map { values[$0] ?? 0 })
        }
        return try script("POKEDEX_STATS", StatsPayload(pokemon: rows), path: SiteRenderer.statsScript)
    }

    /// `assets/pokedex-dexes.js`: `window.POKEDEX_DEXES`, version 1, each regional Pokédex's exported species in its
    /// order, for the index's filter by one (loaded when one is chosen): `{version, dexes: [[API name, [[species
    /// number, its number there]…]]…]}`.
    static func dexes(_ pokedex: Pokedex) throws -> Data {
        struct Payload: Encodable {
            var version = 1
            var dexes: [Dex]
        }
        struct Dex: Encodable {
            var name: String
            var members: [[Int]]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(name)
                try container.encode(members)
            }
        }
        let exported = Set(pokedex.entries.map(\.record.speciesID))
        let dexes = pokedex.regionalDexes.ordered.map { dex in
            Dex(
                name: dex.name,
                members: (pokedex.regionalDexes.members[dex.id] ?? []).filter { exported.contains($0[1]) }
                    .map { [$0[1], $0[0]] }
            )
        }
        return try script("POKEDEX_DEXES", Payload(dexes: dexes), path: SiteRenderer.dexesScript)
    }

    /// `assets/pokedex-abilities.js`: `window.POKEDEX_ABILITIES`, version 1, for the comparison: `abilities`, each
    /// `[API name, name in the pages' language, its page from the site's root ("" without one), the BCP 47 tag of the
    /// name's language where it is not the pages' ("" else)]`, and `pokemon`, each `[id, [ability indices], [hidden
    /// ones]]` in site order. The abilities are in the order Pokémon first name them.
    static func abilities(_ pokedex: Pokedex, catalog: AbilityCatalog) throws -> Data {
        struct Payload: Encodable {
            var version = 1
            var abilities: [[String]]
            var pokemon: [Row]
        }
        struct Row: Encodable {
            var id: Int
            var normal: [Int]
            var hidden: [Int]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(id)
                try container.encode(normal)
                try container.encode(hidden)
            }
        }
        let names = pokedex.names
        var abilities: [[String]] = []
        var indexOf: [String: Int] = [:]
        let rows = pokedex.entries.map { entry in
            var row = Row(id: entry.id, normal: [], hidden: [])
            for ability in entry.record.abilities {
                let index =
                    indexOf[ability.name]
                    ?? {
                        let page = ability.id.flatMap { catalog.slugs[$0] }.map(AbilityCatalog.pagePath) ?? ""
                        let tag = names.text(.ability, ability.name).lang ?? ""
                        abilities.append([ability.name, names.name(.ability, ability.name), page, tag])
                        indexOf[ability.name] = abilities.count - 1
                        return abilities.count - 1
                    }()
                if ability.isHidden { row.hidden.append(index) } else { row.normal.append(index) }
            }
            return row
        }
        return try script(
            "POKEDEX_ABILITIES",
            Payload(abilities: abilities, pokemon: rows),
            path: SiteRenderer.abilitiesScript
        )
    }

    /// The names of one species or one form: the ids of the exported Pokémon they name (a species' default first,
    /// then its forms, in site order), then each distinct spelling once with the languages that use it, a bit set
    /// over `NamesPayload.languages`. Encoded `[[ids], "name", mask, "name", mask, …]`.
    struct NamesEntry: Encodable {
        var ids: [Int]
        var names: [(name: String, languages: Int)]

        init(ids: [Int], names: [LocalizedName], languages: [String]) {
            self.ids = ids
            var spellings: [(name: String, languages: Int)] = []
            for name in names where !name.name.isEmpty {
                let bit = languages.firstIndex(of: name.language).map { 1 << $0 } ?? 0
                if let index = spellings.firstIndex(where: { $0.name == name.name }) {
                    spellings[index].languages |= bit
                } else {
                    spellings.append((name.name, bit))
                }
            }
            self.names = spellings
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(ids)
            for name in names {
                try container.encode(name.name)
                try container.encode(name.languages)
            }
        }
    }

    /// A language of the names: PokeAPI's code, a label for people, and the BCP 47 tag.
    struct Language: Encodable {
        var code: String
        var label: String
        var tag: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(code)
            try container.encode(label)
            try container.encode(tag)
        }
    }

    /// PokeAPI's language `code` with a label for people and its BCP 47 tag ("" when it is not one).
    static func language(_ code: String) -> Language {
        let label = SiteRenderer.languages[code]?.label ?? code
        let tag = SiteRenderer.languages[code]?.tag ?? (SiteRenderer.looksLikeLanguageTag(code) ? code : "")
        return Language(code: code, label: label, tag: tag)
    }

    struct NamesPayload: Encodable {
        var version: Int
        var languages: [Language]
        var entries: [NamesEntry]
    }

    /// `assets/pokedex-names.js`: `window.POKEDEX_NAMES`, every name in every language: each species' names for all
    /// its exported Pokémon, and each form's own names for that form ("Alolan Raichu", "Raichu d’Alola").
    static func names(_ pokedex: Pokedex) throws -> Data {
        var codes: [String] = []
        for entry in pokedex.entries {
            for name in (entry.species?.names ?? []) + entry.names where !codes.contains(name.language) {
                codes.append(name.language)
            }
        }
        // Per species, in the order its first Pokémon comes: its Pokémon's ids and its names.
        var groups: [(ids: [Int], names: [LocalizedName])] = []
        var groupOfSpecies: [Int: Int] = [:]
        var forms: [NamesEntry] = []
        for entry in pokedex.entries {
            guard let species = entry.species else { continue }
            if let group = groupOfSpecies[species.id] {
                groups[group].ids.append(entry.id)
            } else {
                groupOfSpecies[species.id] = groups.count
                groups.append((ids: [entry.id], names: species.names))
            }
            if entry.isForm, !entry.names.isEmpty {
                forms.append(NamesEntry(ids: [entry.id], names: entry.names, languages: codes))
            }
        }
        let entries = groups.map { NamesEntry(ids: $0.ids, names: $0.names, languages: codes) } + forms
        let payload = NamesPayload(
            version: 2,
            languages: codes.map(language),
            entries: entries.filter { !$0.names.isEmpty }
        )
        return try script("POKEDEX_NAMES", payload, path: SiteRenderer.namesScript)
    }

    /// `window.<variable> = <JSON>;`, script-safe.
    static func script(_ variable: String, _ payload: some Encodable, path: String) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json: Data
        do {
            json = try encoder.encode(payload)
        } catch {
            throw PokedexError(.render, path, .other("cannot encode the data file: \(error)"))
        }
        return Data(("window.\(variable) = " + scriptSafe(String(decoding: json, as: UTF8.self)) + ";\n").utf8)
    }

    static func favorites(_ ids: [Int]) -> Data {
        Data("window.POKEDEX_FAVORITES = [\(ids.map(String.init).joined(separator: ","))];\n".utf8)
    }

    /// JSON inside a script: `<` could close the script element, and U+2028/U+2029 end lines in older JavaScript.
    /// One pass over the UTF-8 bytes (Foundation's `replacingOccurrences` was a large share of a no-op build:
    /// Benchmarks/README.md).
    static func scriptSafe(_ json: String) -> String {
        var out = [UInt8]()
        out.reserveCapacity(json.utf8.count + 64)
        var bytes = json.utf8.makeIterator()
        var pending: [UInt8] = []
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "<"):
                out.append(contentsOf: Array("\\u003c".utf8))
            case 0xE2:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
                pending = [byte]
                if let second = bytes.next() {
                    pending.append(second)
                    if second == 0x80, let third = bytes.next() {
                        pending.append(third)
                        if third == 0xA8 {
                            out.append(contentsOf: Array("\\u2028".utf8))
                            continue
                        }
                        if third == 0xA9 {
                            out.append(contentsOf: Array("\\u2029".utf8))
                            continue
                        }
                    }
                }
                out.append(contentsOf: pending)
            default:
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
