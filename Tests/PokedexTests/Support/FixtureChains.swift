import Foundation

@testable import PokedexSource
@testable import PokedexSupport

/// Evolution chains and types for the test server's data set, in PokeAPI's shape (written for these tests), and a
/// few chains of Pokémon outside it (Eevee's eight branches, Wurmple's split, Tauros alone, Gengar by trade) that
/// model tests decode directly.
extension Fixtures {
    /// One stage of a chain: its species, how the stage before evolves into it, and what it evolves into.
    struct Stage {
        var speciesID: Int
        var name: String
        var isBaby = false
        /// `evolution_details` entries (only the fields that are set; the rest are written as null/false).
        var details: [[String: Any]] = []
        var next: [Stage] = []
    }

    /// `evolution_details` entry with `trigger` and the given fields: names become named references.
    static func detail(_ trigger: String, _ fields: [String: Any] = [:]) -> [String: Any] {
        var entry: [String: Any] = [
            "trigger": ["name": trigger, "url": "https://pokeapi.invalid/api/v2/evolution-trigger/1/"],
            "gender": NSNull(), "held_item": NSNull(), "item": NSNull(), "known_move": NSNull(),
            "known_move_type": NSNull(), "location": NSNull(), "min_affection": NSNull(), "min_beauty": NSNull(),
            "min_happiness": NSNull(), "min_level": NSNull(), "needs_overworld_rain": false, "party_species": NSNull(),
            "party_type": NSNull(), "relative_physical_stats": NSNull(), "time_of_day": "", "trade_species": NSNull(),
            "turn_upside_down": false,
        ]
        let references: Set<String> = [
            "held_item", "item", "known_move", "known_move_type", "location", "party_species",
            "party_type", "trade_species", "used_move", "region", "base_form",
            "evolved_form",
        ]
        for (key, value) in fields {
            if references.contains(key), let name = value as? String {
                entry[key] = ["name": name, "url": referenceURL(key, name, api: "https://pokeapi.invalid/api/v2")]
            } else {
                entry[key] = value
            }
        }
        return entry
    }

    /// Where PokeAPI's reference of an `evolution_details` field points: each name its own stable id.
    static func referenceURL(_ key: String, _ name: String, api: String) -> String {
        switch key {
        case "base_form", "evolved_form": "\(api)/pokemon/\(pokemonID(name))/"
        case "known_move_type", "party_type": "\(api)/type/\(typeID(name))/"
        case "party_species", "trade_species": "\(api)/pokemon-species/\(referenceID(name))/"
        case "held_item", "item": "\(api)/item/\(referenceID(name))/"
        case "known_move", "used_move": "\(api)/move/\(moves.first { $0.name == name }?.id ?? referenceID(name))/"
        default: "\(api)/\(key)/\(referenceID(name))/"
        }
    }

    /// A served Pokémon's id, else one of its own past the served ids.
    static func pokemonID(_ name: String) -> Int {
        (pokemon + [hostilePokemon]).first { $0.name == name }?.id ?? 20_000 + referenceID(name)
    }

    static func chainJSON(id: Int, _ root: Stage, api: String) -> [String: Any] {
        func link(_ stage: Stage) -> [String: Any] {
            [
                "species": ref(stage.name, "\(api)/pokemon-species/\(stage.speciesID)/"),
                "is_baby": stage.isBaby,
                "evolution_details": stage.details,
                "evolves_to": stage.next.map(link),
            ]
        }
        return ["id": id, "baby_trigger_item": NSNull(), "chain": link(root)]
    }

    // MARK: Chains of the served species

    /// Chain id of each served species.
    static let chainOfSpecies: [Int: Int] = [1: 1, 6: 2, 25: 10, 29: 11, 83: 40, 122: 58, 669: 348, 772: 389, 778: 404]

    static var chains: [Int: Stage] {
        [
            1: Stage(
                speciesID: 1,
                name: "bulbasaur",
                next: [
                    Stage(
                        speciesID: 2,
                        name: "ivysaur",
                        details: [detail("level-up", ["min_level": 16])],
                        next: [
                            Stage(speciesID: 3, name: "venusaur", details: [detail("level-up", ["min_level": 32])])
                        ]
                    )
                ]
            ),
            // Charmander and Charmeleon are not served: a chain reaching outside the exported set.
            2: Stage(
                speciesID: 4,
                name: "charmander",
                next: [
                    Stage(
                        speciesID: 5,
                        name: "charmeleon",
                        details: [detail("level-up", ["min_level": 16])],
                        next: [
                            Stage(speciesID: 6, name: "charizard", details: [detail("level-up", ["min_level": 36])])
                        ]
                    )
                ]
            ),
            // Raichu, or Alolan Raichu (not served) in Alola: one stage, two boxes.
            10: Stage(
                speciesID: 172,
                name: "pichu",
                isBaby: true,
                next: [
                    Stage(
                        speciesID: 25,
                        name: "pikachu",
                        details: [detail("level-up", ["min_happiness": 220])],
                        next: [
                            Stage(
                                speciesID: 26,
                                name: "raichu",
                                details: [
                                    detail("use-item", ["item": "thunder-stone"]),
                                    detail(
                                        "use-item",
                                        [
                                            "item": "thunder-stone", "region": "alola", "evolved_form": "raichu-alola",
                                            "base_form": "pikachu",
                                        ]
                                    ),
                                ]
                            )
                        ]
                    )
                ]
            ),
            11: Stage(
                speciesID: 29,
                name: "nidoran-f",
                next: [
                    Stage(
                        speciesID: 30,
                        name: "nidorina",
                        details: [detail("level-up", ["min_level": 16])],
                        next: [
                            Stage(
                                speciesID: 31,
                                name: "nidoqueen",
                                details: [detail("use-item", ["item": "moon-stone"])]
                            )
                        ]
                    )
                ]
            ),
            40: Stage(
                speciesID: 83,
                name: "farfetchd",
                next: [
                    Stage(speciesID: 865, name: "sirfetchd", details: [detail("three-critical-hits")])
                ]
            ),
            // Galarian Mr. Mime (served) is a box of its own, and Mr. Rime evolves from it alone.
            58: Stage(
                speciesID: 439,
                name: "mime-jr",
                isBaby: true,
                next: [
                    Stage(
                        speciesID: 122,
                        name: "mr-mime",
                        details: [
                            detail("level-up", ["known_move": "mimic"]),
                            detail(
                                "level-up",
                                ["known_move": "mimic", "region": "galar", "evolved_form": "mr-mime-galar"]
                            ),
                        ],
                        next: [
                            Stage(
                                speciesID: 866,
                                name: "mr-rime",
                                details: [
                                    detail("level-up", ["min_level": 42, "base_form": "mr-mime-galar"])
                                ]
                            )
                        ]
                    )
                ]
            ),
            348: Stage(
                speciesID: 669,
                name: "flabebe",
                next: [
                    Stage(
                        speciesID: 670,
                        name: "floette",
                        details: [detail("level-up", ["min_level": 19])],
                        next: [
                            Stage(
                                speciesID: 671,
                                name: "florges",
                                details: [detail("use-item", ["item": "shiny-stone"])]
                            )
                        ]
                    )
                ]
            ),
            389: Stage(
                speciesID: 772,
                name: "type-null",
                next: [
                    Stage(speciesID: 773, name: "silvally", details: [detail("level-up", ["min_happiness": 160])])
                ]
            ),
            404: Stage(speciesID: 778, name: "mimikyu"),
        ]
    }

    // MARK: Chains of species the server does not list (model tests)

    static var eevee: Stage {
        Stage(
            speciesID: 133,
            name: "eevee",
            next: [
                Stage(speciesID: 134, name: "vaporeon", details: [detail("use-item", ["item": "water-stone"])]),
                Stage(speciesID: 135, name: "jolteon", details: [detail("use-item", ["item": "thunder-stone"])]),
                Stage(speciesID: 136, name: "flareon", details: [detail("use-item", ["item": "fire-stone"])]),
                Stage(
                    speciesID: 196,
                    name: "espeon",
                    details: [detail("level-up", ["min_happiness": 160, "time_of_day": "day"])]
                ),
                Stage(
                    speciesID: 197,
                    name: "umbreon",
                    details: [detail("level-up", ["min_happiness": 160, "time_of_day": "night"])]
                ),
                Stage(
                    speciesID: 470,
                    name: "leafeon",
                    details: [
                        detail("level-up", ["location": "eterna-forest", "near_special_rock": true]),
                        detail("level-up", ["location": "pinwheel-forest", "near_special_rock": true]),
                        detail("use-item", ["item": "leaf-stone"]),
                    ]
                ),
                Stage(
                    speciesID: 471,
                    name: "glaceon",
                    details: [
                        detail("level-up", ["location": "sinnoh-route-217", "near_special_rock": true]),
                        detail("use-item", ["item": "ice-stone"]),
                    ]
                ),
                Stage(
                    speciesID: 700,
                    name: "sylveon",
                    details: [
                        detail("level-up", ["known_move_type": "fairy", "min_affection": 2]),
                        detail("level-up", ["known_move_type": "fairy", "min_happiness": 160]),
                    ]
                ),
            ]
        )
    }

    static var tauros: Stage { Stage(speciesID: 128, name: "tauros") }

    static var wurmple: Stage {
        Stage(
            speciesID: 265,
            name: "wurmple",
            next: [
                Stage(
                    speciesID: 266,
                    name: "silcoon",
                    details: [detail("level-up", ["min_level": 7])],
                    next: [
                        Stage(speciesID: 267, name: "beautifly", details: [detail("level-up", ["min_level": 10])])
                    ]
                ),
                Stage(
                    speciesID: 268,
                    name: "cascoon",
                    details: [detail("level-up", ["min_level": 7])],
                    next: [
                        Stage(speciesID: 269, name: "dustox", details: [detail("level-up", ["min_level": 10])])
                    ]
                ),
            ]
        )
    }

    static var gastly: Stage {
        Stage(
            speciesID: 92,
            name: "gastly",
            next: [
                Stage(
                    speciesID: 93,
                    name: "haunter",
                    details: [detail("level-up", ["min_level": 25])],
                    next: [
                        Stage(speciesID: 94, name: "gengar", details: [detail("trade")])
                    ]
                )
            ]
        )
    }

    static var onix: Stage {
        Stage(
            speciesID: 95,
            name: "onix",
            next: [
                Stage(speciesID: 208, name: "steelix", details: [detail("trade", ["held_item": "metal-coat"])])
            ]
        )
    }

    // MARK: Types

    /// The games' type ids.
    static let typeIDs: [String: Int] = [
        "normal": 1, "fighting": 2, "flying": 3, "poison": 4, "ground": 5, "rock": 6, "bug": 7, "ghost": 8, "steel": 9,
        "fire": 10, "water": 11, "grass": 12, "electric": 13, "psychic": 14, "ice": 15, "dragon": 16, "dark": 17,
        "fairy": 18,
    ]

    /// The id of a type name; names outside the games' eighteen (the hostile one) get one of their own.
    static func typeID(_ name: String) -> Int {
        typeIDs[name] ?? 10_099
    }

    static func typeName(_ id: Int) -> String? {
        if id == 10_099 { return hostilePokemon.types.first { typeIDs[$0] == nil } }
        return typeIDs.first { $0.value == id }?.key
    }

    /// Defensive matchups: (double damage from, half damage from, no damage from).
    static let typeChart: [String: ([String], [String], [String])] = [
        "normal": (["fighting"], [], ["ghost"]),
        "fire": (["water", "ground", "rock"], ["fire", "grass", "ice", "bug", "steel", "fairy"], []),
        "water": (["electric", "grass"], ["fire", "water", "ice", "steel"], []),
        "electric": (["ground"], ["electric", "flying", "steel"], []),
        "grass": (["fire", "ice", "poison", "flying", "bug"], ["water", "electric", "grass", "ground"], []),
        "ice": (["fire", "fighting", "rock", "steel"], ["ice"], []),
        "fighting": (["flying", "psychic", "fairy"], ["bug", "rock", "dark"], []),
        "poison": (["ground", "psychic"], ["grass", "fighting", "poison", "bug", "fairy"], []),
        "ground": (["water", "grass", "ice"], ["poison", "rock"], ["electric"]),
        "flying": (["electric", "ice", "rock"], ["grass", "fighting", "bug"], ["ground"]),
        "psychic": (["bug", "ghost", "dark"], ["fighting", "psychic"], []),
        "bug": (["fire", "flying", "rock"], ["grass", "fighting", "ground"], []),
        "rock": (["water", "grass", "fighting", "ground", "steel"], ["normal", "fire", "poison", "flying"], []),
        "ghost": (["ghost", "dark"], ["poison", "bug"], ["normal", "fighting"]),
        "dragon": (["ice", "dragon", "fairy"], ["fire", "water", "electric", "grass"], []),
        "dark": (["fighting", "bug", "fairy"], ["ghost", "dark"], ["psychic"]),
        "steel": (
            ["fire", "fighting", "ground"],
            ["normal", "grass", "ice", "flying", "psychic", "bug", "rock", "dragon", "steel", "fairy"], ["poison"]
        ),
        "fairy": (["poison", "steel"], ["fighting", "bug", "dark"], ["dragon"]),
    ]

    static func typeJSON(id: Int, api: String) -> [String: Any]? {
        guard let name = typeName(id) else { return nil }
        let (double, half, none) = typeChart[name] ?? ([], [], [])
        func refs(_ names: [String]) -> [[String: Any]] { names.map { ref($0, "\(api)/type/\(typeID($0))/") } }
        return [
            "id": id, "name": name,
            "names": [
                ["language": ref("en", "\(api)/language/9/"), "name": name.prefix(1).uppercased() + name.dropFirst()]
            ],
            "damage_relations": [
                "double_damage_from": refs(double), "half_damage_from": refs(half), "no_damage_from": refs(none),
                "double_damage_to": [Any](), "half_damage_to": [Any](), "no_damage_to": [Any](),
            ] as [String: Any],
            "generation": ref("generation-i", "\(api)/generation/1/"),
            "pokemon": [Any](), "moves": [Any](),
        ]
    }

    /// The chart as the model holds it, decoded from the served JSON.
    static func typeRecords() throws -> [String: TypeRecord] {
        var chart: [String: TypeRecord] = [:]
        for id in typeIDs.values {
            let record = try TypeRecord.decodeAPI(encode(typeJSON(id: id, api: "https://pokeapi.invalid/api/v2")!))
            chart[record.name] = record
        }
        return chart
    }

    /// A chain decoded through the build's own decoder.
    static func chainRecord(id: Int, _ root: Stage) throws -> EvolutionChainRecord {
        try EvolutionChainRecord.decodeAPI(encode(chainJSON(id: id, root, api: "https://pokeapi.invalid/api/v2")))
    }
}
