import Foundation
import Testing

@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource
@testable import PokedexSupport

/// The whole build against the fixture server: pagination, what is fetched, what is written, and the offline
/// rebuild from the cache.
@Suite struct PipelineTests {
    static let detailPages = [
        "bulbasaur", "charizard", "pikachu", "nidoran-f", "farfetchd", "mr-mime", "flabebe", "type-null",
        "charizard-mega-x", "pikachu-rock-star", "mimikyu-busted", "mr-mime-galar",
    ].map { "pokemon/\($0).html" }

    static func listOffsets(_ server: TestServer) -> [Int] {
        server.requests.filter { $0.path == "/api/v2/pokemon" }
            .compactMap { TestServer.query($0.uri)["offset"].flatMap(Int.init) }.sorted()
    }

    @Test func paginationFetchesEveryPageOnce() async throws {
        try await withEnvironment { env in
            let summary = try await env.build(perPage: 5)
            #expect(Self.listOffsets(env.server) == [0, 5, 10])
            #expect(
                env.server.requests.filter { $0.path == "/api/v2/pokemon" }.allSatisfy {
                    TestServer.query($0.uri)["limit"] == "5"
                }
            )
            #expect(summary.pokemon == 12)
            #expect(summary.pages[.index] == 3)
            #expect(env.exists("index.html") && env.exists("page/2.html") && env.exists("page/3.html"))
            #expect(!env.exists("page/4.html"))
            for page in Self.detailPages { #expect(env.exists(page), "\(page)") }
        }
    }

    @Test func limitCutsTheList() async throws {
        try await withEnvironment { env in
            let summary = try await env.build(limit: 7, perPage: 5)
            #expect(Self.listOffsets(env.server) == [0, 5])
            #expect(summary.pokemon == 7)
            #expect(summary.pages[.index] == 2)
            let details = env.server.requests.filter {
                $0.path.hasPrefix("/api/v2/pokemon/") && !$0.path.hasSuffix("/encounters")
            }.map(\.path)
            #expect(details.count == 7)
            #expect(details.contains("/api/v2/pokemon/669/"))
            #expect(!details.contains("/api/v2/pokemon/772/"))
            #expect(env.exists("pokemon/flabebe.html"))
            #expect(!env.exists("pokemon/type-null.html"))
        }
        try await withEnvironment { env in
            let summary = try await env.build(limit: 3, perPage: 5)
            #expect(Self.listOffsets(env.server) == [0])
            #expect(summary.pokemon == 3)
        }
    }

    @Test func indexPagesAndListRequestsHaveSizesOfTheirOwn() async throws {
        try await withEnvironment { env in
            // PokeAPI is asked 5 at a time; the site shows 24 a page.
            let summary = try await env.build(perPage: 24, listPageSize: 5)
            #expect(Self.listOffsets(env.server) == [0, 5, 10])
            #expect(summary.pages[.index] == 1)
            #expect(env.exists("index.html") && !env.exists("page/2.html"))
        }
        #expect(BuildOptions().perPage == 24 && BuildOptions().listPageSize == 10)
    }

    @Test func onePageWhenPerPageCoversTheList() async throws {
        try await withEnvironment { env in
            let summary = try await env.build(perPage: 100)
            #expect(Self.listOffsets(env.server) == [0])
            #expect(summary.pages[.index] == 1)
            #expect(!env.exists("page/2.html"))
        }
    }

    @Test func sharedSpeciesAreFetchedOnce() async throws {
        try await withEnvironment { env in
            let summary = try await env.build()
            #expect(env.server.count("/api/v2/pokemon-species/6/") == 1)
            #expect(env.server.count("/api/v2/pokemon-species/25/") == 1)
            #expect(env.server.count("/api/v2/pokemon-species/122/") == 1)
            #expect(env.server.count { $0.path.hasPrefix("/api/v2/pokemon-species/") } == 9)
            // A chain and a type shared by several Pokémon are fetched once too.
            #expect(env.server.count("/api/v2/evolution-chain/2/") == 1)
            #expect(env.server.count("/api/v2/type/3/") == 1)
            #expect(env.server.count { $0.path.hasPrefix("/api/v2/evolution-chain/") } == 9)
            #expect(env.server.count { $0.path.hasPrefix("/api/v2/type/") } == 11)
            // Every JSON resource (see CacheTests.jsonResources) + 11 images (one Pokémon has none).
            #expect(summary.loads.fetched == CacheTests.jsonResources + CacheTests.images)
            #expect(summary.imagesLocal == 11)
            #expect(summary.imagesPlaceholder == 1)
            #expect(summary.network.retries == 0)
        }
    }

    @Test func pagesShowTheDerivedValues() async throws {
        try await withEnvironment { env in
            try await env.build()
            let bulbasaur = try env.read("pokemon/bulbasaur.html")
            #expect(bulbasaur.contains("#0001 Bulbasaur"))
            #expect(bulbasaur.contains("0.7 m / 2′ 04″"))
            #expect(bulbasaur.contains("6.9 kg / 15.2 lb"))
            #expect(
                bulbasaur.contains(
                    "A seed sleeps on its back. It wakes as the Pokémon grows and soaks up sunlight all day."
                )
            )
            let galar = try env.read("pokemon/mr-mime-galar.html")
            // A form: its species' number and its own name from PokeAPI, right after its species.
            #expect(galar.contains("#0122 Galarian Mr. Mime"))
            #expect(try env.read("pokemon/mimikyu-busted.html").contains("<p class=\"exp\">—</p>"))
            #expect(try env.read("pokemon/farfetchd.html").contains("Farfetch’d"))
            #expect(try env.read("pokemon/type-null.html").contains("Type: Null"))
            #expect(try env.read("page/2.html").contains("Flabébé"))
            // Pikachu Rock Star only looks different: not listed, so Nidoran♀ closes page 1.
            #expect(try env.read("index.html").contains("Nidoran♀"))
            #expect(!(try env.read("index.html")).contains("Offline"))
        }
    }

    // MARK: Offline rebuild

    @Test func rebuildWithTheServerDownIsByteIdentical() async throws {
        try await withEnvironment { env in
            try await env.build()
            let first = try snapshot(env.output)
            let dates = try modificationDates(env.output)
            await env.server.stop()

            let normal = try await env.build()
            #expect(normal.network.requests == 0)
            #expect(normal.loads.fromCache == CacheTests.jsonResources + CacheTests.images)
            #expect(normal.loads.stale == 0)
            #expect(normal.filesWritten == 0)
            #expect(try snapshot(env.output) == first)
            #expect(try modificationDates(env.output) == dates)

            let offline = try await env.build(mode: .offline)
            #expect(offline.network.requests == 0)
            #expect(offline.offline)
            #expect(try snapshot(env.output) == first)
        }
    }

    @Test func staleCacheWithTheServerDownShowsTheBanner() async throws {
        try await withEnvironment { env in
            try await env.build()
            await env.server.stop()
            let summary = try await env.build(now: clock(ahead: pastMaxAge))
            #expect(summary.loads.stale > 0)
            #expect(summary.pokemon == 12)
            #expect(summary.imagesLocal == 11)
            #expect(summary.offline)
            for page in ["index.html", "page/2.html", "favorites.html", "pokemon/pikachu.html"] {
                #expect(try env.read(page).contains("Offline — showing data cached on"), "\(page)")
            }

            // Offline mode with a stale cache: the same, without trying the network.
            let offline = try await env.build(mode: .offline, now: clock(ahead: pastMaxAge))
            #expect(offline.loads.stale > 0)
            #expect(offline.network.requests == 0)
            #expect(try env.read("index.html").contains("Offline — showing data cached on"))
        }
    }

    @Test func emptyCacheAndServerDownFailsWithAHint() async throws {
        try await withEnvironment { env in
            await env.server.stop()
            let error = try #require(await env.failingBuild())
            #expect(error.stage == .source)
            #expect(error.subject?.hasPrefix(env.server.apiBase + "/pokemon?") == true, "\(error)")
            #expect(error.hint?.contains("--api") == true, "\(error)")
            #expect(error.exitCode == 3)  // the data could not be had now: a rerun may succeed
            #expect(!FileManager.default.fileExists(atPath: env.output.appendingPathComponent("index.html").path))

            let offline = try #require(await env.failingBuild(mode: .offline))
            #expect(offline.reason == .notCached)
            #expect(offline.hint?.contains("--offline") == true, "\(offline)")
            #expect(offline.exitCode == 3)
        }
    }

    @Test func exitCodes() {
        func code(_ stage: PokedexError.Stage, _ reason: PokedexError.Reason) -> Int32 {
            PokedexError(stage, nil, reason).exitCode
        }
        #expect(code(.source, .incomplete(missing: ["x"])) == 3)
        #expect(code(.cache, .notCached) == 3)
        #expect(code(.source, .network("refused")) == 3)
        #expect(code(.options, .invalidInput("--limit")) == 64)
        #expect(code(.favorites, .invalidInput("malformed")) == 1)
        #expect(code(.render, .template("bad")) == 1)
        #expect(code(.output, .fileSystem("read-only")) == 1)
    }

    @Test func offlineWithAPartialCacheNamesWhatIsMissing() async throws {
        try await withEnvironment { env in
            try await env.build(limit: 5)
            let error = try #require(await env.failingBuild(mode: .offline))
            #expect(error.exitCode == 3)
            #expect(error.reason.isIncomplete)
            #expect(error.description.contains("\(env.server.apiBase)/pokemon?limit=5&offset=5"), "\(error)")
        }
    }

    @Test func localProblemsFailBeforeAnyRequest() async throws {
        try await withEnvironment { env in
            try env.writeFavorites("[\"pikachu\" \"bulbasaur\"]")
            let favorites = try #require(await env.failingBuild())
            #expect(favorites.stage == .favorites)
            #expect(favorites.description.contains("line 1, column 12"), "\(favorites)")
            #expect(favorites.exitCode == 1)
            try env.writeFavorites("[]")

            // A file missing from a theme folder comes from the built-in theme; a broken one stops the build.
            try Data("<h1>\n{{#detail}}\n".utf8).write(to: env.testTheme.appendingPathComponent("pokemon.mustache"))
            let theme = try #require(await env.failingBuild())
            #expect(theme.stage == .render)
            #expect(
                theme.subject?.hasPrefix(env.testTheme.appendingPathComponent("pokemon.mustache").path + ":") == true,
                "\(theme)"
            )
            #expect(env.server.requests.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: env.cache.path))
        }
    }

    @Test func badOptionsAreRefusedBeforeAnyRequest() async throws {
        try await withEnvironment { env in
            var options = env.options()
            options.apiBase = "ftp://example.invalid"
            let error = try #require(throws: PokedexError.self) { try options.validated() }
            #expect(error.exitCode == 64)
            options = env.options(perPage: 0)
            #expect(throws: PokedexError.self) { try options.validated() }
            #expect(env.server.requests.isEmpty)
        }
    }
}
