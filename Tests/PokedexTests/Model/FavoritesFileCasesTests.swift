import Foundation
import PokedexSupport
import Testing

@testable import PokedexModel

/// The favorites files of Tests/scripts/fixtures/favorites-cases.json, read as the build reads them
/// (FavoritesFile.parse, then FavoritesCatalog.match): the favorites pages' import (list-model.js, tested under
/// node on the same table) must read each to the same Pokémon.
@Suite struct FavoritesFileCasesTests {
    struct Cases: Decodable {
        struct Pokemon: Decodable {
            var id: Int
            var name: String
            var displayName: String
        }
        struct Case: Decodable {
            var file: String
            var ids: [Int]?
            var unknown: [String]?
            var error: String?
        }
        var catalog: [Pokemon]
        var cases: [Case]
    }

    static func load() throws -> Cases {
        let url = packageRoot.appendingPathComponent("Tests/scripts/fixtures/favorites-cases.json")
        return try JSONDecoder().decode(Cases.self, from: Data(contentsOf: url))
    }

    @Test func eachFileNamesWhatTheImportReadsInIt() throws {
        let table = try Self.load()
        let catalog = FavoritesCatalog(
            table.catalog.map { FavoritesCatalog.Item(id: $0.id, name: $0.name, displayName: $0.displayName) }
        )
        #expect(table.cases.count >= 15)
        for item in table.cases {
            let data = Data(item.file.utf8)
            if item.error != nil {
                #expect(throws: PokedexError.self, "\(item.file.debugDescription) was read") {
                    try FavoritesFile.parse(data, path: "favorites.json")
                }
                continue
            }
            let file = try FavoritesFile.parse(data, path: "favorites.json")
            let matched = file.entries.map { (entry: $0, id: catalog.match($0)) }
            #expect(matched.compactMap(\.id) == item.ids, "\(item.file.debugDescription)")
            let unknown = matched.filter { $0.id == nil }.map {
                $0.entry.description.trimmingCharacters(in: .whitespaces)
            }
            #expect(unknown == item.unknown, "\(item.file.debugDescription)")
        }
    }
}
