import Foundation

/// The output folder, guarded: it must not be a folder whose other contents matter, pokedex writes only below it,
/// and it deletes only files that it wrote before (listed in a manifest).
public final class OutputFolder: Sendable {
    public static let manifestName = ".pokedex-manifest.json"

    public let root: URL
    private let written = WrittenFiles()

    /// Refuses `/`, the home folder, the cache folder (or a folder holding it or inside it), and a project root
    /// (the current folder or any folder with a Package.swift or .git).
    public init(path: String, cacheFolder: String, currentDirectory: String = FileManager.default.currentDirectoryPath) throws {
        let root = Self.resolve(path, from: currentDirectory)
        let cache = Self.resolve(cacheFolder, from: currentDirectory)
        let home = Self.resolve(NSHomeDirectory(), from: currentDirectory)
        let cwd = Self.resolve(currentDirectory, from: currentDirectory)
        func refuse(_ why: String) -> PokedexError {
            PokedexError(.options, path, .invalidInput("refusing to use this as the output folder: \(why)"),
                         hint: "pass --output with a folder of its own, such as Output")
        }
        if root.path == "/" { throw refuse("it is the file system root") }
        if root.path == home.path { throw refuse("it is the home folder") }
        if root.path == cwd.path { throw refuse("it is the current folder") }
        if Self.isInside(cache, root) || Self.isInside(root, cache) { throw refuse("it overlaps the cache folder \(cacheFolder)") }
        for marker in ["Package.swift", ".git"]
        where FileManager.default.fileExists(atPath: root.appendingPathComponent(marker).path) {
            throw refuse("it holds \(marker), so it looks like a project root")
        }
        if Self.isInside(cwd, root) { throw refuse("it contains the current folder") }
        self.root = root
    }

    static func resolve(_ path: String, from base: String) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: base).appendingPathComponent(path)
        return url.standardizedFileURL.resolvingSymlinksInPath()
    }

    /// Whether `inner` is `outer` or below it.
    static func isInside(_ inner: URL, _ outer: URL) -> Bool {
        let a = inner.standardizedFileURL.pathComponents
        let b = outer.standardizedFileURL.pathComponents
        return a.count >= b.count && Array(a.prefix(b.count)) == b
    }

    /// The file at `relative`, after checking that it cannot leave the folder.
    func file(_ relative: String) throws -> URL {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.hasPrefix("/"), !parts.isEmpty,
              parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") && !$0.contains("\\") }) else {
            throw PokedexError(.output, relative, .invalidInput("refusing to write outside the output folder"))
        }
        return root.appendingPathComponent(relative)
    }

    /// Writes `data` at `relative` (atomically, and only if it changed). Returns whether it was written.
    @discardableResult
    public func write(_ data: Data, to relative: String) async throws -> Bool {
        let url = try file(relative)
        await written.add(relative)
        do {
            return try AtomicFile.writeIfChanged(data, to: url)
        } catch {
            throw PokedexError.file(.output, url.path, error)
        }
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

    /// After a complete build: deletes the files an earlier build wrote that this one did not, and records what
    /// this build wrote. After a failed one (`complete: false`) nothing is deleted and the manifest keeps both.
    /// Returns the number of files removed.
    @discardableResult
    public func finish(complete: Bool) async throws -> Int {
        let current = await written.all
        let previous = try readManifest()
        var removed = 0
        if complete {
            for relative in previous.subtracting(current).sorted() {
                let url = try file(relative)
                guard FileManager.default.fileExists(atPath: url.path) else { continue }
                do {
                    try FileManager.default.removeItem(at: url)
                } catch {
                    throw PokedexError.file(.output, url.path, error)
                }
                removed += 1
                try removeEmptyParents(of: url)
            }
        }
        let listed = complete ? current : current.union(previous)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let manifest = Manifest(generator: "pokedex", files: listed.sorted())
        do {
            try AtomicFile.writeIfChanged(try encoder.encode(manifest), to: root.appendingPathComponent(Self.manifestName))
        } catch {
            throw PokedexError.file(.output, root.appendingPathComponent(Self.manifestName).path, error)
        }
        return removed
    }

    struct Manifest: Codable {
        var generator: String
        var files: [String]
    }

    func readManifest() throws -> Set<String> {
        let url = root.appendingPathComponent(Self.manifestName)
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PokedexError.file(.output, url.path, error)
        }
        guard let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else {
            // An unreadable manifest means we cannot know what is ours: delete nothing.
            return []
        }
        return Set(manifest.files)
    }

    private func removeEmptyParents(of url: URL) throws {
        var folder = url.deletingLastPathComponent().standardizedFileURL
        while folder.path != root.standardizedFileURL.path, Self.isInside(folder, root) {
            let contents = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            guard contents.isEmpty else { return }
            try FileManager.default.removeItem(at: folder)
            folder = folder.deletingLastPathComponent()
        }
    }
}

actor WrittenFiles {
    private(set) var all = Set<String>()
    func add(_ relative: String) { all.insert(relative) }
}
