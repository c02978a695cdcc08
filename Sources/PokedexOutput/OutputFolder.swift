import AsyncAlgorithms
package import Foundation
package import PokedexSite
import PokedexSupport

/// One file of the manifest: what it was made from, and its size once written. (No modification time: the
/// manifest stays byte-identical across identical builds.)
package struct PublishedFile: Codable, Sendable, Equatable {
    package var fingerprint: String
    package var size: Int
    /// A page's context digest (see `SiteFile.context`).
    package var context: String? = nil

    package init(fingerprint: String, size: Int, context: String? = nil) {
        self.fingerprint = fingerprint
        self.size = size
        self.context = context
    }

    /// A file listed by a version 1 manifest: pokedex's, made from nobody knows what.
    package static let unknown = PublishedFile(fingerprint: "", size: -1)
}

/// The site as the last build left it, by manifest: what the render asks before it makes a file.
package struct PublishedSite: SiteLedger {
    package let root: URL
    /// Every file the last build published, by path.
    package var files: [String: PublishedFile]
    /// The digest of the render inputs its pages' contexts were made from, when the build completed.
    package var inputs: String? = nil

    package init(root: URL, files: [String: PublishedFile], inputs: String? = nil) {
        self.root = root
        self.files = files
        self.inputs = inputs
    }

    /// Whether `path` was published from inputs with this fingerprint and is still there, at the size it was
    /// written (one `stat`: a file deleted or resized since is made again; an edit that keeps the size stays
    /// until the file's inputs change).
    package func holds(_ path: String, fingerprint: String) -> Bool {
        guard !fingerprint.isEmpty, let file = files[path], file.fingerprint == fingerprint else { return false }
        return OutputFolder.isRegularFile(root.path + "/" + path, size: file.size)
    }

    package func contextDigest(of path: String, inputs: String) -> String? {
        self.inputs == inputs ? files[path]?.context : nil
    }

    package var remembersContexts: Bool { inputs != nil }
}

/// The output folder, guarded: it must not be a folder whose other contents matter, pokedex writes only below it,
/// and it deletes only files that it wrote before (listed in a manifest).
package struct OutputFolder: Sendable {
    package static let manifestName = ".pokedex-manifest.json"
    /// The folder's own record of a build that has not finished: every path it is about to write, one a line,
    /// before it writes it. It is removed once the manifest lists what the build put there; while it is there, the
    /// next build trusts none of the paths it names (a killed build may have replaced them) and owns them (one it
    /// no longer makes is removed), whatever the manifest or the cache's memo say.
    package static let journalName = ".pokedex-unfinished"

    package let root: URL

    /// Refuses `/`, the home folder, the cache folder (or a folder holding it or inside it), and a project root
    /// (the current folder or any folder with a Package.swift or .git).
    package init(
        path: String,
        cacheFolder: String,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws {
        let root = Paths.resolve(path, from: currentDirectory)
        let cache = Paths.resolve(cacheFolder, from: currentDirectory)
        let home = Paths.resolve(NSHomeDirectory(), from: currentDirectory)
        let cwd = Paths.resolve(currentDirectory, from: currentDirectory)
        func refuse(_ why: String) -> PokedexError {
            PokedexError(
                .options,
                path,
                .invalidInput("refusing to use this as the output folder: \(why)"),
                hint: "pass --output with a folder of its own, such as Output"
            )
        }
        if root.path == "/" { throw refuse("it is the file system root") }
        if root.path == home.path { throw refuse("it is the home folder") }
        if root.path == cwd.path { throw refuse("it is the current folder") }
        if Paths.isInside(cache, root) || Paths.isInside(root, cache) {
            throw refuse("it overlaps the cache folder \(cacheFolder)")
        }
        for marker in ["Package.swift", ".git"]
        where FileManager.default.fileExists(atPath: root.appendingPathComponent(marker).path) {
            throw refuse("it holds \(marker), so it looks like a project root")
        }
        if Paths.isInside(cwd, root) { throw refuse("it contains the current folder") }
        self.root = root
    }

    /// The file at `relative`, after checking that it cannot leave the folder.
    func file(_ relative: String) throws -> URL {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.hasPrefix("/"), !parts.isEmpty,
            parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") && !$0.contains("\\") })
        else {
            throw PokedexError(.output, relative, .invalidInput("refusing to write outside the output folder"))
        }
        return root.appending(path: relative, directoryHint: .notDirectory)  // no `stat` (see `CacheStore.url`)
    }

    /// Leftover temporary files of a killed run.
    package func sweep() throws -> Int {
        guard FileManager.default.fileExists(atPath: root.path) else { return 0 }
        do {
            return try AtomicFile.sweepTemporaries(in: root)
        } catch {
            throw PokedexError.file(.output, root.path, error)
        }
    }

    /// What the last complete build published here, by its manifest: every file pokedex wrote, with the
    /// fingerprint of what it was made from. An unreadable manifest means nothing is known: everything is
    /// rendered again and nothing is deleted.
    package func published() throws -> PublishedSite {
        let url = root.appendingPathComponent(Self.manifestName)
        guard FileManager.default.fileExists(atPath: url.path) else { return PublishedSite(root: root, files: [:]) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PokedexError.file(.output, url.path, error)
        }
        var site: PublishedSite
        do {
            let manifest = try JSONDecoder().decode(Manifest.self, from: data)
            site = PublishedSite(root: root, files: manifest.files, inputs: manifest.inputs)
        } catch {
            site = PublishedSite(root: root, files: [:])
        }
        return try withUnfinished(site)
    }

    /// `site` with what an unfinished build wrote: each path it names untrusted (made again, never kept) and
    /// owned (removed when this build does not make it), and no inputs digest (no page's context is vouched for).
    func withUnfinished(_ site: PublishedSite) throws -> PublishedSite {
        let paths = try unfinishedPaths()
        guard !paths.isEmpty else { return site }
        var site = site
        site.inputs = nil
        for path in paths {
            if let listed = site.files[path] {
                site.files[path] = PublishedFile(fingerprint: "", size: listed.size)
            } else if FileManager.default.fileExists(atPath: root.path + "/" + path) {
                site.files[path] = .unknown
            }
        }
        return site
    }

    /// The paths the journal of an unfinished build names (a last line cut short by a kill left out); none when
    /// there is no journal.
    func unfinishedPaths() throws -> [String] {
        let url = root.appendingPathComponent(Self.journalName)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let text: String
        do {
            text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        } catch {
            throw PokedexError.file(.output, url.path, error)
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()  // after the last newline: empty, or a line a kill cut short
        return lines.compactMap { line in
            let path = String(line)
            return (try? file(path)) == nil ? nil : path  // only paths inside the folder
        }
    }

    /// The output stage, and the only code that writes the site, for files already made: `files` are placed
    /// (see `place`), then the publication is completed (see `complete`).
    package func publish(
        _ files: [SiteFile],
        over previous: PublishedSite,
        inputs: String? = nil,
        parallelism: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async throws -> PublishCounts {
        let stream = SiteFileStream(lanes: parallelism)
        async let sent: Void = stream.producing {
            for start in stride(from: 0, to: files.count, by: SiteFileStream.batchSize) {
                try await stream.send(Array(files[start..<min(files.count, start + SiteFileStream.batchSize)]))
            }
        }
        let placement = try await place(stream, over: previous)
        try await sent
        return try complete(placement, over: previous, inputs: inputs)
    }

    /// Puts every file of `stream` in place as it comes (each atomically, and only when its bytes changed), one
    /// writer per lane of the stream, while the render goes on. When a write fails (a full disk) or the render
    /// fails, the writers stop after the file each is writing, the manifest lists every file pokedex wrote, old
    /// and new (each whole), and the error is thrown; the error of a failed write names the file.
    package func place(_ stream: SiteFileStream, over previous: PublishedSite) async throws -> Placement {
        let runs = await withTaskGroup(of: PlacedRun.self) { group in
            for lane in 0..<stream.laneCount {
                group.addTask { await self.placeAll(from: stream.lane(lane), over: previous) }
            }
            var runs: [PlacedRun] = []
            for await run in group {
                // One writer stopped on a failure: the others stop after their file (the render's next send
                // then throws, and it stops too).
                if run.failure != nil { group.cancelAll() }
                runs.append(run)
            }
            return runs
        }
        var placement = Placement()
        for run in runs {
            placement.counts.written += run.counts.written
            placement.counts.unchanged += run.counts.unchanged
            for (path, entry) in run.entries { placement.files[path] = entry }
        }
        // A write's failure first: the render's is only its echo (its send was cancelled).
        let failure =
            runs.lazy.compactMap(\.failure).first { !($0 is CancellationError) }
            ?? runs.lazy.compactMap(\.failure).first
        if let failure {
            do {
                // No inputs digest: the pages listed were made from two different sets of inputs. Every file
                // written is whole and listed: the journal has nothing more to say.
                try writeManifest(previous.files.merging(placement.files) { _, new in new }, inputs: nil)
                try removeJournal()
            } catch {
                // The disk that refused a page may refuse the manifest too: the old one then stays, whole, with
                // the journal of what this build wrote beside it.
            }
            throw failure
        }
        return placement
    }

    /// What the writers put in place: the manifest's entries of this build's files, and the counts.
    package struct Placement: Sendable {
        var files: [String: PublishedFile] = [:]
        var counts = PublishCounts()
    }

    /// Ends a publication whose files are all in place: the files of the last build that this one no longer has
    /// are deleted, and the manifest records what is there now. `inputs`: the digest of what the pages' contexts
    /// were made from, recorded only now that every file is in place.
    package func complete(_ placement: Placement, over previous: PublishedSite, inputs: String?) throws -> PublishCounts
    {
        var counts = placement.counts
        let current = placement.files
        for relative in previous.files.keys.filter({ current[$0] == nil }).sorted() {
            let url = try file(relative)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            do {
                try FileManager.default.removeItem(at: url)
                try removeEmptyParents(of: url)
            } catch {
                throw PokedexError.file(.output, url.path, error)
            }
            counts.removed += 1
        }
        counts.sizes = current.mapValues(\.size)
        // The same files from the same inputs: the manifest on disk already says so.
        if counts.removed > 0 || current != previous.files || inputs != previous.inputs {
            try writeManifest(current, inputs: inputs)
        }
        // The manifest lists what is there now: the build is finished.
        try removeJournal()
        return counts
    }

    private func removeJournal() throws {
        let path = root.path + "/" + Self.journalName
        if unlink(path) != 0 && errno != ENOENT {
            throw PokedexError.file(.output, path, AtomicFile.posixError("cannot remove"))
        }
    }

    /// What one writer left: the manifest entries of the files it placed, and the error that stopped it.
    private struct PlacedRun: Sendable {
        var entries: [(String, PublishedFile)] = []
        var counts = PublishCounts()
        var failure: (any Error)?
    }

    /// One writer: places the files it takes from `stream`, one at a time, until the stream ends, a write fails,
    /// or the render fails.
    private func placeAll(
        from stream: AsyncThrowingChannel<[SiteFile], any Error>,
        over previous: PublishedSite
    ) async -> PlacedRun {
        var run = PlacedRun()
        // Each folder is made once per writer (not once per file).
        var folders = Set<String>()
        // Each writer appends to the journal through a descriptor of its own, opened before its first write.
        var journal: Journal?
        do {
            for try await batch in stream {
                // Recorded before any of them is written: a kill in between leaves them named.
                let written = batch.compactMap { file -> String? in
                    if case .kept = file.content { return nil }
                    return file.path
                }
                if !written.isEmpty {
                    if journal == nil { journal = try Journal(in: root) }
                    try journal?.record(written)
                }
                for file in batch {
                    if let entry = try place(file, over: previous, counts: &run.counts, folders: &folders) {
                        run.entries.append((file.path, entry))
                    }
                }
            }
        } catch {
            run.failure = error
        }
        return run
    }

    /// Places one file; its manifest entry.
    private func place(
        _ file: SiteFile,
        over previous: PublishedSite,
        counts: inout PublishCounts,
        folders: inout Set<String>
    ) throws -> PublishedFile? {
        if case .kept = file.content, let previous = previous.files[file.path] {
            counts.unchanged += 1
            return PublishedFile(fingerprint: file.fingerprint, size: previous.size, context: file.context)
        }
        let url = try self.file(file.path)
        let folder = url.deletingLastPathComponent()
        if folders.insert(folder.path).inserted {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw PokedexError.file(.output, folder.path, error)
            }
        }
        // Pages are written in place: a path the last build's manifest does not list is created (no probe,
        // no temporary file, no rename: on ext4 these tripled the cost of a page), a listed one overwritten (its
        // inode kept: a new one per page and the old freed cost ten times as much). A kill mid-write can tear
        // either, but the journal named it before the write, so the next build writes it again rather than keep
        // it. Pictures a manifest lists are replaced whole (they rarely change, and may be large).
        let listed = previous.files[file.path] != nil
        let size: Int
        do {
            switch file.content {
            case .kept:
                counts.unchanged += 1
                guard let existing = try AtomicFile.byteCount(of: url) else {
                    throw AtomicFile.posixError("\(url.path) is gone")
                }
                size = existing
            case .bytes(let data):
                if !listed {
                    try AtomicFile.writeUnlisted(data, to: url)
                    counts.written += 1
                } else if try AtomicFile.overwrite(data, at: url) {
                    counts.written += 1
                } else {
                    counts.unchanged += 1
                }
                size = data.count
            case .copy(let source):
                if !listed {
                    size = try AtomicFile.copyUnlisted(source, to: url)
                    counts.written += 1
                } else if let same = try Self.sameContents(source, url) {
                    counts.unchanged += 1
                    size = same
                } else {
                    size = try AtomicFile.copy(source, to: url, folderExists: true)
                    counts.written += 1
                }
            }
        } catch {
            throw PokedexError.file(.output, url.path, error)
        }
        return PublishedFile(fingerprint: file.fingerprint, size: size, context: file.context)
    }

    /// Whether `path` is a regular file of `size` bytes: one `stat` (a path by concatenation, no `URL` made).
    package static func isRegularFile(_ path: String, size: Int) -> Bool {
        FileStamp.of(path, regularFilesOnly: true).map { $0.error == 0 && $0.size == Int64(size) } ?? false
    }

    /// The manifest's size, modification time and inode; "" when there is none (what the build memo vouches for);
    /// "unfinished" while a build's journal is there, which no memo vouches for.
    package func manifestStamp() -> String {
        if FileStamp.of(root.path + "/" + Self.journalName)?.error == 0 { return "unfinished" }
        guard let stamp = FileStamp.of(root.path + "/" + Self.manifestName), stamp.error == 0 else { return "" }
        return "\(stamp.size) \(stamp.modifiedSeconds).\(stamp.modifiedNanoseconds) \(stamp.inode)"
    }

    /// Whether every file of `sizes` (relative paths) is in the folder at its size.
    package func holdsAll(_ sizes: [String: Int]) -> Bool {
        let root = root.path + "/"
        return sizes.allSatisfy { Self.isRegularFile(root + $0.key, size: $0.value) }
    }

    /// The size of `target` when it already holds exactly the bytes of `source`, else nil (sizes first: a
    /// differing size is the common answer, and costs a stat).
    static func sameContents(_ source: URL, _ target: URL) throws -> Int? {
        guard let targetSize = try AtomicFile.byteCount(of: target),
            try AtomicFile.byteCount(of: source) == targetSize,
            FileManager.default.contentsEqual(atPath: source.path, andPath: target.path)
        else { return nil }
        return targetSize
    }

    private func writeManifest(_ files: [String: PublishedFile], inputs: String?) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let url = root.appendingPathComponent(Self.manifestName)
        do {
            let data = try encoder.encode(
                Manifest(
                    generator: "pokedex",
                    version: Manifest.currentVersion,
                    files: files,
                    inputs: inputs
                )
            )
            try AtomicFile.writeIfChanged(data, to: url)
        } catch {
            throw PokedexError.file(.output, url.path, error)
        }
    }

    /// `.pokedex-manifest.json`. Version 1 listed paths only; read as such, every fingerprint is unknown.
    struct Manifest: Codable {
        static let currentVersion = 2
        var generator: String
        var version: Int
        var files: [String: PublishedFile]
        /// See `RenderInputs`: absent after a build that failed part-way.
        var inputs: String?

        init(generator: String, version: Int, files: [String: PublishedFile], inputs: String?) {
            self.generator = generator
            self.version = version
            self.files = files
            self.inputs = inputs
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            generator = try container.decode(String.self, forKey: .generator)
            version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
            if version == 1 {
                files = Dictionary(
                    try container.decode([String].self, forKey: .files).map { ($0, PublishedFile.unknown) },
                    uniquingKeysWith: { first, _ in first }
                )
            } else {
                files = try container.decode([String: PublishedFile].self, forKey: .files)
            }
            inputs = try container.decodeIfPresent(String.self, forKey: .inputs)
        }
    }

    private func removeEmptyParents(of url: URL) throws {
        var folder = url.deletingLastPathComponent().standardizedFileURL
        while folder.path != root.standardizedFileURL.path, Paths.isInside(folder, root) {
            let contents = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            guard contents.isEmpty else { return }
            try FileManager.default.removeItem(at: folder)
            folder = folder.deletingLastPathComponent()
        }
    }
}

package struct PublishCounts: Sendable, Equatable {
    package var written = 0
    package var unchanged = 0
    package var removed = 0
    /// Every file of the site now, with its size (what the manifest lists).
    package var sizes: [String: Int] = [:]
}

/// The journal of an unfinished build (`OutputFolder.journalName`), open for appending: writers of every lane add
/// to it (an append of a few paths is one `write`, whole).
final class Journal: Sendable {
    let descriptor: Int32
    let path: String

    /// The journal of the output folder `root`, made (with the folder) when there is none.
    init(in root: URL) throws {
        path = root.path + "/" + OutputFolder.journalName
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw PokedexError.file(.output, root.path, error)
        }
        descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw PokedexError.file(.output, path, AtomicFile.posixError("cannot open")) }
    }

    deinit { close(descriptor) }  // appended to only: nothing to lose on close

    /// Adds `paths`, one a line.
    func record(_ paths: [String]) throws {
        guard !paths.isEmpty else { return }
        let bytes = Array((paths.joined(separator: "\n") + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                Platform.write(descriptor, $0.baseAddress! + written, bytes.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw PokedexError.file(.output, path, AtomicFile.posixError("cannot write"))
            }
            written += count
        }
    }
}
