import Foundation

/// The test server's data set: twelve Pokémon in PokeAPI's shape, written for these tests (not copied from
/// PokeAPI). Chosen for their awkward corners: odd species names, forms of 10001+ sharing a species, a null
/// base experience, missing artwork, no sprites at all, and flavor texts with `\f`, `\n` and soft hyphens.
enum Fixtures {
    struct Pokemon: Sendable {
        var id: Int
        var name: String
        var speciesID: Int
        var isDefault: Bool
        var baseExperience: Int?
        var height: Int
        var weight: Int
        var types: [String]
        /// hp, attack, defense, special-attack, special-defense, speed.
        var stats: [Int]
        var abilities: [(String, Bool)]
        /// Which sprite kinds exist: "official", "home", "front". A kind not listed is null in the JSON.
        var sprites: Set<String>
        /// Raw sprite URL overrides (for hostile values), by kind.
        var spriteOverrides: [String: String] = [:]
    }

    struct Species: Sendable {
        var id: Int
        var name: String
        var englishName: String
        var japaneseName: String
        var genus: String
        /// Flavor texts in API order (oldest game first): (language, text).
        var flavorTexts: [(String, String)]
        var frenchName: String? = nil
        var habitat: String? = nil
        /// Chance of being female in eighths, −1 genderless.
        var genderRate: Int = 4
        /// nil: `hatch_counter` is null.
        var hatchCounter: Int? = 20
        var eggGroups: [String] = ["field"]
        var growthRate: String = "medium-slow"
        /// The version of each of `flavorTexts`, by id among `Fixtures.versionGroups`' (default: red, blue,
        /// scarlet, violet in turn).
        var flavorVersions: [Int]? = nil

        var generation: (name: String, id: Int) {
            switch id {
            case ...151: ("generation-i", 1)
            case ...493: ("generation-iv", 4)
            case ...721: ("generation-vi", 6)
            default: ("generation-vii", 7)
            }
        }
    }

    static let hostileName = #"../../"><img src=x onerror=alert(1)><script>alert(2)</script>&amp;/evil"#
    static let hostileID = 999

    static let pokemon: [Pokemon] = [
        Pokemon(
            id: 1,
            name: "bulbasaur",
            speciesID: 1,
            isDefault: true,
            baseExperience: 64,
            height: 7,
            weight: 69,
            types: ["grass", "poison"],
            stats: [45, 49, 49, 65, 65, 45],
            abilities: [("overgrow", false), ("chlorophyll", true)],
            sprites: ["official", "home", "front"]
        ),
        Pokemon(
            id: 6,
            name: "charizard",
            speciesID: 6,
            isDefault: true,
            baseExperience: 267,
            height: 17,
            weight: 905,
            types: ["fire", "flying"],
            stats: [78, 84, 78, 109, 85, 100],
            abilities: [("blaze", false), ("solar-power", true)],
            sprites: ["official", "home", "front"]
        ),
        Pokemon(
            id: 25,
            name: "pikachu",
            speciesID: 25,
            isDefault: true,
            baseExperience: 112,
            height: 4,
            weight: 60,
            types: ["electric"],
            stats: [35, 55, 40, 50, 50, 90],
            abilities: [("static", false), ("lightning-rod", true)],
            sprites: ["official", "home", "front"]
        ),
        Pokemon(
            id: 29,
            name: "nidoran-f",
            speciesID: 29,
            isDefault: true,
            baseExperience: 55,
            height: 4,
            weight: 70,
            types: ["poison"],
            stats: [55, 47, 52, 40, 40, 41],
            abilities: [("poison-point", false), ("rivalry", false), ("hustle", true)],
            sprites: ["official", "home", "front"]
        ),
        Pokemon(
            id: 83,
            name: "farfetchd",
            speciesID: 83,
            isDefault: true,
            baseExperience: 132,
            height: 8,
            weight: 150,
            types: ["normal", "flying"],
            stats: [52, 90, 55, 58, 62, 60],
            abilities: [("keen-eye", false), ("inner-focus", false), ("defiant", true)],
            sprites: ["official", "home", "front"]
        ),
        Pokemon(
            id: 122,
            name: "mr-mime",
            speciesID: 122,
            isDefault: true,
            baseExperience: 161,
            height: 13,
            weight: 545,
            types: ["psychic", "fairy"],
            stats: [40, 45, 65, 100, 120, 90],
            abilities: [("soundproof", false), ("filter", false), ("technician", true)],
            sprites: ["official", "home", "front"]
        ),
        Pokemon(
            id: 669,
            name: "flabebe",
            speciesID: 669,
            isDefault: true,
            baseExperience: 61,
            height: 1,
            weight: 1,
            types: ["fairy"],
            stats: [44, 38, 39, 61, 79, 42],
            abilities: [("flower-veil", false), ("symbiosis", true)],
            sprites: ["official", "home", "front"]
        ),
        Pokemon(
            id: 772,
            name: "type-null",
            speciesID: 772,
            isDefault: true,
            baseExperience: 107,
            height: 19,
            weight: 1205,
            types: ["normal"],
            stats: [95, 95, 95, 95, 95, 59],
            abilities: [("battle-armor", false)],
            sprites: ["official", "home", "front"]
        ),
        Pokemon(
            id: 10034,
            name: "charizard-mega-x",
            speciesID: 6,
            isDefault: false,
            baseExperience: 285,
            height: 17,
            weight: 1105,
            types: ["fire", "dragon"],
            stats: [78, 130, 111, 130, 85, 100],
            abilities: [("tough-claws", false)],
            sprites: ["official", "home", "front"]
        ),
        Pokemon(
            id: 10080,
            name: "pikachu-rock-star",
            speciesID: 25,
            isDefault: false,
            baseExperience: 112,
            height: 4,
            weight: 60,
            types: ["electric"],
            stats: [35, 55, 40, 50, 50, 90],
            // Pikachu's types, stats and abilities: a form that only looks different, left out of lists.
            abilities: [("static", false), ("lightning-rod", true)],
            sprites: []
        ),
        Pokemon(
            id: 10143,
            name: "mimikyu-busted",
            speciesID: 778,
            isDefault: false,
            baseExperience: nil,
            height: 2,
            weight: 7,
            types: ["ghost", "fairy"],
            stats: [55, 90, 80, 50, 105, 96],
            abilities: [("disguise", false)],
            sprites: ["front"]
        ),
        Pokemon(
            id: 10168,
            name: "mr-mime-galar",
            speciesID: 122,
            isDefault: false,
            baseExperience: 161,
            height: 14,
            weight: 568,
            types: ["ice", "psychic"],
            stats: [50, 65, 65, 90, 90, 100],
            abilities: [("vital-spirit", false), ("screen-cleaner", false), ("ice-body", true)],
            sprites: ["official", "home", "front"]
        ),
    ]

    static let hostilePokemon = Pokemon(
        id: hostileID,
        name: hostileName,
        speciesID: hostileID,
        isDefault: true,
        baseExperience: 1,
        height: 1,
        weight: 1,
        types: ["normal", "<b>bold</b>"],
        stats: [1, 1, 1, 1, 1, 1],
        abilities: [(hostileName, false)],
        sprites: ["official"],
        spriteOverrides: ["official": "javascript:alert(3)"]
    )

    static let species: [Species] = [
        Species(
            id: 1,
            name: "bulbasaur",
            englishName: "Bulbasaur",
            japaneseName: "フシギダネ",
            genus: "Seed Pokémon",
            flavorTexts: [
                ("en", "An older entry that\nmust not be shown."),
                (
                    "en",
                    "A seed sleeps on\nits back.\u{0C}It wakes as the\nPOKéMON grows and\nsoaks up sun\u{AD}\nlight all day."
                ),
                ("ja", "せなかに　たねを\nせおっている。"),
            ],
            frenchName: "Bulbizarre",
            habitat: "grassland"
        ),
        Species(
            id: 6,
            name: "charizard",
            englishName: "Charizard",
            japaneseName: "リザードン",
            genus: "Flame Pokémon",
            flavorTexts: [("en", "Its tail flame\nburns hotter\u{0C}when it is angry.")],
            frenchName: "Dracaufeu",
            habitat: "mountain",
            genderRate: 1,
            eggGroups: ["monster", "dragon"]
        ),
        Species(
            id: 25,
            name: "pikachu",
            englishName: "Pikachu",
            japaneseName: "ピカチュウ",
            genus: "Mouse Pokémon",
            // The same text in two games (spacing aside): one entry, "Red, Blue".
            flavorTexts: [
                ("en", "It stores elec\u{AD}\ntricity in its\ncheeks."),
                ("en", "It stores electricity  in its cheeks."),
                ("en", "It raises its tail to check its surroundings."),
            ],
            habitat: "forest",
            eggGroups: ["field", "fairy"],
            growthRate: "medium"
        ),
        Species(
            id: 29,
            name: "nidoran-f",
            englishName: "Nidoran♀",
            japaneseName: "ニドラン♀",
            genus: "Poison Pin Pokémon",
            flavorTexts: [("en", "Small, but its\nbarbs are poison\u{AD}\nous.")],
            genderRate: 8,
            eggGroups: ["monster", "field"]
        ),
        Species(
            id: 83,
            name: "farfetchd",
            englishName: "Farfetch’d",
            japaneseName: "カモネギ",
            genus: "Wild Duck Pokémon",
            flavorTexts: [("en", "It never lets go\nof its stalk.")]
        ),
        Species(
            id: 122,
            name: "mr-mime",
            englishName: "Mr. Mime",
            japaneseName: "バリヤード",
            genus: "Barrier Pokémon",
            flavorTexts: [("en", "It builds walls\u{0C}out of thin air.")]
        ),
        Species(
            id: 669,
            name: "flabebe",
            englishName: "Flabébé",
            japaneseName: "フラベベ",
            genus: "Single Bloom Pokémon",
            flavorTexts: [("en", "It floats on the\nwind with its\nflower.")]
        ),
        Species(
            id: 772,
            name: "type-null",
            englishName: "Type: Null",
            japaneseName: "タイプ：ヌル",
            genus: "Synthetic Pokémon",
            flavorTexts: [("en", "Its heavy mask\nholds its power\nin check.")],
            genderRate: -1,
            hatchCounter: 120,
            eggGroups: ["no-eggs"],
            growthRate: "slow"
        ),
        Species(
            id: 778,
            name: "mimikyu",
            englishName: "Mimikyu",
            japaneseName: "ミミッキュ",
            genus: "Disguise Pokémon",
            flavorTexts: [("en", "It hides under a\nrag.")],
            hatchCounter: nil,
            eggGroups: ["amorphous"]
        ),
    ]

    static let hostileSpecies = Species(
        id: hostileID,
        name: hostileName,
        englishName: hostileName,
        japaneseName: hostileName,
        genus: hostileName,
        flavorTexts: [("en", hostileName)]
    )

    // MARK: JSON in PokeAPI's shape

    /// `origin` is the scheme, host and port, e.g. `http://127.0.0.1:8080`.
    static func spriteURL(origin: String, id: Int, kind: String) -> String {
        switch kind {
        case "official": return "\(origin)/media/sprites/pokemon/other/official-artwork/\(id).png"
        case "home": return "\(origin)/media/sprites/pokemon/other/home/\(id).png"
        default: return "\(origin)/media/sprites/pokemon/\(id).png"
        }
    }

    static func spritePaths(for pokemon: Pokemon) -> [String: (id: Int, kind: String)] {
        var paths: [String: (id: Int, kind: String)] = [:]
        for kind in pokemon.sprites where pokemon.spriteOverrides[kind] == nil {
            let path = String(spriteURL(origin: "", id: pokemon.id, kind: kind))
            paths[path] = (pokemon.id, kind)
        }
        return paths
    }

    static func ref(_ name: String, _ url: String) -> [String: Any] {
        ["name": name, "url": url]
    }

    static func detail(_ p: Pokemon, api: String, origin: String) -> [String: Any] {
        let statNames = ["hp", "attack", "defense", "special-attack", "special-defense", "speed"]
        func sprite(_ kind: String) -> Any {
            if let raw = p.spriteOverrides[kind] { return raw }
            return p.sprites.contains(kind) ? spriteURL(origin: origin, id: p.id, kind: kind) : NSNull()
        }
        let moves = movesJSON(pokemon: p.id, api: api)
        return [
            "id": p.id,
            "name": p.name,
            "base_experience": p.baseExperience.map { $0 as Any } ?? NSNull(),
            "height": p.height,
            "weight": p.weight,
            "is_default": p.isDefault,
            "order": p.id,
            "species": ref(species(p.speciesID)?.name ?? "unknown", "\(api)/pokemon-species/\(p.speciesID)/"),
            "forms": [ref(p.name, "\(api)/pokemon-form/\(p.id)/")],
            "location_area_encounters": "\(api)/pokemon/\(p.id)/encounters",
            "types": p.types.enumerated().map { index, type in
                ["slot": index + 1, "type": ref(type, "\(api)/type/\(typeID(type))/")] as [String: Any]
            },
            "stats": zip(statNames, p.stats).enumerated().map { index, pair in
                [
                    "base_stat": pair.1, "effort": effort(p, stat: pair.0),
                    "stat": ref(pair.0, "\(api)/stat/\(index + 1)/"),
                ] as [String: Any]
            },
            "abilities": p.abilities.enumerated().map { index, ability in
                [
                    "ability": ref(ability.0, "\(api)/ability/\(referenceID(ability.0))/"), "is_hidden": ability.1,
                    // As PokeAPI numbers them: the hidden ability is slot 3 whatever the others.
                    "slot": ability.1 ? 3 : index + 1,
                ] as [String: Any]
            },
            "sprites": [
                "front_default": sprite("front"),
                "front_shiny": p.sprites.contains("front")
                    ? "\(origin)/media/sprites/pokemon/shiny/\(p.id).png" : NSNull(),
                "back_default": NSNull(),
                "other": [
                    "dream_world": ["front_default": NSNull()],
                    "home": ["front_default": sprite("home"), "front_shiny": NSNull()],
                    "official-artwork": [
                        "front_default": sprite("official"),
                        "front_shiny": p.sprites.contains("official")
                            ? "\(origin)/media/sprites/pokemon/other/official-artwork/shiny/\(p.id).png" : NSNull(),
                    ],
                ] as [String: Any],
            ] as [String: Any],
            "moves": moves,
            "held_items": heldItemsJSON(p.id, api: api),
            "past_types": [Any](),
            "cries": ["latest": "\(origin)/media/cries/\(p.id).ogg", "legacy": NSNull()],
        ]
    }

    /// Pikachu gives 2 Speed, Charizard 3 Special Attack, the others 1 HP.
    static func effort(_ p: Pokemon, stat: String) -> Int {
        switch (p.speciesID, stat) {
        case (25, "speed"): 2
        case (6, "special-attack"): 3
        case (25, _), (6, _): 0
        case (_, "hp"): 1
        default: 0
        }
    }

    /// The versions species' flavor texts name in turn: red, blue, scarlet, violet.
    static let flavorVersions = [1, 2, 40, 41]

    static func versionName(_ id: Int) -> String {
        versionGroups.values.flatMap(\.2).first { $0.0 == id }?.1 ?? "version-\(id)"
    }

    static func speciesJSON(_ s: Species, api: String) -> [String: Any] {
        let varieties = (pokemon + [hostilePokemon]).filter { $0.speciesID == s.id }.map { p in
            ["is_default": p.isDefault, "pokemon": ref(p.name, "\(api)/pokemon/\(p.id)/")] as [String: Any]
        }
        return [
            "id": s.id,
            "name": s.name,
            "order": s.id,
            "names": [
                ["language": ref("ja-Hrkt", "\(api)/language/1/"), "name": s.japaneseName],
                ["language": ref("fr", "\(api)/language/5/"), "name": s.frenchName ?? s.englishName],
                ["language": ref("en", "\(api)/language/9/"), "name": s.englishName],
            ],
            "genera": [
                ["language": ref("ja-Hrkt", "\(api)/language/1/"), "genus": "ポケモン"],
                ["language": ref("en", "\(api)/language/9/"), "genus": s.genus],
            ],
            "flavor_text_entries": s.flavorTexts.enumerated().map { index, entry in
                let version = s.flavorVersions?[index] ?? flavorVersions[index % flavorVersions.count]
                return [
                    "flavor_text": entry.1, "language": ref(entry.0, "\(api)/language/\(entry.0 == "en" ? 9 : 1)/"),
                    "version": ref(versionName(version), "\(api)/version/\(version)/"),
                ] as [String: Any]
            },
            "varieties": varieties,
            "generation": ref(s.generation.name, "\(api)/generation/\(s.generation.id)/"),
            "habitat": s.habitat.map { ref($0, "\(api)/pokemon-habitat/\(referenceID($0))/") as Any } ?? NSNull(),
            "evolution_chain": chainOfSpecies[s.id].map { ["url": "\(api)/evolution-chain/\($0)/"] as Any } ?? NSNull(),
            "gender_rate": s.genderRate,
            "capture_rate": s.id == 25 ? 190 : 45,
            "base_happiness": 50,
            "hatch_counter": s.hatchCounter.map { $0 as Any } ?? NSNull(),
            "growth_rate": ref(s.growthRate, "\(api)/growth-rate/\(referenceID(s.growthRate))/"),
            "egg_groups": s.eggGroups.map { ref($0, "\(api)/egg-group/\(referenceID($0))/") },
            "pokedex_numbers": pokedexNumbers(s.id).map { dex, number in
                [
                    "entry_number": number, "pokedex": ref(pokedexes[dex]?.0 ?? "?", "\(api)/pokedex/\(dex)/"),
                ] as [String: Any]
            },
        ]
    }

    static func species(_ id: Int) -> Species? {
        species.first { $0.id == id } ?? (id == hostileID ? hostileSpecies : nil)
    }

    static func encode(_ object: Any) -> Data {
        // Sorted keys: the same fixture is the same bytes, so ETags stay stable.
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }
}
