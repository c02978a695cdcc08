import Foundation
import FoundationXML
import Testing

@testable import PokedexCheck
@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource
@testable import PokedexSupport

/// Publishing: the base URL and what it enables (canonical links, sitemap.xml, robots.txt, social cards), the 404
/// page, and the build report.
@Suite struct PublishTests {
    static let base = "https://user.github.io/pokedex/"

    /// Every page of the site, by path: what a sitemap must list (404.html aside).
    func pages(_ env: TestEnvironment) -> [String] {
        pathsBelow(env.output).filter { $0.hasSuffix(".html") && $0 != "404.html" }
    }

    @Test func aBaseURLGivesEveryPageItsCanonicalURLAndTheSitemapListsThemAll() async throws {
        try await withEnvironment { env in
            // Without the trailing slash: pages are named relative to the base, so it is added.
            let summary = try await env.build(
                templates: GoldenTests.templates,
                baseURL: "https://user.github.io/pokedex"
            )
            #expect(!summary.line.contains("no base URL"))

            #expect(
                try env.read("index.html").contains(#"<link rel="canonical" href="https://user.github.io/pokedex/">"#)
            )
            #expect(
                try env.read("page/2.html").contains(
                    #"<link rel="canonical" href="https://user.github.io/pokedex/page/2.html">"#
                )
            )
            let pikachu = try env.read("pokemon/pikachu.html")
            #expect(
                pikachu.contains(#"<link rel="canonical" href="https://user.github.io/pokedex/pokemon/pikachu.html">"#)
            )

            // Parsed by Foundation's XML parser, not the writer that made it.
            let sitemap = try XMLDocument(data: Data(contentsOf: env.output.appendingPathComponent("sitemap.xml")))
            #expect(sitemap.rootElement()?.name == "urlset")
            #expect(sitemap.rootElement()?.uri == Sitemap.namespace)
            let locations = try sitemap.nodes(forXPath: "//*[local-name()='loc']").compactMap(\.stringValue)
            let expected = pages(env).map { $0 == "index.html" ? Self.base : Self.base + $0 }
            #expect(Set(locations) == Set(expected))
            #expect(locations.count == expected.count)
            #expect(locations.allSatisfy { $0.hasPrefix(Self.base) })
            #expect(!locations.contains { $0.contains("404") })

            let robots = try env.read("robots.txt")
            #expect(robots.contains("Sitemap: https://user.github.io/pokedex/sitemap.xml\n"))
            #expect(robots.hasPrefix("User-agent: *\n"))
        }
    }

    @Test func detailPagesCarrySocialCardsWithTheAbsoluteArtwork() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates, baseURL: Self.base)
            let page = try env.read("pokemon/pikachu.html")
            #expect(page.contains(#"<meta property="og:title" content="Pikachu">"#))
            #expect(
                page.contains(
                    #"<meta property="og:url" content="https://user.github.io/pokedex/pokemon/pikachu.html">"#
                )
            )
            #expect(
                page.contains(#"<meta property="og:image" content="https://user.github.io/pokedex/images/25.png">"#)
            )
            // The fixture artwork's own size.
            #expect(page.contains(#"<meta property="og:image:width" content="12">"#))
            #expect(page.contains(#"<meta property="og:image:height" content="12">"#))
            #expect(page.contains(#"<meta name="twitter:card" content="summary">"#))
            // The description is the genus and the flavor text, escaped like any API text.
            let description = try #require(page.firstMatch(of: /<meta property="og:description" content="([^"]*)">/)?.1)
            #expect(description.hasPrefix("Mouse Pokémon. "), "\(description)")
            #expect(description.count <= 201)

            // Farfetch’d's name is escaped in markup wherever it lands.
            let farfetchd = try env.read("pokemon/farfetchd.html")
            #expect(farfetchd.contains(#"<meta property="og:image:alt" content="Farfetch’d">"#))
        }
    }

    @Test func withoutABaseURLTheSiteStaysRelativeAndTheSummarySaysSo() async throws {
        try await withEnvironment { env in
            let summary = try await env.build(templates: GoldenTests.templates)
            #expect(summary.line.contains("no base URL: no sitemap, canonical links or social images"))
            #expect(!env.exists("sitemap.xml"))
            #expect(!env.exists("robots.txt"))
            #expect(pages(env).count > Fixtures.pokemon.count, "the site's pages are not there to look at")
            for page in pages(env) {
                let text = try env.read(page)
                #expect(!text.contains("rel=\"canonical\""), "\(page)")
                #expect(!text.contains("og:url") && !text.contains("og:image"), "\(page)")
                #expect(!text.contains("https://user.github.io"), "\(page)")
            }
            // The 404 page exists either way; its links are relative to the root it is served from.
            let notFound = try env.read("404.html")
            #expect(notFound.contains(#"data-root="""#))
            #expect(notFound.contains(#"href="index.html""#))
        }
    }

    @Test func theNotFoundPageLinksFromTheBaseURLsPathSoItWorksAtAnyDepthOnAnyOrigin() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates, baseURL: Self.base)
            let page = try env.read("404.html")
            #expect(page.contains(#"<title>Page not found · Pokédex</title>"#))
            #expect(page.contains(#"href="/pokedex/index.html""#))
            #expect(page.contains(#"<link rel="stylesheet" href="/pokedex/assets/style."#))
            // Not a page of its own: no canonical URL, and not in the sitemap.
            #expect(!page.contains("rel=\"canonical\""))
            #expect(!(try env.read("sitemap.xml")).contains("404"))
            // pokedex check follows its links from the base URL's path.
            let report = try await SiteChecker(root: env.output).run()
            #expect(report.isClean, "\(report.findings)")
        }
    }

    @Test func droppingTheBaseURLRemovesTheSitemapAndRobots() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates, baseURL: Self.base)
            #expect(env.exists("sitemap.xml") && env.exists("robots.txt"))
            let summary = try await env.build(templates: GoldenTests.templates)
            #expect(!env.exists("sitemap.xml") && !env.exists("robots.txt"))
            #expect(summary.filesRemoved == 2)
        }
    }

    @Test func theSitemapEscapesWhatTheBaseURLHolds() throws {
        let data = try Sitemap.make(urls: ["https://example.com/a&b/<x>/index.html"])
        let document = try XMLDocument(data: data)
        let location = try document.nodes(forXPath: "//*[local-name()='loc']").first?.stringValue
        #expect(location == "https://example.com/a&b/<x>/index.html")
        #expect(String(decoding: data, as: UTF8.self).contains("a&amp;b/&lt;x&gt;"))
    }

    @Test(arguments: [
        "ftp://example.com/", "/pokedex/", "example.com", "https://example.com/?x=1", "https://example.com/#top",
        "https:///x",
    ])
    func aBaseURLThatIsNotAnAbsoluteHTTPURLIsRefused(_ text: String) async throws {
        #expect(throws: PokedexError.self) { try BuildOptions.validatedBaseURL(text) }
        do {
            _ = try BuildOptions.validatedBaseURL(text)
        } catch let error as PokedexError {
            #expect(error.exitCode == 64)
            #expect(error.description.contains("base URL"))
        }
    }

    @Test func theConfigKeyBaseURLIsRead() throws {
        let config = try SiteConfig.parse("base-url = \"https://example.com/dex/\"\n", file: "/site/pokedex.toml")
        let settings = SiteSettings.resolve(
            SettingsLayer(),
            environment: [:],
            config: config,
            currentDirectory: "/site"
        )
        #expect(settings.baseURL == "https://example.com/dex/")
        let flagged = SiteSettings.resolve(
            SettingsLayer(baseURL: "https://other.example/"),
            environment: [:],
            config: config,
            currentDirectory: "/site"
        )
        #expect(flagged.baseURL == "https://other.example/")
    }

    @Test func theReportOfABuildMatchesItsSummary() async throws {
        try await withEnvironment { env in
            let file = env.root.appendingPathComponent("report.json")
            let (summary, checked) = try await BuildReport.recording(to: file, logger: quietLogger) {
                try await env.build(baseURL: Self.base)
            }
            #expect(checked == nil)
            let report = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: file))
            #expect(report.version == BuildReport.currentVersion && report.status == "ok" && report.exitCode == 0)
            #expect(report.pokemon == summary.pokemon && report.pages?[.index] == summary.pages[.index])
            #expect(
                report.files
                    == BuildReport.Files(
                        written: summary.filesWritten,
                        unchanged: summary.filesUnchanged,
                        removed: summary.filesRemoved
                    )
            )
            #expect(report.requests?.total == summary.network.requests)
            #expect(report.resources?.fetched == summary.loads.fetched)
            #expect(report.baseURL == Self.base)
            #expect(
                report.stages.map(\.name) == [
                    "source and cache: JSON", "source and cache: images and thumbnails",
                    "source and cache: item pictures", "source and cache: sprites of every game and cries",
                    "model", "render and output",
                ]
            )
            #expect(report.stages.allSatisfy { $0.seconds >= 0 && ($0.peakMiB ?? 0) > 0 })
        }
    }

    @Test func withCheckTheReportCarriesTheFindingsAndTheirExitStatus() async throws {
        try await withEnvironment { env in
            let file = env.root.appendingPathComponent("report.json")
            let theme = env.root.appendingPathComponent("broken-theme")
            try FileManager.default.copyItem(at: GoldenTests.templates, to: theme)
            let footer = theme.appendingPathComponent("partials/footer.mustache")
            try Data(("<a href=\"{{root}}nowhere.html\">x</a>\n" + String(contentsOf: footer, encoding: .utf8)).utf8)
                .write(to: footer)
            let (_, checked) = try await BuildReport.recording(to: file, check: true, logger: quietLogger) {
                try await env.build(templates: theme, baseURL: Self.base)
            }
            #expect(checked?.isClean == false)
            let report = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: file))
            #expect(report.status == "findings" && report.exitCode == 1)
            let findings = try #require(report.check?.findings)
            #expect(!findings.isEmpty && findings.allSatisfy { $0.contains("nowhere.html") }, "\(findings)")
            #expect(report.check?.pages == pages(env).count + 1)  // 404.html is read too

            // The theme as shipped: clean, status ok.
            _ = try await BuildReport.recording(to: file, check: true, logger: quietLogger) {
                try await env.build(templates: GoldenTests.templates, baseURL: Self.base)
            }
            let clean = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: file))
            #expect(clean.status == "ok" && clean.exitCode == 0 && clean.check?.findings == [])
        }
    }

    @Test func aBadConfigIsReportedToo() async throws {
        let folder = try TestEnvironment.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.json")
        await #expect(throws: PokedexError.self) {
            _ = try await BuildReport.recording(to: file, logger: quietLogger) {
                _ = try SiteConfig.parse(
                    "per-page = \"ten\"\n",
                    file: folder.appendingPathComponent("pokedex.toml").path
                )
                Issue.record("the config should have been refused")
                throw CancellationError()
            }
        }
        // Only the failure's keys, as pinned (read as plain JSON).
        #expect(try ReportKeysTests.keys(of: file) == Set(ReportKeysTests.pinned.failed))
        let report = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: file))
        #expect(report.status == "failed" && report.exitCode == 1)
        #expect(report.error?.contains("per-page") == true)
    }

    @Test func theReportOfAStaleBuildNamesTheStaleURLs() async throws {
        try await withEnvironment { env in
            try await env.build()
            env.server.dataHash = "changed"  // so every stale entry is revalidated
            env.server.inject(.status(503), at: "/api/v2/pokemon/25/")
            let file = env.root.appendingPathComponent("report.json")
            _ = try await BuildReport.recording(to: file, logger: quietLogger) {
                try await env.build(now: clock(ahead: pastMaxAge))
            }
            let report = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: file))
            #expect(report.status == "ok")
            #expect(report.stale.contains(env.server.apiBase + "/pokemon/25/"), "\(report.stale)")
            #expect(report.stale == report.stale.sorted())
            #expect(report.resources?.stale == report.stale.count)
        }
    }

    @Test func theReportOfAFailedBuildSaysWhatIsMissing() async throws {
        try await withEnvironment { env in
            env.server.inject(.status(404), at: "/api/v2/pokemon/25/")
            let file = env.root.appendingPathComponent("report.json")
            await #expect(throws: PokedexError.self) {
                _ = try await BuildReport.recording(to: file, logger: quietLogger) { try await env.build() }
            }
            let report = try JSONDecoder().decode(BuildReport.self, from: Data(contentsOf: file))
            #expect(report.status == "incomplete" && report.exitCode == 3)
            #expect(report.missing.count == 1 && report.missing[0].contains(env.server.apiBase + "/pokemon/25/"))
            #expect(report.error?.contains("HTTP status 404") == true)
            #expect(report.pokemon == nil && report.files == nil)
        }
    }
}

/// Cache busting: scripts and styles named after their content, and a service worker whose cache is named after
/// the whole site.
@Suite struct FingerprintedAssetTests {
    struct Names: Equatable {
        var style: String
        var app: String
        var data: String
        var worker: String
    }

    func names(_ env: TestEnvironment) throws -> Names {
        let worker = try env.read("sw.js")
        let cache = try #require(worker.firstMatch(of: /var CACHE = '(pokedex-[0-9a-f]{16})';/)?.1)
        return Names(
            style: try env.hashed("assets/style.css"),
            app: try env.hashed("assets/app.js"),
            data: try env.hashed("assets/pokedex-data.js"),
            worker: String(cache)
        )
    }

    @Test func namesChangeOnlyWhenTheirContentDoes() async throws {
        try await withEnvironment { env in
            let theme = env.root.appendingPathComponent("restyle")
            try FileManager.default.copyItem(at: GoldenTests.templates, to: theme)
            try await env.build(templates: theme)
            let first = try names(env)
            let index = try env.read("index.html")
            #expect(index.contains(#"<link rel="stylesheet" href="\#(first.style)">"#))
            #expect(index.contains(#"<script src="\#(first.data)" defer></script>"#))
            #expect(index.contains(#"<script src="\#(first.app)" defer></script>"#))
            #expect(try env.read("pokemon/pikachu.html").contains(#"href="../\#(first.style)""#))
            let worker = try env.read("sw.js")
            #expect(worker.contains("'\(first.style)', "))
            #expect(worker.contains("'\(first.app)', '\(first.data)', 'assets/pokedex-favorites.js'"))

            // Nothing changed: same names, nothing written.
            let again = try await env.build(templates: theme)
            #expect(try names(env) == first)
            #expect(again.filesWritten == 0)

            // The stylesheet changed: its name and the worker's cache change, nothing else's; the old file goes.
            let style = theme.appendingPathComponent("assets/style.css")
            try Data((try String(contentsOf: style, encoding: .utf8) + "\n.x { color: red; }\n").utf8).write(to: style)
            try await env.build(templates: theme)
            let restyled = try names(env)
            #expect(restyled.style != first.style && restyled.worker != first.worker)
            #expect(restyled.app == first.app && restyled.data == first.data)
            #expect(!env.exists(first.style))

            // The data changed (a new favorite is in the data script): the data script's name changes.
            try env.writeFavorites(#"["pikachu"]"#)
            try await env.build(templates: theme)
            let refavorited = try names(env)
            #expect(refavorited.data != restyled.data && refavorited.worker != restyled.worker)
            #expect(refavorited.style == restyled.style && refavorited.app == restyled.app)
        }
    }

    @Test func aChangedPictureRenamesTheWorkersCacheButARestoredCacheDoesNot() async throws {
        try await withEnvironment { env in
            env.server.setBody(PNGMaker.artwork(colour: [10, 10, 200]), at: ThumbnailTests.official(25))
            try await env.build(templates: GoldenTests.templates)
            let first = try names(env)

            // The same pictures in a cache restored elsewhere (new inodes and times): the same cache name.
            let restored = env.root.appendingPathComponent("restored-cache")
            try FileManager.default.copyItem(at: env.cache, to: restored)
            try FileManager.default.removeItem(at: env.cache)
            try FileManager.default.moveItem(at: restored, to: env.cache)
            try await env.build(templates: GoldenTests.templates)
            #expect(try names(env) == first)

            env.server.setBody(PNGMaker.artwork(colour: [10, 200, 10]), at: ThumbnailTests.official(25))
            try await env.build(templates: GoldenTests.templates, now: clock(ahead: pastMaxAge))
            let changed = try names(env)
            #expect(changed.worker != first.worker)
            #expect(changed.style == first.style && changed.app == first.app && changed.data == first.data)
        }
    }

    @Test func aThemeWithItsOwnStaticWorkerKeepsIt() async throws {
        try await withEnvironment { env in
            let theme = env.root.appendingPathComponent("own-worker")
            try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
            try Data("/* mine */\n".utf8).write(to: theme.appendingPathComponent("sw.js"))
            try await env.build(templates: theme)
            #expect(try env.read("sw.js") == "/* mine */\n")
        }
    }
}
