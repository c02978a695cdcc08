public import Foundation
public import PokedexRender
import PokedexSupport

/// The output folder, guarded: it must not be a folder whose other contents matter, pokedex writes only below it,
/// and it deletes only files that it wrote before (listed in a manifest).
public struct OutputFolder: Sendable {
    public static let manifestName = ".pokedex-manifest.json"

    public let root: URL

    /// Refuses `/`, the home folder, the cache folder (or a folder holding it or inside it), and a project root
    /// (the current folder or any folder with a Package.swift or .git).
    public init(path: String, cacheFolder: String, currentDirectory: String = FileManager.default.currentDirectoryPath) throws {
        let root = Paths.resolve(path, from: currentDirectory)
        let cache = Paths.resolve(cacheFolder, from: currentDirectory)
        let home = Paths.resolve(NSHomeDirectory(), from: currentDirectory)
        let cwd = Paths.resolve(currentDirectory, from: currentDirectory)
        func refuse(_ why: String) -> PokedexError {
            PokedexError(.options, path, .invalidInput("refusing to use this as the output folder: \(why)"),
                         hint: "pass --output with a folder of its own, such as Output")
        }
        if root.path == "/" { throw refuse("it is the file system root") }
        if root.path == home.path { throw refuse("it is the home folder") }
        if root.path == cwd.path { throw refuse("it is the current folder") }
        if Paths.isInside(cache, root) || Paths.isInside(root, cache) { throw refuse("it overlaps the cache folder \(cacheFolder)") }
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
              parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") && !$0.contains("\\") }) else {
            throw PokedexError(.output, relative, .invalidInput("refusing to write outside the output folder"))
        }
        return root.appending(path: relative, directoryHint: .notDirectory)  // no `stat` (see `CacheStore.url`)
    }

    /// Leftover temporary files of a killed run.
    public func sweep() throws -> Int {
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
    public func published() throws -> PublishedSite {
        let url = root.appendingPathComponent(Self.manifestName)
        guard FileManager.default.fileExists(atPath: url.path) else { return PublishedSite(root: root, files: [:]) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PokedexError.file(.output, url.path, error)
        }
        do {
            let manifest = try JSONDecoder().decode(Manifest.self, from: data)
            return PublishedSite(root: root, files: manifest.files, inputs: manifest.inputs)
        } catch {
            return PublishedSite(root: root, files: [:])
        }
    }

    /// The output stage, and the only code that writes the site: every file of `files` is put in place (each
    /// atomically, and only when its bytes changed), the files of the last build that this one no longer has
    /// are deleted, and the manifest records what is there now. When a write fails (a full disk), the manifest
    /// still lists every file pokedex wrote, old and new, and the error names the file; every file is whole.
    ///
    /// Files are placed by `parallelism` tasks, each over its own contiguous run of `files` (on tmpfs or a warm
    /// disk, placing a page is system-call time on one core); the outcome does not depend on their scheduling.
    /// `inputs`: the digest of what the pages' contexts were made from (`RenderedSite.inputs`), recorded only
    /// when every file is in place.
    public func publish(_ files: [SiteFile], over previous: PublishedSite, inputs: String? = nil,
                        parallelism: Int = ProcessInfo.processInfo.activeProcessorCount) async throws -> PublishCounts {
        // Every path is checked, and every folder made once, before any file is written.
        // A kept file is not written: it needs no URL (made by the thousand, they cost more than the stats).
        let targets = try files.map { file -> URL? in
            if case .kept = file.content, previous.files[file.path] != nil { return nil }
            return try self.file(file.path)
        }
        try makeFolders(for: targets.compactMap { $0 })
        let runLength = max(64, (files.count + max(1, parallelism) - 1) / max(1, parallelism))
        let runs = stride(from: 0, to: files.count, by: runLength).map { $0..<min(files.count, $0 + runLength) }
        let placed = await concurrentMap(runs, limit: runs.count) { run in
            Self.place(files[run], at: targets[run], previous: previous)
        }
        var counts = PublishCounts()
        var listed = previous.files
        var current: [String: PublishedFile] = [:]
        for run in placed {
            counts.written += run.counts.written
            counts.unchanged += run.counts.unchanged
            for (path, entry) in run.entries {
                listed[path] = entry
                current[path] = entry
            }
        }
        if let failure = placed.lazy.compactMap(\.failure).first {
            do {
                // No inputs digest: the pages listed were made from two different sets of inputs.
                try writeManifest(listed, inputs: nil)
            } catch {
                // The disk that refused a page may refuse the manifest too: the old one then stays, whole, and
                // the next build compares bytes where fingerprints disagree.
            }
            throw failure
        }
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
        return counts
    }

    /// What one run of files left: the manifest entries of the files placed, and the error that stopped it.
    private struct PlacedRun: Sendable {
        var entries: [(String, PublishedFile)] = []
        var counts = PublishCounts()
        var failure: PokedexError?
    }

    /// Places `files` at `targets` in order, stopping at the first failure.
    private static func place(_ files: ArraySlice<SiteFile>, at targets: ArraySlice<URL?>, previous: PublishedSite) -> PlacedRun {
        var run = PlacedRun()
        run.entries.reserveCapacity(files.count)
        for (file, target) in zip(files, targets) {
            if case .kept = file.content, let previous = previous.files[file.path] {
                run.counts.unchanged += 1
                run.entries.append((file.path, PublishedFile(fingerprint: file.fingerprint, size: previous.size,
                                                             context: file.context)))
                continue
            }
            let url = target!  // every file that is not kept has one
            // A path the last build's manifest does not list is written in place: no probe, no temporary file,
            // no rename (on ext4 these tripled the cost of a page). A kill mid-write can tear it, but the manifest
            // lists a file only once it is complete, so the next build writes it again rather than keep it. A
            // listed file is replaced whole (temporary file and rename): the old manifest still vouches for it.
            let listed = previous.files[file.path] != nil
            let size: Int
            do {
                switch file.content {
                case .kept:
                    run.counts.unchanged += 1
                    guard let existing = try AtomicFile.byteCount(of: url) else {
                        throw AtomicFile.posixError("\(url.path) is gone")
                    }
                    size = existing
                case .bytes(let data):
                    if !listed {
                        try AtomicFile.writeUnlisted(data, to: url)
                        run.counts.written += 1
                    } else if try AtomicFile.writeIfChanged(data, to: url, durable: false, folderExists: true) {
                        run.counts.written += 1
                    } else {
                        run.counts.unchanged += 1
                    }
                    size = data.count
                case .copy(let source):
                    if !listed {
                        size = try AtomicFile.copyUnlisted(source, to: url)
                        run.counts.written += 1
                    } else if let same = try sameContents(source, url) {
                        run.counts.unchanged += 1
                        size = same
                    } else {
                        size = try AtomicFile.copy(source, to: url, folderExists: true)
                        run.counts.written += 1
                    }
                }
            } catch {
                run.failure = PokedexError.file(.output, url.path, error)
                return run
            }
            run.entries.append((file.path, PublishedFile(fingerprint: file.fingerprint, size: size, context: file.context)))
        }
        return run
    }

    /// Every folder the files go into, each made once (not once per file).
    private func makeFolders(for targets: [URL]) throws {
        var made = Set<String>()
        for target in targets {
            let folder = target.deletingLastPathComponent()
            guard made.insert(folder.path).inserted else { continue }
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw PokedexError.file(.output, folder.path, error)
            }
        }
    }

    /// The size of `target` when it already holds exactly the bytes of `source`, else nil (sizes first: a
    /// differing size is the common answer, and costs a stat).
    static func sameContents(_ source: URL, _ target: URL) throws -> Int? {
        guard let targetSize = try AtomicFile.byteCount(of: target),
              try AtomicFile.byteCount(of: source) == targetSize,
              FileManager.default.contentsEqual(atPath: source.path, andPath: target.path) else { return nil }
        return targetSize
    }

    private func writeManifest(_ files: [String: PublishedFile], inputs: String?) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let url = root.appendingPathComponent(Self.manifestName)
        do {
            let data = try encoder.encode(Manifest(generator: "pokedex", version: Manifest.currentVersion, files: files,
                                                   inputs: inputs))
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
                files = Dictionary(try container.decode([String].self, forKey: .files).map { ($0, PublishedFile.unknown) },
                                   uniquingKeysWith: { first, _ in first })
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

public struct PublishCounts: Sendable, Equatable {
    public var written = 0
    public var unchanged = 0
    public var removed = 0
    /// Every file of the site now, with its size (what the manifest lists).
    public var sizes: [String: Int] = [:]
}
