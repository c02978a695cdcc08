import Foundation
import PokedexSupport
import Testing

@testable import PokedexModel
@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource

/// Lists show what plays differently: a form with its species' types, stats and abilities lives on its species'
/// page and in search, not in the index or the lists of move, ability and type pages; previous and next step
/// through species; a form's page says whose entries and moves it shows; a Mega names its stone.
@Suite struct FormsInListsTests {
    static func record(
        _ name: String,
        id: Int,
        species: Int,
        isDefault: Bool,
        types: [String] = ["electric"],
        stats: [Int] = [35, 55, 40, 50, 50, 90],
        abilities: [(String, Bool)] = [("static", false), ("lightning-rod", true)]
    ) -> PokemonRecord {
        let statNames = ["hp", "attack", "defense", "special-attack", "special-defense", "speed"]
        return PokemonRecord(
            id: id,
            name: name,
            speciesID: species,
            speciesName: String(name.prefix { $0 != "-" }),
            isDefault: isDefault,
            baseExperience: 1,
            height: 4,
            weight: 60,
            types: types,
            typeIDs: types.map { _ in 13 },
            stats: zip(statNames, stats).map { .init(name: $0, value: $1) },
            abilities: abilities.map { .init(name: $0.0, isHidden: $0.1, id: nil) },
            sprites: .init(
                officialArtwork: nil,
                home: nil,
                frontDefault: nil,
                officialArtworkShiny: nil,
                frontShiny: nil
            ),
            formID: nil
        )
    }

    @Test func aFormPlaysAlikeOnlyWithTheSameTypesStatsAndAbilities() {
        let pikachu = Self.record("pikachu", id: 25, species: 25, isDefault: true)
        #expect(Pokedex.playsAlike(Self.record("pikachu-rock-star", id: 10080, species: 25, isDefault: false), pikachu))
        // Partner Pikachu: other stats.
        #expect(
            !Pokedex.playsAlike(
                Self.record(
                    "pikachu-starter",
                    id: 10158,
                    species: 25,
                    isDefault: false,
                    stats: [45, 80, 50, 75, 60, 120]
                ),
                pikachu
            )
        )
        // Other types, or an ability more or less, or the hidden one another: plays differently.
        #expect(
            !Pokedex.playsAlike(
                Self.record("x", id: 1, species: 25, isDefault: false, types: ["electric", "psychic"]),
                pikachu
            )
        )
        #expect(
            !Pokedex.playsAlike(
                Self.record("x", id: 1, species: 25, isDefault: false, abilities: [("static", false)]),
                pikachu
            )
        )
        #expect(
            !Pokedex.playsAlike(
                Self.record(
                    "x",
                    id: 1,
                    species: 25,
                    isDefault: false,
                    abilities: [("static", true), ("lightning-rod", false)]
                ),
                pikachu
            )
        )
    }

    @Test func entriesKnowWhichFormsOnlyLookDifferentAndWhatMakesAMega() {
        let records = [
            Self.record("pikachu", id: 25, species: 25, isDefault: true),
            Self.record("pikachu-rock-star", id: 10080, species: 25, isDefault: false),
            Self.record("raichu", id: 26, species: 26, isDefault: true),
            Self.record("raichu-alola", id: 10100, species: 26, isDefault: false, types: ["electric", "psychic"]),
            Self.record("raichu-mega-x", id: 10200, species: 26, isDefault: false, stats: [60, 135, 95, 90, 95, 110]),
            Self.record("rayquaza-mega", id: 10079, species: 384, isDefault: false, types: ["dragon", "flying"]),
        ]
        let category = ItemCategoryRecord(
            id: 44,
            name: "mega-stones",
            items: [
                .init(id: 699, name: "charizardite-x"), .init(id: 2262, name: "raichunite-x"),
                .init(id: 2263, name: "raichunite-y"),
            ]
        )
        let entries = Pokedex.entries(
            list: records.map { .init(id: $0.id, name: $0.name) },
            records: Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) }),
            species: [:],
            images: [:],
            itemCategories: ["mega-stones": category]
        )
        func entry(_ name: String) -> PokemonEntry? { entries.first { $0.record.name == name } }
        #expect(entry("pikachu-rock-star")?.onlyLooksDifferent == true)
        #expect(entry("raichu-alola")?.onlyLooksDifferent == false)
        #expect(entry("pikachu")?.isListed == true)
        #expect(entry("raichu-mega-x")?.megaTrigger == .stone("raichunite-x"))
        #expect(entry("rayquaza-mega")?.megaTrigger == .move("dragon-ascent"))
        #expect(entry("raichu-alola")?.megaTrigger == nil)
        let pokedex = Pokedex(entries: entries, favorites: FavoritesResolution(), dataAge: nil)
        #expect(
            pokedex.listed.map(\.record.name) == [
                "pikachu", "raichu", "raichu-alola", "raichu-mega-x", "rayquaza-mega",
            ]
        )
    }

    @Test func megaStonesAreTheCategorysItemsNamedAfterTheirSpecies() {
        let stones: [SpeciesRecord.ResourceLink] = [
            "gengarite", "charizardite-x", "charizardite-y", "latiasite", "latiosite", "scraftinite", "dragoninite",
            "dragalgite", "absolite", "absolite-z", "darkranite",
        ].enumerated().map { .init(id: $0.offset + 1, name: $0.element) }
        let megas: [(pokemon: String, species: String)] = [
            ("charizard-mega-y", "charizard"), ("latios-mega", "latios"), ("scrafty-mega", "scrafty"),
            ("dragonite-mega", "dragonite"), ("dragalge-mega", "dragalge"), ("absol-mega-z", "absol"),
            ("darkrai-mega", "darkrai"), ("rayquaza-mega", "rayquaza"), ("meganium", "meganium"),
        ]
        let found = MegaForm.stones(for: megas, among: stones).mapValues(\.name)
        #expect(
            found == [
                "charizard-mega-y": "charizardite-y", "latios-mega": "latiosite", "scrafty-mega": "scraftinite",
                "dragonite-mega": "dragoninite", "dragalge-mega": "dragalgite", "absol-mega-z": "absolite-z",
                "darkrai-mega": "darkranite",
            ]
        )
        #expect(MegaForm.isMega("meowstic-male-mega") && !MegaForm.isMega("meganium"))
    }

    @Test func previousAndNextStepThroughSpecies() {
        let records = [
            Self.record("pichu", id: 172, species: 172, isDefault: true),
            Self.record("pikachu", id: 25, species: 25, isDefault: true),
            Self.record("pikachu-rock-star", id: 10080, species: 25, isDefault: false),
            Self.record("raichu", id: 26, species: 26, isDefault: true),
            Self.record("raichu-alola", id: 10100, species: 26, isDefault: false, types: ["electric", "psychic"]),
            // A species whose default Pokémon is not exported: its form stands for it.
            Self.record("sandshrew-alola", id: 10101, species: 27, isDefault: false, types: ["ice", "steel"]),
        ]
        let entries = Pokedex.entries(
            list: records.map { .init(id: $0.id, name: $0.name) },
            records: Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) }),
            species: [:],
            images: [:]
        )
        let pokedex = Pokedex(entries: entries, favorites: FavoritesResolution(), dataAge: nil)
        let steps = Dictionary(
            uniqueKeysWithValues: zip(
                entries.map(\.record.name),
                pokedex.neighbours.map { step in
                    [step.previous, step.next].map { $0.map { entries[$0].record.name } ?? "" }
                }
            )
        )
        #expect(steps["pikachu"] == ["", "raichu"])
        #expect(steps["pikachu-rock-star"] == ["", "raichu"])
        #expect(steps["raichu"] == ["pikachu", "sandshrew-alola"])
        #expect(steps["raichu-alola"] == ["pikachu", "sandshrew-alola"])
        #expect(steps["sandshrew-alola"] == ["raichu", "pichu"])
    }

    // MARK: The site

    @Test func listsLeaveOutFormsThatOnlyLookDifferentAndTheirPagesSayWhoseTheyAre() async throws {
        try await withEnvironment { env in
            try await env.build(perPage: 24, templates: GoldenTests.templates)
            let index = try env.read("index.html")
            // Pikachu Rock Star has Pikachu's types, stats and abilities: its species' cell stands for it.
            #expect(index.contains(#"href="pokemon/pikachu.html""#))
            #expect(!index.contains(#"href="pokemon/pikachu-rock-star.html""#))
            #expect(index.contains(#"href="pokemon/mr-mime-galar.html""#), "a form that plays differently is listed")
            #expect(try env.read("pokemon/pikachu-rock-star.html").contains("<h1>Pikachu Rock Star</h1>"))
            for page in [
                "abilities/static.html", "types/electric.html", "moves/thunderbolt.html", "moves/thunder-shock.html",
            ] {
                let html = try env.read(page)
                #expect(html.contains(#"href="../pokemon/pikachu.html""#), "\(page) lacks Pikachu")
                #expect(!html.contains("pikachu-rock-star"), "\(page) lists Pikachu Rock Star")
            }
            // Species by species: Pikachu → Nidoran♀, and its form steps to its species' neighbours.
            let pikachu = try env.read("pokemon/pikachu.html")
            #expect(pikachu.contains(#"<a class="next" href="nidoran-f.html" rel="next">"#))
            #expect(pikachu.contains(#"<a class="prev" href="charizard.html" rel="prev">"#))
            let rockStar = try env.read("pokemon/pikachu-rock-star.html")
            #expect(rockStar.contains(#"<a class="next" href="nidoran-f.html" rel="next">"#))
            #expect(rockStar.contains(#"<a class="prev" href="charizard.html" rel="prev">"#))
            // A form's entries are its species'; a Mega knows its base form's moves and names its stone.
            let mega = try env.read("pokemon/charizard-mega-x.html")
            #expect(mega.contains("these are Charizard’s entries"))
            #expect(
                mega.contains("A Mega Evolution knows the moves of the Pokémon it evolves from: these are Charizard’s.")
            )
            #expect(mega.contains(#"href="../moves/flamethrower.html""#), "the Mega shows Charizard's moves")
            #expect(mega.contains(#"Mega Evolve holding <a href="../items/charizardite-x.html">Charizardite X</a>"#))
            #expect(mega.contains(#"href="charizard-mega-x.html" aria-current="page""#), "the tree marks the Mega")
            #expect(!mega.contains(#"href="charizard.html" aria-current"#), "the tree marks the Mega, not its base")
            let charizard = try env.read("pokemon/charizard.html")
            #expect(
                charizard.contains(#"Mega Evolve holding <a href="../items/charizardite-x.html">Charizardite X</a>"#),
                "the base's tree has its Mega"
            )
            #expect(!charizard.contains("these are Charizard’s entries"), "a species' own entries need no note")
            // Charmander to Mega Charizard X is four stages: too wide for a row on a desktop's page.
            #expect(charizard.contains(#"<ol class="evolution is-deep">"#))
            #expect(pikachu.contains(#"<ol class="evolution">"#), "Pichu to Raichu is three")
            // A form without a box of its own is marked in the box of the Pokémon it plays as.
            #expect(rockStar.contains(#"href="pikachu.html" aria-current="true""#))
        }
    }
}
