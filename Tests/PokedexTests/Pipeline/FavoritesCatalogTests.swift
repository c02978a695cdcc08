import Foundation
import Testing

@testable import PokedexModel
@testable import PokedexPipeline
@testable import PokedexSource

@Suite struct FavoritesCatalogTests {
    @Test func noCachedListMeansNoCatalog() throws {
        let sandbox = try FavoritesSandbox()
        #expect(try CachedCatalog.load(from: sandbox.store(), apiBase: FavoritesSandbox.api) == nil)
    }

    @Test func mergesPagesOfEveryPageSize() throws {
        let sandbox = try FavoritesSandbox()
        // Two builds with different --per-page: neither alone covers the list, together they do.
        try sandbox.writeCache(perPage: 3, pages: [0, 1])  // the first 6
        try sandbox.writeCache(perPage: 5, pages: [1])  // the last 3
        let catalog = try #require(try CachedCatalog.load(from: sandbox.store(), apiBase: FavoritesSandbox.api))
        #expect(catalog.total == 8)
        #expect(catalog.cachedCount == 8)
        #expect(catalog.isComplete)
        #expect(catalog.catalog.items.map(\.id) == FavoritesSandbox.list.map(\.0))
    }

    @Test func partialListIsNotComplete() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache(perPage: 3, pages: [0])
        let catalog = try #require(try CachedCatalog.load(from: sandbox.store(), apiBase: FavoritesSandbox.api))
        #expect(catalog.cachedCount == 3)
        #expect(catalog.total == 8)
        #expect(!catalog.isComplete)
    }

    @Test func displayNamesFromRecordsElseTitleCase() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        let catalog = try #require(try CachedCatalog.load(from: sandbox.store(), apiBase: FavoritesSandbox.api)).catalog
        #expect(catalog.item(id: 25)?.displayName == "Pikachu")
        #expect(catalog.item(id: 122)?.displayName == "Mr. Mime")
        #expect(catalog.item(id: 10080)?.displayName == "Pikachu (Rock Star)")
        #expect(catalog.item(id: 4)?.displayName == "Charmander")  // no record cached: title case of the API name
    }

    @Test func eachAPIBaseHasItsOwnList() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache(api: "http://other.test/api/v2", list: [(1, "bulbasaur")])
        #expect(try CachedCatalog.load(cache: sandbox.cachePath, apiBase: FavoritesSandbox.api) == nil)
        // A trailing slash names the same cache folder as `pokedex build` uses.
        let other = try #require(try CachedCatalog.load(cache: sandbox.cachePath, apiBase: "http://other.test/api/v2/"))
        #expect(other.catalog.items.map(\.name) == ["bulbasaur"])
    }

    @Test func strayFilesInTheListFolderAreIgnored() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        let folder = sandbox.store().folder.appendingPathComponent("list")
        try Data("not json".utf8).write(to: folder.appendingPathComponent("limit-5-offset-10.json"))
        try Data("{}".utf8).write(to: folder.appendingPathComponent(".limit-5-offset-0.json.pokedex-tmp-1234"))
        try Data("{}".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let catalog = try #require(try CachedCatalog.load(from: sandbox.store(), apiBase: FavoritesSandbox.api))
        #expect(catalog.cachedCount == 8)
    }

    @Test func listKeysAreParsedStrictly() {
        #expect(CacheStore.parseListKey("limit-20-offset-40.json").map { [$0.limit, $0.offset] } == [20, 40])
        #expect(CacheStore.parseListKey("limit-20-offset-40.json.tmp") == nil)
        #expect(CacheStore.parseListKey("limit-0-offset-0.json") == nil)
        #expect(CacheStore.parseListKey("limit-20-offset--1.json") == nil)
        #expect(CacheStore.parseListKey("build-state.json") == nil)
    }
}
