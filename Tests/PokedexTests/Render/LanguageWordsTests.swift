import Foundation
import PokedexSupport
import Testing

@testable import PokedexCheck
@testable import PokedexModel
@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource

/// Every copy as its own fans read it: PokeAPI's word first, the theme's where PokeAPI has none, the language's
/// own numerals, separators, dates, machines and articles; what still falls back to English is counted.
@Suite struct LanguageWordsTests {
    static let medium = NamesRecord(
        id: 2,
        name: "medium",
        names: [
            .init(language: "en", name: "Medium"),
            .init(language: "fr", name: "Moyenne"),
        ]
    )

    @Test func pokeAPIsWordComesFirstThenTheThemesThenEnglish() {
        let book = NameBook(records: [.growthRate: [Self.medium]])
        let words = ThemeWords(named: [.growthRate: ["medium": "100万タイプ", "fast": "80万タイプ"]])
        let japanese = book.localized("ja", words: words)
        #expect(japanese.name(.growthRate, "medium") == "100万タイプ")
        #expect(japanese.text(.growthRate, "medium") == ShownText("100万タイプ", lang: nil))
        #expect(japanese.own(.growthRate, "medium") == "100万タイプ")
        // French: PokeAPI's own word wins over any the theme gives.
        let french = book.localized("fr", words: ThemeWords(named: [.growthRate: ["medium": "Autre"]]))
        #expect(french.name(.growthRate, "medium") == "Moyenne")
        // Italian: neither has one: English, marked.
        let italian = book.localized("it")
        #expect(italian.name(.growthRate, "medium") == "Medium")
        #expect(italian.text(.growthRate, "medium") == ShownText("Medium", lang: "en"))
        #expect(italian.own(.growthRate, "medium") == nil)
        let types = NameBook(types: [
            TypeRecord(
                id: 13,
                name: "electric",
                names: [.init(language: "en", name: "Electric")],
                doubleDamageFrom: [],
                halfDamageFrom: [],
                noDamageFrom: []
            )
        ])
        let romaji = types.localized("ja-roma", words: ThemeWords(types: ["electric": "Denki"]))
        #expect(romaji.type("electric") == "Denki" && romaji.typeText("electric").lang == nil)
    }

    @Test func aFormPokeAPIDoesNotNameInALanguageTakesTheThemesPattern() {
        let species = SpeciesRecord(
            id: 25,
            name: "pikachu",
            englishName: "Pikachu",
            names: [.init(language: "en", name: "Pikachu"), .init(language: "ja", name: "ピカチュウ")],
            evolutionChainID: nil,
            varieties: []
        )
        var record = FormsInListsTests.record("pikachu-starter", id: 10158, species: 25, isDefault: false)
        record.speciesName = "pikachu"
        let form = FormRecord(
            id: 10190,
            name: "pikachu-starter",
            formName: "starter",
            names: [.init(language: "en", name: "Partner Pikachu")],
            formNames: [],
            versionGroup: nil
        )
        let entry = PokemonEntry(
            record: record,
            species: species,
            displayName: "Partner Pikachu",
            slug: "pikachu-starter",
            image: .placeholder,
            form: form,
            formNames: form.names
        )
        let pokedex = Pokedex(entries: [entry], favorites: FavoritesResolution(), dataAge: nil)
        let japanese = pokedex.localized("ja", words: ThemeWords(forms: ["starter": "相棒の{species}"]))
        #expect(japanese.entries[0].displayName == "相棒のピカチュウ")
        #expect(japanese.entries[0].nameFallback == nil)
        let korean = pokedex.localized("ko", words: ThemeWords(forms: ["starter": "{species} 파트너"]))
        // No Korean species name either: the English name, marked.
        #expect(korean.entries[0].displayName == "Partner Pikachu")
        #expect(korean.entries[0].nameFallback == "en")
    }

    @Test func machinesAreCalledAsTheLanguagesGamesCallThem() {
        let items = [
            NamesRecord(
                id: 1903,
                name: "tm126",
                names: [
                    .init(language: "en", name: "TM126"),
                    .init(language: "fr", name: "CT126"),
                    .init(language: "ja", name: "わざマシン１２６"),
                ]
            ),
            NamesRecord(
                id: 1902,
                name: "tr08",
                names: [
                    .init(language: "en", name: "TR08"),
                    .init(language: "ja", name: "わざレコード０８"),
                ]
            ),
        ]
        let machines = [
            903: MachineRecord(id: 903, item: "tm126", itemID: 1903, move: 85, versionGroup: 25),
            902: MachineRecord(id: 902, item: "tr08", itemID: 1902, move: 85, versionGroup: 20),
            901: MachineRecord(id: 901, item: "tm24", itemID: 1901, move: 85, versionGroup: 1),
        ]
        let names = NameBook(records: [.item: items])
        let book = MoveBook(machines: machines, names: names)
        #expect(book.machine(move: 85, versionGroup: 25) == "TM126")
        let japanese = book.localized(names.localized("ja"))
        #expect(japanese.machine(move: 85, versionGroup: 25) == "わざマシン126")
        #expect(japanese.machineKindLabels == ["わざマシン", "HM", "わざレコード"])
        // An item PokeAPI does not name in the language keeps its English name.
        let french = book.localized(names.localized("fr"))
        #expect(french.machine(move: 85, versionGroup: 25) == "CT126")
        #expect(french.machine(move: 85, versionGroup: 20) == "TR08")
        #expect(MoveBook.asciiDigits("わざマシン０１") == "わざマシン01")
        // Ordered by the item whatever it is called: TMs, then HMs, then TRs, each by number.
        #expect(MoveBook.machineOrder("tm126") < MoveBook.machineOrder("tr08"))
        #expect(MoveBook.machineOrder("tm24") < MoveBook.machineOrder("tm126"))
    }

    @Test func namesPokeAPIGivesTwiceAreToldApart() {
        let glastrier = NamesRecord(
            id: 266,
            name: "as-one-glastrier",
            names: [
                .init(language: "en", name: "As One"),
                .init(language: "ja", name: "じんばいったい"),
            ]
        )
        let spectrier = NamesRecord(
            id: 267,
            name: "as-one-spectrier",
            names: [
                .init(language: "en", name: "As One"),
                .init(language: "ja", name: "じんばいったい"),
            ]
        )
        let species = SpeciesRecord(
            id: 896,
            name: "glastrier",
            englishName: "Glastrier",
            names: [.init(language: "en", name: "Glastrier"), .init(language: "ja", name: "ブリザポス")],
            evolutionChainID: nil,
            varieties: []
        )
        let book = NameBook(records: [.ability: [glastrier, spectrier]], species: [species])
        #expect(book.name(.ability, "as-one-glastrier") == "As One (Glastrier)")
        #expect(book.name(.ability, "as-one-spectrier") == "As One (Spectrier)")
        #expect(book.localized("ja").name(.ability, "as-one-glastrier") == "じんばいったい (ブリザポス)")
        // With the language's brackets.
        let brackets = ThemeWords(toldApart: "{name}（{which}）")
        #expect(book.localized("ja", words: brackets).name(.ability, "as-one-glastrier") == "じんばいったい（ブリザポス）")
    }

    /// Forms PokeAPI names alike in a language ("メガニャオニクス" for both) say what tells them apart in the language's
    /// words where the theme gives them, else the API name's part made readable.
    @Test func formsNamedAlikeAreToldApartInTheLanguagesWords() {
        let species = SpeciesRecord(
            id: 678,
            name: "meowstic",
            englishName: "Meowstic",
            names: [.init(language: "en", name: "Meowstic"), .init(language: "ja", name: "ニャオニクス")],
            evolutionChainID: nil,
            varieties: []
        )
        let entries = [("meowstic-m-mega", 10314), ("meowstic-f-mega", 10315)].map { name, id in
            var record = FormsInListsTests.record(name, id: id, species: 678, isDefault: false)
            record.speciesName = "meowstic"
            return PokemonEntry(
                record: record,
                species: species,
                displayName: "Mega Meowstic",
                slug: name,
                image: .placeholder,
                formNames: [.init(language: "en", name: "Mega Meowstic"), .init(language: "ja", name: "メガニャオニクス")]
            )
        }
        let pokedex = Pokedex(entries: entries, favorites: FavoritesResolution(), dataAge: nil)
        let japanese = pokedex.localized("ja", words: ThemeWords(toldApart: "{name}（{which}）", apart: ["male": "オス"]))
        #expect(japanese.entries.map(\.displayName) == ["メガニャオニクス（オス）", "メガニャオニクス（Female）"])
        var english = entries
        Pokedex.disambiguate(&english)
        #expect(english.map(\.displayName) == ["Mega Meowstic (Male)", "Mega Meowstic (Female)"])
    }

    /// A name in an evolution sentence that PokeAPI has only in English (or in no language: the Mega Stones of
    /// Legends: Z-A) is marked, so that the page gives it `lang="en"` and the report counts it; the parts of a
    /// condition are joined as the language joins them.
    @Test func evolutionSentencesMarkForeignNamesAndJoinAsTheLanguageDoes() {
        let thunderStone = NamesRecord(
            id: 83,
            name: "thunder-stone",
            names: [
                .init(language: "en", name: "Thunder Stone"),
                .init(language: "ja", name: "かみなりのいし"),
            ]
        )
        let alola = NamesRecord(
            id: 7,
            name: "alola",
            names: [.init(language: "en", name: "Alola"), .init(language: "ja", name: "アローラ")]
        )
        let raichunite = NamesRecord(id: 2262, name: "raichunite-x", names: [])
        let names = NameBook(records: [.item: [thunderStone, raichunite], .region: [alola]]).localized("ja")
        let words = EvolutionWords(
            names: names,
            phrases: [
                "comma": "、", "use_item": "{item}を使う", "in_region": "{region}地方で",
                "mega_stone": "{item}を持たせてメガシンカ",
            ]
        )
        var condition = EvolutionCondition(trigger: "use-item")
        condition.item = "thunder-stone"
        condition.region = "alola"
        #expect(EvolutionNode.howToEvolve([condition], words) == "かみなりのいしを使う、アローラ地方で")
        let mega = MegaTrigger.stone("raichunite-x").howToEvolve(words)
        #expect(ForeignText.unmarked(mega) == "Raichunite Xを持たせてメガシンカ")
        #expect(ForeignText.runs(mega).map(\.text) == ["Raichunite X", "を持たせてメガシンカ"])
        #expect(ForeignText.runs(mega).map(\.isForeign) == [true, false])
        // In English nothing is foreign, and the sentence is as before.
        let english = EvolutionWords(names: NameBook(records: [.item: [raichunite]]))
        #expect(MegaTrigger.stone("raichunite-x").howToEvolve(english) == "Mega Evolve holding Raichunite X")
    }

    @Test func measuresArePointedAndGroupedAsTheLanguageWritesThem() {
        #expect(Units.kilograms(hectograms: 10000) == "1000.0 kg")
        #expect(Units.kilograms(hectograms: 10000, thousands: ",") == "1,000.0 kg")
        #expect(Units.kilograms(hectograms: 10000, point: ",", thousands: "\u{202F}") == "1\u{202F}000,0 kg")
        #expect(Units.metres(decimetres: 7, point: ",", thousands: ".") == "0,7 m")
        #expect(Units.pounds(hectograms: 10000, thousands: ",") == "2,204.6 lb")
        // PokeAPI's 0 for "none" (Dragon Cheer) is shown as the games do: a dash.
        let cheer = MoveRecord(
            id: 913,
            name: "dragon-cheer",
            names: [],
            type: "dragon",
            damageClass: "status",
            power: 0,
            accuracy: 0,
            pp: 15
        )
        #expect(cheer.shownPower == nil && cheer.shownAccuracy == nil && cheer.pp == 15)
    }

    @Test func evolutionSentencesGiveItemsTheirArticle() {
        let english = EvolutionWords()
        #expect(english.withArticle("Ice Stone") == "an Ice Stone")
        let french = EvolutionWords(articles: ["*": "un ", "Pierre": "une ", "Bel’Écaille": "une "])
        #expect(french.withArticle("Pierre Foudre") == "une Pierre Foudre")
        #expect(french.withArticle("Bel’Écaille") == "une Bel’Écaille")
        #expect(french.withArticle("Protecteur") == "un Protecteur")
        #expect(ThemeWords(thousandsSeparator: "\u{202F}").grouped(1000) == "1\u{202F}000")
        #expect(ThemeWords().grouped(1269) == "1,269" && ThemeWords().grouped(999) == "999")
    }

    @Test func datesAndGenerationsAreWrittenAsTheLanguageWritesThem() throws {
        let date = try #require(ISO8601DateFormatter().date(from: "2026-11-25T08:00:00Z"))
        let japanese = ThemeStrings(tables: ["banner": ["bundled_snapshot": "同梱の{date}のスナップショット"]])
        #expect(
            SiteRenderer.banner(.snapshot(date, bundled: true), strings: japanese, locale: "ja_JP")
                == "同梱の2026年11月25日のスナップショット"
        )
        #expect(SiteRenderer.banner(.snapshot(date, bundled: true), locale: "en_US_POSIX").contains("25 Nov 2026"))
        let arabic = ThemeStrings(tables: ["format": ["generation_numerals": "arabic"]])
        #expect(SiteRenderer.numeral(4, strings: arabic) == "4")
        #expect(SiteRenderer.numeral(4, strings: SiteRenderer.builtInStrings) == "IV")
    }

    @Test func romajiIsJaRomaAndItsOldCodeIsRefusedWithAHint() throws {
        #expect(try BuildOptions.validatedLanguages(["ja-roma"]) == ["ja-roma"])
        #expect(SiteLanguage.named("ja-roma")?.tag == "ja-Latn")
        let error = try #require(throws: PokedexError.self) { try BuildOptions.validatedLanguages(["roomaji"]) }
        #expect(error.hint?.contains("--language ja-roma") == true)
    }

    // MARK: What still shows in English

    @Test func theFallbacksAreCountedFromThePagesMarks() {
        let page = """
            <html lang="ja"><body><p class="genus" lang="en">Mouse Pokémon</p>
            <dd lang="en"><span>Medium</span></dd><span lang="en">Medium</span>
            <p lang="en">Has a 30% chance of paralyzing attacking Pokémon on contact.</p>
            <div lang="en">Outer <div>inner</div> tail &amp; more</div>
            <dl class="names"><dt>英語</dt><dd lang="en"><span lang="en">Pikachu</span></dd></dl>
            <a href="../index.html" hreflang="en" lang="en">English</a></body></html>
            """
        var counts: [String: Int] = [:]
        EnglishFallbacks.scan(Array(page.utf8), into: &counts)
        #expect(
            counts == [
                "Mouse Pokémon": 1, "Medium": 2,
                "Has a 30% chance of paralyzing attacking Pokémon on contact.": 1,
                "Outer inner tail & more": 1,
            ]
        )
        let summary = EnglishFallbacks(counts: counts)
        #expect(summary.elements == 5 && summary.texts == 1 && summary.distinctTexts == 1)
        #expect(summary.words.map(\.text) == ["Medium", "Mouse Pokémon", "Outer inner tail & more"])
    }

    @Test func aSiteInFrenchAndJapaneseSaysItsMachinesAndReportsItsFallbacks() async throws {
        try await withEnvironment { env in
            let report = env.root.appendingPathComponent("report.json")
            _ = try await BuildReport.recording(to: report, logger: quietLogger) {
                try await env.build(templates: GoldenTests.templates, languages: ["en", "fr", "ja"])
            }
            let french = try env.read("fr/pokemon/pikachu.html")
            #expect(french.contains(">CT126<"), "French machines are CT")
            #expect(!french.contains("″"), "feet and inches beside metres on a French page")
            let japanese = try env.read("ja/pokemon/pikachu.html")
            #expect(japanese.contains(">わざマシン126<"))
            #expect(try env.read("pokemon/pikachu.html").contains(">TM126<"))
            let decoded = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: report))
            let fallbacks = try #require(decoded.englishFallbacks)
            #expect(Set(fallbacks.keys) == ["fr", "ja"])
            // The fixtures give the genera in English and Japanese only: French pages show "Mouse Pokémon".
            #expect(fallbacks["fr"]?.words.contains { $0.text == "Mouse Pokémon" } == true)
            #expect(fallbacks["ja"]?.words.contains { $0.text == "Mouse Pokémon" } == false)
        }
    }
}

/// What the theme's scripts lose when published (comment lines and indentation, nothing inside a line) and its
/// stylesheets (comments and the white space between tokens that separates nothing).
@Suite struct AssetCompactorTests {
    @Test func commentLinesAndIndentationGoAndEverythingInsideALineStays() {
        let script = """
            /* The file's header,
               on two lines. */
            (function () {
              // A comment line.
              var url = 'https://pokeapi.co/'; // kept: it follows code
              var re = /\\/\\/+/g;
                /* one line */ var after = 1;

              return url + "// not a comment";
            })();
            """
        let compacted = String(
            decoding: AssetCompactor.compact(Data(script.utf8), path: "assets/app.js"),
            as: UTF8.self
        )
        #expect(
            compacted == """
                (function () {
                var url = 'https://pokeapi.co/'; // kept: it follows code
                var re = /\\/\\/+/g;
                var after = 1;
                return url + "// not a comment";
                })();

                """
        )
        let other = Data("  kept as is\n".utf8)
        #expect(AssetCompactor.compact(other, path: "assets/icon.svg") == other)
    }

    /// Stylesheets lose the white space their grammar does not need; nothing that changes what a rule matches or
    /// draws: a descendant before a pseudo-class, spaces in values and media queries, strings and url(…).
    @Test func stylesheetsKeepEveryTokenAndTheSpacesThatSeparateThem() {
        let style = """
            /* Colours. */
            :root {
              --a: url(//x.test/a b.png);
              --shadow: 0 1px 2px rgb(0 0 0 / .06), 0 2px 8px rgb(0 0 0 / .05);
            }
            .names dd > span + span::before { content: "·  ;}  " / ""; margin: 0 .45em; }
            .a :hover, .b:not(.c) :focus-visible { width: calc(100% - 2 * 8px) !important; }
            @media (min-width: 600px) and (max-width: 719px) {
              .x { font-family: "Segoe UI", Roboto; } /* after a rule */
            }
            .y/* between */.z { content: 'it\\'s'; }
            .md\\: .b, .c\\; { margin: 0\\; }
            """
        let compacted = String(
            decoding: AssetCompactor.compact(Data(style.utf8), path: "assets/style.css"),
            as: UTF8.self
        )
        #expect(
            compacted
                == ":root{--a:url(//x.test/a b.png);--shadow:0 1px 2px rgb(0 0 0 / .06),0 2px 8px rgb(0 0 0 / .05)}"
                + ".names dd>span + span::before{content:\"·  ;}  \" / \"\";margin:0 .45em}"
                + ".a :hover,.b:not(.c) :focus-visible{width:calc(100% - 2 * 8px) !important}"
                + "@media (min-width:600px) and (max-width:719px){.x{font-family:\"Segoe UI\",Roboto}}"
                + ".y.z{content:'it\\'s'}.md\\: .b,.c\\;{margin:0\\;}\n"
        )
    }
}

/// What a page in another language says of an ability in a line: the games' own description in that language
/// (PokeAPI's French and German effects read as translations; it has none in the others), English keeping
/// PokeAPI's short effect.
@Suite struct AbilitySummaryTests {
    @Test func anAbilityInALineIsDescribedAsTheGamesDescribeItInThePagesLanguage() throws {
        let ability = AbilityRecord(
            id: 31,
            name: "lightning-rod",
            names: [],
            shortEffect: "Redirects single-target Electric moves.",
            effects: [LocalizedEffect(language: "fr", shortEffect: "Redirige les capacités Électrik.", effect: nil)],
            flavorTexts: [
                LocalizedName(language: "fr", name: "Attire les capacités Électrik."),
                LocalizedName(language: "ja", name: "でんきタイプの技を自分に寄せつける。"),
            ]
        )
        let renderer = SiteRenderer(
            theme: try Theme(overrides: nil),
            perPage: 5,
            parallelism: 1,
            languages: [
                .english, try #require(SiteLanguage.named("fr")), try #require(SiteLanguage.named("ja")),
                try #require(SiteLanguage.named("ko")),
            ]
        )
        #expect(
            renderer.forLanguage(at: 0).abilitySummary(ability)! == ("Redirects single-target Electric moves.", "en")
        )
        #expect(renderer.forLanguage(at: 1).abilitySummary(ability)! == ("Attire les capacités Électrik.", "fr"))
        #expect(renderer.forLanguage(at: 2).abilitySummary(ability)! == ("でんきタイプの技を自分に寄せつける。", "ja"))
        // Neither in Korean: the English effect (marked by the page).
        #expect(
            renderer.forLanguage(at: 3).abilitySummary(ability)! == ("Redirects single-target Electric moves.", "en")
        )
    }
}

/// Moves learned at one level are listed by name as the language's readers look them up: "Éclair" among the E's
/// in French, not after "Vive-Attaque" (Unicode puts É after every plain letter).
@Suite struct MoveOrderTests {
    @Test func movesAtOneLevelAreInTheOrderOfTheirNamesWithoutAccents() {
        func move(_ id: Int, _ name: String, _ french: String) -> MoveRecord {
            MoveRecord(
                id: id,
                name: name,
                names: [.init(language: "en", name: name), .init(language: "fr", name: french)],
                type: "electric",
                damageClass: "special",
                power: 40,
                accuracy: 100,
                pp: 30
            )
        }
        let moves = [
            84: move(84, "thunder-shock", "Éclair"), 98: move(98, "quick-attack", "Vive-Attaque"),
            45: move(45, "growl", "Rugissement"),
        ]
        let learnset = Learnset([
            .init(versionGroup: 25, method: 1, move: 98, level: 1),
            .init(versionGroup: 25, method: 1, move: 84, level: 1),
            .init(versionGroup: 25, method: 1, move: 45, level: 1),
        ])
        let names = NameBook(records: [
            .move: moves.values.sorted { $0.id < $1.id }.map { NamesRecord(id: $0.id, name: $0.name, names: $0.names) }
        ])
        let book = MoveBook(moves: moves, names: names)
        let french = names.localized("fr")
        let order = book.localized(french).groups(of: learnset, in: 25, names: french).flatMap(\.moves).map(\.move.id)
        #expect(order == [84, 45, 98], "Éclair, Rugissement, Vive-Attaque")
        #expect(
            book.groups(of: learnset, in: 25, names: names).flatMap(\.moves).map(\.move.id) == [45, 98, 84],
            "Growl, Quick Attack, Thunder Shock"
        )
    }
}
