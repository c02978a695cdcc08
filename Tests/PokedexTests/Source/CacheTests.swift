import Foundation
import Testing

@testable import PokedexPipeline
@testable import PokedexSource

/// HTTP caching: freshness by max-age, revalidation with validators, `--refresh`, and PokeAPI's data-hash
/// shortcut.
@Suite struct CacheTests {
    /// 3 list pages + 12 details + 9 species + 9 evolution chains + 11 types; 9 moves (8 learned, 1 named by a
    /// chain) and the 5 machines that teach them; 4 forms and 6 version groups (the forms' 4, 2 more the learnsets
    /// name) with their 12 versions (the Pokédex entries' 4 among them); 23 abilities; the Mega Stones' category
    /// (Charizard has a Mega); and for their names 3 habitats, 12 items (3 a chain names, the 5 machines' and the
    /// category's 4 stones), 2 regions, 4 learn methods, 3 move targets, 3 damage classes, 6 egg groups and 3
    /// growth rates; where the 12 are found (12 encounter lists), the 6 areas named there and their 4 places, 2 ways
    /// and 2 conditions, the one region only a place names and the 2 items Pikachu holds; the 4 Pokédexes the species
    /// are numbered in and the one more region they name; the natures' list, its 3 natures and their 2 flavours; the 2
    /// categories of the items shown whole and their 2 pockets.
    static let jsonResources = 184
    /// One per Pokémon with a sprite, the one item sprite (`spark-pebble`), and a cry per Pokémon.
    static let images = 12 + Fixtures.pokemon.count

    @Test func secondRunWithinMaxAgeMakesNoRequest() async throws {
        try await withEnvironment { env in
            let first = try await env.build()
            // A request the loaded machine failed to deliver is counted by the client only, then retried.
            #expect(first.network.requests - first.network.retries <= env.server.requests.count)
            #expect(first.network.requests >= env.server.requests.count)
            env.server.resetCounts()
            let second = try await env.build(now: clock(ahead: 3_600))
            #expect(env.server.requests.isEmpty)
            #expect(second.network.requests == 0)
            #expect(second.loads.fromCache == Self.jsonResources + Self.images)
            #expect(second.loads.fetched == 0)
        }
    }

    @Test func afterMaxAgeStaleEntriesAreRevalidatedAndRenewed() async throws {
        try await withEnvironment { env in
            try await env.build()
            env.server.resetCounts()
            env.server.dataHash = "fixture-hash-2"  // a new deployment: no shortcut, every entry is revalidated
            let later = clock(ahead: pastMaxAge)
            let summary = try await env.build(now: later)
            let revalidations = env.server.requests.filter { $0.path != "/api/v2/meta/" }
            #expect(revalidations.count == Self.jsonResources + Self.images)
            #expect(revalidations.allSatisfy { $0.ifNoneMatch != nil })
            #expect(env.server.notModifiedCount == Self.jsonResources + Self.images)
            #expect(summary.network.notModified == Self.jsonResources + Self.images)
            #expect(summary.loads.revalidated == Self.jsonResources + Self.images)
            #expect(summary.loads.stale == 0)
            #expect(!(try env.read("index.html")).contains("Offline"))

            // Renewed: fresh again for another max-age from the revalidation.
            env.server.resetCounts()
            let renewed = try await env.build(now: later)
            #expect(env.server.requests.isEmpty)
            #expect(renewed.loads.fromCache == Self.jsonResources + Self.images)
        }
    }

    @Test func aChangedResourceIsDownloadedAgain() async throws {
        try await withEnvironment { env in
            try await env.build()
            #expect(try env.read("pokemon/bulbasaur.html").contains("6.9 kg"))
            var changed = Fixtures.pokemon[0]
            changed.weight = 70
            env.server.setBody(
                Fixtures.encode(Fixtures.detail(changed, api: env.server.apiBase, origin: env.server.origin)),
                at: "/api/v2/pokemon/1/"
            )
            env.server.dataHash = "fixture-hash-2"
            env.server.resetCounts()
            let summary = try await env.build(now: clock(ahead: pastMaxAge))
            #expect(summary.loads.fetched == 1)
            #expect(summary.loads.revalidated == Self.jsonResources + Self.images - 1)
            #expect(try env.read("pokemon/bulbasaur.html").contains("7.0 kg"))
        }
    }

    @Test func refreshRevalidatesEverythingWhateverItsAge() async throws {
        try await withEnvironment { env in
            try await env.build()
            env.server.resetCounts()
            let summary = try await env.build(mode: .refresh)
            let revalidations = env.server.requests.filter { $0.path != "/api/v2/meta/" }
            #expect(revalidations.count == Self.jsonResources + Self.images)
            #expect(revalidations.allSatisfy { $0.ifNoneMatch != nil && $0.status == 304 })
            #expect(summary.loads.revalidated == Self.jsonResources + Self.images)
            #expect(summary.loads.fromCache == 0)
        }
    }

    @Test func unchangedDataHashSkipsJSONRevalidation() async throws {
        try await withEnvironment { env in
            try await env.build()
            env.server.resetCounts()
            let summary = try await env.build(now: clock(ahead: pastMaxAge))
            let json = env.server.requests.filter { $0.path.hasPrefix("/api/") }
            #expect(json.map(\.path) == ["/api/v2/meta/"])
            // Images have no data hash: they are revalidated the HTTP way.
            #expect(env.server.imageRequests == Self.images)
            #expect(env.server.notModifiedCount == Self.images)
            #expect(summary.loads.unchangedDataHash == Self.jsonResources)
            #expect(summary.loads.revalidated == Self.images)
        }
    }

    @Test func changedDataHashRevalidatesEverything() async throws {
        try await withEnvironment { env in
            try await env.build()
            env.server.resetCounts()
            env.server.dataHash = "fixture-hash-2"
            let summary = try await env.build(now: clock(ahead: pastMaxAge))
            #expect(env.server.count("/api/v2/meta/") == 1)
            #expect(env.server.jsonRequests == Self.jsonResources + 1)
            #expect(env.server.imageRequests == Self.images)
            #expect(summary.loads.unchangedDataHash == 0)
            #expect(summary.loads.revalidated == Self.jsonResources + Self.images)
        }
    }

    @Test func withoutAMetaEndpointEntriesAreRevalidated() async throws {
        try await withEnvironment { env in
            env.server.inject(.status(404), at: "/api/v2/meta/")
            try await env.build()
            env.server.resetCounts()
            let summary = try await env.build(now: clock(ahead: pastMaxAge))
            #expect(summary.loads.revalidated == Self.jsonResources + Self.images)
            #expect(summary.loads.stale == 0)
            #expect(env.server.count("/api/v2/meta/") <= 1)
        }
    }

    @Test func noMaxAgeMeansRevalidateEveryTime() async throws {
        try await withEnvironment { env in
            env.server.maxAge = 0
            try await env.build()
            env.server.resetCounts()
            env.server.dataHash = "fixture-hash-2"
            let summary = try await env.build()
            #expect(summary.loads.fromCache == 0)
            #expect(summary.loads.revalidated == Self.jsonResources + Self.images)
        }
    }

    @Test(arguments: ["no-cache, max-age=86400", "public, no-store"])
    func noCacheMeansRevalidateEveryTime(cacheControl: String) async throws {
        try await withEnvironment { env in
            env.server.cacheControl = cacheControl
            try await env.build()
            env.server.resetCounts()
            env.server.dataHash = "fixture-hash-2"
            let summary = try await env.build()
            #expect(summary.loads.fromCache == 0)
            #expect(summary.loads.revalidated == Self.jsonResources + Self.images)
            // Still usable as a fallback when the server is gone.
            await env.server.stop()
            let offline = try await env.build()
            #expect(offline.loads.stale == Self.jsonResources + Self.images)
        }
    }

    @Test func unreadableCacheEntryIsRefetched() async throws {
        try await withEnvironment { env in
            try await env.build()
            let store = CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger)
            try Data("{\"metadata\": {".utf8).write(to: store.url(for: "pokemon/25.json"))
            env.server.resetCounts()
            let summary = try await env.build()
            #expect(env.server.count("/api/v2/pokemon/25/") == 1)
            #expect(summary.loads.fetched == 1)
            #expect(try store.read("pokemon/25", as: PokemonRecord.self)?.body.name == "pikachu")
        }
    }

    @Test func cacheIsKeptPerAPIBase() {
        #expect(CacheStore.folderName(for: "https://pokeapi.co/api/v2") == "pokeapi.co-api-v2")
        #expect(CacheStore.folderName(for: "http://127.0.0.1:8080/api/v2") == "127.0.0.1-8080-api-v2")
        #expect(CacheStore.folderName(for: "http://../../etc") == "..-..-etc")
    }

    @Test func cacheEntriesHoldOnlyTheProjection() async throws {
        try await withEnvironment { env in
            try await env.build()
            let store = CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger)
            let entry = try #require(try store.read("pokemon/1", as: PokemonRecord.self))
            #expect(entry.metadata.etag != nil)
            #expect(entry.metadata.lastModified == TestServer.lastModified)
            #expect(entry.metadata.maxAge == 86_400)
            #expect(entry.metadata.dataHash == "fixture-hash-1")
            let text = try String(contentsOf: store.url(for: "pokemon/1.json"), encoding: .utf8)
            #expect(!text.contains("move"))
        }
    }

    @Test func metadataFreshness() {
        let metadata = CacheMetadata(
            url: "u",
            storedAt: 1_000,
            maxAge: 60,
            etag: "\"x\"",
            lastModified: "L",
            dataHash: nil
        )
        #expect(metadata.isFresh(at: Date(timeIntervalSince1970: 1_059)))
        #expect(!metadata.isFresh(at: Date(timeIntervalSince1970: 1_060)))
        #expect(metadata.conditionalHeaders.map(\.0) == ["If-None-Match", "If-Modified-Since"])
        var none = metadata
        none.maxAge = nil
        #expect(!none.isFresh(at: Date(timeIntervalSince1970: 1_000)))
        #expect(CacheControl("public, max-age=86400").maxAge == 86_400)
        #expect(CacheControl("no-store").noStore)
        #expect(CacheControl("max-age=\"60\", no-cache").maxAge == 60)
        #expect(CacheControl(nil).maxAge == nil)
    }
}
