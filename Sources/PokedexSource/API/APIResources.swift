import Foundation

// What pokedex keeps of each PokeAPI resource. A detail is up to 1.3 MB of JSON (mostly `moves`); these
// projections hold only what the site shows, so a warm build reads a few KB per Pokémon instead.

/// A named reference as PokeAPI writes it: `{"name": …, "url": …}`.
struct NamedReference: Decodable {
    var name: String
    var url: String
}

/// A reference of which only the URL is read: its name would be a string made for nothing.
struct URLReference: Decodable {
    var url: String
}

/// One page of `/pokemon?limit=&offset=`.
package struct ListPage: Codable, Sendable, Equatable {
    package struct Entry: Codable, Sendable, Equatable {
        package var id: Int
        package var name: String
    }

    package var count: Int
    package var results: [Entry]

    package init(count: Int, results: [Entry]) {
        self.count = count
        self.results = results
    }
}

/// The parts of `/pokemon/{id}` the site shows.
package struct PokemonRecord: Codable, Sendable, Equatable {
    package struct Stat: Codable, Sendable, Equatable {
        package var name: String
        package var value: Int
        /// The effort values a defeated Pokémon gives in this stat (its EV yield).
        package var effort: Int = 0

        package init(name: String, value: Int, effort: Int = 0) {
            self.name = name
            self.value = value
            self.effort = effort
        }
    }

    package struct Ability: Codable, Sendable, Equatable {
        package var name: String
        package var isHidden: Bool
        /// Where `/ability/{id}/` tells its names; nil when the URL has no id.
        package var id: Int?
        /// 1 and 2: the abilities, 3: the hidden one (what `past.abilities` refers to).
        package var slot: Int? = nil

        package init(name: String, isHidden: Bool, id: Int? = nil, slot: Int? = nil) {
            self.name = name
            self.isHidden = isHidden
            self.id = id
            self.slot = slot
        }
    }

    /// Sprite URLs, in the order the site prefers them.
    package struct Sprites: Codable, Sendable, Equatable {
        package var officialArtwork: String?
        package var home: String?
        package var frontDefault: String?
        /// For the detail page's picture switcher (referenced by URL, never downloaded).
        package var officialArtworkShiny: String?
        package var frontShiny: String?

        /// Usable sprite URLs, best first. Only http(s): a URL from the API lands in `src` attributes.
        package var candidates: [String] {
            [officialArtwork, home, frontDefault].compactMap { $0 }.filter(Self.isUsable)
        }

        /// Only http(s) URLs that parse: a URL from the API lands in `src` attributes.
        package static func isUsable(_ url: String) -> Bool {
            let lower = url.lowercased()
            return (lower.hasPrefix("https://") || lower.hasPrefix("http://")) && URL(string: url) != nil
        }
    }

    package var id: Int
    package var name: String
    package var speciesID: Int
    package var speciesName: String
    package var isDefault: Bool
    package var baseExperience: Int?
    /// Decimetres.
    package var height: Int
    /// Hectograms.
    package var weight: Int
    package var types: [String]
    /// The ids of `types`, in the same order: where `/type/{id}/` tells the damage relations.
    package var typeIDs: [Int]
    package var stats: [Stat]
    package var abilities: [Ability]
    package var sprites: Sprites
    /// The Pokémon's own form (`forms[0]`): where `/pokemon-form/{id}/` tells a form's names and the game that
    /// introduced it. Not the Pokémon's id: Alolan Raichu is Pokémon 10100, form 10202.
    package var formID: Int?
    /// What it learns, in every game.
    package var learnset = Learnset()
    /// What it may hold when met in the wild.
    package var heldItems: [HeldItem] = []
    /// Its types, base stats and abilities in older generations, where they differed.
    package var past = PokemonPast()
    /// Its cries (Ogg Vorbis): today's, and the one of the older games where PokeAPI has it (649 Pokémon).
    package var cries = Cries()
    /// Its sprite in every game, front and back, shiny, female, gray, transparent and animated.
    package var gameSprites = GameSprites()

    /// The URLs of its cries, http(s) only (a URL from the API lands in an attribute).
    package struct Cries: Codable, Sendable, Equatable {
        package var latest: String?
        package var legacy: String?

        package init(latest: String? = nil, legacy: String? = nil) {
            self.latest = latest.flatMap { Sprites.isUsable($0) ? $0 : nil }
            self.legacy = legacy.flatMap { Sprites.isUsable($0) ? $0 : nil }
        }
    }
}

/// The parts of `/pokemon-species/{id}` the site shows, with its names and texts in every language PokeAPI has.
package struct SpeciesRecord: Codable, Sendable, Equatable {
    /// The species' name in one language: `ja-hrkt` "ピカチュウ".
    package struct LocalizedName: Codable, Sendable, Equatable {
        /// PokeAPI's language code, lowercased: "en", "ja-hrkt", "zh-hant".
        package var language: String
        package var name: String

        package init(language: String, name: String) {
            self.language = language
            self.name = name
        }
    }

    /// A Pokémon of this species: the default one and its forms (Mega, regional, Gigantamax…).
    package struct Variety: Codable, Sendable, Equatable {
        package var id: Int
        package var name: String
        package var isDefault: Bool
    }

    package var id: Int
    package var name: String
    package var englishName: String?
    /// "Mouse Pokémon", "Pokémon Souris": in every language PokeAPI has, in its order.
    package var genera: [LocalizedName] = []
    /// 1 for generation-i, from the generation's URL.
    package var generation: Int?
    /// API name: "urban", "rough-terrain"; nil for most species after generation III.
    package var habitat: String?
    /// Where `/pokemon-habitat/{id}/` tells the habitat's names.
    var habitatID: Int?
    /// In PokeAPI's order.
    package var names: [LocalizedName]
    package var evolutionChainID: Int?
    package var varieties: [Variety]
    /// 0–255: the higher, the easier to catch.
    package var captureRate: Int? = nil
    package var baseHappiness: Int? = nil
    /// Chance of being female in eighths; −1 for genderless.
    package var genderRate: Int? = nil
    /// Egg cycles.
    package var hatchCounter: Int? = nil
    /// API name and id of the growth rate ("medium"); its names are in `/growth-rate/{id}/`.
    package var growthRate: ResourceLink? = nil
    /// API names and ids ("field", "fairy"); their names are in `/egg-group/{id}/`.
    package var eggGroups: [ResourceLink] = []
    /// Every Pokédex entry, in every language, with the version that prints it, in PokeAPI's order (oldest game
    /// first), normalised (see `FlavorText`).
    package var entries: [FlavorEntry] = []
    /// Its number in each Pokédex that lists it, as `[pokedex id, number]` pairs in PokeAPI's order: the National
    /// one (1) and the regional ones (Kanto 25, Paldea 74).
    package var pokedexNumbers: [[Int]] = []

    /// The genus in `language`, else in English: "Mouse Pokémon".
    package func genus(in language: String = "en") -> LocalizedName? { genera.preferred(language) }

    /// The English genus.
    package var genus: String? { genus(in: "en").map(\.name) }

    /// The newest entry in `language`, else the newest English one.
    package func flavorText(in language: String = "en") -> LocalizedName? {
        for wanted in LanguageFallback.chain(language) {
            if let entry = entries.last(where: { $0.language == wanted }) {
                return LocalizedName(language: wanted, name: entry.text)
            }
        }
        return nil
    }

    /// The newest English entry.
    package var flavorText: String? { flavorText(in: "en").map(\.name) }

    /// The languages whose entries a page in one of `languages` can show: each one and those its fallback reaches,
    /// in PokeAPI's codes whatever the case `languages` are given in.
    package static func entryLanguages(shownIn languages: [String]) -> Set<String> {
        Set(languages.flatMap { LanguageFallback.chain($0.lowercased()) })
    }

    /// This species with only its entries in `languages` (see `entryLanguages(shownIn:)`): what each of those
    /// languages' pages shows is unchanged.
    package func keepingEntries(in languages: Set<String>) -> SpeciesRecord {
        var kept = self
        // A new array of its own size (filtering in place would keep the old capacity).
        kept.entries = entries.filter { languages.contains($0.language) }
        return kept
    }

    /// The entries in `language` (or another script of it), else the English ones (none in any: none).
    package func entries(in language: String) -> [FlavorEntry] {
        for wanted in LanguageFallback.chain(language) {
            let own = entries.filter { $0.language == wanted }
            if !own.isEmpty { return own }
        }
        return []
    }

    /// A resource named by API name with the id its URL carries.
    package struct ResourceLink: Codable, Sendable, Equatable {
        package var id: Int
        package var name: String

        package init(id: Int, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// A Pokédex entry as one game prints it.
    package struct FlavorEntry: Codable, Sendable, Equatable {
        package var text: String
        /// The version's id (`/version/{id}/` names it) and API name ("red").
        package var version: ResourceLink
        /// PokeAPI's language code, lowercased.
        package var language: String

        package init(text: String, version: ResourceLink, language: String = "en") {
            self.text = text
            self.version = version
            self.language = language
        }

        /// Kept as one string, `<version id> <version name> <language>` and a tab before the text: a species holds up
        /// to 150 entries, and decoding each as two JSON objects was a large share of a warm build's CPU
        /// (Benchmarks/README.md). The text may hold anything (only the first tab ends the head); names with a space or
        /// a tab, which API names never are, keep the object form.
        package func encode(to encoder: any Encoder) throws {
            func plain(_ name: String) -> Bool { !name.utf8.contains { $0 == 0x20 || $0 == 0x09 } }
            guard plain(version.name), plain(language) else {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(text, forKey: .text)
                try container.encode(version, forKey: .version)
                try container.encode(language, forKey: .language)
                return
            }
            var container = encoder.singleValueContainer()
            try container.encode("\(version.id) \(version.name) \(language)\t\(text)")
        }

        /// Either form: entries cached or bundled before the one-string form are objects (each takes the new form
        /// when it is next stored, as on a revalidation).
        package init(from decoder: any Decoder) throws {
            let line: String
            do {
                line = try decoder.singleValueContainer().decode(String.self)
            } catch DecodingError.typeMismatch {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                self.init(
                    text: try container.decode(String.self, forKey: .text),
                    version: try container.decode(ResourceLink.self, forKey: .version),
                    language: try container.decode(String.self, forKey: .language)
                )
                return
            }
            guard let entry = Self.parse(line) else { throw Self.malformed(decoder) }
            self = entry
        }

        /// `<id> <version> <language>\t<text>` read in one pass over its bytes: the generic `split` and `firstIndex`
        /// were a large share of decoding a species (Benchmarks/README.md).
        static func parse(_ line: String) -> FlavorEntry? {
            var line = line
            return line.withUTF8 { bytes -> FlavorEntry? in
                guard let tab = bytes.firstIndex(of: 0x09),
                    let firstSpace = bytes[..<tab].firstIndex(of: 0x20),
                    let secondSpace = bytes[(firstSpace + 1)..<tab].firstIndex(of: 0x20),
                    !bytes[(secondSpace + 1)..<tab].contains(0x20)
                else { return nil }
                func text(_ range: Range<Int>) -> String {
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                }
                guard let id = Int(text(0..<firstSpace)) else { return nil }
                return FlavorEntry(
                    text: text((tab + 1)..<bytes.count),
                    version: ResourceLink(id: id, name: text((firstSpace + 1)..<secondSpace)),
                    language: text((secondSpace + 1)..<tab)
                )
            }
        }

        private enum CodingKeys: String, CodingKey {
            case text, version, language
        }

        private static func malformed(_ decoder: any Decoder) -> DecodingError {
            .dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not a `<id> <version> <language>\\t<text>` entry"
                )
            )
        }
    }
}

/// The parts of `/type/{id}` the site uses: what this type takes from attacking types (defensive matchups).
package struct TypeRecord: Codable, Sendable, Equatable {
    package var id: Int
    package var name: String
    /// "Electric", "Électrik": the type's name in every language PokeAPI has.
    package var names: [SpeciesRecord.LocalizedName] = []
    /// Attacking types that do double damage to this type.
    package var doubleDamageFrom: [String]
    package var halfDamageFrom: [String]
    package var noDamageFrom: [String]
    /// The generation that brought the type (Dark and Steel: 2, Fairy: 6).
    package var generation: Int? = nil
    /// Its relations through older generations, oldest first.
    package var past: [PastDamageRelations] = []
}

/// `/meta/`: the hash of the deployed data set.
struct MetaRecord: Codable, Sendable, Equatable {
    var hash: String
}
