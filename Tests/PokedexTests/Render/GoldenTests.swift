import Foundation
import Testing

@testable import PokedexModel
@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource

/// The fixture site rendered with the project's real `Templates/`, compared byte for byte with the files under
/// `Tests/PokedexTests/Golden/`. After a deliberate change to the theme or the renderer, regenerate them:
///
///     UPDATE_GOLDEN=1 swift test --filter Golden
///
/// and review the diff of `Golden/` like any other change.
@Suite struct GoldenTests {
    static let templates = packageRoot.appendingPathComponent("Templates")
    static let goldenFolder = packageRoot.appendingPathComponent("Tests/PokedexTests/Golden")
    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" }

    /// Rendered file → golden file name.
    static let compared: [(String, String)] = [
        ("index.html", "index.html"),
        ("page/3.html", "page-3.html"),
        ("pokemon/mr-mime-galar.html", "pokemon-mr-mime-galar.html"),
        // Moves: a Pokémon's tables in three games, a move's page and the moves index.
        ("pokemon/pikachu.html", "pokemon-pikachu.html"),
        ("moves/thunderbolt.html", "move-thunderbolt.html"),
        ("moves/index.html", "moves-index.html"),
        // An ability's page, a type's page, the type chart and the search page.
        ("abilities/static.html", "ability-static.html"),
        ("types/ghost.html", "type-ghost.html"),
        ("types/index.html", "types-index.html"),
        ("types/calculator.html", "types-calculator.html"),
        ("compare.html", "compare.html"),
        ("natures.html", "natures.html"),
        ("items/index.html", "items.html"),
        ("items/spark-pebble.html", "item.html"),
        ("search.html", "search.html"),
        // A place's page, its areas and games, and the places index.
        ("locations/coral-path.html", "location-coral-path.html"),
        ("locations/index.html", "locations-index.html"),
        ("favorites.html", "favorites.html"),
        ("assets/pokedex-data.js", "pokedex-data.js"),
    ]

    static let favorites = """
        [
          "pikachu",
          "#006",
          "Mr. Mime",
          10168,
          "missingno",
          "bulbasuar"
        ]

        """

    func requireTemplates() throws {
        try #require(
            FileManager.default.fileExists(atPath: Self.templates.appendingPathComponent("index.mustache").path),
            "the real theme is expected at \(Self.templates.path)"
        )
    }

    @Test func renderedSiteMatchesTheGoldenFiles() async throws {
        try requireTemplates()
        try await withEnvironment { env in
            try env.writeFavorites(Self.favorites)
            let summary = try await env.build(perPage: 5, templates: Self.templates)
            #expect(summary.unknownFavorites.map(\.entry) == ["missingno", "bulbasuar"])
            if Self.updating {
                try FileManager.default.createDirectory(at: Self.goldenFolder, withIntermediateDirectories: true)
            }
            for (rendered, golden) in Self.compared {
                let published = rendered == SiteRenderer.dataScript ? try env.hashed(rendered) : rendered
                // Pictures referenced by URL (the switcher's shiny ones) name the test server's random port.
                let actual = Data(
                    String(decoding: try Data(contentsOf: env.output.appendingPathComponent(published)), as: UTF8.self)
                        .replacingOccurrences(of: env.server.origin, with: "http://test-server.invalid").utf8
                )
                let goldenFile = Self.goldenFolder.appendingPathComponent(golden)
                if Self.updating {
                    try actual.write(to: goldenFile)
                    continue
                }
                guard let expected = FileManager.default.contents(atPath: goldenFile.path) else {
                    Issue.record(
                        "missing golden file \(goldenFile.path): run UPDATE_GOLDEN=1 swift test --filter Golden"
                    )
                    continue
                }
                if actual != expected {
                    Issue.record(
                        """
                        \(rendered) differs from Golden/\(golden) \(Self.firstDifference(actual, expected))
                        If the change is intended: UPDATE_GOLDEN=1 swift test --filter Golden
                        """
                    )
                }
            }
        }
    }

    /// Line number and both versions of the first line that differs.
    static func firstDifference(_ actual: Data, _ expected: Data) -> String {
        let a = String(decoding: actual, as: UTF8.self).components(separatedBy: "\n")
        let e = String(decoding: expected, as: UTF8.self).components(separatedBy: "\n")
        for index in 0..<max(a.count, e.count) {
            let left = index < a.count ? a[index] : "<end of file>"
            let right = index < e.count ? e[index] : "<end of file>"
            if left != right {
                return "at line \(index + 1):\n  rendered: \(left.prefix(300))\n  golden:   \(right.prefix(300))"
            }
        }
        return "(same lines, different bytes)"
    }

    @Test func renderingIsDeterministic() async throws {
        try requireTemplates()
        try await withEnvironment { env in
            try env.writeFavorites(Self.favorites)
            try await env.build(templates: Self.templates)
            let first = try snapshot(env.output)
            try FileManager.default.removeItem(at: env.output)
            try await env.build(mode: .offline, templates: Self.templates)
            #expect(try snapshot(env.output) == first)
        }
    }

    @Test func realThemeShowsTheOfflineBanner() async throws {
        try requireTemplates()
        try await withEnvironment { env in
            try await env.build(templates: Self.templates)
            #expect(!(try env.read("index.html")).contains("Offline — showing data cached on"))
            await env.server.stop()
            try await env.build(templates: Self.templates, now: clock(ahead: pastMaxAge))
            for page in ["index.html", "favorites.html", "pokemon/pikachu.html"] {
                #expect(try env.read(page).contains("Offline — showing data cached on"), "\(page)")
            }
        }
    }

    @Test func hostileNamesAreEscapedAndNeverBecomePaths() async throws {
        try requireTemplates()
        try await withEnvironment { env in
            env.server.hostile = true
            let favorites = try JSONSerialization.data(withJSONObject: [Fixtures.hostileName, "pikachu"])
            try env.writeFavorites(String(decoding: favorites, as: UTF8.self))
            let summary = try await env.build(templates: Self.templates)
            #expect(summary.pokemon == 13)

            let files = try snapshot(env.output)
            for (path, data) in files {
                let text = String(decoding: data, as: UTF8.self)
                for needle in ["<script>alert", "<img src=x", "<b>bold</b>", "javascript:alert"] {
                    #expect(!text.contains(needle), "\(path) contains \(needle)")
                }
                #expect(!path.contains(".."), "\(path)")
                #expect(
                    path.unicodeScalars.allSatisfy {
                        ("a"..."z").contains($0) || ("0"..."9").contains($0) || "./-_".unicodeScalars.contains($0)
                    },
                    "\(path)"
                )
            }
            // The hostile Pokémon has a page under a sanitised name, and its name shows, escaped.
            let slug = Slug.make(name: Fixtures.hostileName, id: Fixtures.hostileID)
            let page = try env.read("pokemon/\(slug).html")
            #expect(page.contains("&lt;script&gt;alert(2)&lt;/script&gt;"))
            #expect(try env.read("page/3.html").contains("pokemon/\(slug).html"))
            #expect(
                try env.read(env.hashed("assets/pokedex-data.js")).contains("\\u003cscript>alert(2)\\u003c/script>")
            )
            // Nothing was written beside the output folder.
            let top = try FileManager.default.contentsOfDirectory(atPath: env.root.path).sorted()
            #expect(top == ["Output", "cache", "favorites.json", "theme"])
            #expect(
                !FileManager.default.fileExists(
                    atPath: env.root.deletingLastPathComponent().appendingPathComponent("evil").path
                )
            )
        }
    }
}
