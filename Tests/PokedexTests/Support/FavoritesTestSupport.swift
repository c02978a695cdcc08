import Foundation

@testable import PokedexModel
@testable import PokedexPipeline
@testable import PokedexSource

/// A temporary folder holding a favorites file and a cache of small, made-up fixtures. Removed when released.
final class FavoritesSandbox {
    static let api = "http://pokeapi.test/api/v2"

    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("pokedex-favorites-tests-" + UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    var favoritesPath: String { root.appendingPathComponent("favorites.json").path }
    var cachePath: String { root.appendingPathComponent("cache").path }

    // MARK: The favorites file

    func writeFavorites(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: favoritesPath))
    }

    func favoritesData() -> Data? {
        FileManager.default.contents(atPath: favoritesPath)
    }

    func favoritesText() -> String? {
        favoritesData().map { String(decoding: $0, as: UTF8.self) }
    }

    func favoriteEntries() throws -> [FavoriteReference] {
        try FavoritesFile.load(path: favoritesPath).entries
    }

    /// An editor reading this sandbox's cache for `api`.
    func editor(api: String = FavoritesSandbox.api) -> FavoritesEditor {
        let cache = cachePath
        return FavoritesEditor(path: favoritesPath, apiBase: api) {
            try CachedCatalog.load(cache: cache, apiBase: api)
        }
    }

    /// An editor that has no cache to check names against.
    func uncheckedEditor() -> FavoritesEditor {
        FavoritesEditor(path: favoritesPath, apiBase: Self.api) { nil }
    }

    // MARK: The cache

    /// The made-up Pokédex: ids, API names, in list order.
    static let list: [(Int, String)] = [
        (1, "bulbasaur"), (2, "ivysaur"), (4, "charmander"), (25, "pikachu"), (26, "raichu"),
        (122, "mr-mime"), (172, "pichu"), (10080, "pikachu-rock-star"),
    ]

    func store(api: String = FavoritesSandbox.api) -> CacheStore {
        CachedCatalog.store(cache: cachePath, apiBase: api)
    }

    static func metadata(_ url: String, storedAt: Double = 1_700_000_000) -> CacheMetadata {
        CacheMetadata(url: url, storedAt: storedAt, maxAge: 3600, etag: nil, lastModified: nil, dataHash: nil)
    }

    /// Writes the list as pages of `perPage` (only the pages numbered in `pages` when given, from 0), and detail
    /// and species records for Pikachu, its Rock Star form and Mr. Mime.
    func writeCache(
        api: String = FavoritesSandbox.api,
        perPage: Int = 5,
        pages: [Int]? = nil,
        list: [(Int, String)] = FavoritesSandbox.list,
        records: Bool = true
    ) throws {
        let store = store(api: api)
        let offsets = stride(from: 0, to: list.count, by: perPage).enumerated()
            .filter { pages?.contains($0.offset) ?? true }.map(\.element)
        for offset in offsets {
            let results = list[offset..<min(offset + perPage, list.count)].map { ListPage.Entry(id: $0.0, name: $0.1) }
            let page = ListPage(count: list.count, results: results)
            try store.write(
                CacheEntry(metadata: Self.metadata("\(api)/pokemon?limit=\(perPage)&offset=\(offset)"), body: page),
                key: "list/limit-\(perPage)-offset-\(offset)"
            )
        }
        guard records else { return }
        try writeRecord(store, id: 25, name: "pikachu", speciesID: 25, species: "pikachu", isDefault: true)
        try writeRecord(
            store,
            id: 10080,
            name: "pikachu-rock-star",
            speciesID: 25,
            species: "pikachu",
            isDefault: false
        )
        try writeRecord(store, id: 122, name: "mr-mime", speciesID: 122, species: "mr-mime", isDefault: true)
        try writeSpecies(store, id: 25, name: "pikachu", english: "Pikachu")
        try writeSpecies(store, id: 122, name: "mr-mime", english: "Mr. Mime")
    }

    private func writeRecord(
        _ store: CacheStore,
        id: Int,
        name: String,
        speciesID: Int,
        species: String,
        isDefault: Bool
    ) throws {
        let record = PokemonRecord(
            id: id,
            name: name,
            speciesID: speciesID,
            speciesName: species,
            isDefault: isDefault,
            baseExperience: 100,
            height: 4,
            weight: 60,
            types: ["electric"],
            typeIDs: [13],
            stats: [.init(name: "hp", value: 35)],
            abilities: [.init(name: "static", isHidden: false)],
            sprites: .init(officialArtwork: nil, home: nil, frontDefault: nil)
        )
        try store.write(
            CacheEntry(metadata: Self.metadata("\(FavoritesSandbox.api)/pokemon/\(id)/"), body: record),
            key: "pokemon/\(id)"
        )
    }

    private func writeSpecies(_ store: CacheStore, id: Int, name: String, english: String) throws {
        let record = SpeciesRecord(
            id: id,
            name: name,
            englishName: english,
            genera: [.init(language: "en", name: "Mouse Pokémon")],
            names: [],
            varieties: []
        )
        try store.write(
            CacheEntry(metadata: Self.metadata("\(FavoritesSandbox.api)/pokemon-species/\(id)/"), body: record),
            key: "species/\(id)"
        )
    }
}

/// A malformed favorites file: the third line is not JSON.
let malformedFavorites = "[\n  \"pikachu\",\n  bulbasaur\n]\n"
