import Foundation
import Testing

@testable import PokedexModel
@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource

/// Where to find each Pokémon: PokeAPI's encounters read, their slots summed into the lines fans read, games alike
/// said once, a page per place and the places index, in English and French, through the fixture server.
@Suite struct PlacesTests {
    // MARK: Reading PokeAPI

    @Test func encountersAreReadAsRowsAndRepeatedSlotsKeptOnce() throws {
        let json = #"""
            [{"location_area": {"name": "mossy-grove-area", "url": "https://pokeapi.co/api/v2/location-area/11/"},
              "version_details": [{"version": {"name": "red", "url": "https://pokeapi.co/api/v2/version/1/"},
                "max_chance": 5,
                "encounter_details": [
                  {"chance": 4, "min_level": 3, "max_level": 3, "condition_values": [],
                   "method": {"name": "walk", "url": "https://pokeapi.co/api/v2/encounter-method/1/"}},
                  {"chance": 4, "min_level": 3, "max_level": 3, "condition_values": [],
                   "method": {"name": "walk", "url": "https://pokeapi.co/api/v2/encounter-method/1/"}},
                  {"chance": 10, "min_level": 9, "max_level": 7,
                   "condition_values": [{"name": "moonlight", "url": "https://pokeapi.co/api/v2/encounter-condition-value/2/"},
                                        {"name": "daylight", "url": "https://pokeapi.co/api/v2/encounter-condition-value/1/"}],
                   "method": {"name": "walk", "url": "https://pokeapi.co/api/v2/encounter-method/1/"}},
                  {"chance": 4, "min_level": 3, "max_level": 3, "condition_values": [],
                   "method": {"name": "odd", "url": "https://pokeapi.co/api/v2/encounter-method/"}}]}]},
             {"location_area": {"name": "nowhere", "url": "https://pokeapi.co/api/v2/location-area/"},
              "version_details": []}]
            """#
        let record = try EncountersRecord.decodeAPI(Data(json.utf8))
        // The repeated slot once; a way whose URL has no id left out; a level range upside down set right.
        #expect(
            record.encounters == [
                Encounter(area: 11, version: 1, method: 1, minLevel: 3, maxLevel: 3, chance: 4),
                Encounter(area: 11, version: 1, method: 1, minLevel: 9, maxLevel: 9, chance: 10, conditions: [1, 2]),
            ]
        )
        // Kept as arrays of numbers, and read back the same.
        let encoded = try JSONEncoder().encode(record)
        #expect(String(decoding: encoded, as: UTF8.self).contains("[11,1,1,9,9,10,1,2]"))
        #expect(try JSONDecoder().decode(EncountersRecord.self, from: encoded) == record)
        #expect(try EncountersRecord.decodeAPI(Data("[]".utf8)).encounters.isEmpty)
    }

    // MARK: The lines fans read

    static let book = PlaceBook(
        encounters: [
            25: [
                Encounter(area: 11, version: 1, method: 1, minLevel: 3, maxLevel: 3, chance: 4),
                Encounter(area: 11, version: 1, method: 1, minLevel: 5, maxLevel: 5, chance: 1),
                Encounter(area: 11, version: 2, method: 1, minLevel: 3, maxLevel: 5, chance: 5),
                Encounter(area: 41, version: 27, method: 1, minLevel: 6, maxLevel: 9, chance: 10, conditions: [1]),
                Encounter(
                    area: 42,
                    version: 27,
                    method: 1,
                    minLevel: 8,
                    maxLevel: 12,
                    chance: 20,
                    conditions: [1, 3]
                ),
                Encounter(area: 41, version: 28, method: 1, minLevel: 6, maxLevel: 9, chance: 10, conditions: [2]),
            ],
            10: [Encounter(area: 11, version: 1, method: 1, minLevel: 3, maxLevel: 5, chance: 50)],
        ],
        areas: [
            11: LocationAreaRecord(id: 11, name: "mossy-grove-area", names: [], location: 1),
            41: LocationAreaRecord(id: 41, name: "coral-path-east", names: [], location: 4),
            42: LocationAreaRecord(id: 42, name: "coral-path-west", names: [], location: 4),
        ],
        locations: [
            1: LocationRecord(id: 1, name: "mossy-grove", names: [], region: 1, areas: [11]),
            4: LocationRecord(id: 4, name: "coral-path", names: [], region: 7, areas: [41, 42]),
        ],
        apiNames: [.version: [1: "red", 2: "blue", 27: "sun", 28: "moon", 40: "scarlet"]],
        versionGroups: [
            VersionGroupRecord(
                id: 1,
                name: "red-blue",
                order: 1,
                versions: [.init(id: 1, name: "red"), .init(id: 2, name: "blue")]
            ),
            VersionGroupRecord(
                id: 17,
                name: "sun-moon",
                order: 18,
                versions: [.init(id: 27, name: "sun"), .init(id: 28, name: "moon")]
            ),
            VersionGroupRecord(id: 25, name: "scarlet-violet", order: 27, versions: [.init(id: 40, name: "scarlet")]),
        ]
    )

    @Test func slotsAreSummedGamesAlikeMergedAndTheNewestComeFirst() {
        let games = Self.book.whereToFind(25)
        // Sun and Moon differ (day and night): each its own, as they came out; Red and Blue say the same, once,
        // Red first.
        #expect(games.map(\.versions) == [[27], [28], [1, 2]])
        let kanto = try? #require(games.last?.lines.first)
        // Two slots of one way in one area: their chances summed, their levels spanned.
        #expect(kanto?.minLevel == 3 && kanto?.maxLevel == 5 && kanto?.minChance == 5 && kanto?.maxChance == 5)
        #expect(kanto?.location == 1 && kanto?.areas == [11])
        // Sun: both areas of the route on one line, the chances a range, only the condition both share said.
        let sun = games[0].lines
        #expect(sun.count == 1)
        #expect(sun.first?.areas == [41, 42])
        #expect(sun.first.map { [$0.minLevel, $0.maxLevel, $0.minChance, $0.maxChance] } == [6, 12, 10, 20])
        #expect(sun.first?.conditions == [1])
        #expect(Self.book.whereToFind(99).isEmpty)
    }

    @Test func aPlacePageListsEveryVisitorPerGame() {
        let visitors = Self.book.visitors([25, 10])
        #expect(Set(visitors.keys) == [1, 4])
        let forest = visitors[1] ?? []
        // In Red, Pikachu and Pokémon 10; in Blue, Pikachu alone: two sets of games, as they came out.
        #expect(forest.map(\.versions) == [[1], [2]])
        #expect(forest.first?.lines.map(\.pokemon) == [10, 25])
    }

    @Test func gamesPokeAPIHasNoPlacesForAreTold() {
        // Scarlet is a game Pikachu is in with no places in the data at all.
        #expect(Self.book.uncovered([1, 2, 27, 40]) == [40])
        #expect(Self.book.coveredVersions == [1, 2, 27, 28])
    }

    // MARK: The pages

    @Test func pikachusPageSaysWhereToFindItAndWhatItHolds() async throws {
        try await withEnvironment { env in
            let summary = try await env.build(templates: GoldenTests.templates, languages: ["en", "fr"])
            #expect(summary.pages[.place] == 4)
            let page = try env.read("pokemon/pikachu.html")
            let section = try #require(Self.section(page, id: "where"))
            let text = Self.text(section)
            // The newest games first, a release's as they came out: Sun (by day), Moon (by night), then Red and
            // Blue, their places by name.
            let moon = "Moon\nCoral Path (East Meadow): On foot through grass or caves · Lv. 6–9 · 10% · By night"
            let sun =
                "Sun\nCoral Path (East Meadow): On foot through grass or caves · Lv. 6–9 · 10% · By day"
            let kanto = """
                Red, Blue
                Mossy Grove: On foot through grass or caves · Lv. 4–6 · 5%
                Spark Works: On foot through grass or caves · Lv. 21–23 · 20%
                """
            #expect(text.contains(sun + "\n" + moon), "\(text)")
            #expect(text.contains("Older games\n" + kanto) || text.contains(moon + "\n" + kanto), "\(text)")
            #expect(section.contains(#"<a href="../locations/mossy-grove.html">Mossy Grove</a>"#))
            // Pikachu learns moves in Sword and Shield too, which the server has no places for either.
            #expect(text.contains("PokeAPI has no places for Sword, Shield, Scarlet, Violet."))
            #expect(text.contains("Spark Pebble: 7% in X, Y, Omega Ruby, Alpha Sapphire"))
            #expect(text.contains("Tiny Berry: 40% in Omega Ruby, Alpha Sapphire"))
            // A gift.
            #expect(
                Self.text(try env.read("pokemon/bulbasaur.html")).contains(
                    "Harbor Village: Given by someone · Lv. 5 · 100%"
                )
            )
            // Found nowhere, in any game PokeAPI has places for.
            #expect(
                Self.text(try env.read("pokemon/charizard.html")).contains(
                    "PokeAPI lists no place to find Charizard in the wild."
                )
            )

            // The place's page, its index, and the French copies.
            let forest = Self.text(try env.read("locations/mossy-grove.html"))
            #expect(forest.contains("Kanto"))
            #expect(forest.contains("Pikachu\nOn foot through grass or caves · Lv. 4–6 · 5%"), "\(forest)")
            let index = try env.read("locations/index.html")
            #expect(index.contains(#"<a href="mossy-grove.html">Mossy Grove</a>"#))
            #expect(Self.text(index).contains("Alola"))
            let french = Self.text(try env.read("fr/pokemon/pikachu.html"))
            #expect(
                french.contains("Bosquet Moussu : À pied, dans l’herbe ou les grottes · N. 4 à 6 · 5 %"),
                "\(french)"
            )
            #expect(french.contains("De jour"))
            #expect(Self.text(try env.read("fr/locations/mossy-grove.html")).contains("Bosquet Moussu"))
            // A visitor met in the route's main area says no area: its context's areas are null, not absent, so
            // the lookup does not climb to the route's own list of areas.
            let route = Self.text(try env.read("locations/coral-path.html"))
            #expect(route.contains("Areas\nEast Meadow, Shore"), "\(route)")
            #expect(route.contains("Bulbasaur\nOn foot through grass or caves · Lv. 10 · 5%\n"), "\(route)")
            #expect(route.contains("Pikachu\nOn foot through grass or caves · Lv. 6–9 · 10% · (East Meadow) · By day"))
            #expect(route.contains("Bulbasaur\nOn foot through grass or caves · Lv. 10 · 5% · (Shore)"))
            // In French, an area PokeAPI names in French says its part of its name ("Sentier Corail (rivage)");
            // one it names in English alone stays English, marked so.
            let frenchRoute = try env.read("fr/locations/coral-path.html")
            #expect(frenchRoute.contains(#"<i>(rivage)</i>"#), "\(frenchRoute)")
            #expect(frenchRoute.contains(#"<i lang="en">(East Meadow)</i>"#), "\(frenchRoute)")
            // The site-wide search finds places, in both languages.
            let scripts = try FileManager.default.contentsOfDirectory(
                atPath: env.output.appendingPathComponent("assets").path
            )
            .filter { $0.hasPrefix("pokedex-search.") }
            let search = try scripts.map { try env.read("assets/" + $0) }
            #expect(search.count == 2)
            #expect(
                search.allSatisfy { $0.contains(#""locations/mossy-grove.html","#) && $0.contains("Bosquet Moussu") }
            )
            #expect(search.contains { $0.contains(#""locations/mossy-grove.html","Mossy Grove""#) })
            // Items and regional Pokédexes too: every kind of page that has a name.
            #expect(search.allSatisfy { $0.contains(#""items/spark-pebble.html","#) && $0.contains(#""pokedexes/"#) })
        }
    }

    @Test func eachRegionalPokedexListsItsPokemonInItsOrderAndEachPokemonSaysItsNumbers() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates, languages: ["en", "fr"])
            let pikachu = try env.read("pokemon/pikachu.html")
            let origin = Self.text(try #require(Self.section(pikachu, id: "origin-title")))
            // "Local №": Coastal 25, Highland 12, Isle 7, each linking its Pokédex's page; the National one is the
            // page's own number.
            #expect(origin.contains("Regional Pokédexes\nCoastal 25\nHighland 12\nIsle 7"), "\(origin)")
            #expect(
                pikachu.contains(
                    #"<a href="../pokedexes/highland.html">Highland</a> <span class="local-number">12</span>"#
                )
            )
            #expect(!origin.contains("National"))
            // Highland lists Pikachu at 12 before Charizard at 30; its games are Sword and Shield.
            let galar = Self.text(try env.read("pokedexes/highland.html"))
            #expect(galar.contains("Games\nSword, Shield"), "\(galar)")
            let pikachuAt = try #require(galar.range(of: "Pikachu\nNo. 12"))
            let charizardAt = try #require(galar.range(of: "Charizard\nNo. 30"))
            #expect(pikachuAt.lowerBound < charizardAt.lowerBound)
            // Coastal: each species once, by its default Pokémon, not by a form of it.
            let kanto = try env.read("pokedexes/coastal.html")
            #expect(kanto.contains(#"href="../pokemon/bulbasaur.html""#) && !kanto.contains("pikachu-rock-star"))
            let index = try env.read("pokedexes/index.html")
            for dex in ["coastal", "highland", "isle"] { #expect(index.contains(#"href="\#(dex).html""#)) }
            #expect(!index.contains("national.html"))
            #expect(Self.text(try env.read("fr/pokedexes/highland.html")).contains("Pikachu\nN° 12"))
        }
    }

    @Test func floorsAreWrittenAsTheGamesWriteThem() {
        for floor in ["1f", "b1f", "b12f", "bf2"] { #expect(SiteRenderer.isFloor(Substring(floor)), "\(floor)") }
        for word in ["b", "f", "bf", "1", "b1", "area", "1fsmall", "floor", "bf2f"] {
            #expect(!SiteRenderer.isFloor(Substring(word)), "\(word)")
        }
    }

    /// The render inputs' digest reads a Pokémon's slots as one string: every number and condition in it, slots
    /// and conditions kept apart.
    @Test func encounterSlotsDigestAsOneStringThatTellsThemApart() {
        let day = Encounter(area: 11, version: 1, method: 1, minLevel: 3, maxLevel: 30, chance: 4, conditions: [1, 2])
        let any = Encounter(area: 120, version: 12, method: 5, minLevel: 0, maxLevel: 9, chance: 100)
        #expect(PlaceBook.compact([day, any]) == "11.1.1.3.30.4.1+2;120.12.5.0.9.100.")
        #expect(PlaceBook.compact([]).isEmpty)
        var twelve = day
        twelve.conditions = [12]
        #expect(PlaceBook.compact([twelve]) != PlaceBook.compact([day]))
        #expect(PlaceBook.compact([any, day]) != PlaceBook.compact([day, any]))
    }

    @Test func placesInEvolutionSentencesLinkTheirPages() {
        let links = ["Mt. Coronet": "../locations/mt-coronet.html", "Route 13": "../locations/unova-route-13.html"]
        let runs = TextRunContext.runs("Level up at Mt. Coronet, Chargestone Cave or Route 13", links: links)
        #expect(runs.map(\.text) == ["Level up at ", "Mt. Coronet", ", Chargestone Cave or ", "Route 13"])
        #expect(runs.map(\.href) == ["", links["Mt. Coronet"], "", links["Route 13"]])
        #expect(runs.map(\.hasLink) == [false, true, false, true])
        // In a sentence of another language, a place named in English stays marked as English, and linked.
        let french = TextRunContext.runs("Gagner un niveau au \u{E000}Mt. Coronet\u{E001}", links: links)
        #expect(french.map(\.text) == ["Gagner un niveau au ", "Mt. Coronet"])
        #expect(
            french.last?.isForeign == true && french.last?.lang == "en" && french.last?.href == links["Mt. Coronet"]
        )
        #expect(TextRunContext.runs("Level 30", links: links).map(\.hasLink) == [false])
        // The things a sentence names are taken in its order, each once: of two with one name in the language
        // (PokeAPI's Japanese Masterpiece and Unremarkable Teacups), the first named gets the link, every run.
        #expect(
            SiteRenderer.inOrder(["unremarkable-teacup", "masterpiece-teacup", "unremarkable-teacup", "a"])
                == ["unremarkable-teacup", "masterpiece-teacup", "a"]
        )
    }

    @Test func aHostilePlaceNameIsEscapedAndItsPageSlugged() async throws {
        try await withEnvironment { env in
            env.server.hostile = true
            try await env.build(templates: GoldenTests.templates)
            let page = try env.read("locations/evil-place.html")
            #expect(page.contains("&lt;script&gt;alert(2)&lt;/script&gt;"))
            #expect(!page.contains("<script>alert"))
            let slug = Slug.make(name: Fixtures.hostileName, id: Fixtures.hostileID)
            let pokemon = try env.read("pokemon/\(slug).html")
            #expect(pokemon.contains(#"href="../locations/evil-place.html""#))
            #expect(!pokemon.contains("<img src=x"))
        }
    }

    /// The `<section>` whose id is `id`.
    static func section(_ page: String, id: String) -> String? {
        guard let start = page.range(of: #"id="\#(id)""#),
            let end = page.range(of: "</section>", range: start.upperBound..<page.endIndex)
        else { return nil }
        return String(page[start.lowerBound..<end.upperBound])
    }

    /// Markup as lines of words: tags dropped, a line ended where a block (or a cell's note) ends, entities read.
    static func text(_ html: String) -> String {
        var text = html.replacingOccurrences(
            of: "</(dt|dd|li|p|h[1-6]|summary)>|<small",
            with: "\n$0",
            options: .regularExpression
        )
        text = text.replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
        for (entity, character) in [("&amp;", "&"), ("&#39;", "'"), ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .joined(separator: "\n")
    }
}
