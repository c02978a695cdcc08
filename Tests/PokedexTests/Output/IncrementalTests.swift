import Foundation
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import PokedexModel
@testable import PokedexOutput
@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource
@testable import PokedexSupport

/// The render and output stages: fingerprints that spare unchanged pages, output that does not depend on the
/// core count, one writer, builds that take turns, and a failed write that leaves everything whole.
@Suite struct IncrementalTests {
    /// The real theme, copied where a test may edit it.
    func editableTheme(_ env: TestEnvironment) throws -> URL {
        let theme = env.root.appendingPathComponent("editable-theme")
        try FileManager.default.copyItem(at: GoldenTests.templates, to: theme)
        return theme
    }

    @Test func aRebuildWithNothingChangedRendersAndWritesNothing() async throws {
        try await withEnvironment { env in
            let first = try await env.build()
            // Detail pages, index pages, move, ability, type, place, regional Pokédex and item pages, their six
            // indexes, the type calculator, the comparison, the natures, favorites, search and 404.
            #expect(
                first.pages[.move] > 0 && first.pages[.ability] > 0 && first.pages[.type] > 0 && first.pages[.place] > 0
            )
            #expect(
                first.pagesRendered == first.pokemon + first.pages[.index] + first.pages[.move] + first.pages[.ability]
                    + first.pages[.type] + first.pages[.place] + first.pages[.dex] + first.pages[.item] + 12
            )
            let dates = try modificationDates(env.output)
            let again = try await env.build()
            #expect(again.pagesRendered == 0)
            #expect(again.filesWritten == 0)
            #expect(again.filesUnchanged == first.filesWritten)
            #expect(try modificationDates(env.output) == dates)
        }
    }

    @Test func editingAPartialRendersOnlyThePagesThatIncludeIt() async throws {
        try await withEnvironment { env in
            let theme = try editableTheme(env)
            try env.writeFavorites(#"["pikachu"]"#)
            let first = try await env.build(templates: theme)
            let detail = try modificationDates(env.output.appendingPathComponent("pokemon"))
            let cell = theme.appendingPathComponent("partials/cell.mustache")
            try Data((try String(contentsOf: cell, encoding: .utf8) + "<!-- edited cell -->\n").utf8).write(to: cell)
            let again = try await env.build(templates: theme)
            // Index pages, the favorites page and search.html include the cell; detail pages do not. The service
            // worker is written again too: its cache is named after the site.
            #expect(again.pagesRendered == first.pages[.index] + 2)
            #expect(again.filesWritten == first.pages[.index] + 2 + 1)
            #expect(try env.read("sw.js") != "")
            #expect(try env.read("index.html").contains("edited cell"))
            #expect(try env.read("favorites.html").contains("edited cell"))
            #expect(try modificationDates(env.output.appendingPathComponent("pokemon")) == detail)

            // A partial every page includes: every page.
            let footer = theme.appendingPathComponent("partials/footer.mustache")
            try Data((try String(contentsOf: footer, encoding: .utf8) + "<!-- edited footer -->\n").utf8).write(
                to: footer
            )
            #expect(try await env.build(templates: theme).pagesRendered == first.pagesRendered)
        }
    }

    @Test func theSameRenderInputsReuseTheContextDigestsTheManifestRecorded() async throws {
        try await withEnvironment { env in
            try env.writeFavorites(#"["pikachu"]"#)
            let first = try await env.build()
            let url = env.output.appendingPathComponent(OutputFolder.manifestName)
            func manifest() throws -> OutputFolder.Manifest {
                try JSONDecoder().decode(OutputFolder.Manifest.self, from: Data(contentsOf: url))
            }
            let recorded = try manifest()
            let inputs = try #require(recorded.inputs)
            let pages = recorded.files.filter { $0.key.hasSuffix(".html") }
            #expect(pages.count == first.pagesRendered)
            #expect(pages.values.allSatisfy { ($0.context ?? "").count == 64 })
            #expect(recorded.files["images/25.png"]?.context == nil)

            // Nothing changed: no page has its context built.
            #expect(try await env.build().contextsBuilt == 0)

            // The digest the manifest gives a page is taken as its context's: a wrong one (which no build would
            // record) makes that page's fingerprint differ, so that page alone has its context built and digested
            // again. It is kept (the true digest matches what was published) and the manifest is mended.
            var tampered = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
            var files = tampered["files"] as! [String: Any]
            var pikachu = files["pokemon/pikachu.html"] as! [String: Any]
            pikachu["context"] = String(repeating: "0", count: 64)
            files["pokemon/pikachu.html"] = pikachu
            tampered["files"] = files
            try JSONSerialization.data(withJSONObject: tampered).write(to: url)
            let again = try await env.build()
            #expect(again.contextsBuilt == 1)
            #expect(again.pagesRendered == 0)
            #expect(again.filesWritten == 0)
            #expect(try manifest().files["pokemon/pikachu.html"] == recorded.files["pokemon/pikachu.html"])
            #expect(try manifest().inputs == inputs)

            // A template edit: the pages that use it have their contexts built and are rendered, no other.
            let theme = try editableTheme(env)
            let themed = try await env.build(templates: theme)
            #expect(themed.contextsBuilt == first.pagesRendered)  // the theme is one of the inputs: assets' names
            let cell = theme.appendingPathComponent("partials/cell.mustache")
            try Data((try String(contentsOf: cell, encoding: .utf8) + "<!-- edited cell -->\n").utf8).write(to: cell)
            let edited = try await env.build(templates: theme)
            #expect(edited.pagesRendered == first.pages[.index] + 2)
            #expect(edited.contextsBuilt == first.pages[.index] + 2)

            // Other data (another favorite): every context is built and digested again; the pages whose context
            // changed are rendered.
            try env.writeFavorites(#"["bulbasaur"]"#)
            let changed = try await env.build(templates: theme)
            #expect(try manifest().inputs != inputs)
            #expect(changed.contextsBuilt == first.pagesRendered)
            #expect(changed.pagesRendered > 0 && changed.pagesRendered < first.pagesRendered)
        }
    }

    @Test func aPageDeletedOrEditedSinceTheLastBuildIsMadeAgain() async throws {
        try await withEnvironment { env in
            try await env.build()
            let page = env.output.appendingPathComponent("pokemon/pikachu.html")
            let original = try Data(contentsOf: page)
            try FileManager.default.removeItem(at: page)
            try Data("edited".utf8).write(to: env.output.appendingPathComponent("index.html"))
            let again = try await env.build()
            #expect(again.pagesRendered == 2)
            #expect(try Data(contentsOf: page) == original)
            #expect(try env.read("index.html") != "edited")
        }
    }

    @Test func theOutputDoesNotDependOnTheCoreCount() async throws {
        try await withEnvironment { env in
            try env.writeFavorites(GoldenTests.favorites)
            var sites: [[String: Data]] = []
            for parallelism in [1, 3, 16] {
                var options = env.options(templates: GoldenTests.templates)
                options.renderParallelism = parallelism
                try FileManager.default.removeItem(at: env.output, ifExists: true)
                _ = try await SiteBuilder(options: options, logger: quietLogger).run()
                // The manifest records modification times; every file of the site itself must be identical.
                sites.append(try snapshot(env.output).filter { $0.key != OutputFolder.manifestName })
            }
            #expect(sites[0].count > Fixtures.pokemon.count)
            #expect(sites[1] == sites[0])
            #expect(sites[2] == sites[0])
        }
    }

    @Test func theSameDataMakesTheSameBytesFromAnyCacheFolder() async throws {
        try await withEnvironment { env in
            try env.writeFavorites(GoldenTests.favorites)
            // Artwork wide enough for thumbnails, which the cache keeps by the artwork's bytes.
            env.server.setBody(PNGMaker.artwork(colour: [10, 10, 200]), at: ThumbnailTests.official(25))
            var sites: [[String: Data]] = []
            // Two cold caches: the pictures and thumbnails in each are other files (other paths, inodes and times)
            // of the same bytes, as a nightly job's fresh cache or a restored one has them.
            for name in ["first", "second"] {
                var options = env.options(templates: GoldenTests.templates)
                options.cache = env.root.appendingPathComponent("cache-\(name)").path
                options.output = env.root.appendingPathComponent("Output-\(name)").path
                _ = try await SiteBuilder(options: options, logger: quietLogger).run()
                sites.append(
                    try snapshot(URL(fileURLWithPath: options.output)).filter { $0.key != OutputFolder.manifestName }
                )
            }
            #expect(sites[0].keys.contains { $0.hasSuffix(".webp") } && sites[0]["sw.js"] != nil)
            #expect(sites[0].keys.sorted() == sites[1].keys.sorted())
            for (path, bytes) in sites[0] where sites[1][path] != bytes {
                Issue.record("\(path) differs between two builds of the same data")
            }
        }
    }

    @Test func anEditedPictureInTheSiteNeverChangesTheCache() async throws {
        try await withEnvironment { env in
            try await env.build()
            let store = CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger)
            let cached = try #require(try store.readImage("images/official/25")).image.file
            let before = try Data(contentsOf: cached)
            // An editor writing in place, as image editors do.
            let handle = try FileHandle(forWritingTo: env.output.appendingPathComponent("images/25.png"))
            try handle.write(contentsOf: Data(repeating: 0, count: 64))
            try handle.truncate(atOffset: 64)
            try handle.close()
            #expect(try Data(contentsOf: cached) == before)
            // The next build puts the cached picture back (the edit changed the file's size, not its inputs).
            try await env.build()
            #expect(try Data(contentsOf: env.output.appendingPathComponent("images/25.png")) == before)
        }
    }

    static func saysItWaits(_ lines: [String]) -> Bool {
        lines.contains { $0.contains("waiting for another pokedex build") }
    }

    @Test func aManifestOfTheFirstFormatIsReadAsPathsWithoutFingerprints() async throws {
        try await withEnvironment { env in
            try await env.build()
            let manifest = env.output.appendingPathComponent(OutputFolder.manifestName)
            let paths = try JSONDecoder().decode(OutputFolder.Manifest.self, from: Data(contentsOf: manifest)).files
                .keys
            let old = try JSONSerialization.data(withJSONObject: ["generator": "pokedex", "files": paths.sorted()])
            try old.write(to: manifest)
            let again = try await env.build(limit: 3)
            // Everything is rendered again (no fingerprints), and the files the old manifest listed are still
            // pokedex's to remove.
            #expect(
                again.pagesRendered == 3 + 1 + 2 + again.pages[.move] + 1 + again.pages[.ability] + 1
                    + again.pages[.type] + 2
                    + 1 + 1 + 1 + (again.pages[.place] > 0 ? again.pages[.place] + 1 : 0)
                    + (again.pages[.dex] > 0 ? again.pages[.dex] + 1 : 0)
                    + (again.pages[.item] > 0 ? again.pages[.item] + 1 : 0)
            )
            #expect(again.filesRemoved > 0)
            #expect(!env.exists("pokemon/mr-mime-galar.html"))
        }
    }

    @Test func aFailedWriteNamesTheFileLeavesEveryFileWholeAndARerunCompletes() async throws {
        try await withEnvironment { env in
            try await env.build(limit: 5)
            // Where the next build must write a page, something it cannot replace (as a full disk refuses).
            let blocked = env.output.appendingPathComponent("pokemon/mr-mime-galar.html")
            try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: true)
            try Data("not a page".utf8).write(to: blocked.appendingPathComponent("keep"))
            let error = try #require(await env.failingBuild())
            #expect(error.stage == .output)
            #expect(error.subject == blocked.path)
            #expect(error.exitCode != 0)
            #expect(!pathsBelow(env.output).contains { $0.contains(AtomicFile.temporaryMarker) })
            // The manifest still lists what pokedex wrote, old and new, so nothing is orphaned.
            let manifest = try JSONDecoder().decode(
                OutputFolder.Manifest.self,
                from: Data(contentsOf: env.output.appendingPathComponent(OutputFolder.manifestName))
            )
            #expect(manifest.files["pokemon/bulbasaur.html"] != nil)
            #expect(manifest.files["index.html"] != nil)
            // Its pages were made from two builds' inputs: no context digest may stand in for the next build's.
            #expect(manifest.inputs == nil)

            try FileManager.default.removeItem(at: blocked)
            let summary = try await env.build()
            #expect(summary.pokemon == Fixtures.pokemon.count)
            #expect(try env.read("pokemon/mr-mime-galar.html").contains("Mr. Mime"))
        }
    }

    @Test func buildsOnTheSameCacheTakeTurns() async throws {
        try await withEnvironment { env in
            try await env.build()
            var held: BuildLock? = try await BuildLock.acquire(
                env.cache.resolvingSymlinksInPath(),
                stage: .cache,
                purpose: "the cache",
                logger: quietLogger
            )
            let messages = LogCapture()
            let finished = NIOLockedValueBox(false)
            let second = Task {
                defer { finished.withLockedValue { $0 = true } }
                return try await env.build(logger: messages.logger)
            }
            // However slow the machine, the second build says it waits, and does not go on.
            var waited = 0
            while waited < 300, !Self.saysItWaits(messages.lines) {
                try await Task.sleep(for: .milliseconds(100))
                waited += 1
            }
            #expect(
                messages.lines.contains {
                    $0.contains("waiting for another pokedex build") && $0.contains(env.cache.lastPathComponent)
                }
            )
            #expect(!finished.withLockedValue { $0 }, "the second build went on while the lock was held")
            withExtendedLifetime(held) {}
            held = nil  // released: the waiting build goes on
            let summary = try await second.value
            #expect(summary.filesWritten == 0)
        }
    }
}

extension FileManager {
    func removeItem(at url: URL, ifExists: Bool) throws {
        if ifExists && !fileExists(atPath: url.path) { return }
        try removeItem(at: url)
    }
}

@Suite struct DataScriptTests {
    @Test func scriptSafeEscapesWhatCouldEndTheScriptOrALineAndNothingElse() {
        #expect(DataScript.scriptSafe("a</script>\u{2028}b\u{2029}c—€é") == "a\\u003c/script>\\u2028b\\u2029c—€é")
        #expect(DataScript.scriptSafe("") == "")
        #expect(DataScript.scriptSafe("\u{2020}\u{2030}") == "\u{2020}\u{2030}")
    }

    @Test func aNameAloneChangesTheRenderInputs() async throws {
        // A renamed item re-renders the pages whose words name it: the names are render inputs like the model.
        let pokedex = try IndexDataTests.pokedex()
        var renamed = pokedex
        renamed.names = NameBook(records: [
            .item: [.init(id: 1, name: "kings-rock", names: [.init(language: "en", name: "King’s Rock")])]
        ])
        var assets = AssetsContext(names: ["assets/style.css": "s", "assets/app.js": "a"])
        assets[.data] = "d"
        func digest(_ pokedex: Pokedex) async throws -> String? {
            try await RenderInputs(pokedex, perPage: 5, baseURL: nil, assets: assets, builder: "test").digest(
                parallelism: 2
            )
        }
        let before = try await digest(pokedex)
        #expect(before != nil)
        #expect(try await digest(renamed) != before)
        #expect(try await digest(pokedex) == before)
    }
}
