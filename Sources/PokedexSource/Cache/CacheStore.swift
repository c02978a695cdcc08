package import Foundation
package import Logging
import PokedexSupport

/// What is kept with every cached resource: the validators and freshness of the response it came from.
package struct CacheMetadata: Codable, Sendable, Equatable {
    package var url: String
    /// Seconds since 1970 when the response was received or last revalidated.
    package var storedAt: Double
    /// `Cache-Control: max-age`, in seconds; nil when the server gave none (the entry is stale at once).
    var maxAge: Int?
    var etag: String?
    var lastModified: String?
    /// PokeAPI's data hash (`/meta/`) at the time the entry was fetched or revalidated, when known.
    package var dataHash: String?

    func isFresh(at now: Date) -> Bool {
        guard let maxAge else { return false }
        return now.timeIntervalSince1970 < storedAt + Double(maxAge)
    }

    /// Request headers that ask the server to answer 304 when the entry is still current.
    var conditionalHeaders: [(String, String)] {
        var headers: [(String, String)] = []
        if let etag { headers.append(("If-None-Match", etag)) }
        if let lastModified { headers.append(("If-Modified-Since", lastModified)) }
        return headers
    }
}

/// A cached JSON resource: its metadata and the projection the site needs of its body.
package struct CacheEntry<Body: Codable & Sendable>: Codable, Sendable {
    package var metadata: CacheMetadata
    package var body: Body
}

/// The on-disk cache. One small JSON file per resource (or a PNG and its metadata for images), under a folder
/// per API base URL so that two servers never mix. Every write is atomic.
package struct CacheStore: Sendable {
    /// Bumped whenever a projection changes shape, so an older cache is refetched rather than misread.
    static let formatVersion = "v12"

    package let root: URL
    package let folder: URL
    private let logger: Logger
    /// The compact store that serves entries in place of their JSON while they are unchanged (see `withPack()`).
    package private(set) var pack: CachePack?

    package init(root: URL, apiBase: String, logger: Logger) {
        self.root = root
        self.folder = root.appendingPathComponent(Self.formatVersion).appendingPathComponent(
            Self.folderName(for: apiBase)
        )
        self.logger = logger
    }

    /// Where the compact store of this API's entries is kept: beside its folder.
    package var packFile: URL {
        folder.deletingLastPathComponent().appending(
            path: folder.lastPathComponent + ".pack",
            directoryHint: .notDirectory
        )
    }

    /// This store, reading through its compact store from now on; the caller closes the pack when done.
    package func withPack() throws -> CacheStore {
        var store = self
        store.pack = try CachePack.open(packFile, logger: logger)
        return store
    }

    /// `https://pokeapi.co/api/v2` → `pokeapi.co-api-v2`: readable, and only `[a-z0-9.-]`.
    static func folderName(for apiBase: String) -> String {
        var name = apiBase.lowercased()
        for scheme in ["https://", "http://"] where name.hasPrefix(scheme) { name.removeFirst(scheme.count) }
        let mapped = name.unicodeScalars.map { scalar -> Character in
            let c = Character(scalar)
            return (c.isASCII && (c.isLetter || c.isNumber || c == ".")) ? c : "-"
        }
        let collapsed = String(mapped).split(separator: "-").joined(separator: "-")
        return collapsed.isEmpty ? "api" : collapsed
    }

    /// `.notDirectory`: `appendingPathComponent` asks the file system whether the path is a folder, a `stat` per
    /// entry of a warm build.
    func url(for key: String) -> URL {
        folder.appending(path: key, directoryHint: .notDirectory)
    }

    /// The entry stored under `key`; nil when there is none or when it cannot be read as one (a file of an older
    /// format, say), which then counts as missing and is replaced by the next successful fetch.
    package func read<Body>(_ key: String, as type: Body.Type) throws -> CacheEntry<Body>? {
        let file = url(for: key + ".json")
        if let pack, let entry = pack.entry(key, file: file, as: Body.self) { return entry }
        // Stamped before the read: a file replaced meanwhile leaves a slot that no longer matches, never one that
        // vouches for bytes it did not hold.
        let stamp = pack == nil ? nil : FileStamp.of(file.path, regularFilesOnly: true)
        let data: Data
        do {
            // One open: a warm build reads thousands of entries, and asks for thousands that are not there.
            guard let contents = try AtomicFile.contentsIfPresent(of: file) else { return nil }
            data = contents
        } catch {
            throw PokedexError.file(.cache, file.path, error)
        }
        let entry: CacheEntry<Body>
        do {
            entry = try JSONDecoder().decode(CacheEntry<Body>.self, from: data)
        } catch {
            logger.warning("unreadable cache entry ignored", metadata: ["path": "\(file.path)"])
            return nil
        }
        if let pack, let stamp, stamp.error == 0 { try remember(entry, key: key, stamp: stamp, in: pack) }
        return entry
    }

    private func remember<Body>(_ entry: CacheEntry<Body>, key: String, stamp: FileStamp, in pack: CachePack) throws {
        do {
            try pack.record(entry, key: key, stamp: stamp)
        } catch {
            throw PokedexError(
                .cache,
                key,
                .other("cannot keep the entry in the compact store: \(PokedexError.describe(error))")
            )
        }
    }

    package func write<Body>(_ entry: CacheEntry<Body>, key: String) throws {
        let file = url(for: key + ".json")
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try AtomicFile.write(try encoder.encode(entry), to: file)
        } catch {
            throw PokedexError.file(.cache, file.path, error)
        }
        if let pack, let stamp = FileStamp.of(file.path, regularFilesOnly: true), stamp.error == 0 {
            try remember(entry, key: key, stamp: stamp, in: pack)
        }
    }

    // MARK: Images

    /// A cached image: the PNG's bytes are in their own file beside the metadata, and stay there (the publish
    /// step copies the file), so a warm build reads only the PNG's header and trailer.
    func readImage(_ key: String, format: MediaFormat = .png) throws -> (metadata: CacheMetadata, image: CachedImage)? {
        guard let entry = try read(key, as: ImageInfo.self) else { return nil }
        let file = imageFile(key, format: format)
        let shape: PNGImage.FileShape?
        do {
            shape = try format.inspect(file: file)
        } catch {
            throw PokedexError.file(.cache, file.path, error)
        }
        // The metadata is written after the image, so a kill between the two leaves a mismatch: treat as absent.
        guard let shape, shape.byteCount == entry.body.byteCount else { return nil }
        return (entry.metadata, CachedImage(file: file, shape: shape))
    }

    func writeImage(_ png: Data, metadata: CacheMetadata, key: String, format: MediaFormat = .png) throws {
        let file = imageFile(key, format: format)
        do {
            try AtomicFile.write(png, to: file)
        } catch {
            throw PokedexError.file(.cache, file.path, error)
        }
        try write(CacheEntry(metadata: metadata, body: ImageInfo(byteCount: png.count)), key: key)
    }

    /// New validators for the image already on disk (a 304, or a copy confirmed by other means).
    func renewImage(_ image: CachedImage, metadata: CacheMetadata, key: String) throws {
        try write(CacheEntry(metadata: metadata, body: ImageInfo(byteCount: image.byteCount)), key: key)
    }

    func imageFile(_ key: String, format: MediaFormat = .png) -> URL {
        url(for: key + "." + format.fileExtension)
    }

    struct ImageInfo: Codable, Sendable {
        var byteCount: Int
    }
}

/// A PNG in the cache, by file, with what pages need to know of it.
package struct CachedImage: Sendable, Equatable {
    package var file: URL
    package var byteCount: Int
    package var width: Int
    package var height: Int
    /// Changes whenever the file is replaced (see `PNGImage.FileShape`): the fingerprint of its copy in the site.
    package var identity: String

    package init(file: URL, byteCount: Int, width: Int, height: Int, identity: String) {
        self.file = file
        self.byteCount = byteCount
        self.width = width
        self.height = height
        self.identity = identity
    }

    init(file: URL, shape: PNGImage.FileShape) {
        self.file = file
        byteCount = shape.byteCount
        width = shape.width
        height = shape.height
        identity = shape.identity
    }
}
