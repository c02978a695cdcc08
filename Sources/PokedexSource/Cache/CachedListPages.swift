import Foundation
import PokedexSupport

extension CacheStore {
    /// A cached page of the Pokémon list, with the page size and offset its key names.
    package struct CachedListPage: Sendable {
        package var limit: Int
        package var offset: Int
        package var entry: CacheEntry<ListPage>
    }

    /// Every readable `list/limit-N-offset-M` entry of this API base, whatever page size built it. Read-only.
    package func cachedListPages() throws -> [CachedListPage] {
        let folder = url(for: "list")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            return []
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw PokedexError.file(.cache, folder.path, error)
        }
        var pages: [CachedListPage] = []
        for name in names.sorted() {
            guard let (limit, offset) = Self.parseListKey(name),
                let entry = try read("list/" + String(name.dropLast(".json".count)), as: ListPage.self)
            else { continue }
            pages.append(CachedListPage(limit: limit, offset: offset, entry: entry))
        }
        return pages
    }

    /// `limit-20-offset-40.json` → (20, 40); nil for any other file name (temporaries, strays).
    static func parseListKey(_ fileName: String) -> (limit: Int, offset: Int)? {
        guard fileName.hasPrefix("limit-"), fileName.hasSuffix(".json") else { return nil }
        let parts = fileName.dropFirst("limit-".count).dropLast(".json".count).split(
            separator: "-",
            omittingEmptySubsequences: false
        )
        guard parts.count == 3, parts[1] == "offset", let limit = Int(parts[0]), let offset = Int(parts[2]),
            limit > 0, offset >= 0
        else { return nil }
        return (limit, offset)
    }
}
