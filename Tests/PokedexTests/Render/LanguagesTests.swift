import Foundation
import PokedexCheck
import PokedexSupport
import Testing

@testable import PokedexModel
@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource

/// A site in several languages: a copy per language under `<code>/`, PokeAPI's names and texts in the page's
/// language with `lang="en"` where PokeAPI has none, hreflang alternates both ways, the sitemap's alternates.
@Suite struct LanguagesTests {
    // MARK: Settings

    @Test func languagesComeFromTheConfigOrTheCommandLineAndAreChecked() throws {
        let file = "/site/pokedex.toml"
        #expect(
            try SiteConfig.parse(#"languages = ["en", "fr", "ja"]"#, file: file).values.languages == ["en", "fr", "ja"]
        )
        #expect(throws: PokedexError.self) { try SiteConfig.parse(#"languages = "fr""#, file: file) }
        #expect(throws: PokedexError.self) { try SiteConfig.parse("languages = []", file: file) }
        #expect(try BuildOptions.validatedLanguages(["FR", "en", "zh-Hant", "fr"]) == ["fr", "en", "zh-hant"])
        #expect(throws: PokedexError.self) { try BuildOptions.validatedLanguages(["klingon"]) }
        #expect(throws: PokedexError.self) { try BuildOptions.validatedLanguages([]) }
    }

    // MARK: The model in a language

    @Test func numbersAndTagsAreTheLanguagesOwn() {
        #expect(SiteLanguage.named("fr")?.decimal("0.4 m") == "0,4 m")
        #expect(SiteLanguage.named("ja")?.decimal("0.4 m") == "0.4 m")
        #expect(SiteLanguage.named("zh-hant")?.tag == "zh-Hant")
        #expect(SiteLanguage.named("ja-hrkt")?.tag == "ja-Hrkt")
        #expect(Set(SiteLanguage.all.map(\.code)).count == 12)
    }

    @Test func japaneseLineBreaksJoinWithoutASpace() {
        #expect(FlavorText.normalise("おたがいの\nしっぽを") == "おたがいのしっぽを")
        #expect(FlavorText.normalise("피카츄는\n전기를") == "피카츄는 전기를")
        #expect(FlavorText.normalise("It stores\nelectricity") == "It stores electricity")
        // Scarlet and Violet's texts in PokeAPI write some breaks as a backslash and an "n".
        #expect(FlavorText.normalise("les capacités\\nde type Électrik") == "les capacités de type Électrik")
    }

    @Test func aLocalizedPokedexNamesPokemonInItsLanguageOrMarksTheEnglishFallback() {
        let entry = HandBuiltPokedex.entry(
            id: 25,
            name: "pikachu",
            types: ["electric"],
            chainID: nil,
            english: "Pikachu",
            names: [.init(language: "en", name: "Pikachu"), .init(language: "ja", name: "ピカチュウ")]
        )
        let pokedex = Pokedex(entries: [entry], favorites: FavoritesResolution(), dataAge: nil)
        let japanese = pokedex.localized("ja")
        #expect(japanese.entries[0].displayName == "ピカチュウ")
        #expect(japanese.entries[0].nameFallback == nil)
        let french = pokedex.localized("fr")
        #expect(french.entries[0].displayName == "Pikachu")
        #expect(french.entries[0].nameFallback == "en")
        #expect(french.names.language == "fr")
    }

    @Test func placeholdersAreFilledInOnePass() {
        #expect(ThemeStrings.fill("{name} · {page}", ["name": "{page}", "page": "2"]) == "{page} · 2")
        #expect(ThemeStrings.fill("{a} {unknown} {", ["a": "x"]) == "x {unknown} {")
        // Words around and in the values in any script; braces nested or never closed are kept.
        #expect(ThemeStrings.fill("Nv. {n}–{max} 🎉", ["n": "5", "max": "ピカ"]) == "Nv. 5–ピカ 🎉")
        #expect(ThemeStrings.fill("{{n}} {n", ["n": "é"]) == "{é} {n")
        #expect(ThemeStrings.fill("{}{n}", ["n": "1", "": "empty"]) == "empty1")
        #expect(ThemeStrings.fill("Plain", ["n": "1"]) == "Plain")
        #expect(ThemeStrings.fill("{n}", [:]) == "{n}")
        #expect(EvolutionWords(phrases: ["x": "{item}/{n}"]).say("x", ["item": "{n}", "n": "3"]) == "{n}/3")
    }

    @Test func sortingByNameFollowsTheLanguagesCollation() {
        let names = ["Zébré", "Éclair", "Eau", "abc"]
        let sorted = PageNaming.byName(Array(names.enumerated()), name: \.element, id: \.offset, language: "fr")
        #expect(sorted.map(\.element) == ["abc", "Eau", "Éclair", "Zébré"])
    }

    @Test func koreanNamesSortInDictionaryOrderWhateverOrderTheyComeIn() {
        // Foundation on Linux says of "간" and "가나" (and of "블록" and "블로킹") that each comes after the other.
        let names = ["블록", "간", "블로킹", "가나", "블러드문"]
        func permutations(_ items: [Int]) -> [[Int]] {
            items.count < 2
                ? [items]
                : items.indices.flatMap { index in
                    permutations(Array(items[..<index] + items[(index + 1)...])).map { [items[index]] + $0 }
                }
        }
        for order in permutations(Array(names.indices)) {
            let sorted = PageNaming.byName(order.map { ($0, names[$0]) }, name: \.1, id: \.0, language: "ko")
            #expect(sorted.map(\.1) == ["가나", "간", "블러드문", "블로킹", "블록"], "from \(order)")
        }
    }

    // MARK: The site in two languages

    @Test func everyLanguageHasACompleteCopyWithItsNamesAndEnglishFallbacksMarked() async throws {
        try await withEnvironment { env in
            try await env.build(
                templates: GoldenTests.templates,
                baseURL: "https://example.org/dex/",
                languages: ["en", "fr"]
            )
            for page in [
                "index.html", "favorites.html", "404.html", "search.html", "pokemon/charizard.html",
                "moves/index.html", "abilities/index.html", "types/index.html",
            ] {
                #expect(
                    FileManager.default.fileExists(atPath: env.output.appendingPathComponent("fr/" + page).path),
                    "fr/\(page) is missing"
                )
            }
            let french = try env.read("fr/pokemon/charizard.html")
            #expect(french.contains(#"<html lang="fr""#))
            #expect(french.contains("<h1>Dracaufeu</h1>"))
            // The fixtures give genera in Japanese and English only: the English one, marked.
            #expect(french.contains(#"<p class="genus" lang="en">Flame Pokémon</p>"#))
            // Charizard is 1.7 m and 90.5 kg: a decimal comma in French.
            #expect(french.contains("1,7 m"), "no decimal comma in the French height")
            #expect(french.contains(#"<meta property="og:locale" content="fr_FR">"#))
            #expect(french.contains(#"href="../../assets/"#) || french.contains(#"href="../../assets"#))
            let english = try env.read("pokemon/charizard.html")
            #expect(english.contains(#"<html lang="en""#) && english.contains("<h1>Charizard</h1>"))
            #expect(english.contains("1.7 m"))
        }
    }

    /// Each copy names its scripts from the theme's, not from the copy before it: with French at the root, the
    /// English copy loads no French words.
    @Test func aCopyAfterTheRootsLoadsNoneOfItsWords() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates, languages: ["fr", "en"])
            let french = try env.read("pokemon/charizard.html")
            #expect(french.contains("assets/strings-fr."))
            let english = try env.read("en/pokemon/charizard.html")
            #expect(english.contains(#"<html lang="en""#))
            #expect(!english.contains("strings-fr"), "the English copy loads the French copy's words")
        }
    }

    /// Every page's alternates name every copy of it, and each copy names the same set: the pairs are symmetric.
    @Test func hreflangAlternatesAreSymmetricAndTheSitemapListsThem() async throws {
        try await withEnvironment { env in
            let base = "https://example.org/dex/"
            try await env.build(templates: GoldenTests.templates, baseURL: base, languages: ["en", "fr"])
            func alternates(_ path: String) throws -> [String: String] {
                let html = try env.read(path)
                let pattern = try NSRegularExpression(
                    pattern: #"<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">"#
                )
                var found: [String: String] = [:]
                for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                    found[String(html[Range(match.range(at: 1), in: html)!])] = String(
                        html[Range(match.range(at: 2), in: html)!]
                    )
                }
                return found
            }
            for page in [
                "index.html", "pokemon/pikachu.html", "moves/thunderbolt.html", "abilities/static.html",
                "types/electric.html", "page/2.html",
            ] {
                let english = try alternates(page)
                let french = try alternates("fr/" + page)
                #expect(english == french, "\(page): the copies name different alternates")
                #expect(english["en"] == (page == "index.html" ? base : base + page))
                #expect(english["fr"] == base + "fr/" + page)
                #expect(english["x-default"] == english["en"])
            }
            // pokedex check follows the links across the copies: every page reached, every sitemap URL a page.
            let report = try await SiteChecker(root: env.output).run()
            #expect(report.findings.isEmpty, "\(report.findings)")
            #expect(report.pages > 40)
            let sitemap = try env.read("sitemap.xml")
            #expect(sitemap.contains(#"xmlns:xhtml="http://www.w3.org/1999/xhtml""#))
            #expect(sitemap.contains("<loc>\(base)fr/pokemon/pikachu.html</loc>"))
            #expect(
                sitemap.contains(#"<xhtml:link rel="alternate" hreflang="fr" href="\#(base)fr/pokemon/pikachu.html"/>"#)
            )
            #expect(!sitemap.contains("404.html"))
            // The switcher leads to the same page in the other language, from the page's own folder.
            let switcher = try env.read("fr/pokemon/pikachu.html")
            #expect(switcher.contains(#"<a href="../../pokemon/pikachu.html" hreflang="en" lang="en">English</a>"#))
            #expect(switcher.contains(#"hreflang="fr" lang="fr" aria-current="page">Français</a>"#))
        }
    }

    @Test func aSiteOfOneLanguageHasNoAlternatesNorSwitcher() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates, baseURL: "https://example.org/dex/")
            let page = try env.read("pokemon/pikachu.html")
            #expect(!page.contains("hreflang") && !page.contains("og:locale") && !page.contains("data-site-root"))
            #expect(!(try env.read("sitemap.xml")).contains("xhtml"))
            #expect(!FileManager.default.fileExists(atPath: env.output.appendingPathComponent("en").path))
        }
    }

    // MARK: The theme's words

    /// Every language file of the built-in theme says every key of the English one, with the same placeholders.
    @Test func everyLanguageFileSaysEveryEnglishKey() throws {
        let theme = try Theme(overrides: nil)
        let english = try #require(theme.strings["en"])
        #expect(english.keys.count > 200)
        let incomplete = Theme.incompleteStrings(theme.strings)
        #expect(
            incomplete.isEmpty,
            "\(incomplete.map { "\($0.code): \($0.missing.count) missing, e.g. \($0.missing[0])" })"
        )
        let placeholder = try NSRegularExpression(pattern: #"\{[a-z_]+\}"#)
        // `{a_item}` (English: the item with its article) and `{item}` are one placeholder.
        func placeholders(_ text: String) -> [String] {
            placeholder.matches(in: text, range: NSRange(text.startIndex..., in: text))
                .map { String(text[Range($0.range, in: text)!]).replacingOccurrences(of: "{a_", with: "{") }.sorted()
        }
        for (code, strings) in theme.strings where code != "en" {
            #expect(SiteLanguage.named(code) != nil, "strings/\(code).toml is for no language PokeAPI speaks")
            // Only the words a language adds for what PokeAPI does not name in it or names alike, and its articles.
            let own = Set(strings.keys).subtracting(english.keys).filter { key in
                !(key.hasPrefix("names_") || key.hasPrefix("form_names.") || key.hasPrefix("articles.")
                    || key.hasPrefix("told_apart."))
            }
            #expect(own.isEmpty, "strings/\(code).toml has keys English lacks: \(own.sorted().prefix(5))")
            let tables = Set(strings.keys.filter { $0.hasPrefix("names_") }.map { String($0.prefix { $0 != "." }) })
            let known = Set(
                NamedKind.allCases.map { "names_" + $0.rawValue.replacingOccurrences(of: "-", with: "_") } + [
                    "names_type", "names_location_area",
                ]
            )
            #expect(
                tables.subtracting(known).isEmpty,
                "strings/\(code).toml: \(tables.subtracting(known)) name no kind PokeAPI has"
            )
            for key in english.keys {
                #expect(placeholders(strings[key] ?? "") == placeholders(english[key]!), "strings/\(code).toml: \(key)")
            }
        }
        // The languages pokedex is said to speak have their files.
        for code in ["fr", "de", "es", "it", "ja", "ko", "zh-hans", "zh-hant"] {
            #expect(theme.strings[code] != nil, "no strings/\(code).toml")
        }
    }

    /// A language file that lacks a key fails that check, and a build warns naming the file: its pages say the
    /// key in English. A theme folder's file says some words over the built-in file of its language.
    @Test func aLanguageFileLackingAKeyIsCaught() throws {
        let english = try ThemeStrings.parse("[nav]\nmoves = \"Moves\"\npokemon = \"Pokémon\"\n", origin: "en.toml")
        let partial = try ThemeStrings.parse("[nav]\nmoves = \"Capacités\"\n", origin: "fr.toml")
        let missing = Theme.incompleteStrings(["en": english, "fr": partial])
        #expect(missing.count == 1 && missing[0].code == "fr" && missing[0].missing == ["nav.pokemon"])

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("strings"),
            withIntermediateDirectories: true
        )
        defer { try? FileManager.default.removeItem(at: folder) }
        // A theme that adds a word in English only: every other language lacks it, and the build says so.
        try Data("[custom]\nhello = \"Hello\"\n".utf8).write(to: folder.appendingPathComponent("strings/en.toml"))
        try Data("[nav]\nmoves = \"Attaques\"\n".utf8).write(to: folder.appendingPathComponent("strings/fr.toml"))
        let theme = try Theme(overrides: folder)
        #expect(Theme.incompleteStrings(theme.strings).first { $0.code == "fr" }?.missing == ["custom.hello"])
        #expect(
            theme.warnings.contains { $0.contains("strings/fr.toml lacks 1 of the English file's keys (custom.hello)") }
        )
        // The folder's words win; the built-in file says the rest; English what neither has.
        #expect(theme.strings(for: "fr")["nav.moves"] == "Attaques")
        #expect(theme.strings(for: "fr")["nav.abilities"] == "Talents")
        #expect(theme.strings(for: "fr")["custom.hello"] == "Hello")
        #expect(theme.strings(for: "en")["nav.abilities"] == "Abilities")
        // A malformed file names itself.
        try Data("[nav\n".utf8).write(to: folder.appendingPathComponent("strings/fr.toml"))
        #expect(throws: PokedexError.self) { try Theme(overrides: folder) }
    }

    /// The scripts carry their English: it is the English file's `[js]` table word for word, and every key a
    /// script asks is in it (so every language file has it too).
    @Test func theScriptsEnglishIsTheEnglishFiles() throws {
        let theme = try Theme(overrides: nil)
        let english = try #require(theme.strings["en"])
        let call = try NSRegularExpression(pattern: #"tr\('([a-z_]+)', (?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")"#)
        var asked = Set<String>()
        for file in [
            "app.js", "find.js", "pokemon.js", "cells.js", "list-model.js", "list-search.js", "list.js", "moves.js",
            "search.js",
        ] {
            let data = try #require(EmbeddedTheme.files()["assets/\(file)"])
            let script = String(decoding: data, as: UTF8.self)
            for match in call.matches(in: script, range: NSRange(script.startIndex..., in: script)) {
                let key = String(script[Range(match.range(at: 1), in: script)!])
                let quoted = Range(match.range(at: 2), in: script) ?? Range(match.range(at: 3), in: script)!
                asked.insert(key)
                #expect(english["js.\(key)"] == String(script[quoted]), "\(file): \(key)")
            }
        }
        #expect(asked.count > 50)
        #expect(Set(english.keys.filter { $0.hasPrefix("js.") }.map { String($0.dropFirst(3)) }) == asked)
    }

    /// A page loads the words of the scripts it runs: app.js's and pokemon.js's everywhere, the others' where
    /// they run; together, the whole `[js]` table, each word once.
    @Test func theScriptsWordsAreSplitByWhoSaysThem() throws {
        let theme = try Theme(overrides: nil)
        let french = theme.strings(for: "fr").table("js")
        let (own, more) = SiteRenderer.scriptWords(french, scripts: theme.staticFiles)
        #expect(own["retry"] != nil && own["star_add"] != nil, "\(own.keys.sorted())")
        // pokemon.js's (the picture switcher's) with the others': only Pokémon pages run it, and they load those.
        #expect(
            more["every_form"] != nil && more["stats_failed"] != nil && more["picture_failed"] != nil
                && own["every_form"] == nil && own["picture_failed"] == nil
        )
        #expect(Set(own.keys).isDisjoint(with: more.keys) && own.count + more.count == french.count)
        // A word no script names stays with every page's.
        let (kept, _) = SiteRenderer.scriptWords(["unheard": "x"], scripts: theme.staticFiles)
        #expect(kept == ["unheard": "x"])
    }

    /// The evolution sentences' English in the model is the English file's `[evolution]` table word for word.
    @Test func theEvolutionWordsAreTheEnglishFiles() throws {
        let english = try #require(try Theme(overrides: nil).strings["en"])
        let table = Dictionary(
            uniqueKeysWithValues: english.keys.filter { $0.hasPrefix("evolution.") }
                .map { (String($0.dropFirst("evolution.".count)), english[$0]!) }
        )
        #expect(table == EvolutionWords.english)
        // Another language's words make the sentences: "Level 36" in French.
        let french = EvolutionWords(phrases: ["level_n": "Niveau {n}", "or": " ou "])
        var level = EvolutionCondition(trigger: "level-up")
        level.minLevel = 36
        #expect(level.phrase(french) == "Niveau 36")
        #expect(EvolutionNode.orList(["A", "B", "C"], french) == "A, B ou C")
    }

    /// A word changed in a strings file reaches every page that says it on the next build: neither the last
    /// build's memo nor its pages' context digests hide it.
    @Test func aChangedWordIsRenderedAgain() async throws {
        try await withEnvironment { env in
            let theme = env.root.appendingPathComponent("words-theme")
            try FileManager.default.createDirectory(
                at: theme.appendingPathComponent("strings"),
                withIntermediateDirectories: true
            )
            func say(_ moves: String) throws {
                try Data("[nav]\nmoves = \"\(moves)\"\n".utf8).write(
                    to: theme.appendingPathComponent("strings/fr.toml")
                )
            }
            try say("Attaques")
            try await env.build(templates: theme, languages: ["en", "fr"])
            #expect(try env.read("fr/pokemon/pikachu.html").contains(">Attaques</a>"))
            try say("Techniques")
            try await env.build(templates: theme, languages: ["en", "fr"])
            #expect(try env.read("fr/pokemon/pikachu.html").contains(">Techniques</a>"))
            #expect(try env.read("pokemon/pikachu.html").contains(">Moves</a>"))
        }
    }

    @Test func aPageInFrenchSaysTheThemesFrenchWords() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates, languages: ["en", "fr"])
            let french = try Theme(overrides: nil).strings(for: "fr")
            let page = try env.read("fr/pokemon/pikachu.html")
            for key in ["nav.moves", "pokemon.base_stats", "pokemon.training", "common.names"] {
                let said = try #require(french[key])
                let escaped = said.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
                    of: "<",
                    with: "&lt;"
                )
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "'", with: "&#39;")
                #expect(page.contains(">\(escaped)<"), "fr page lacks \(key): \(said)")
            }
            #expect(!page.contains(">Base stats<"))
            // The stats' ranges, headed by the French level.
            #expect(page.contains(#"<th scope="col" class="stat-range">N. 100</th>"#))
            #expect(page.contains(#"<td class="stat-range">180–274</td>"#))
            #expect(page.contains(try #require(french["pokemon.ranges_note"])))
            // The scripts' words: their own file, loaded before app.js.
            #expect(page.contains("assets/strings-fr."))
            #expect(!(try env.read("pokemon/pikachu.html")).contains("assets/strings-"))
            // The service worker's offline page speaks each language, by folder.
            let worker = try env.read("sw.js")
            #expect(worker.contains("folder: 'fr/', lang: 'fr'"))
            #expect(
                SiteRenderer.javaScriptStringBody("Vous êtes hors ligne ('l’aide' <b> & \"x\")\\")
                    == #"Vous êtes hors ligne (\u0027l’aide\u0027 \u003cb\u003e \u0026 \u0022x\u0022)\u005c"#
            )
        }
    }
}
