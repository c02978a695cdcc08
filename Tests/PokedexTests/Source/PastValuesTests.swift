import Foundation
import Testing

@testable import PokedexModel
@testable import PokedexSource

/// PokeAPI's past entries, decoded from its JSON and read as the games had them: a generation's entry holds through
/// that generation, a version group's entry holds before that group (each example below is the games' own).
@Suite struct PastValuesTests {
    static let base = "https://example.org/api/v2"

    static func reference(_ path: String, _ name: String, _ id: Int) -> String {
        #"{"name": "\#(name)", "url": "\#(base)/\#(path)/\#(id)/"}"#
    }

    static func generation(_ number: Int) -> String {
        let names = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]
        return reference("generation", "generation-\(names[number])", number)
    }

    static func stat(_ name: String, _ id: Int, _ value: Int) -> String {
        #"{"base_stat": \#(value), "effort": 0, "stat": \#(reference("stat", name, id))}"#
    }

    /// Pikachu as PokeAPI gives it (its moves, sprites and items left out): Defense 30 and Sp. Def 40 through
    /// Generation V, Special 50 in Generation I, Lightning Rod hidden from Generation V.
    static let pikachu = Data(
        """
        {"id": 25, "name": "pikachu", "height": 4, "weight": 60, "base_experience": 112, "is_default": true,
         "species": \(reference("pokemon-species", "pikachu", 25)),
         "types": [{"slot": 1, "type": \(reference("type", "electric", 13))}],
         "stats": [\(stat("hp", 1, 35)), \(stat("attack", 2, 55)), \(stat("defense", 3, 40)),
                   \(stat("special-attack", 4, 50)), \(stat("special-defense", 5, 50)), \(stat("speed", 6, 90))],
         "abilities": [{"ability": \(reference("ability", "static", 9)), "is_hidden": false, "slot": 1},
                       {"ability": \(reference("ability", "lightning-rod", 31)), "is_hidden": true, "slot": 3}],
         "sprites": {"front_default": null},
         "past_types": [],
         "past_stats": [{"generation": \(generation(1)), "stats": [\(stat("special", 9, 50))]},
                        {"generation": \(generation(5)), "stats": [\(stat("defense", 3, 30)),
                                                                   \(stat("special-defense", 5, 40))]}],
         "past_abilities": [{"generation": \(generation(4)),
                             "abilities": [{"ability": null, "is_hidden": true, "slot": 3}]}],
         "cries": {"latest": "https://example.org/cries/latest/25.ogg", "legacy": "javascript:alert(1)"}}
        """.utf8
    )

    /// Clefairy: Normal through Generation V, Magic Guard from IV (slot 2 empty through III), Friend Guard from V.
    static let clefairy = Data(
        """
        {"id": 35, "name": "clefairy", "height": 6, "weight": 75, "base_experience": 113, "is_default": true,
         "species": \(reference("pokemon-species", "clefairy", 35)),
         "types": [{"slot": 1, "type": \(reference("type", "fairy", 18))}],
         "stats": [\(stat("hp", 1, 70)), \(stat("attack", 2, 45)), \(stat("defense", 3, 48)),
                   \(stat("special-attack", 4, 60)), \(stat("special-defense", 5, 65)), \(stat("speed", 6, 35))],
         "abilities": [{"ability": \(reference("ability", "cute-charm", 56)), "is_hidden": false, "slot": 1},
                       {"ability": \(reference("ability", "magic-guard", 98)), "is_hidden": false, "slot": 2},
                       {"ability": \(reference("ability", "friend-guard", 132)), "is_hidden": true, "slot": 3}],
         "sprites": {},
         "past_types": [{"generation": \(generation(5)), "types": [{"slot": 1, "type": \(reference("type", "normal", 1))}]}],
         "past_stats": [{"generation": \(generation(1)), "stats": [\(stat("special", 9, 60))]}],
         "past_abilities": [{"generation": \(generation(3)), "abilities": [{"ability": null, "is_hidden": false, "slot": 2}]},
                            {"generation": \(generation(4)), "abilities": [{"ability": null, "is_hidden": true, "slot": 3}]}]}
        """.utf8
    )

    static func move(
        _ id: Int,
        _ name: String,
        type: String,
        typeID: Int,
        power: Int?,
        accuracy: Int?,
        pp: Int,
        generation number: Int,
        past: String
    ) -> Data {
        Data(
            """
            {"id": \(id), "name": "\(name)", "type": \(reference("type", type, typeID)),
             "power": \(power.map(String.init) ?? "null"), "accuracy": \(accuracy.map(String.init) ?? "null"),
             "pp": \(pp), "priority": 0, "generation": \(generation(number)), "past_values": \(past)}
            """.utf8
        )
    }

    static func pastValue(
        _ group: String,
        _ id: Int,
        power: Int? = nil,
        accuracy: Int? = nil,
        type: (String, Int)? = nil
    ) -> String {
        """
        {"accuracy": \(accuracy.map(String.init) ?? "null"), "effect_chance": null, "effect_entries": [],
         "power": \(power.map(String.init) ?? "null"), "pp": null,
         "type": \(type.map { reference("type", $0.0, $0.1) } ?? "null"),
         "version_group": \(reference("version-group", group, id))}
        """
    }

    /// Version groups in the games' order, as the model names them.
    static let games: [Game] = [
        ("red-blue", 1, 3, 1), ("yellow", 2, 4, 1), ("gold-silver", 3, 5, 2), ("crystal", 4, 6, 2),
        ("ruby-sapphire", 5, 7, 3), ("diamond-pearl", 8, 12, 4), ("black-white", 11, 15, 5), ("x-y", 15, 17, 6),
        ("sun-moon", 17, 19, 7), ("sword-shield", 20, 22, 8), ("scarlet-violet", 25, 27, 9),
    ].map { Game(id: $0.1, name: $0.0, label: $0.0, order: $0.2, generation: $0.3) }

    static func names(_ eras: [MoveEra]) -> [[String]] {
        eras.map { era in era.groups.map { id in games.first { $0.id == id }!.name } }
    }

    @Test func aPokemonsPastIsDecodedWithItsGenerations() throws {
        let pikachu = try PokemonRecord.decodeAPI(Self.pikachu)
        #expect(pikachu.past.types.isEmpty)
        #expect(pikachu.past.stats.map(\.through) == [1, 5])
        #expect(pikachu.past.stats[0].stats == [PokemonRecord.Stat(name: "special", value: 50)])
        #expect(pikachu.past.stats[1].stats.map(\.name) == ["defense", "special-defense"])
        #expect(pikachu.past.abilities == [.init(through: 4, slots: [.init(slot: 3, isHidden: true, name: nil)])])
        #expect(pikachu.abilities.map(\.slot) == [1, 3])
        let clefairy = try PokemonRecord.decodeAPI(Self.clefairy)
        #expect(clefairy.past.types == [.init(through: 5, types: ["normal"])])
    }

    @Test func aPokemonsCriesAreKeptAsWebAddressesOnly() throws {
        let pikachu = try PokemonRecord.decodeAPI(Self.pikachu)
        #expect(pikachu.cries.latest == "https://example.org/cries/latest/25.ogg")
        // Not a web address: never lands in an attribute.
        #expect(pikachu.cries.legacy == nil)
        // A record without cries (older PokeAPI data) has none.
        #expect(try PokemonRecord.decodeAPI(Self.clefairy).cries == PokemonRecord.Cries())
    }

    @Test func clefairyWasNormalThroughGenerationVAndGainedItsAbilitiesLater() throws {
        let clefairy = try PokemonRecord.decodeAPI(Self.clefairy)
        #expect(clefairy.types(inGeneration: 1) == ["normal"])
        #expect(clefairy.types(inGeneration: 5) == ["normal"])
        #expect(clefairy.types(inGeneration: 6) == ["fairy"])
        #expect(clefairy.abilities(inGeneration: 2).isEmpty)
        #expect(clefairy.abilities(inGeneration: 3).map(\.name) == ["cute-charm"])
        #expect(clefairy.abilities(inGeneration: 4).map(\.name) == ["cute-charm", "magic-guard"])
        #expect(clefairy.abilities(inGeneration: 5).map(\.name) == ["cute-charm", "magic-guard", "friend-guard"])
        let history = PokemonHistory(clefairy, first: 1, latest: 9)
        #expect(history.types.map { [$0.first, $0.last] } == [[1, 5], [6, 9]])
        #expect(history.types.map(\.value) == [["normal"], ["fairy"]])
        #expect(history.abilities.map { [$0.first, $0.last] } == [[1, 2], [3, 3], [4, 4], [5, 9]])
        #expect(history.abilitiesChanged)
    }

    @Test func pikachusOlderStatsAreReadThroughTheirGenerations() throws {
        let pikachu = try PokemonRecord.decodeAPI(Self.pikachu)
        func values(_ generation: Int) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: pikachu.stats(inGeneration: generation).map { ($0.name, $0.value) })
        }
        // Generation I: one Special stat, where Sp. Atk and Sp. Def stand today.
        #expect(pikachu.stats(inGeneration: 1).map(\.name) == ["hp", "attack", "defense", "special", "speed"])
        #expect(values(1) == ["hp": 35, "attack": 55, "defense": 30, "special": 50, "speed": 90])
        #expect(values(2)["defense"] == 30 && values(2)["special-defense"] == 40 && values(2)["special-attack"] == 50)
        #expect(values(5)["defense"] == 30 && values(5)["special-defense"] == 40)
        #expect(values(6)["defense"] == 40 && values(6)["special-defense"] == 50)
        let history = PokemonHistory(pikachu, first: 1, latest: 9)
        #expect(history.stats.map { [$0.first, $0.last] } == [[1, 1], [2, 5], [6, 9]])
        #expect(history.types.count == 1)
        // A Pokémon brought by a later generation starts there.
        #expect(PokemonHistory(pikachu, first: 4, latest: 9).stats.map { [$0.first, $0.last] } == [[4, 5], [6, 9]])
    }

    @Test func aMovesPastValuesHoldBeforeTheirVersionGroup() throws {
        // Bite: Normal before Gold and Silver (Dark since).
        let bite = try MoveRecord.decodeAPI(
            Self.move(
                44,
                "bite",
                type: "dark",
                typeID: 17,
                power: 60,
                accuracy: 100,
                pp: 25,
                generation: 1,
                past: "[\(Self.pastValue("gold-silver", 3, type: ("normal", 1)))]"
            )
        )
        #expect(bite.past == [PastMoveValues(before: 3, type: "normal")])
        let biteEras = bite.history(games: Self.games)
        #expect(Self.names(biteEras).first == ["red-blue", "yellow"])
        #expect(biteEras.map(\.type) == ["normal", "dark"])
        // Thunderbolt: power 95 before X and Y.
        let thunderbolt = try MoveRecord.decodeAPI(
            Self.move(
                85,
                "thunderbolt",
                type: "electric",
                typeID: 13,
                power: 90,
                accuracy: 100,
                pp: 15,
                generation: 1,
                past: "[\(Self.pastValue("x-y", 15, power: 95))]"
            )
        )
        let thunderboltEras = thunderbolt.history(games: Self.games)
        #expect(thunderboltEras.map(\.power) == [95, 90])
        #expect(Self.names(thunderboltEras)[0].last == "black-white")
        #expect(Self.names(thunderboltEras)[1].first == "x-y")
        // Tackle: 35 power and 95 accuracy before Black and White, 50 power before Sun and Moon, 40 since.
        let tackle = try MoveRecord.decodeAPI(
            Self.move(
                33,
                "tackle",
                type: "normal",
                typeID: 1,
                power: 40,
                accuracy: 100,
                pp: 35,
                generation: 1,
                past:
                    "[\(Self.pastValue("black-white", 11, power: 35, accuracy: 95)), \(Self.pastValue("sun-moon", 17, power: 50))]"
            )
        )
        let tackleEras = tackle.history(games: Self.games)
        #expect(tackleEras.map(\.power) == [35, 50, 40])
        #expect(tackleEras.map(\.accuracy) == [95, 100, 100])
        #expect(Self.names(tackleEras).map(\.first) == ["red-blue", "black-white", "sun-moon"])
        // A move that never changed has one era, from the generation that brought it.
        let later = try MoveRecord.decodeAPI(
            Self.move(
                500,
                "later",
                type: "fire",
                typeID: 10,
                power: 80,
                accuracy: 100,
                pp: 10,
                generation: 5,
                past: "[]"
            )
        )
        #expect(
            Self.names(later.history(games: Self.games)) == [
                ["black-white", "x-y", "sun-moon", "sword-shield", "scarlet-violet"]
            ]
        )
    }

    static func type(
        _ id: Int,
        _ name: String,
        generation number: Int,
        double: [String],
        half: [String],
        none: [String],
        past: String = "[]"
    ) -> Data {
        Data(
            """
            {"id": \(id), "name": "\(name)", "generation": \(generation(number)),
             "damage_relations": {"double_damage_from": \(list(double)), "half_damage_from": \(list(half)),
              "no_damage_from": \(list(none)), "double_damage_to": [], "half_damage_to": [], "no_damage_to": []},
             "past_damage_relations": \(past)}
            """.utf8
        )
    }

    /// Types as a damage relation lists them.
    static func list(_ names: [String]) -> String {
        "[" + names.map { reference("type", $0, 1) }.joined(separator: ", ") + "]"
    }

    static func pastRelations(_ number: Int, double: [String], half: [String], none: [String]) -> String {
        """
        {"generation": \(generation(number)), "damage_relations": {"double_damage_from": \(list(double)),
         "half_damage_from": \(list(half)), "no_damage_from": \(list(none)), "double_damage_to": [],
         "half_damage_to": [], "no_damage_to": []}}
        """
    }

    /// Psychic, Ghost, Steel, Dark and Fairy as PokeAPI gives them (Normal and Fighting too, as attackers).
    static func chart() throws -> [String: TypeRecord] {
        let records = [
            try TypeRecord.decodeAPI(type(1, "normal", generation: 1, double: ["fighting"], half: [], none: ["ghost"])),
            try TypeRecord.decodeAPI(
                type(
                    2,
                    "fighting",
                    generation: 1,
                    double: ["flying", "psychic", "fairy"],
                    half: ["rock", "bug", "dark"],
                    none: []
                )
            ),
            try TypeRecord.decodeAPI(
                type(
                    14,
                    "psychic",
                    generation: 1,
                    double: ["bug", "ghost", "dark"],
                    half: ["fighting", "psychic"],
                    none: [],
                    past: "[\(pastRelations(1, double: ["bug"], half: ["fighting", "psychic"], none: ["ghost"]))]"
                )
            ),
            try TypeRecord.decodeAPI(
                type(
                    8,
                    "ghost",
                    generation: 1,
                    double: ["ghost", "dark"],
                    half: ["poison", "bug"],
                    none: ["normal", "fighting"],
                    past:
                        "[\(pastRelations(1, double: ["ghost"], half: ["poison", "bug"], none: ["normal", "fighting"]))]"
                )
            ),
            try TypeRecord.decodeAPI(
                type(
                    9,
                    "steel",
                    generation: 2,
                    double: ["fighting", "ground", "fire"],
                    half: ["normal", "flying", "rock", "bug", "steel", "grass", "psychic", "ice", "dragon", "fairy"],
                    none: ["poison"],
                    past:
                        "[\(pastRelations(5, double: ["fighting", "ground", "fire"], half: ["normal", "flying", "rock", "bug", "steel", "grass", "psychic", "ice", "dragon", "ghost", "dark"], none: ["poison"]))]"
                )
            ),
            try TypeRecord.decodeAPI(
                type(
                    17,
                    "dark",
                    generation: 2,
                    double: ["fighting", "bug", "fairy"],
                    half: ["ghost", "dark"],
                    none: ["psychic"]
                )
            ),
            try TypeRecord.decodeAPI(
                type(
                    18,
                    "fairy",
                    generation: 6,
                    double: ["poison", "steel"],
                    half: ["fighting", "bug", "dark"],
                    none: ["dragon"]
                )
            ),
        ]
        return Dictionary(uniqueKeysWithValues: records.map { ($0.name, $0) })
    }

    @Test func eachErasTypeChartHasItsTypesAndItsRelations() throws {
        let today = try Self.chart()
        #expect(today["ghost"]?.past.map(\.through) == [1])
        #expect(today["steel"]?.generation == 2)
        // Generation I: Ghost does nothing to Psychic; no Steel, Dark or Fairy.
        let first = TypeChartEras.chart(today, inGeneration: 1)
        #expect(Set(first.keys) == ["normal", "fighting", "psychic", "ghost"])
        #expect(TypeMatchups.multiplier(attacking: "ghost", defending: "psychic", chart: first) == 0)
        // Generations II–V: Steel resists Ghost and Dark; no Fairy.
        let fifth = TypeChartEras.chart(today, inGeneration: 5)
        #expect(fifth["fairy"] == nil)
        #expect(TypeMatchups.multiplier(attacking: "ghost", defending: "steel", chart: fifth) == 0.5)
        #expect(TypeMatchups.multiplier(attacking: "dark", defending: "steel", chart: fifth) == 0.5)
        #expect(TypeMatchups.multiplier(attacking: "ghost", defending: "psychic", chart: fifth) == 2)
        // Today's chart is today's.
        let ninth = TypeChartEras.chart(today, inGeneration: 9)
        #expect(TypeMatchups.multiplier(attacking: "ghost", defending: "steel", chart: ninth) ?? 1 == 1)
        #expect(ninth["fairy"]?.doubleDamageFrom == today["fairy"]?.doubleDamageFrom)
        let eras = TypeChartEras.eras(today, latest: 9)
        #expect(eras.map { [$0.first, $0.last] } == [[1, 1], [2, 5], [6, 9]])
    }
}
