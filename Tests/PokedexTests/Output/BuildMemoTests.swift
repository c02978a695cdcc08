import Foundation
import Logging
import PokedexModel
import PokedexSupport
import Testing

@testable import PokedexOutput
@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource

/// A rebuild with nothing changed answers from the last build's memo: no cache entry read, nothing rendered or
/// written. Anything that could change the site (the theme, the favorites, the cache, the site's files, the
/// manifest, time passing the cache's freshness) makes the build run in full.
@Suite struct BuildMemoTests {
    static let memoStage = ["unchanged inputs"]

    @Test func aRebuildWithNothingChangedAnswersFromTheMemo() async throws {
        try await withEnvironment { env in
            try env.writeFavorites(#"["pikachu", "missingno"]"#)
            let first = try await env.build()
            #expect(first.stages.map(\.name) != Self.memoStage)
            let output = try OutputFolder(
                path: env.output.path,
                cacheFolder: env.cache.path,
                currentDirectory: env.root.path
            )
            #expect(FileManager.default.fileExists(atPath: BuildMemo.url(cacheRoot: env.cache, output: output).path))
            #expect(!pathsBelow(env.output).contains { $0.contains("memo") }, "the site carries no memo")
            let requests = env.server.requests.count
            let again = try await env.build()
            #expect(again.stages.map(\.name) == Self.memoStage)
            #expect(env.server.requests.count == requests)
            #expect(again.filesWritten == 0 && again.pagesRendered == 0)
            #expect(again.filesUnchanged == first.filesWritten)
            #expect(again.pokemon == first.pokemon && again.pages[.index] == first.pages[.index])
            #expect(again.imagesLocal == first.imagesLocal && again.imagesPlaceholder == first.imagesPlaceholder)
            #expect(again.loads.fromCache == first.loads.fetched)
            // What the build warned about is said again.
            #expect(again.unknownFavorites.map(\.entry) == ["missingno"])
        }
    }

    @Test func whateverCouldChangeTheSiteRunsTheBuildInFull() async throws {
        try await withEnvironment { env in
            try await env.build()
            func full(_ summary: BuildSummary) -> Bool { summary.stages.map(\.name) != Self.memoStage }

            // The favorites file.
            try env.writeFavorites(#"["pikachu"]"#)
            #expect(full(try await env.build()))
            #expect(!full(try await env.build()))

            // A page deleted from the site comes back.
            try FileManager.default.removeItem(at: env.output.appendingPathComponent("pokemon/pikachu.html"))
            let restored = try await env.build()
            #expect(full(restored) && restored.filesWritten == 1)
            #expect(env.exists("pokemon/pikachu.html"))

            // A page edited to another size is made again.
            try Data("edited".utf8).write(to: env.output.appendingPathComponent("index.html"))
            #expect(full(try await env.build()))
            #expect(try env.read("index.html").hasSuffix("</body></html>\n"))

            // A cache entry replaced (as every cache write does: a new file renamed into its folder).
            let entry = try #require(pathsBelow(env.cache).first { $0.hasSuffix(".json") && $0.contains("/pokemon/") })
            let url = env.cache.appendingPathComponent(entry)
            let bytes = try Data(contentsOf: url)
            try FileManager.default.removeItem(at: url)
            try bytes.write(to: url)
            #expect(full(try await env.build()))

            // Another page size, and the theme.
            #expect(full(try await env.build(perPage: 4)))
            #expect(!full(try await env.build(perPage: 4)))
            let theme = env.root.appendingPathComponent("theme")
            try FileManager.default.createDirectory(
                at: theme.appendingPathComponent("partials"),
                withIntermediateDirectories: true
            )
            try Data("<li>{{name}}</li>".utf8).write(to: theme.appendingPathComponent("partials/cell.mustache"))
            #expect(full(try await env.build(perPage: 4, templates: theme)))
            #expect(!full(try await env.build(perPage: 4, templates: theme)))

            // --refresh always asks.
            #expect(full(try await env.build(mode: .refresh, perPage: 4, templates: theme)))
        }
    }

    /// A theme folder is parsed only when the memo does not hold: the memo says its warnings again, and a
    /// template broken since still fails the build that meets it.
    @Test func aThemeFolderThatWarnsWarnsAtEveryBuildTheMemoAnswersOrNot() async throws {
        try await withEnvironment { env in
            let theme = env.root.appendingPathComponent("theme")
            let head = theme.appendingPathComponent("partials/head.mustache")
            try FileManager.default.createDirectory(
                at: head.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(#"<link rel="stylesheet" href="{{root}}assets/style.css">"#.utf8).write(to: head)
            var said: [[String]] = []
            for _ in 0..<2 {
                let log = LogCapture()
                let summary = try await env.build(templates: theme, logger: log.logger)
                said.append(log.lines)
                #expect(
                    log.lines.contains { $0.hasPrefix("warning: \(head.path)") && $0.contains("{{assets.style}}") },
                    "\(log.lines)"
                )
                if said.count == 2 { #expect(summary.stages.map(\.name) == Self.memoStage) }
            }
            #expect(said[0] == said[1])
            // A template broken since: the build fails, naming it.
            try Data("{{#unclosed}}".utf8).write(to: theme.appendingPathComponent("partials/cell.mustache"))
            do {
                try await env.build(templates: theme)
                Issue.record("a broken template built")
            } catch let error as PokedexError {
                #expect("\(error)".contains("partials/cell.mustache"), "\(error)")
            }
        }
    }

    @Test func theMemoHoldsOnlyWhileTheCacheIsFresh() async throws {
        try await withEnvironment { env in
            env.server.maxAge = 600
            try await env.build()
            let later = Date().addingTimeInterval(601)
            let requests = env.server.requests.count
            let again = try await env.build(now: { later })
            #expect(again.stages.map(\.name) != Self.memoStage)
            #expect(env.server.requests.count > requests, "stale entries are revalidated")
        }
    }

    @Test func anOfflineRebuildWithNothingChangedAnswersFromTheMemoAndSaysWhereItsDataCameFrom() async throws {
        try await withEnvironment { env in
            try await env.build()
            // Everything stale and the server gone: offline, the cache serves the stale copies and says so.
            let later = Date().addingTimeInterval(200_000)
            await env.server.stop()
            let first = try await env.build(mode: .offline, now: { later })
            #expect(first.stages.map(\.name) != Self.memoStage)
            #expect(first.loads.stale > 0)
            let again = try await env.build(mode: .offline, now: { later.addingTimeInterval(200_000) })
            #expect(again.stages.map(\.name) == Self.memoStage)
            #expect(again.filesWritten == 0 && again.pagesRendered == 0)
            #expect(again.loads.stale == first.loads.stale)
            #expect(again.line.contains("offline: \(first.loads.stale) resource(s) from a stale cache"))
            // The memo is the offline build's own: a build that may ask the server runs in full.
            #expect(try await env.build(now: { later }).stages.map(\.name) != Self.memoStage)
        }
    }

    @Test func anOfflineBuildFromTheSnapshotAloneLeavesAMemoThatItsSnapshotFileKeys() async throws {
        try await withEnvironment { env in
            // A snapshot file taken from the server, then no server at all, and no cache yet.
            let snapshot = URL(fileURLWithPath: try await SnapshotBuildTests().takeSnapshot(env))
            await env.server.stop()
            #expect(!FileManager.default.fileExists(atPath: env.cache.path))
            let first = try await env.build(mode: .offline, snapshot: .file(snapshot.path))
            #expect(first.loads.snapshot > 0 && first.stages.map(\.name) != Self.memoStage)
            let again = try await env.build(mode: .offline, snapshot: .file(snapshot.path))
            #expect(again.stages.map(\.name) == Self.memoStage)
            #expect(again.loads.snapshot == first.loads.snapshot)
            #expect(again.line.contains("offline: \(first.loads.snapshot) resource(s) from the data snapshot"))
            // Another snapshot file at the same path: the build runs in full.
            let bytes = try Data(contentsOf: snapshot)
            try FileManager.default.removeItem(at: snapshot)
            try bytes.write(to: snapshot)
            #expect(
                try await env.build(mode: .offline, snapshot: .file(snapshot.path)).stages.map(\.name) != Self.memoStage
            )
        }
    }

    @Test func aBuildTheServerDidNotAnswerKeepsItsMemoOnlyWhileTheServerStaysAway() async throws {
        try await withEnvironment { env in
            try await env.build()
            // Everything stale and the server gone: the build falls back on the cache and says so.
            let later = Date().addingTimeInterval(200_000)
            await env.server.stop()
            let stale = try await env.build(now: { later })
            #expect(stale.loads.stale > 0 && stale.stages.map(\.name) != Self.memoStage)

            // Still no server: one attempt to connect, refused, and the memo holds, saying where the data came from.
            let log = LogCapture()
            let again = try await env.build(
                logger: log.logger(level: .debug),
                now: { later.addingTimeInterval(200_000) }
            )
            #expect(again.stages.map(\.name) == Self.memoStage)
            #expect(again.filesWritten == 0 && again.pagesRendered == 0)
            #expect(again.line.contains("offline: \(stale.loads.stale) resource(s) from a stale cache"))
            #expect(log.lines.contains { $0.hasPrefix("debug: the server still cannot be reached (") })

            // The server back on its port: the build asks it, and the data is confirmed fresh again.
            let back = try await TestServer.start(port: env.server.port)
            let answered = LogCapture()
            let confirmed: BuildSummary
            do {
                confirmed = try await env.build(logger: answered.logger(level: .debug), now: { later })
            } catch {
                await back.stop()
                throw error
            }
            await back.stop()
            #expect(confirmed.stages.map(\.name) != Self.memoStage)
            #expect(confirmed.loads.stale == 0 && confirmed.loads.revalidated > 0)
            #expect(
                answered.lines.contains(
                    "debug: the server answers again: the build asks it rather than keep the last build's data"
                )
            )
        }
    }

    /// A template edited and nothing else: the render takes the digest of what contexts are made from from the last
    /// build's memo instead of encoding the whole model again. New data with the edit: the digest is made again,
    /// and the pages show the new data.
    @Test func aTemplateEditTakesTheInputsDigestFromTheMemoNewDataDoesNot() async throws {
        try await withEnvironment { env in
            // The built-in theme with its cell replaced: the index pages use it, the Pokémon pages do not.
            let cells = env.root.appendingPathComponent("cells")
            let partials = cells.appendingPathComponent("partials")
            try FileManager.default.createDirectory(at: partials, withIntermediateDirectories: true)
            func editCell(_ mark: String) throws {
                try Data("<li class=\"\(mark)\">{{name}}</li>".utf8).write(
                    to: partials.appendingPathComponent("cell.mustache")
                )
            }
            try editCell("first")
            let first = try await env.build(templates: cells)
            let taken = "render inputs unchanged since the last build's memo: its digest stands"

            try editCell("second")
            let log = LogCapture()
            let edited = try await env.build(templates: cells, logger: log.logger(level: .debug))
            #expect(log.lines.contains("debug: \(taken)"))
            #expect(try env.read("index.html").contains(#"<li class="second">"#))
            #expect(edited.pagesRendered > 0 && edited.pagesRendered < first.pagesRendered)
            #expect(edited.contextsBuilt == edited.pagesRendered, "the others are known unchanged")

            // Bulbasaur weighs more on the server, seen once the cache is stale; the cell changes too.
            var changed = Fixtures.pokemon[0]
            changed.weight = 70
            env.server.setBody(
                Fixtures.encode(Fixtures.detail(changed, api: env.server.apiBase, origin: env.server.origin)),
                at: "/api/v2/pokemon/1/"
            )
            env.server.dataHash = "fixture-hash-2"
            try editCell("third")
            let later = Date().addingTimeInterval(200_000)
            let newData = LogCapture()
            try await env.build(templates: cells, logger: newData.logger(level: .debug), now: { later })
            #expect(!newData.lines.contains("debug: \(taken)"))
            #expect(try env.read("pokemon/bulbasaur.html").contains("7.0 kg"))
            #expect(try env.read("index.html").contains(#"<li class="third">"#))
        }
    }

    @Test func theInputsKeyLeavesOutTheTemplatesAndNothingContextsAreMadeFrom() async throws {
        try await withEnvironment { env in
            let options = env.options()
            let plain = try Theme(overrides: nil)
            let cells = env.root.appendingPathComponent("cells")
            let partials = cells.appendingPathComponent("partials")
            try FileManager.default.createDirectory(at: partials, withIntermediateDirectories: true)
            try Data("<li>{{name}}</li>".utf8).write(to: partials.appendingPathComponent("cell.mustache"))
            let edited = try Theme(overrides: cells)
            let stamps = Array("cache".utf8)
            func keys(
                _ theme: Theme,
                favorites: Data? = nil,
                stamps: [UInt8] = stamps,
                age: DataAge? = nil,
                options: BuildOptions = options
            ) throws -> (build: String?, inputs: String?) {
                (
                    try BuildMemo.key(
                        options: options,
                        theme: theme.digests,
                        favorites: favorites,
                        cacheStamps: stamps
                    ),
                    try BuildMemo.inputsKey(
                        options: options,
                        theme: theme.digests,
                        favorites: favorites,
                        cacheStamps: stamps,
                        dataAge: age
                    )
                )
            }
            let base = try keys(plain)
            try #require(base.build != nil && base.inputs != nil)
            // Templates: a new build key, the same inputs key.
            #expect(try keys(edited).build != base.build)
            #expect(try keys(edited).inputs == base.inputs)
            // What contexts are made from: both change.
            var paged = options
            paged.perPage += 1
            var french = options
            french.languages = ["en", "fr"]
            for other in [
                try keys(plain, favorites: Data("[25]".utf8)), try keys(plain, stamps: Array("changed".utf8)),
                try keys(plain, options: paged), try keys(plain, options: french),
            ] {
                #expect(other.build != base.build && other.inputs != base.inputs)
            }
            // How old the data is (the offline banner), which the network decides: the inputs key alone knows it.
            #expect(try keys(plain, age: .cached(Date(timeIntervalSince1970: 1_000))).inputs != base.inputs)
        }
    }

    @Test func theCacheIsStampedFileByFileWithoutReadingIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("memo-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try BuildMemo.stamps(below: root) == nil)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("a/b"),
            withIntermediateDirectories: true
        )
        let file = root.appendingPathComponent("a/b/entry.json")
        try Data("{}".utf8).write(to: file)
        let before = try #require(try BuildMemo.stamps(below: root))
        #expect(try BuildMemo.stamps(below: root) == before)
        // Every entry is in: a new one changes the stamps.
        try Data().write(to: root.appendingPathComponent("a/new.json"))
        let added = try #require(try BuildMemo.stamps(below: root))
        #expect(added != before)
        #expect(String(decoding: added, as: UTF8.self).contains("new.json"))
        // Edited in place, same size: its modification time tells (after the clock's tick, which can be coarse).
        Thread.sleep(forTimeInterval: 0.05)
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data("[]".utf8))
        try handle.close()
        #expect(try BuildMemo.stamps(below: root) != added)
    }

    @Test func theSitesFilesAreKeptAsLinesAndReadBackWhole() throws {
        let sizes = FileSizes(["index.html": 4265, "fr/pokemon/nidoran-f.html": 0, "a b/c d.html": 12])
        let data = try JSONEncoder().encode(sizes)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #""12 a b\/c d.html\n0 fr\/pokemon\/nidoran-f.html\n4265 index.html""#
        )
        #expect(try JSONDecoder().decode(FileSizes.self, from: data) == sizes)
        #expect(try JSONDecoder().decode(FileSizes.self, from: Data(#""""#.utf8)) == FileSizes([:]))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(FileSizes.self, from: Data(#""index.html""#.utf8))
        }
    }
}
