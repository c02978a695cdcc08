import Foundation
import Testing

@testable import PokedexCheck
@testable import PokedexSupport
@testable import PokedexThumbnails

/// `pokedex check`: small sites written file by file, the resolution rules alone, the command's exit status, and
/// a site built by the real pipeline with the real theme.
@Suite struct CheckTests {
    /// A complete, clean page whose body is `body` (ids `main` and `top-title` taken).
    static func page(_ body: String, root: String = "", title: String = "Page") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(title)</title>
        <link rel="stylesheet" href="\(root)style.css">
        <link rel="preconnect" href="https://cdn.example.com">
        </head>
        <body>
        <a href="#main">Skip</a>
        <main id="main">
        \(body)
        </main>
        </body>
        </html>

        """
    }

    /// index.html, a.html and pokemon/b.html linking each other, with a picture, a srcset and a stylesheet.
    static let cleanSite: [String: String] = [
        "index.html": page(
            """
            <h1 id="top-title">Index</h1>
            <a href="a.html">A</a> <a href="pokemon/b.html#stats">B's stats</a>
            <a href="https://pokeapi.co/">PokéAPI</a> <a href="mailto:x@example.com">mail</a>
            <img src="images/1.png" srcset="images/1.png 1x, images/1-2x.png 2x" width="10" height="10" alt="">
            <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="1" height="1" alt="dot">
            """
        ),
        "a.html": page(
            """
            <a href="index.html#top-title">Back</a> <a href="./">Home</a> <a href="a.html?x=1#main">Self</a>
            <a href="#top">Top</a> <a href="#">Nowhere</a>
            <picture><source srcset="images/1-2x.png 2x,images/1.png"><img src="images/1.png" width="1" height="1" alt="One"></picture>
            """
        ),
        "pokemon/b.html": page(
            """
            <section id="stats"><a href="../index.html">Index</a> <a href="../caf%C3%A9.html">Café</a></section>
            <script src="../app.js"></script>
            """,
            root: "../"
        ),
        "café.html": page("<a href=\"index.html\">Home</a>"),
        "404.html": page("<a href=\"index.html\">Home</a>"),
        "style.css": "body {}\n",
        "app.js": "\n",
        "images/1.png": "png",
        "images/1-2x.png": "png",
    ]

    @Test func aCleanSiteHasNoFindings() async throws {
        try await withSite(Self.cleanSite) { root in
            let report = try await SiteChecker(root: root).run()
            #expect(report.findings == [])
            #expect(report.pages == 5)
            #expect(report.isClean)
            #expect(report.summary == "checked 5 pages, 0 findings")
        }
    }

    @Test func aPageThatReadsItsFragmentAsItsStateTakesAnyFragment() async throws {
        var site = Self.cleanSite
        // The comparison reads "#pikachu,raichu" as the Pokémon it shows; a page without the marker still has its
        // fragments checked.
        site["compare.html"] = Self.page(#"<section data-fragment-state=""><a href="index.html">Home</a></section>"#)
        site["a.html"] = Self.page(
            #"<a href="compare.html#pikachu,raichu">Compare</a> <a href="index.html#pikachu">Index</a>"#
        )
        try await withSite(site) { root in
            let report = try await SiteChecker(root: root).run()
            #expect(
                report.findings.map(\.description) == [
                    #"a.html:12: href="index.html#pikachu": no id "pikachu" in index.html"#
                ]
            )
        }
    }

    @Test func brokenLinksAndFragmentsAreReportedWithTheirLine() async throws {
        var site = Self.cleanSite
        site["a.html"] = Self.page(
            """
            <a href="index.html">Home</a>
            <a href="missing.html">Missing</a>
            <a href="index.html#nope">Nope</a> <a href="#gone">Gone</a> <a href="index.html#type=fire&amp;q=x">State</a>
            <img src="images/2.png" width="1" height="1" alt="Two">
            <img src="images/1.png" srcset="images/1.png 1x, images/3.png 2x" width="1" height="1" alt="Three">
            <link rel="next" href="pokemon/">
            """
        )
        try await withSite(site) { root in
            let report = try await SiteChecker(root: root).run()
            #expect(
                report.findings.map(\.description) == [
                    "a.html:13: href=\"missing.html\": no such file missing.html",
                    "a.html:14: href=\"#gone\": no id \"gone\" in this page",
                    "a.html:14: href=\"index.html#nope\": no id \"nope\" in index.html",
                    "a.html:15: src=\"images/2.png\": no such file images/2.png",
                    "a.html:16: srcset=\"images/3.png\": no such file images/3.png",
                    "a.html:17: href=\"pokemon/\": no such file pokemon/index.html",
                ]
            )
            #expect(report.summary == "checked 5 pages, 6 findings")
        }
    }

    @Test func urlsThatCannotWorkFromFileURLsAreFindings() async throws {
        var site = Self.cleanSite
        site["pokemon/b.html"] = Self.page(
            """
            <a href="../index.html">Up</a>
            <a href="../../x.html">Above</a>
            <a href="/index.html">Absolute</a>
            <img src="//cdn.example.com/1.png" width="1" height="1" alt="">
            """,
            root: "../"
        )
        try await withSite(site) { root in
            let report = try await SiteChecker(root: root).run()
            #expect(
                report.findings.map(\.description)
                    == [
                        "index.html:13: href=\"pokemon/b.html#stats\": no id \"stats\" in pokemon/b.html",
                        "pokemon/b.html:13: href=\"../../x.html\": goes above the site folder",
                        "pokemon/b.html:14: href=\"/index.html\": absolute path: breaks under file:// and subpaths",
                        "pokemon/b.html:15: src=\"//cdn.example.com/1.png\": scheme-relative URL: breaks under file://",
                        "café.html:1: not reachable from index.html by following links",
                    ].sorted()
            )
        }
    }

    @Test func picturesNeedAltWidthAndHeightAndIdsAreUnique() async throws {
        var site = Self.cleanSite
        site["a.html"] = Self.page(
            """
            <a href="index.html">Home</a>
            <img src="images/1.png" alt="" width="1" height="1">
            <img src="images/1.png" width="1" height="1">
            <img src="images/1.png" alt="One">
            <p id="main">Again</p>
            <p id="x"></p><p id="x"></p>
            """
        )
        try await withSite(site) { root in
            let report = try await SiteChecker(root: root).run()
            #expect(
                report.findings.map(\.description) == [
                    "a.html:14: <img src=\"images/1.png\"> has no alt",
                    "a.html:15: <img src=\"images/1.png\"> has no width, height",
                    "a.html:16: duplicate id \"main\" (first on line 11)",
                    "a.html:17: duplicate id \"x\" (first on line 17)",
                ]
            )
        }
    }

    @Test func pagesNoLinkLeadsToAreFoundAnd404IsExempt() async throws {
        var site = Self.cleanSite
        site["orphan.html"] = Self.page("<a href=\"lost/deeper.html\">Deeper</a>")
        site["lost/deeper.html"] = Self.page("<a href=\"../index.html\">Home</a>", root: "../")
        try await withSite(site) { root in
            let report = try await SiteChecker(root: root).run()
            #expect(
                report.findings.map(\.description) == [
                    "lost/deeper.html:1: not reachable from index.html by following links",
                    "orphan.html:1: not reachable from index.html by following links",
                ]
            )
        }
    }

    @Test func templateContentIsInertAndSkipped() async throws {
        var site = Self.cleanSite
        site["a.html"] = Self.page(
            """
            <a href="index.html">Home</a>
            <template id="cell"><a href="{{href}}" id="main"><img src="{{src}}"></a></template>
            """
        )
        try await withSite(site) { root in
            let findings = try await SiteChecker(root: root).run().findings
            #expect(findings == [])
        }
    }

    // MARK: Sitemap

    static let base = "https://user.github.io/pokedex/"

    static func sitemap(_ paths: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        \(paths.map { "<url><loc>\(base)\($0)</loc></url>" }.joined(separator: "\n"))
        </urlset>

        """
    }

    /// The clean site with index.html naming the base URL, and its og:image under it.
    static var canonicalSite: [String: String] {
        var site = cleanSite
        site["index.html"] = site["index.html"]!.replacingOccurrences(
            of: "</head>",
            with: """
                <link rel="canonical" href="\(base)">
                <meta property="og:image" content="\(base)images/1.png">
                <meta property="og:url" content="https://elsewhere.example/">
                </head>
                """
        )
        return site
    }

    @Test func aCompleteSitemapHasNoFindings() async throws {
        var site = Self.canonicalSite
        site["sitemap.xml"] = Self.sitemap(["", "a.html", "pokemon/b.html", "caf%C3%A9.html"])
        try await withSite(site) { root in
            let findings = try await SiteChecker(root: root).run().findings
            #expect(findings == [])
        }
    }

    @Test func sitemapGapsAndDeadURLsAreFindings() async throws {
        var site = Self.canonicalSite
        site["sitemap.xml"] = Self.sitemap(["", "pokemon/b.html", "caf%C3%A9.html", "gone.html", "pokemon/"])
        site["sitemap.xml"] = site["sitemap.xml"]!.replacingOccurrences(
            of: "</urlset>",
            with: "<url><loc>https://elsewhere.example/a.html</loc></url>\n</urlset>"
        )
        try await withSite(site) { root in
            let report = try await SiteChecker(root: root).run()
            #expect(
                report.findings.map(\.description) == [
                    "a.html:1: missing from sitemap.xml",
                    "sitemap.xml:6: \(Self.base)gone.html: no such file gone.html",
                    "sitemap.xml:7: \(Self.base)pokemon/: no such file pokemon/index.html",
                    "sitemap.xml:8: https://elsewhere.example/a.html: not under the site's base URL \(Self.base)",
                ]
            )
        }
    }

    @Test func urlsUnderTheBaseURLAreCheckedToo() async throws {
        var site = Self.canonicalSite
        site["index.html"] = site["index.html"]!
            .replacingOccurrences(of: "\(Self.base)images/1.png", with: "\(Self.base)images/404.png")
        site["a.html"] = Self.page("<a href=\"\(Self.base)#top-title\">Home</a> <a href=\"\(Self.base)x.html\">X</a>")
            .replacingOccurrences(of: "</head>", with: "<link rel=\"canonical\" href=\"\(Self.base)\">\n</head>")
        try await withSite(site) { root in
            let report = try await SiteChecker(root: root).run()
            #expect(
                report.findings.map(\.description) == [
                    "a.html:8: canonical link \(Self.base) names index.html, not this page",
                    "a.html:13: href=\"\(Self.base)x.html\": no such file x.html",
                    "index.html:9: content=\"\(Self.base)images/404.png\": no such file images/404.png",
                ]
            )
        }
    }

    @Test func aSitemapWithoutABaseURLOrNotASitemapIsAFinding() async throws {
        var site = Self.cleanSite
        site["sitemap.xml"] = Self.sitemap(["", "a.html"])
        try await withSite(site) { root in
            let findings = try await SiteChecker(root: root).run().findings
            #expect(findings.count == 1)
            #expect(findings.first?.path == "index.html")
            #expect(findings.first?.message.contains("no <link rel=\"canonical\">") == true)
        }
        site = Self.canonicalSite
        site["sitemap.xml"] = "<urlset><url><loc>\(Self.base)</loc></url></urlset>\n"
        try await withSite(site) { root in
            let findings = try await SiteChecker(root: root).run().findings
            #expect(
                findings.map(\.description) == [
                    "sitemap.xml:1: not a sitemap: expected <urlset xmlns=\"\(MarkupReader.sitemapNamespace)\">"
                ]
            )
        }
        site["sitemap.xml"] = "<?xml version=\"1.0\"?>\n<urlset>\n<url>\n</urlset>\n"
        try await withSite(site) { root in
            let findings = try await SiteChecker(root: root).run().findings
            #expect(findings.count == 1)
            #expect(findings.first?.path == "sitemap.xml")
            #expect(findings.first?.message.hasPrefix("not well-formed XML") == true)
        }
    }

    // MARK: Not a site

    @Test func aMissingFolderOrOneWithoutIndexIsAnError() async throws {
        try await withSite(["a.html": Self.page("")]) { root in
            let missing = root.appendingPathComponent("nowhere")
            let noFolder = await #expect(throws: PokedexError.self) { try await SiteChecker(root: missing).run() }
            #expect(noFolder?.stage == .check)
            #expect(noFolder?.subject == missing.path)
            let noIndex = await #expect(throws: PokedexError.self) { try await SiteChecker(root: root).run() }
            #expect(noIndex?.reason == .invalidInput("no index.html: not a built site"))
        }
    }

    // MARK: The command

    @Test func theCommandPrintsFindingsOnStdoutAndExitsOneWithThem() async throws {
        var broken = Self.cleanSite
        broken["a.html"] = Self.page("<a href=\"index.html\">Home</a> <a href=\"missing.html\">Missing</a>")
        try await withSite(Self.cleanSite) { clean in
            let result = try await PokedexBinary.run(["check", clean.path], in: clean)
            #expect(result.status == 0)
            #expect(result.stdout == "")
            #expect(result.stderr == "checked 5 pages, 0 findings\n")
        }
        // Without DIR, the output folder of pokedex.toml.
        var project = ["pokedex.toml": "output = \"public\"\n"]
        for (path, text) in broken { project["public/" + path] = text }
        try await withSite(project) { root in
            let result = try await PokedexBinary.run(["check"], in: root)
            #expect(result.status == 1)
            #expect(result.stdout == "a.html:12: href=\"missing.html\": no such file missing.html\n")
            #expect(result.stderr == "checked 5 pages, 1 finding\n")
            let missing = try await PokedexBinary.run(["check", "nowhere"], in: root)
            #expect(missing.status == 1)
            #expect(missing.stdout == "")
            #expect(missing.stderr.hasPrefix("pokedex: error: check: \(root.path)/nowhere: no such folder"))
        }
    }

    // MARK: The real theme

    @Test func aSiteBuiltWithTheRealThemeHasNoFindings() async throws {
        try await withEnvironment { env in
            try env.writeFavorites(GoldenTests.favorites)
            try await env.build(perPage: 5, templates: GoldenTests.templates)
            let report = try await SiteChecker(root: env.output).run()
            #expect(report.findings.map(\.description) == [])
            #expect(report.pages > 5)
        }
    }

    // MARK: Resolution rules

    @Test func resolutionFollowsTheBrowsersRules() {
        let resolver = LinkResolver(baseURL: Self.base)
        func resolve(_ url: String, from page: String = "pokemon/b.html") -> LinkTarget {
            resolver.resolve(url, from: page)
        }
        #expect(resolve("c.html") == .file(path: "pokemon/c.html", fragment: nil))
        #expect(resolve(" ../page/2.html?x=1#a%20b ") == .file(path: "page/2.html", fragment: "a b"))
        #expect(resolve("#x") == .file(path: "pokemon/b.html", fragment: "x"))
        #expect(resolve("") == .file(path: "pokemon/b.html", fragment: nil))
        #expect(resolve("./") == .file(path: "pokemon/index.html", fragment: nil))
        #expect(resolve("..") == .file(path: "index.html", fragment: nil))
        #expect(resolve("../caf%C3%A9.html") == .file(path: "café.html", fragment: nil))
        #expect(resolve("../../x") == .invalid("goes above the site folder"))
        #expect(resolve("x/../../../y", from: "index.html") == .invalid("goes above the site folder"))
        #expect(resolve("%E0%A4%A.html") == .invalid("malformed percent-encoding"))
        #expect(resolve("/x") == .invalid("absolute path: breaks under file:// and subpaths"))
        #expect(resolve("https://pokeapi.co/") == .external)
        #expect(resolve("HTTPS://user.github.io/pokedex/") == .external)
        #expect(resolve("mailto:x@example.com") == .external)
        #expect(resolve(Self.base) == .file(path: "index.html", fragment: nil))
        #expect(resolve(Self.base + "pokemon/?q#f") == .file(path: "pokemon/index.html", fragment: "f"))
        #expect(resolve(Self.base + "#f") == .file(path: "index.html", fragment: "f"))
        #expect(resolve(Self.base + "../x") == .invalid("goes above the site folder"))
        #expect(LinkResolver(baseURL: nil).resolve(Self.base, from: "index.html") == .external)
        #expect(LinkResolver.sitemapPath(of: " \(Self.base)a.html\n", baseURL: Self.base) == "a.html")
        #expect(LinkResolver.sitemapPath(of: "https://elsewhere.example/", baseURL: Self.base) == nil)
    }

    @Test func srcsetCandidatesAndSchemes() {
        #expect(LinkResolver.srcsetURLs("a.webp 256w, b.webp 384w") == ["a.webp", "b.webp"])
        #expect(LinkResolver.srcsetURLs(" a.webp 1x,b.webp 2x ,, c.webp") == ["a.webp", "b.webp", "c.webp"])
        #expect(
            LinkResolver.srcsetURLs("a,b.webp 1x, data:image/png;base64,AAA= 2x") == [
                "a,b.webp", "data:image/png;base64,AAA=",
            ]
        )
        #expect(LinkResolver.srcsetURLs("") == [])
        #expect(LinkResolver.hasScheme("data:x"))
        #expect(LinkResolver.hasScheme("web+app:x"))
        #expect(!LinkResolver.hasScheme("a.html"))
        #expect(!LinkResolver.hasScheme("1x:y"))
        #expect(!LinkResolver.hasScheme("a/b:c"))
    }

    @Test func reachabilityFollowsLinksFromTheStart() {
        let links: [String: Set<String>] = [
            "index.html": ["a.html"], "a.html": ["b.html", "index.html"], "c.html": ["index.html"],
        ]
        #expect(LinkResolver.reachable(from: "index.html", links: links) == ["index.html", "a.html", "b.html"])
    }
}

/// A scratch folder holding `files` (path → text) for `body`; gone afterwards.
private func withSite<T>(_ files: [String: String], _ body: (URL) async throws -> T) async throws -> T {
    let root = try TestEnvironment.makeScratchFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return try await body(root)
}
