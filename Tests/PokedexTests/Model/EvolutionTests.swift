import Foundation
import Testing

@testable import PokedexModel
@testable import PokedexSource
@testable import PokedexSupport

/// Evolution chains as the model reads them (PokeAPI's JSON through the build's decoder), their conditions in
/// words, and type matchups computed from damage relations.
@Suite struct EvolutionTests {
    @Test func eeveeBranchesEightWaysEachWithItsCondition() throws {
        let chain = try Fixtures.chainRecord(id: 67, Fixtures.eevee)
        #expect(chain.chain.speciesName == "eevee")
        #expect(chain.chain.howToEvolve == nil)
        let branches = Dictionary(uniqueKeysWithValues: chain.chain.evolvesTo.map { ($0.speciesName, $0.howToEvolve) })
        #expect(chain.chain.evolvesTo.count == 8)
        #expect(chain.chain.evolvesTo.filter { !$0.evolvesTo.isEmpty }.isEmpty)
        #expect(
            branches == [
                "vaporeon": "Use a Water Stone",
                "jolteon": "Use a Thunder Stone",
                "flareon": "Use a Fire Stone",
                "espeon": "High friendship, daytime",
                "umbreon": "High friendship, nighttime",
                // Two games' special rocks are said once; the newer games' stone is the alternative.
                "leafeon": "Level up near a special rock or use a Leaf Stone",
                "glaceon": "Level up near a special rock or use an Ice Stone",
                // What two games share is said once, then what differs.
                "sylveon": "Level up knowing a Fairy-type move, high affection or high friendship",
            ]
        )
    }

    @Test func taurosIsAloneInItsChain() throws {
        let chain = try Fixtures.chainRecord(id: 60, Fixtures.tauros)
        #expect(chain.chain.stages.map(\.speciesName) == ["tauros"])
        #expect(chain.chain.evolvesTo.isEmpty)
    }

    @Test func wurmpleSplitsIntoTwoBranchesOfTwoStages() throws {
        let chain = try Fixtures.chainRecord(id: 135, Fixtures.wurmple)
        #expect(chain.chain.evolvesTo.map(\.speciesName) == ["silcoon", "cascoon"])
        #expect(chain.chain.evolvesTo.map { $0.evolvesTo.map(\.speciesName) } == [["beautifly"], ["dustox"]])
        #expect(chain.chain.evolvesTo.map(\.howToEvolve) == ["Level 7", "Level 7"])
        #expect(chain.chain.evolvesTo.flatMap(\.evolvesTo).map(\.howToEvolve) == ["Level 10", "Level 10"])
        #expect(chain.chain.stages.map(\.speciesID) == [265, 266, 267, 268, 269])
    }

    @Test func tradesAndBabies() throws {
        let gengar = try Fixtures.chainRecord(id: 38, Fixtures.gastly)
        #expect(gengar.chain.stages.map(\.howToEvolve) == [nil, "Level 25", "Trade"])
        let steelix = try Fixtures.chainRecord(id: 41, Fixtures.onix)
        #expect(steelix.chain.evolvesTo.first?.howToEvolve == "Trade holding a Metal Coat")
        let pichu = try Fixtures.chainRecord(id: 10, Fixtures.chains[10]!)
        #expect(pichu.chain.isBaby)
        #expect(pichu.chain.stages.map(\.howToEvolve) == [nil, "High friendship", "Use a Thunder Stone"])
    }

    @Test(
        arguments: [
            (["min_level": 16], "level-up", "Level 16"),
            (["min_level": 20, "gender": 1], "level-up", "Level 20, female only"),
            (["known_move": "ancient-power"], "level-up", "Level up knowing Ancient Power"),
            (
                ["held_item": "razor-fang", "time_of_day": "night"], "level-up",
                "Level up holding a Razor Fang, nighttime"
            ),
            (["party_type": "dark", "min_level": 32], "level-up", "Level 32, with a Dark-type Pokémon in the party"),
            (["relative_physical_stats": -1, "min_level": 20], "level-up", "Level 20, Attack lower than Defense"),
            (["min_level": 50, "needs_overworld_rain": true], "level-up", "Level 50, while it rains"),
            (["min_beauty": 170], "level-up", "Beauty 170+"),
            (["location": "mt-coronet"], "level-up", "Level up at Mt Coronet"),
            (["item": "ice-stone"], "use-item", "Use an Ice Stone"),
            (["trade_species": "shelmet"], "trade", "Trade for Shelmet"),
            (["used_move": "rage-fist", "min_move_count": 20], "use-move", "Use Rage Fist 20 times"),
            (
                ["used_move": "psyshield-bash", "min_move_count": 20], "agile-style-move",
                "Use Psyshield Bash in the Agile Style 20 times"
            ),
            ([:], "three-critical-hits", "Land three critical hits in one battle"),
            // A trigger this pokedex does not know: its API name made readable, with what it needs.
            (["min_level": 5], "moon-dance", "Moon Dance, level 5"),
            // Maushold: PokeAPI's "other" says nothing, its level does.
            (["min_level": 25], "other", "Level 25"),
            ([:], "other", "A special condition"),
        ] as [([String: any Sendable], String, String)]
    )
    func conditionsInWords(fields: [String: any Sendable], trigger: String, words: String) throws {
        let root = Fixtures.Stage(
            speciesID: 1,
            name: "a",
            next: [
                Fixtures.Stage(speciesID: 2, name: "b", details: [Fixtures.detail(trigger, fields)])
            ]
        )
        let said = try #require(try Fixtures.chainRecord(id: 1, root).chain.evolvesTo.first?.howToEvolve)
        #expect(said == words)
    }

    @Test func placesOfOneConditionAreListedOnce() throws {
        let root = Fixtures.Stage(
            speciesID: 82,
            name: "magneton",
            next: [
                Fixtures.Stage(
                    speciesID: 462,
                    name: "magnezone",
                    details: [
                        Fixtures.detail("level-up", ["location": "mt-coronet"]),
                        Fixtures.detail("level-up", ["location": "chargestone-cave"]),
                        Fixtures.detail("level-up", ["location": "mt-coronet"]),
                        Fixtures.detail("use-item", ["item": "thunder-stone"]),
                    ]
                )
            ]
        )
        let said = try Fixtures.chainRecord(id: 34, root).chain.evolvesTo.first?.howToEvolve
        #expect(said == "Level up at Mt Coronet or Chargestone Cave or use a Thunder Stone")
    }

    @Test func conditionsOfRegionalFormsSaySo() throws {
        // Vulpix becomes Ninetales with a Fire Stone; Alolan Vulpix becomes Alolan Ninetales with an Ice Stone.
        let vulpix = Fixtures.Stage(
            speciesID: 37,
            name: "vulpix",
            next: [
                Fixtures.Stage(
                    speciesID: 38,
                    name: "ninetales",
                    details: [
                        Fixtures.detail("use-item", ["item": "fire-stone", "base_form": "vulpix"]),
                        Fixtures.detail(
                            "use-item",
                            ["item": "ice-stone", "base_form": "vulpix-alola", "evolved_form": "ninetales-alola"]
                        ),
                    ]
                )
            ]
        )
        #expect(
            try Fixtures.chainRecord(id: 13, vulpix).chain.evolvesTo.first?.howToEvolve
                == "Use a Fire Stone or use an Ice Stone (Alola form)"
        )
        // Only Galarian Meowth becomes Perrserker.
        let meowth = Fixtures.Stage(
            speciesID: 52,
            name: "meowth",
            next: [
                Fixtures.Stage(
                    speciesID: 53,
                    name: "persian",
                    details: [Fixtures.detail("level-up", ["min_level": 28])]
                ),
                Fixtures.Stage(
                    speciesID: 863,
                    name: "perrserker",
                    details: [
                        Fixtures.detail("level-up", ["min_level": 28, "base_form": "meowth-galar"])
                    ]
                ),
            ]
        )
        #expect(
            try Fixtures.chainRecord(id: 25, meowth).chain.evolvesTo.map(\.howToEvolve)
                == ["Level 28", "Level 28, from the Galar form"]
        )
    }

    // MARK: As a tree, in PokeAPI's names

    @Test func aRegionalFormIsABoxOfItsOwnBesideItsSpecies() throws {
        // Pikachu becomes Raichu, or in Alola Alolan Raichu: two sibling boxes, each with its own words.
        let pichu = try Fixtures.chainRecord(id: 10, Fixtures.chains[10]!)
        let pikachu = try #require(pichu.chain.branches.first?.evolvesTo.first)
        #expect(pikachu.evolvesTo.map(\.speciesName) == ["raichu", "raichu"])
        #expect(pikachu.evolvesTo.map(\.formPokemonID) == [nil, Fixtures.pokemonID("raichu-alola")])
        #expect(pikachu.evolvesTo.map(\.formPart) == [nil, "alola"])
        let words = EvolutionWords(
            names: NameBook(records: [
                .region: [.init(id: 7, name: "alola", names: [.init(language: "en", name: "Alola")])]
            ])
        )
        #expect(
            pikachu.evolvesTo.map { EvolutionNode.howToEvolve($0.conditions, words) }
                == ["Use a Thunder Stone", "Use a Thunder Stone, in Alola"]
        )
    }

    @Test func aStageReachedOnlyFromAFormHangsUnderThatFormsBox() throws {
        // Galarian Mr. Mime is a box of its own, and Mr. Rime evolves from it alone: under it, without "from".
        let mime = try Fixtures.chainRecord(id: 58, Fixtures.chains[58]!)
        let mrMime = try #require(mime.chain.branches.first?.evolvesTo)
        #expect(mrMime.map(\.formPokemonID) == [nil, 10168])
        #expect(mrMime[0].evolvesTo.isEmpty)
        #expect(mrMime[1].evolvesTo.map(\.speciesName) == ["mr-rime"])
        #expect(EvolutionNode.howToEvolve(mrMime[1].evolvesTo[0].conditions, EvolutionWords()) == "Level 42")
        // Every box once, depth first.
        #expect(mime.chain.branches[0].all.map(\.speciesName) == ["mime-jr", "mr-mime", "mr-mime", "mr-rime"])
    }

    @Test func wordsUsePokeAPIsNamesAndNameTheFormAStageStartsFrom() throws {
        let names = NameBook(records: [
            .location: [.init(id: 1, name: "mt-coronet", names: [.init(language: "en", name: "Mt. Coronet")])],
            .item: [.init(id: 2, name: "kings-rock", names: [.init(language: "en", name: "King’s Rock")])],
            // No English name: the API name made readable.
            .move: [.init(id: 3, name: "barb-barrage", names: [.init(language: "ja", name: "どくばり")])],
        ])
        let words = EvolutionWords(names: names, pokemon: [10234: "Hisuian Qwilfish"])
        func said(_ details: [[String: Any]]) throws -> String? {
            let root = Fixtures.Stage(
                speciesID: 1,
                name: "a",
                next: [Fixtures.Stage(speciesID: 2, name: "b", details: details)]
            )
            return try Fixtures.chainRecord(id: 1, root).chain.evolvesTo.first?.howToEvolve(words)
        }
        #expect(try said([Fixtures.detail("level-up", ["location": "mt-coronet"])]) == "Level up at Mt. Coronet")
        #expect(try said([Fixtures.detail("trade", ["held_item": "kings-rock"])]) == "Trade holding a King’s Rock")
        // Three ways from one form name it once, first.
        var qwilfish = ["base_form": "qwilfish-hisui", "used_move": "barb-barrage"] as [String: Any]
        let json = Fixtures.chainJSON(
            id: 1,
            Fixtures.Stage(
                speciesID: 211,
                name: "qwilfish",
                next: [
                    Fixtures.Stage(
                        speciesID: 904,
                        name: "overqwil",
                        details: [
                            Fixtures.detail(
                                "strong-style-move",
                                qwilfish.merging(["min_move_count": 20]) { a, _ in a }
                            ),
                            Fixtures.detail("level-up", ["base_form": "qwilfish-hisui", "known_move": "barb-barrage"]),
                        ]
                    )
                ]
            ),
            api: "https://pokeapi.invalid/api/v2"
        )
        var record = try EvolutionChainRecord.decodeAPI(Fixtures.encode(json))
        for index in record.chain.evolvesTo[0].conditions.indices {
            record.chain.evolvesTo[0].conditions[index].fromPokemonID = 10234
        }
        qwilfish = [:]
        #expect(
            record.chain.evolvesTo[0].howToEvolve(words)
                == "From Hisuian Qwilfish: use Barb Barrage in the Strong Style 20 times or level up knowing Barb Barrage"
        )
        // The chain names what its words refer to, each once, for the fetch stage.
        #expect(record.references.map(\.kind) == [.move])
    }

    @Test func aChainWhoseSpeciesURLHasNoIDIsRefusedWithItsPath() throws {
        var json = Fixtures.chainJSON(id: 2, Fixtures.chains[2]!, api: "https://pokeapi.invalid/api/v2")
        var chain = json["chain"] as! [String: Any]
        var next = (chain["evolves_to"] as! [[String: Any]])[0]
        next["species"] = Fixtures.ref("charmeleon", "https://pokeapi.invalid/api/v2/pokemon-species/")
        chain["evolves_to"] = [next]
        json["chain"] = chain
        let error = #expect(throws: DecodingError.self) {
            try EvolutionChainRecord.decodeAPI(Fixtures.encode(json))
        }
        #expect(error?.jsonPathAndDetail.path == "chain.evolves_to[0].species.url")
    }

    // MARK: Type matchups

    @Test func charizardTakesFourTimesFromRock() throws {
        let matchups = TypeMatchups(types: ["fire", "flying"], chart: try Fixtures.typeRecords())
        #expect(matchups.quadruple == ["rock"])
        #expect(matchups.double == ["water", "electric"])
        #expect(matchups.half == ["fire", "fighting", "steel", "fairy"])
        #expect(matchups.quarter == ["grass", "bug"])
        #expect(matchups.immune == ["ground"])
    }

    @Test func gengarIsImmuneToNormalAndFighting() throws {
        let matchups = TypeMatchups(types: ["ghost", "poison"], chart: try Fixtures.typeRecords())
        #expect(matchups.immune == ["normal", "fighting"])
        #expect(matchups.double == ["ground", "psychic", "ghost", "dark"])
        #expect(matchups.quarter == ["poison", "bug"])
        #expect(matchups.half == ["grass", "fairy"])
    }

    @Test func aTypeMissingFromTheChartClaimsNothing() throws {
        var chart = try Fixtures.typeRecords()
        chart["flying"] = nil
        let matchups = TypeMatchups(types: ["fire", "flying"], chart: chart)
        // Fire alone: Rock ×2, not ×4, and no claimed immunity to Ground.
        #expect(matchups.quadruple.isEmpty)
        #expect(matchups.double == ["water", "ground", "rock"])
        #expect(matchups.immune.isEmpty)
    }

    // MARK: Species

    @Test func speciesKeepsGenerationHabitatNamesChainAndForms() throws {
        let pikachu = try #require(Fixtures.species(25))
        let record = try SpeciesRecord.decodeAPI(
            Fixtures.encode(Fixtures.speciesJSON(pikachu, api: "https://pokeapi.invalid/api/v2"))
        )
        #expect(record.generation == 1)
        #expect(record.habitat == "forest")
        #expect(record.evolutionChainID == 10)
        #expect(record.names.contains(.init(language: "ja-hrkt", name: "ピカチュウ")))
        #expect(record.names.contains(.init(language: "en", name: "Pikachu")))
        #expect(
            record.varieties == [
                .init(id: 25, name: "pikachu", isDefault: true),
                .init(id: 10080, name: "pikachu-rock-star", isDefault: false),
            ]
        )
        let mimikyu = try SpeciesRecord.decodeAPI(
            Fixtures.encode(
                Fixtures.speciesJSON(
                    Fixtures.species(778)!,
                    api: "https://pokeapi.invalid/api/v2"
                )
            )
        )
        #expect(mimikyu.habitat == nil)
        #expect(mimikyu.generation == 7)
    }

    @Test func detailsKeepTypeIDsAndShinySprites() throws {
        let charizard = try #require(Fixtures.pokemon.first { $0.id == 6 })
        let record = try PokemonRecord.decodeAPI(
            Fixtures.encode(
                Fixtures.detail(
                    charizard,
                    api: "https://pokeapi.invalid/api/v2",
                    origin: "https://pokeapi.invalid"
                )
            )
        )
        #expect(record.types == ["fire", "flying"])
        #expect(record.typeIDs == [10, 3])
        #expect(
            record.sprites.officialArtworkShiny
                == "https://pokeapi.invalid/media/sprites/pokemon/other/official-artwork/shiny/6.png"
        )
        #expect(record.sprites.frontShiny == "https://pokeapi.invalid/media/sprites/pokemon/shiny/6.png")
    }
}
