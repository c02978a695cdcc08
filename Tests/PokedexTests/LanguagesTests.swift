import Foundation
import Testing
@testable import PokedexModel
@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource
import PokedexSupport

/// A site in several languages: a copy per language under `<code>/`, PokeAPI's names and texts in the page's
/// language with `lang="en"` where PokeAPI has none, hreflang alternates both ways, the sitemap's alternates.
@Suite struct LanguagesTests {
    // MARK: Settings

    @Test func languagesComeFromTheConfigOrTheCommandLineAndAreChecked() throws {
        let file = "/site/pokedex.toml"
        #expect(try SiteConfig.parse(#"languages = ["en", "fr", "ja"]"#, file: file).values.languages == ["en", "fr", "ja"])
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
    }

    @Test func aLocalizedPokedexNamesPokemonInItsLanguageOrMarksTheEnglishFallback() {
        let entry = HandBuiltPokedex.entry(id: 25, name: "pikachu", types: ["electric"], chainID: nil, english: "Pikachu",
                                           names: [.init(language: "en", name: "Pikachu"), .init(language: "ja", name: "ピカチュウ")])
        let pokedex = Pokedex(entries: [entry], favorites: FavoritesResolution(), dataAge: nil)
        let japanese = pokedex.localized("ja")
        #expect(japanese.entries[0].displayName == "ピカチュウ")
        #expect(japanese.entries[0].nameFallback == nil)
        let french = pokedex.localized("fr")
        #expect(french.entries[0].displayName == "Pikachu")
        #expect(french.entries[0].nameFallback == "en")
        #expect(french.names.language == "fr")
    }

    @Test func sortingByNameFollowsTheLanguagesCollation() {
        let names = ["Zébré", "Éclair", "Eau", "abc"]
        let sorted = PageNaming.byName(Array(names.enumerated()), name: \.element, id: \.offset, language: "fr")
        #expect(sorted.map(\.element) == ["abc", "Eau", "Éclair", "Zébré"])
    }

    // MARK: The site in two languages

    @Test func everyLanguageHasACompleteCopyWithItsNamesAndEnglishFallbacksMarked() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates, baseURL: "https://example.org/dex/", languages: ["en", "fr"])
            for page in ["index.html", "favorites.html", "404.html", "search.html", "pokemon/charizard.html",
                         "moves/index.html", "abilities/index.html", "types/index.html"] {
                #expect(FileManager.default.fileExists(atPath: env.output.appendingPathComponent("fr/" + page).path),
                        "fr/\(page) is missing")
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

    /// Every page's alternates name every copy of it, and each copy names the same set: the pairs are symmetric.
    @Test func hreflangAlternatesAreSymmetricAndTheSitemapListsThem() async throws {
        try await withEnvironment { env in
            let base = "https://example.org/dex/"
            try await env.build(templates: GoldenTests.templates, baseURL: base, languages: ["en", "fr"])
            func alternates(_ path: String) throws -> [String: String] {
                let html = try env.read(path)
                let pattern = try NSRegularExpression(pattern: #"<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">"#)
                var found: [String: String] = [:]
                for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                    found[String(html[Range(match.range(at: 1), in: html)!])] = String(html[Range(match.range(at: 2), in: html)!])
                }
                return found
            }
            for page in ["index.html", "pokemon/pikachu.html", "moves/thunderbolt.html", "abilities/static.html",
                         "types/electric.html", "page/2.html"] {
                let english = try alternates(page)
                let french = try alternates("fr/" + page)
                #expect(english == french, "\(page): the copies name different alternates")
                #expect(english["en"] == (page == "index.html" ? base : base + page))
                #expect(english["fr"] == base + "fr/" + page)
                #expect(english["x-default"] == english["en"])
            }
            let sitemap = try env.read("sitemap.xml")
            #expect(sitemap.contains(#"xmlns:xhtml="http://www.w3.org/1999/xhtml""#))
            #expect(sitemap.contains("<loc>\(base)fr/pokemon/pikachu.html</loc>"))
            #expect(sitemap.contains(#"<xhtml:link rel="alternate" hreflang="fr" href="\#(base)fr/pokemon/pikachu.html"/>"#))
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
}
