import Foundation
import Testing

@testable import PokedexModel
@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource

/// What a fan checks besides moves: training, breeding and Pokédex entries on each Pokémon's page, ability pages,
/// type pages, the type chart and the site-wide search's data, through the fixture server with the real theme.
@Suite struct ReferencePagesTests {
    // MARK: The model's words

    @Test func genderRatiosAreSaidInWords() {
        #expect(Profile.genderRatio(-1) == "Genderless")
        #expect(Profile.genderRatio(0) == "100% male")
        #expect(Profile.genderRatio(8) == "100% female")
        #expect(Profile.genderRatio(4) == "50% male, 50% female")
        #expect(Profile.genderRatio(1) == "87.5% male, 12.5% female")
        #expect(Profile.genderRatio(nil) == nil)
        #expect(Profile.genderRatio(9) == nil)
    }

    @Test func theEffortYieldNamesItsStats() {
        let stats = [
            PokemonRecord.Stat(name: "hp", value: 35, effort: 0), .init(name: "speed", value: 90, effort: 2),
            .init(name: "special-attack", value: 50, effort: 1),
        ]
        let labels = ["speed": "Speed", "special-attack": "Special Attack"]
        #expect(Profile.effortYield(stats, label: { labels[$0] ?? $0 }) == "2 Speed, 1 Special Attack")
        #expect(Profile.effortYield([.init(name: "hp", value: 1)], label: { $0 }) == nil)
    }

    @Test func equalEntriesAreMergedWithTheirGamesNewestFirst() {
        func entry(_ text: String, _ id: Int, _ name: String) -> SpeciesRecord.FlavorEntry {
            .init(text: text, version: .init(id: id, name: name))
        }
        let merged = PokedexEntryText.merge([
            entry("It stores electricity in its cheeks.", 1, "red"),
            entry("It stores  electricity in its Cheeks.", 2, "blue"),
            entry("A newer text.", 40, "scarlet"),
            entry("It stores electricity in its cheeks.", 24, "y"),
        ])
        #expect(merged.map(\.versions) == [["scarlet"], ["red", "blue", "y"]])
        #expect(merged[1].text == "It stores electricity in its cheeks.")
        // Names the old games wrote in capitals are spelt as fans know them, and merge with the newer texts.
        let unshouted = PokedexEntryText.merge(
            [
                entry("PIKACHU stores electricity. PIKACHU’s cheeks are not a MOUSE's.", 1, "red"),
                entry("Pikachu stores electricity. Pikachu’s cheeks are not a MOUSE’s.", 2, "blue"),
            ],
            properNames: ["PIKACHU": "Pikachu"]
        )
        // The newest reprint's spelling (its typographic apostrophe), both games.
        #expect(unshouted.map(\.text) == ["Pikachu stores electricity. Pikachu’s cheeks are not a MOUSE’s."])
        #expect(unshouted.first?.versions == ["red", "blue"])
        #expect(PokedexEntryText.unshout("IVYSAUR's bulb", properNames: ["IVYSAUR": "Ivysaur"]) == "Ivysaur's bulb")
        // Capitals that are no name stay; so does a text without case, and accented capitals count as capitals.
        #expect(PokedexEntryText.unshout("A TV and a Z", properNames: ["TV": "Tv"]) == "A TV and a Z")
        #expect(PokedexEntryText.unshout("ピカチュウ", properNames: ["PIKACHU": "Pikachu"]) == "ピカチュウ")
        #expect(PokedexEntryText.unshout("FLABÉBÉ flotte", properNames: ["FLABÉBÉ": "Flabébé"]) == "Flabébé flotte")
        #expect(PokedexEntryText.unshout("ÉÈÊ!", properNames: ["ÉÈÊ": "Éèê"]) == "Éèê!")  // no two ASCII capitals
        #expect(PokedexEntryText.unshout("ÉÉ", properNames: ["ÉÉ": "x"]) == "ÉÉ")  // shorter than any name
        // Scalar by scalar where each is a character of its own, else character by character: the same words.
        let names = ["PIKACHU": "Pikachu", "FLABÉBÉ": "Flabébé", "MR": "Mr", "NIDORAN♀": "Nidoran♀"]
        for text in [
            "POKéMON PIKACHU’s tail\r\nPIKACHU 25 PIKACHU2", "FLABE\u{301}BE\u{301} FLABÉBÉ\u{AD}PIKACHU",
            "MR. PIKACHU—PIKACHU\u{200D}PIKACHU…", "NIDORAN♀ and PIKACHU’S", "«PIKACHU» PIKACHU'S 'PIKACHU'",
        ] {
            #expect(
                PokedexEntryText.unshout(text, properNames: names)
                    == PokedexEntryText.unshoutByCharacter(text, properNames: names),
                "\(text)"
            )
        }
        #expect(
            PokedexEntryText.unshout("POKéMON PIKACHU’s tail\r\nPIKACHU", properNames: names)
                == "POKéMON Pikachu’s tail\r\nPikachu"
        )
        // A combining accent joins the letter before it into one character: the name is found whole, as the
        // character-by-character reading finds it (a scalar-by-scalar one would end the word at the accent).
        #expect(PokedexEntryText.unshout("FLABE\u{301}BE\u{301} flotte", properNames: names) == "Flabébé flotte")
        // What makes two texts the same: case, runs of spaces, spaces at the ends, the typographic apostrophe.
        #expect(PokedexEntryText.comparable("  It’s   a  CAT ") == "it's a cat")
        #expect(PokedexEntryText.comparable("") == "")
        // Lower case as `lowercased()` makes it, in every script the entries are in (one scalar may become two).
        func lowercasedFirst(_ text: String) -> String {
            text.lowercased().replacingOccurrences(of: "’", with: "'").split(separator: " ").joined(separator: " ")
        }
        for text in [
            "FLABÉBÉ’S  Pokémon", "ΣΊΣΥΦΟΣ ΚΑΙ Ω", "İSTANBUL Straße", "ПИКАЧУ  Ёж", "ピカチュウ　でんき",
            "피카츄는 ÀÉÎ", " Ǆ ǅ ǆ ᾈ ",
        ] {
            #expect(PokedexEntryText.comparable(text) == lowercasedFirst(text), "\(text)")
        }
    }

    @Test func theAttackingSideOfTheChartIsTheDefendingSideTurnedRound() {
        let chart: [String: TypeRecord] = [
            "normal": .init(
                id: 1,
                name: "normal",
                doubleDamageFrom: ["fighting"],
                halfDamageFrom: [],
                noDamageFrom: ["ghost"]
            ),
            "ghost": .init(
                id: 8,
                name: "ghost",
                doubleDamageFrom: ["ghost"],
                halfDamageFrom: [],
                noDamageFrom: ["normal"]
            ),
            "psychic": .init(
                id: 14,
                name: "psychic",
                doubleDamageFrom: ["ghost"],
                halfDamageFrom: [],
                noDamageFrom: []
            ),
        ]
        let ghost = TypeMatchups.attacking("ghost", chart: chart)
        #expect(ghost.double == ["psychic", "ghost"] && ghost.none == ["normal"] && ghost.half.isEmpty)
        #expect(TypeMatchups.multiplier(attacking: "normal", defending: "ghost", chart: chart) == 0)
        #expect(TypeMatchups.multiplier(attacking: "normal", defending: "psychic", chart: chart) == 1)
        #expect(TypeMatchups.multiplier(attacking: "normal", defending: "dark", chart: chart) == nil)
    }

    // MARK: Pokémon pages

    @Test func aPokemonPageHasTrainingBreedingAndEntries() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            let pikachu = MovesTests.text(try env.read("pokemon/pikachu.html"))
            for fact in [
                "EV yield 2 Speed", "Catch rate 190", "Base friendship 50", "Base experience 112", "Growth rate Medium",
                "Egg groups Field, Fairy", "Gender 50% male, 50% female", "Egg cycles 20",
                // Two games print the same text (spacing aside): one entry, both games; newest first.
                "Pokédex entries Scarlet It raises its tail to check its surroundings. Red, Blue It stores electricity in its cheeks.",
                "Static Short effect of static.", "Lightning Rod Hidden ability Short effect of lightning rod.",
            ] {
                #expect(pikachu.contains(fact), "pokemon/pikachu.html lacks \"\(fact)\"")
            }
            let html = try env.read("pokemon/pikachu.html")
            #expect(html.contains(#"<a href="../abilities/static.html">Static</a>"#))
            #expect(
                html.contains(#"<li class="type type-electric"><a href="../types/electric.html">Electric</a></li>"#)
            )
            // Genderless, female only, a null egg cycle count.
            #expect(
                MovesTests.text(try env.read("pokemon/type-null.html")).contains("Gender Genderless Egg cycles 120")
            )
            #expect(MovesTests.text(try env.read("pokemon/nidoran-f.html")).contains("Gender 100% female"))
            #expect(MovesTests.text(try env.read("pokemon/mimikyu-busted.html")).contains("Egg cycles —"))
            #expect(MovesTests.text(try env.read("pokemon/charizard.html")).contains("EV yield 3 Special Attack"))
            // An item PokeAPI has no English name for is its API name made readable, never a slug.
            let nidoran = MovesTests.text(try env.read("pokemon/nidoran-f.html"))
            #expect(nidoran.contains("Use a Moon Stone") && !nidoran.contains("moon-stone"))
        }
    }

    // MARK: Ability pages

    @Test func anAbilityPageListsWhoHasItAndTheIndexListsEveryAbility() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            let staticPage = MovesTests.text(try env.read("abilities/static.html"))
            for fact in [
                "Static", "Short effect of static.", "The long effect of static. Its second paragraph.",
                "What static does, as the games say.", "Introduced in Generation III",
                "As an ability 1 Pikachu",
            ] {
                #expect(staticPage.contains(fact), "abilities/static.html lacks \"\(fact)\"")
            }
            #expect(!staticPage.contains("An older text."))
            let lightningRod = MovesTests.text(try env.read("abilities/lightning-rod.html"))
            #expect(lightningRod.contains("As a hidden ability 1 Pikachu"))
            // No English effect: no Effect section, and the index says what the games say instead.
            let disguise = MovesTests.text(try env.read("abilities/disguise.html"))
            #expect(!disguise.contains("Effet") && !disguise.contains("Effect "))
            let index = MovesTests.text(try env.read("abilities/index.html"))
            #expect(index.contains("Disguise What disguise does, as the games say."))
            #expect(index.contains("Static Short effect of static. 1 III"))
            // An ability with no English name is still listed, its API name made readable.
            #expect(index.contains("Filter"))
            for page in ["index.html", "pokemon/pikachu.html", "moves/thunderbolt.html", "types/electric.html"] {
                #expect(
                    try env.read(page).contains(#"abilities/index.html""#),
                    "\(page) does not link the abilities index"
                )
            }
        }
    }

    // MARK: Type pages and the chart

    @Test func aTypePageSaysWhatItDoesAndTakesAndListsItsPokemonAndMoves() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            let ghost = MovesTests.text(try env.read("types/ghost.html"))
            for fact in [
                "Attacking with Ghost moves Super effective against ×2 Psychic Ghost",
                "No effect on ×0 Normal", "Defending as Ghost Weak to ×2 Ghost", "Immune to ×0 Normal Fighting",
                "Ghost Pokémon 1 Mimikyu",
            ] {
                #expect(ghost.contains(fact), "types/ghost.html lacks \"\(fact)\"")
            }
            let electric = MovesTests.text(try env.read("types/electric.html"))
            #expect(
                electric.firstMatch(of: /Electric moves \d+ Move Type Category Cat\. Power Accuracy Acc\. PP/) != nil,
                "\(electric)"
            )
            #expect(electric.contains("Thunderbolt Electric Special 90 100 15"))
            #expect(try env.read("types/electric.html").contains(#"href="../moves/thunderbolt.html""#))
            let chart = try env.read("types/index.html")
            #expect(chart.contains(#"<td class="x0" title="Normal → Ghost: no effect (×0)">0</td>"#))
            #expect(chart.contains(#"<td class="x2" title="Ghost → Psychic: super effective (×2)">2</td>"#))
            // Only types with a page are in the chart: no fixture Pokémon or move is Fighting.
            #expect(!chart.contains("Fighting"))
            #expect(chart.contains(#"title="Normal → Normal: normal damage (×1)"><span class="vh">1</span></td>"#))
            #expect(chart.contains(#"<th scope="row" class="type-ghost"><a href="../types/ghost.html">Ghost</a></th>"#))
        }
    }

    // MARK: Fixed on the way

    @Test func aHomeRenderIsCalledSoNotArtwork() {
        let sprites = PokemonRecord.Sprites(
            officialArtwork: nil,
            home: "https://img.invalid/home/10.png",
            frontDefault: "https://img.invalid/front/10.png"
        )
        var entry = HandBuiltPokedex.entry(id: 10, name: "formy", types: ["normal"], chainID: nil, sprites: sprites)
        entry.image = .remote(url: "https://img.invalid/home/10.png")
        let renderer = SiteRenderer(theme: try! Theme(overrides: nil), perPage: 5, parallelism: 1)
        let pictures = SiteRenderer.pictures(entry, main: renderer.image(entry, root: "../", lazy: false))
        #expect(pictures.map(\.label) == ["HOME render", "Sprite"])
        #expect(pictures.first?.id == "home")
        // With official artwork, it is artwork.
        let artwork = HandBuiltPokedex.entry(id: 11, name: "arty", types: ["normal"], chainID: nil)
        #expect(
            SiteRenderer.pictures(artwork, main: renderer.image(artwork, root: "../", lazy: false)).first?.label
                == "Artwork"
        )
    }

    @Test func aChainStageLinksAnExportedFormWhenItsSpeciesDefaultIsNotExported() async throws {
        let pichu = HandBuiltPokedex.entry(id: 172, name: "pichu", types: ["electric"], chainID: 10)
        var rockStar = HandBuiltPokedex.entry(id: 10080, name: "pikachu-rock-star", types: ["electric"], chainID: 10)
        rockStar.record.speciesID = 25
        rockStar.record.isDefault = false
        let pokedex = try HandBuiltPokedex.pokedex([pichu, rockStar], chains: [10: Fixtures.chains[10]!])
        let (details, _) = try await HandBuiltPokedex.render(pokedex)
        let stages = try #require(details["pichu"]?.evolution?.stages)
        let pikachuStage = try #require(stages.first?.evolvesTo.first)
        #expect(pikachuStage.isLinked && pikachuStage.href == "pikachu-rock-star.html")
    }

    // MARK: Data

    @Test func eachAbilityEggGroupGrowthRateAndVersionIsFetchedOnceAndAWarmBuildAsksNothing() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            for path in [
                "/api/v2/ability/\(Fixtures.referenceID("static"))/",
                "/api/v2/egg-group/\(Fixtures.referenceID("field"))/",
                "/api/v2/growth-rate/\(Fixtures.referenceID("medium"))/", "/api/v2/version/40/",
            ] {
                #expect(env.server.count(path) == 1, "\(path) fetched \(env.server.count(path)) times")
            }
            env.server.resetCounts()
            let warm = try await env.build(templates: GoldenTests.templates)
            #expect(warm.network.requests == 0)
            #expect(warm.filesWritten == 0)
        }
    }

    @Test func theSearchDataNamesEveryKindInEveryLanguage() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            let html = try env.read("pokemon/pikachu.html")
            let name = try #require(
                html.firstMatch(of: /data-search-data="\.\.\/(assets\/pokedex-search\.[0-9a-f]{8}\.js)"/)?.1
            )
            let script = try env.read(String(name))
            #expect(script.hasPrefix("window.POKEDEX_SEARCH = {"))
            for needle in [
                #"["pokemon","Pokémon",["#, #""pokemon/pikachu.html","Pikachu""#, "ピカチュウ",
                #"["move","Moves",["#, #""moves/thunderbolt.html","Thunderbolt""#, "１０まんボルト",
                #"["ability","Abilities",["#, #""abilities/static.html","Static""#,
                #"["type","Types",["#, #""types/ghost.html","Ghost""#,
            ] {
                #expect(script.contains(needle), "the search data lacks \(needle)")
            }
            // The page without JavaScript: links to the indexes.
            let search = try env.read("search.html")
            for index in ["moves/index.html", "abilities/index.html", "types/index.html"] {
                #expect(search.contains(index))
            }
        }
    }

    @Test func hostileAbilityNamesAreEscapedAndNeverBecomePaths() async throws {
        try await withEnvironment { env in
            env.server.hostile = true
            try await env.build(templates: GoldenTests.templates)
            for (path, data) in try snapshot(env.output) where path.hasPrefix("abilities/") || path.hasPrefix("types/")
            {
                #expect(!path.contains("<") && !path.contains("\""), "\(path)")
                let text = String(decoding: data, as: UTF8.self)
                #expect(!text.contains("<script>alert"), "\(path) carries the hostile markup unescaped")
            }
            #expect(!env.exists("types/<b>bold</b>.html"))
            // The hostile ability has a page under a clean slug, its name escaped.
            let slug = Slug.make(name: Fixtures.hostileName, id: Fixtures.referenceID(Fixtures.hostileName))
            #expect(env.exists("abilities/\(slug).html"))
        }
    }

    @Test func theTypeCalculatorCarriesTheChartAndTheAbilitiesRulesAndPokemonPagesLinkIt() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates, languages: ["en", "fr"])
            let page = try env.read("types/calculator.html")
            // The chart as the script reads it: Normal's row says Ghost takes nothing from it, Electric's that
            // Flying takes double and Grass half.
            let types = try #require(Self.attribute("data-types", in: page)).split(separator: " ").map(String.init)
            let rows = try #require(Self.attribute("data-chart", in: page)).split(separator: " ").map(Array.init)
            #expect(rows.count == types.count && rows.allSatisfy { $0.count == types.count })
            let index = { (type: String) in try #require(types.firstIndex(of: type), "\(type) is not in \(types)") }
            #expect(rows[try index("normal")][try index("ghost")] == "0")
            #expect(rows[try index("electric")][try index("flying")] == "2")
            #expect(rows[try index("electric")][try index("grass")] == "h")
            // Only the abilities some Pokémon has, each with its rule.
            #expect(page.contains(#"<option value="lightning-rod" data-rule="electric:0">Lightning Rod</option>"#))
            #expect(!page.contains(#"value="levitate""#))
            // Pikachu's matchups open the calculator with its type, and with Lightning Rod.
            let pikachu = try env.read("pokemon/pikachu.html")
            #expect(pikachu.contains(#"href="../types/calculator.html#def=electric""#))
            #expect(pikachu.contains(#"href="../types/calculator.html#def=electric&amp;ability=lightning-rod""#))
            // The French copy, in French; the script is the page's alone.
            let french = try env.read("fr/types/calculator.html")
            #expect(french.contains("<h1 class=\"page-title\">Calculateur de types</h1>"))
            #expect(french.contains("assets/calculator."))
            #expect(!pikachu.contains("assets/calculator."))
        }
    }

    @Test func theComparisonCarriesTheChartAndStatsAndItsAbilitiesScriptNamesEachPokemonsAbilities() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates, languages: ["en", "fr"])
            let page = try env.read("compare.html")
            // The chart, as the calculator's; the six stats and the two levels of the ranges.
            let types = try #require(Self.attribute("data-types", in: page)).split(separator: " ")
            let rows = try #require(Self.attribute("data-chart", in: page)).split(separator: " ")
            #expect(!types.isEmpty && rows.count == types.count)
            for stat in ["hp", "attack", "defense", "special-attack", "special-defense", "speed"] {
                #expect(page.contains(#"data-row="stat" data-stat="\#(stat)""#))
                #expect(page.contains(#"data-row="range" data-level="100" data-stat="\#(stat)""#))
            }
            #expect(page.contains(#"data-fragment-state="""#))
            // What it loads: the index's data, the cells', calculator's and its own scripts.
            for script in ["assets/pokedex-data.", "assets/cells.", "assets/calculator.", "assets/compare."] {
                #expect(page.contains(#"<script src="\#(script)"#), "\(script)")
            }
            // Its abilities script: Pikachu's Static, and Lightning Rod as its hidden one, with their pages.
            let path = try #require(Self.attribute("data-abilities", in: page))
            let script = try env.read(path)
            let json = try #require(script.firstRange(of: " = ").map { script[$0.upperBound...].dropLast(2) })
            let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            #expect(decoded["version"] as? Int == 1)
            let abilities = try #require(decoded["abilities"] as? [[String]])
            let pokemon = try #require(decoded["pokemon"] as? [[Any]])
            let pikachu = try #require(pokemon.first { $0.first as? Int == 25 })
            let normal = try #require(pikachu[1] as? [Int]).map { abilities[$0] }
            let hidden = try #require(pikachu[2] as? [Int]).map { abilities[$0] }
            #expect(normal.map(\.[0]) == ["static"])
            #expect(normal.first?[1] == "Static" && normal.first?[2] == "abilities/static.html")
            #expect(hidden.map(\.[0]) == ["lightning-rod"])
            // Each Pokémon page has its way there; the French copy is in French with its own abilities script.
            #expect(try env.read("pokemon/pikachu.html").contains(#"href="../compare.html#pikachu""#))
            let french = try env.read("fr/compare.html")
            #expect(french.contains("<h1 class=\"page-title\">Comparer des Pokémon</h1>"))
            let frenchPath = try #require(Self.attribute("data-abilities", in: french))
            #expect(frenchPath != path && frenchPath.hasPrefix("../assets/pokedex-abilities."))
            // The fixtures name abilities in English alone: the French copy says so with the name's language.
            #expect(
                try env.read(String(frenchPath.dropFirst(3)))
                    .contains(#"["static","Static","abilities/static.html","en"]"#)
            )
        }
    }

    @Test func theNaturesTableSaysWhatEachRaisesLowersLikesAndDislikesInThePagesLanguage() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates, languages: ["en", "fr"])
            let page = try env.read("natures.html")
            #expect(
                page.contains(
                    #"<tr id="daring"><th scope="row">Daring</th><td class="nature-up">Attack</td><td class="nature-down">Speed</td><td>Zesty</td><td>Mellow</td></tr>"#
                )
            )
            // A nature that changes nothing says so.
            #expect(
                page.contains(
                    #"<tr id="steady" class="nature-neutral"><th scope="row">Steady</th><td class="nature-up">None (neutral)</td>"#
                )
            )
            #expect(page.contains(#"<table class="ref-table natures-table sortable">"#))
            #expect(page.contains("assets/moves."))
            // In French, by French names, sorted by them; names PokeAPI lacks in French say they are English.
            let french = try env.read("fr/natures.html")
            #expect(
                french.contains(
                    #"<tr id="daring"><th scope="row">Audacieux</th><td class="nature-up">Attaque</td><td class="nature-down">Vitesse</td><td>Relevé</td><td lang="en">Mellow</td></tr>"#
                )
            )
            #expect(french.contains(#"<th scope="row" lang="en">Dreamy</th>"#))
            let rows = french.components(separatedBy: "<tr id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
            #expect(rows == ["daring", "dreamy", "steady"])
            // The Pokémon pages' stat ranges and the footer link it.
            let pikachu = try env.read("pokemon/pikachu.html")
            let link = #"<a class="natures-link" href="../natures.html">Natures and the stats they change</a></p>"#
            #expect(pikachu.contains(link))
            #expect(pikachu.contains(#"<a href="../natures.html">Natures</a>"#))
        }
    }

    /// The value of the first `name="…"` attribute in `html`.
    static func attribute(_ name: String, in html: String) -> String? {
        guard let start = html.range(of: name + "=\""),
            let end = html.range(of: "\"", range: start.upperBound..<html.endIndex)
        else { return nil }
        return String(html[start.upperBound..<end.lowerBound])
    }
}
