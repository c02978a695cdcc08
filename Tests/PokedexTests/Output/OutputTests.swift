import AsyncAlgorithms
import Foundation
import PokedexSite
import Testing

@testable import PokedexOutput
@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource
@testable import PokedexSupport

/// The output folder is guarded: pokedex writes only below it, deletes only what it wrote, and leaves no
/// temporary files behind.
@Suite struct OutputTests {
    func refusal(_ path: String, cache: String = "cache", cwd: String) -> String? {
        do {
            _ = try OutputFolder(path: path, cacheFolder: cache, currentDirectory: cwd)
            return nil
        } catch let error as PokedexError {
            #expect(error.exitCode == 64)
            #expect(error.hint != nil)
            return error.description
        } catch {
            return "\(error)"
        }
    }

    @Test func refusesFoldersWhoseContentsMatter() throws {
        let scratch = try TestEnvironment.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cwd = scratch.path

        #expect(refusal("/", cwd: cwd)?.contains("file system root") == true)
        #expect(refusal(NSHomeDirectory(), cwd: cwd)?.contains("home folder") == true)
        #expect(refusal(".", cwd: cwd)?.contains("current folder") == true)
        #expect(refusal(cwd, cwd: cwd)?.contains("current folder") == true)
        #expect(
            refusal("..", cache: "/nonexistent/pokedex-cache", cwd: cwd)?.contains("contains the current folder")
                == true
        )
        #expect(refusal("cache", cache: "cache", cwd: cwd)?.contains("cache folder") == true)
        #expect(refusal("cache/site", cache: "cache", cwd: cwd)?.contains("cache folder") == true)
        #expect(refusal("site", cache: "site/cache", cwd: cwd)?.contains("cache folder") == true)

        let project = scratch.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: project.appendingPathComponent("Package.swift"))
        #expect(refusal("project", cwd: cwd)?.contains("Package.swift") == true)

        let repo = scratch.appendingPathComponent("repo/.git")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        #expect(refusal("repo", cwd: cwd)?.contains(".git") == true)

        #expect(refusal("Output", cwd: cwd) == nil)
        #expect(refusal(scratch.appendingPathComponent("elsewhere/site").path, cwd: cwd) == nil)
    }

    @Test func theBuildRefusesBeforeTouchingAnything() async throws {
        try await withEnvironment { env in
            var options = env.options()
            options.output = env.root.path
            do {
                _ = try await SiteBuilder(options: options, logger: quietLogger).run()
                Issue.record("built into the current folder")
            } catch let error as PokedexError {
                #expect(error.exitCode == 64)
            }
            #expect(env.server.requests.isEmpty)
        }
    }

    /// How many batches a producer has finished sending.
    actor SentBatches {
        var count = 0
        func add() { count += 1 }
    }

    @Test func aSendWaitsForAWriterSoFilesDoNotPileUpInMemory() async throws {
        let stream = SiteFileStream()
        let sent = SentBatches()
        let producer = Task {
            for index in 0..<5 {
                try await stream.send([
                    SiteFile(path: "\(index).html", fingerprint: "f", content: .bytes(Data("x".utf8)))
                ])
                await sent.add()
            }
            stream.finish()
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(await sent.count == 0, "no writer has taken the first batch: its send has not returned")
        var taken: [String] = []
        for try await batch in stream.lane(0) {
            taken += batch.map(\.path)
            #expect(await sent.count <= taken.count, "a send returns only once a writer has taken its batch")
        }
        try await producer.value
        #expect(taken == (0..<5).map { "\($0).html" })
    }

    @Test func aRenderThatFailsMidwayLeavesWhatWasWrittenListedAndWhole() async throws {
        let scratch = try TestEnvironment.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = try OutputFolder(path: "site", cacheFolder: "cache", currentDirectory: scratch.path)
        let stream = SiteFileStream()
        struct RenderFailed: Error {}
        let producer = Task {
            try await stream.send([
                SiteFile(path: "pokemon/one.html", fingerprint: "f", content: .bytes(Data("one".utf8)))
            ])
            stream.fail(RenderFailed())
        }
        await #expect(throws: RenderFailed.self) { try await folder.place(stream, over: try folder.published()) }
        try await producer.value
        #expect(try folder.published().files["pokemon/one.html"] == PublishedFile(fingerprint: "f", size: 3))
        #expect(try folder.published().inputs == nil, "a partial publication vouches for no render inputs")
    }

    @Test func neverWritesOutsideTheFolder() async throws {
        let scratch = try TestEnvironment.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = try OutputFolder(path: "site", cacheFolder: "cache", currentDirectory: scratch.path)
        func file(_ path: String) -> SiteFile {
            SiteFile(path: path, fingerprint: "f", content: .bytes(Data("x".utf8)))
        }
        let nothing = try folder.published()
        for path in ["../escape.html", "/etc/passwd", "a/../../b", "", "a//b", "./x", "a\\b"] {
            // A bad path stops the publish, naming it. Files stream to the folder as they are made, so one written
            // before it may be there: inside the folder, whole, and listed by the manifest.
            await #expect(throws: PokedexError.self, "\(path)") {
                try await folder.publish([file("pokemon/ok.html"), file(path)], over: nothing)
            }
        }
        #expect(pathsBelow(scratch).allSatisfy { $0 == "site" || $0.hasPrefix("site/") })
        #expect(Set(pathsBelow(folder.root)) == ["pokemon", "pokemon/ok.html", OutputFolder.manifestName])
        #expect(Array(try folder.published().files.keys) == ["pokemon/ok.html"])
        #expect(try await folder.publish([file("pokemon/ok.html")], over: nothing).written == 1)
        #expect(try await folder.publish([file("pokemon/ok.html")], over: try folder.published()).unchanged == 1)
    }

    @Test func aSymbolicLinkAtAPathIsReplacedNotWrittenThrough() async throws {
        let scratch = try TestEnvironment.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outside = scratch.appendingPathComponent("outside.txt")
        try Data("untouched".utf8).write(to: outside)
        let source = scratch.appendingPathComponent("picture.png")
        try Data("png".utf8).write(to: source)
        let folder = try OutputFolder(path: "site", cacheFolder: "cache", currentDirectory: scratch.path)
        try FileManager.default.createDirectory(
            at: folder.root.appendingPathComponent("images"),
            withIntermediateDirectories: true
        )
        // Files no manifest lists, so written in place: not through the links left at their paths.
        try FileManager.default.createSymbolicLink(
            at: folder.root.appendingPathComponent("index.html"),
            withDestinationURL: outside
        )
        try FileManager.default.createSymbolicLink(
            at: folder.root.appendingPathComponent("images/1.png"),
            withDestinationURL: outside
        )
        let files = [
            SiteFile(path: "index.html", fingerprint: "f", content: .bytes(Data("page".utf8))),
            SiteFile(path: "images/1.png", fingerprint: "g", content: .copy(source)),
        ]
        #expect(try await folder.publish(files, over: try folder.published()).written == 2)
        #expect(try String(contentsOf: outside, encoding: .utf8) == "untouched")
        #expect(try String(contentsOf: folder.root.appendingPathComponent("index.html"), encoding: .utf8) == "page")
        #expect(try String(contentsOf: folder.root.appendingPathComponent("images/1.png"), encoding: .utf8) == "png")
        let attributes = try FileManager.default.attributesOfItem(
            atPath: folder.root.appendingPathComponent("index.html").path
        )
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }

    @Test func filesNotWrittenByPokedexSurvive() async throws {
        try await withEnvironment { env in
            try FileManager.default.createDirectory(
                at: env.output.appendingPathComponent("pokemon"),
                withIntermediateDirectories: true
            )
            try Data("mine".utf8).write(to: env.output.appendingPathComponent("notes.txt"))
            try Data("mine too".utf8).write(to: env.output.appendingPathComponent("pokemon/custom.html"))
            try await env.build()
            try await env.build(limit: 3)
            #expect(try env.read("notes.txt") == "mine")
            #expect(try env.read("pokemon/custom.html") == "mine too")
        }
    }

    @Test func filesNoLongerProducedAreRemoved() async throws {
        try await withEnvironment { env in
            try await env.build()
            #expect(env.exists("pokemon/mr-mime-galar.html"))
            #expect(env.exists("page/3.html"))
            let summary = try await env.build(limit: 5)
            #expect(!env.exists("pokemon/mr-mime-galar.html"))
            #expect(!env.exists("images/10168.png"))
            #expect(!env.exists("page"))  // emptied, so removed
            #expect(env.exists("pokemon/bulbasaur.html"))
            #expect(env.exists("images/1.png"))
            // 7 detail pages, 6 images (one of the 7 has none), 2 index pages, the data and names scripts under
            // the names their old content hashed to, the learnsets of the 5 of the 7 that learn moves, and the moves
            // script (Pikachu Rock Star's form-change method is gone from it). Every move is still learned. The 11
            // abilities only the 7 had, the 5 types only they had (Dragon, Fairy, Ghost, Ice, Psychic), and the
            // search data, the regional Pokédexes' members and the abilities script under their old names. The pages
            // of the 5 items only they named: the 4 Mega Stones (no Mega is left) and the Shiny Stone. And the 7's cries.
            #expect(summary.filesRemoved == 7 + 6 + 2 + 2 + 5 + 1 + 11 + 5 + 1 + 1 + 1 + 5 + 7)
            #expect(!env.exists("sounds/cries/latest/10168.ogg") && env.exists("sounds/cries/latest/1.ogg"))
            #expect(!env.exists("items/charizardite-x.html") && env.exists("items/thunder-stone.html"))
            #expect(!env.exists("abilities/disguise.html") && !env.exists("types/ghost.html"))
            let manifest = try JSONDecoder().decode(
                OutputFolder.Manifest.self,
                from: Data(contentsOf: env.output.appendingPathComponent(OutputFolder.manifestName))
            )
            #expect(manifest.files["pokemon/mr-mime-galar.html"] == nil)
            #expect(manifest.files["pokemon/bulbasaur.html"] != nil)
        }
    }

    @Test func aFailedBuildLeavesTheSiteAsItWas() async throws {
        try await withEnvironment { env in
            try await env.build(limit: 5)
            let before = try snapshot(env.output)
            env.server.inject(.status(404), at: "/api/v2/pokemon/10168/")
            let error = try #require(await env.failingBuild())
            #expect(error.exitCode == 3)
            // Nothing is written before the completeness check: the site, manifest included, is byte-identical
            // (the new Pokémon's pictures went into the cache only).
            #expect(try snapshot(env.output) == before)
        }
    }

    @Test func temporaryFilesOfAKilledRunAreSwept() async throws {
        try await withEnvironment { env in
            try await env.build()
            let leftovers = [
                env.output.appendingPathComponent(".index.html.pokedex-tmp-1a2b3c4d"),
                env.output.appendingPathComponent("pokemon/.pikachu.html.pokedex-tmp-deadbeef"),
                env.cache.appendingPathComponent("\(CacheStore.formatVersion)/.build-state.json.pokedex-tmp-00000000"),
            ]
            for file in leftovers { try Data("torn".utf8).write(to: file) }
            try await env.build()
            for file in leftovers { #expect(!FileManager.default.fileExists(atPath: file.path), "\(file.path)") }
            #expect(!pathsBelow(env.output).contains { $0.contains(AtomicFile.temporaryMarker) })
            #expect(!pathsBelow(env.cache).contains { $0.contains(AtomicFile.temporaryMarker) })
        }
    }

    /// Many entries of every name length, nested: the sweep reads each directory entry in place (copying one read
    /// past the kernel's record, which crashed once a listing ended at a page boundary).
    @Test func sweepFindsEveryTemporaryAndNothingElse() throws {
        let scratch = try TestEnvironment.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var kept: [String] = []
        var temporaries = 0
        for index in 0..<1_500 {
            let folder = "f\(index % 7)/g\(index % 3)"
            let stem = String(repeating: "n", count: 1 + index % 200)
            let name = index % 5 == 0 ? ".\(stem)\(AtomicFile.temporaryMarker)\(index)" : "\(stem)-\(index).html"
            let file = scratch.appendingPathComponent(folder).appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data("x".utf8).write(to: file)
            if index % 5 == 0 { temporaries += 1 } else { kept.append("\(folder)/\(name)") }
        }
        #expect(try AtomicFile.sweepTemporaries(in: scratch) == temporaries)
        #expect(pathsBelow(scratch).filter { $0.hasSuffix(".html") } == kept.sorted())
        #expect(!pathsBelow(scratch).contains { $0.contains(AtomicFile.temporaryMarker) })
        #expect(try AtomicFile.sweepTemporaries(in: scratch.appendingPathComponent("absent")) == 0)
    }

    @Test func aFileIsReadWholeOrFoundMissing() throws {
        let scratch = try TestEnvironment.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        #expect(try AtomicFile.contentsIfPresent(of: scratch.appendingPathComponent("absent.json")) == nil)
        #expect(try AtomicFile.contentsIfPresent(of: scratch.appendingPathComponent("absent/entry.json")) == nil)
        let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let file = scratch.appendingPathComponent("entry.json")
        try bytes.write(to: file)
        #expect(try AtomicFile.contentsIfPresent(of: file) == bytes)
        try Data().write(to: file)
        #expect(try AtomicFile.contentsIfPresent(of: file) == Data())
        // Something there that cannot be read as a file is an error, not a missing entry.
        #expect(throws: (any Error).self) { try AtomicFile.contentsIfPresent(of: scratch) }
    }

    @Test func unchangedFilesAreNotRewritten() throws {
        let scratch = try TestEnvironment.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("a/b.html")
        #expect(try AtomicFile.writeIfChanged(Data("one".utf8), to: file))
        #expect(try AtomicFile.writeIfChanged(Data("one".utf8), to: file) == false)
        #expect(try AtomicFile.writeIfChanged(Data("two".utf8), to: file))
        #expect(try String(contentsOf: file, encoding: .utf8) == "two")
        #expect(pathsBelow(scratch) == ["a", "a/b.html"])
    }

    @Test func aListedPageIsOverwrittenInPlaceButNeverThroughALinkOrAnotherName() throws {
        let scratch = try TestEnvironment.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let page = scratch.appendingPathComponent("page.html")
        func inode(_ url: URL) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
        }
        try Data("a longer first page".utf8).write(to: page)
        let first = try inode(page)
        // Shorter bytes: the same inode, the old tail cut off.
        #expect(try AtomicFile.overwrite(Data("short".utf8), at: page))
        #expect(try String(contentsOf: page, encoding: .utf8) == "short")
        #expect(try inode(page) == first)
        // The same bytes: not written, so the modification time stays.
        let stamped = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: stamped], ofItemAtPath: page.path)
        #expect(try AtomicFile.overwrite(Data("short".utf8), at: page) == false)
        #expect(try FileManager.default.attributesOfItem(atPath: page.path)[.modificationDate] as? Date == stamped)
        // The same size, other bytes: written.
        #expect(try AtomicFile.overwrite(Data("SHORT".utf8), at: page))
        #expect(try String(contentsOf: page, encoding: .utf8) == "SHORT")
        // A second name for the page (a copy made with `cp -l`) keeps its bytes: the page is replaced whole.
        let linked = scratch.appendingPathComponent("published-copy.html")
        try FileManager.default.linkItem(at: page, to: linked)
        #expect(try AtomicFile.overwrite(Data("longer than before".utf8), at: page))
        #expect(try String(contentsOf: page, encoding: .utf8) == "longer than before")
        #expect(try String(contentsOf: linked, encoding: .utf8) == "SHORT")
        // A symbolic link is replaced, never written through; a missing file is made.
        let outside = scratch.appendingPathComponent("outside.txt")
        try Data("untouched".utf8).write(to: outside)
        let pointing = scratch.appendingPathComponent("link.html")
        try FileManager.default.createSymbolicLink(at: pointing, withDestinationURL: outside)
        #expect(try AtomicFile.overwrite(Data("page".utf8), at: pointing))
        #expect(try String(contentsOf: outside, encoding: .utf8) == "untouched")
        #expect(
            try FileManager.default.attributesOfItem(atPath: pointing.path)[.type] as? FileAttributeType == .typeRegular
        )
        // A page the user made read-only is replaced, as a rename always did.
        let locked = scratch.appendingPathComponent("locked.html")
        try Data("old".utf8).write(to: locked)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: locked.path)
        #expect(try AtomicFile.overwrite(Data("new page".utf8), at: locked))
        #expect(try String(contentsOf: locked, encoding: .utf8) == "new page")
        let missing = scratch.appendingPathComponent("new.html")
        #expect(try AtomicFile.overwrite(Data("new".utf8), at: missing))
        #expect(try String(contentsOf: missing, encoding: .utf8) == "new")
        #expect(!pathsBelow(scratch).contains { $0.contains(AtomicFile.temporaryMarker) })
    }
}
