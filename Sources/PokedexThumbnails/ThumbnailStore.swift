import Foundation
import PokedexSupport

/// Thumbnails in the cache, found by the artwork's bytes: `thumbnails/<SHA-256 of the artwork>-<width>.webp`.
///
/// `thumbnails/index.json` remembers, per artwork file, its identity (inode, size, mtime), its SHA-256 and what
/// came of it, so a warm build neither reads nor decodes a picture. A file whose identity changed (a new
/// download, a cache restored by CI) is hashed again; its thumbnails are reused when its bytes are the same.
package struct ThumbnailStore: Sendable {
    static let indexVersion = 1

    let folder: URL

    init(cacheFolder: URL) {
        folder = cacheFolder.appendingPathComponent("thumbnails")
    }

    package struct Index: Codable, Sendable, Equatable {
        var version = ThumbnailStore.indexVersion
        /// By the artwork file's path inside the cache folder.
        var artworks: [String: Record] = [:]

        package init() {}
    }

    package struct Record: Codable, Sendable, Equatable {
        var identity: String
        var sha256: String
        var outcome: ArtworkState
    }

    enum ArtworkState: Codable, Sendable, Equatable {
        case made([Variant])
        /// libpng could not read it: the site uses the original, and every build says so.
        case undecodable(String)
    }

    struct Variant: Codable, Sendable, Equatable {
        var width: Int
        var height: Int
        var byteCount: Int
    }

    var indexFile: URL { folder.appendingPathComponent("index.json") }

    func file(sha256: String, width: Int) -> URL {
        // No `stat` (see `CacheStore.url`).
        folder.appending(path: "\(sha256)-\(width).webp", directoryHint: .notDirectory)
    }

    /// An index of another version, or one that cannot be parsed, counts as empty: every artwork is then hashed
    /// once and its thumbnails found again by their names.
    func readIndex() throws -> Index {
        let data: Data
        do {
            guard FileManager.default.fileExists(atPath: indexFile.path) else { return Index() }
            data = try Data(contentsOf: indexFile)
        } catch {
            throw PokedexError.file(.cache, indexFile.path, error)
        }
        guard let index = try? JSONDecoder().decode(Index.self, from: data), index.version == Self.indexVersion else {
            return Index()
        }
        return index
    }

    func writeIndex(_ index: Index) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            try AtomicFile.write(try encoder.encode(index), to: indexFile)
        } catch {
            throw PokedexError.file(.cache, indexFile.path, error)
        }
    }

    /// Thumbnails are derived data: written without fsync (the index, written after them, is durable, and a
    /// thumbnail whose size does not match it is made again).
    func write(_ data: Data, sha256: String, width: Int) throws {
        let url = file(sha256: sha256, width: width)
        do {
            try AtomicFile.write(data, to: url, durable: false)
        } catch {
            throw PokedexError.file(.cache, url.path, error)
        }
    }

    /// Removes thumbnails no record names: those of artwork that changed since.
    func removeUnreferenced(by index: Index) throws -> Int {
        var referenced = Set<String>()
        for record in index.artworks.values {
            guard case .made(let variants) = record.outcome else { continue }
            for variant in variants {
                referenced.insert(file(sha256: record.sha256, width: variant.width).lastPathComponent)
            }
        }
        var removed = 0
        do {
            guard FileManager.default.fileExists(atPath: folder.path) else { return 0 }
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
            where name.hasSuffix(".webp") && !referenced.contains(name) {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
                removed += 1
            }
        } catch {
            throw PokedexError.file(.cache, folder.path, error)
        }
        return removed
    }
}
