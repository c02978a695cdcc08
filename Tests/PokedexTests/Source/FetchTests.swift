import Foundation
import NIOHTTP1
import Testing

@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource
@testable import PokedexSupport

/// Retries, timeouts and bad answers: what is retried, what is not, and that nothing bad is ever cached.
@Suite struct FetchTests {
    static let pikachu = "/api/v2/pokemon/25/"
    static let farfetchd = "/api/v2/pokemon/83/"

    func cacheFile(_ env: TestEnvironment, _ key: String) -> URL {
        CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger).url(for: key + ".json")
    }

    func cachedRecord(_ env: TestEnvironment, id: Int) throws -> CacheEntry<PokemonRecord>? {
        try CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger)
            .read("pokemon/\(id)", as: PokemonRecord.self)
    }

    @Test func testServerAnswersLikePokeAPI() async throws {
        try await withEnvironment { env in
            let fetcher = HTTPFetcher(concurrency: 2, policy: fastRetry, logger: quietLogger)
            do {
                let api = env.server.apiBase
                let page = try await fetcher.get("\(api)/pokemon?limit=5&offset=5")
                #expect(page.status == 200)
                #expect(page.headers.first(name: "Cache-Control") == "public, max-age=86400")
                #expect(page.headers.first(name: "Last-Modified") == TestServer.lastModified)
                let json = try #require(try JSONSerialization.jsonObject(with: page.body) as? [String: Any])
                #expect(json["count"] as? Int == 12)
                #expect(json["next"] as? String == "\(api)/pokemon?offset=10&limit=5")
                #expect(json["previous"] as? String == "\(api)/pokemon?offset=0&limit=5")
                let results = try #require(json["results"] as? [[String: String]])
                #expect(results.first?["url"] == "\(api)/pokemon/122/")

                let last = try JSONSerialization.jsonObject(
                    with: try await fetcher.get("\(api)/pokemon?limit=5&offset=10").body
                )
                #expect((last as? [String: Any])?["next"] is NSNull)
                #expect(((last as? [String: Any])?["results"] as? [Any])?.count == 2)

                let detail = try await fetcher.get("\(api)/pokemon/10143/")
                let etag = try #require(detail.headers.first(name: "ETag"))
                let again = try await fetcher.get("\(api)/pokemon/10143/", headers: [("If-None-Match", etag)])
                #expect(again.status == 304)
                #expect(again.body.isEmpty)

                let png = try await fetcher.get(env.server.origin + "/media/sprites/pokemon/10143.png")
                #expect(png.headers.first(name: "Content-Type") == "image/png")
                #expect(PNGImage.isComplete(png.body))
                #expect(try await fetcher.get("\(api)/pokemon/4/").status == 404)
                #expect(
                    try await fetcher.get("\(api)/meta/").body
                        == Data(#"{"deployed_at":"2025-07-01T00:00:00Z","hash":"fixture-hash-1"}"#.utf8)
                )
                let counts = await fetcher.counts
                #expect(counts.requests == 7)
                #expect(counts.notModified == 1)
            } catch {
                try? await fetcher.shutdown()
                throw error
            }
            try await fetcher.shutdown()
        }
    }

    // MARK: Retried

    @Test func serviceUnavailableBurstThenSuccess() async throws {
        try await withEnvironment { env in
            env.server.inject(.status(503), at: Self.pikachu, times: 2)
            let summary = try await env.build()
            #expect(env.server.count(Self.pikachu) == 3)
            #expect(summary.network.retries == 2)
            #expect(summary.pokemon == 12)
            #expect(try env.read("pokemon/pikachu.html").contains("Pikachu"))
        }
    }

    @Test func serviceUnavailableForeverFailsNamingTheURL() async throws {
        try await withEnvironment { env in
            env.server.inject(.status(503), at: Self.pikachu)
            let error = try #require(await env.failingBuild())
            // Every attempt of the first pass, then every attempt of the second, after the others.
            #expect(env.server.count(Self.pikachu) == 2 * fastRetry.maxAttempts)
            #expect(error.exitCode == 3)
            #expect(error.reason.missing.count == 1)
            #expect(error.description.contains(env.server.apiBase + "/pokemon/25/"), "\(error)")
            // What ended each pass, attempts counted.
            #expect(
                error.description.contains(
                    "HTTP 503 after 3 attempts; asked again after the others: network failure: HTTP 503 after 3 attempts"
                ),
                "\(error)"
            )
        }
    }

    @Test func aResourceThatFailsEveryAttemptIsAskedAgainAfterTheOthersAndHad() async throws {
        try await withEnvironment { env in
            // Every attempt of the first pass fails; the server's bad minute is over by the second.
            env.server.inject(.status(500), at: Self.pikachu, times: fastRetry.maxAttempts)
            let summary = try await env.build()
            #expect(env.server.count(Self.pikachu) == fastRetry.maxAttempts + 1)
            #expect(summary.pokemon == 12)
            #expect(summary.loads.askedAgain == 1 && summary.loads.recoveredAgain == 1)
            #expect(BuildReport(summary).resources?.askedAgain == 1)
            #expect(try env.read("pokemon/pikachu.html").contains("Pikachu"))
        }
    }

    @Test func tooManyRequestsHonoursRetryAfterSeconds() async throws {
        try await withEnvironment { env in
            env.server.inject(.status(429, headers: [("Retry-After", "1")]), at: Self.pikachu, times: 1)
            let started = Date()
            let summary = try await env.build()
            let elapsed = Date().timeIntervalSince(started)
            #expect(elapsed >= 1.0, "waited only \(elapsed) s")
            #expect(env.server.count(Self.pikachu) == 2)
            #expect(summary.network.rateLimited == 1)
            let answers = env.server.requests.filter { $0.path == Self.pikachu }
            if answers.count == 2 {
                #expect(answers[1].at.timeIntervalSince(answers[0].at) >= 0.95)
            }
        }
    }

    @Test func tooManyRequestsHonoursRetryAfterDate() async throws {
        try await withEnvironment { env in
            // The retry must not come before the date the server named. The server reckons that date when it
            // answers, so a loaded machine cannot make it past already. An HTTP date has whole seconds: the date is
            // more than one second after the answer.
            env.server.inject(.tooManyRequestsUntil(secondsAfterAnswer: 2), at: Self.pikachu, times: 1)
            try await env.build()
            let answers = env.server.requests.filter { $0.path == Self.pikachu }
            #expect(answers.count == 2)
            if answers.count == 2 {
                let notBefore = try #require(HTTPDate.parse(HTTPDate.format(answers[0].at.addingTimeInterval(2))))
                #expect(notBefore.timeIntervalSince(answers[0].at) > 1)
                #expect(answers[1].at.timeIntervalSince(notBefore) >= -0.05)
            }
        }
    }

    @Test func retryAfterParsing() {
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        #expect(RetryPolicy.parseRetryAfter("3", now: now) == 3)
        #expect(RetryPolicy.parseRetryAfter(" 0 ", now: now) == 0)
        #expect(RetryPolicy.parseRetryAfter(HTTPDate.format(now.addingTimeInterval(5)), now: now) == 5)
        #expect(RetryPolicy.parseRetryAfter(HTTPDate.format(now.addingTimeInterval(-5)), now: now) == 0)
        #expect(RetryPolicy.parseRetryAfter("soon", now: now) == nil)
        #expect(RetryPolicy.parseRetryAfter("-1", now: now) == nil)
        #expect(RetryPolicy.parseRetryAfter(nil, now: now) == nil)
    }

    @Test func notFoundIsNotRetried() async throws {
        try await withEnvironment { env in
            env.server.inject(.status(404), at: Self.pikachu)
            let error = try #require(await env.failingBuild())
            #expect(env.server.count(Self.pikachu) == 1)
            #expect(error.exitCode == 3)
            #expect(error.description.contains(env.server.apiBase + "/pokemon/25/"), "\(error)")
            #expect(error.description.contains("HTTP status 404"), "\(error)")
        }
    }

    @Test func connectionResetIsRetried() async throws {
        try await withEnvironment { env in
            env.server.inject(.reset, at: Self.pikachu, times: 2)
            let summary = try await env.build()
            #expect(env.server.count(Self.pikachu) == 3)
            #expect(summary.network.retries >= 2)
            #expect(try cachedRecord(env, id: 25)?.body.name == "pikachu")
        }
    }

    @Test func truncatedBodyIsRetried() async throws {
        try await withEnvironment { env in
            env.server.inject(.truncatedBody, at: Self.pikachu, times: 1)
            env.server.inject(.truncatedBody, at: "/api/v2/pokemon-species/25/", times: 1)
            let summary = try await env.build()
            #expect(env.server.count(Self.pikachu) == 2)
            #expect(env.server.count("/api/v2/pokemon-species/25/") == 2)
            #expect(summary.network.retries >= 2)
            #expect(try env.read("pokemon/pikachu.html").contains("It raises its tail to check its surroundings."))
        }
    }

    @Test func hungResponseTimesOutAndTheRerunFetchesOnlyWhatWasMissing() async throws {
        try await withEnvironment { env in
            // Short enough for a test, long enough that a loaded machine does not time out healthy answers.
            var retry = fastRetry
            retry.readTimeout = 3
            retry.maxAttempts = 3
            env.server.inject(.hang, at: Self.farfetchd)
            let started = Date()
            let error = try #require(await env.failingBuild(retry: retry))
            #expect(Date().timeIntervalSince(started) >= 4 * retry.readTimeout)
            #expect(error.exitCode == 3)
            #expect(error.reason.missing.count == 1)
            #expect(error.description.contains(env.server.apiBase + "/pokemon/83/"), "\(error)")
            // Every attempt of both passes, the second after the others.
            #expect(env.server.count(Self.farfetchd) == 2 * retry.maxAttempts)
            // Everything else was fetched and cached; the site was not written.
            for fixture in Fixtures.pokemon where fixture.id != 83 {
                #expect(
                    FileManager.default.fileExists(atPath: cacheFile(env, "pokemon/\(fixture.id)").path),
                    "\(fixture.id)"
                )
            }
            #expect(!FileManager.default.fileExists(atPath: cacheFile(env, "pokemon/83").path))
            #expect(!env.exists("index.html"))

            // Pictures already cached by the failed run (if it got to them) are not asked for again either.
            let cachedImages = Set(
                pathsBelow(env.cache).filter { $0.hasSuffix(".png") }.map { ($0 as NSString).lastPathComponent }
            )
            env.server.clearFaults()
            env.server.resetCounts()
            let summary = try await env.build(retry: retry)
            let json = Set(env.server.requests.filter { $0.path.hasPrefix("/api/") }.map(\.path))
            // Farfetch’d's species, the chain it names and its abilities (no other Pokémon has them) were never
            // asked for.
            let abilities = ["keen-eye", "inner-focus", "defiant"].map {
                "/api/v2/ability/\(Fixtures.referenceID($0))/"
            }
            #expect(
                json
                    == Set(
                        [
                            "/api/v2/pokemon/83/", "/api/v2/pokemon/83/encounters", "/api/v2/pokemon-species/83/",
                            "/api/v2/evolution-chain/40/",
                            "/api/v2/meta/",
                        ] + abilities
                    )
            )
            for request in env.server.requests where request.path.hasPrefix("/media/") {
                #expect(
                    !cachedImages.contains((request.path as NSString).lastPathComponent),
                    "\(request.path) asked again"
                )
            }
            #expect(summary.pokemon == 12)
            #expect(env.exists("pokemon/farfetchd.html"))
        }
    }

    // MARK: Never cached

    @Test func malformedJSONIsNeverCached() async throws {
        try await withEnvironment { env in
            env.server.inject(.malformedJSON, at: Self.pikachu)
            let error = try #require(await env.failingBuild())
            #expect(error.exitCode == 3)
            #expect(error.description.contains(env.server.apiBase + "/pokemon/25/"), "\(error)")
            #expect(error.description.contains("malformed JSON"), "\(error)")
            #expect(try cachedRecord(env, id: 25) == nil)
        }
    }

    @Test func htmlErrorPageWithOKIsNeverCached() async throws {
        try await withEnvironment { env in
            env.server.inject(.htmlPage, at: Self.pikachu)
            let error = try #require(await env.failingBuild())
            #expect(error.description.contains(env.server.apiBase + "/pokemon/25/"), "\(error)")
            #expect(error.description.contains("text/html"), "\(error)")
            #expect(try cachedRecord(env, id: 25) == nil)
        }
    }

    @Test func unexpectedShapeNamesTheJSONPath() async throws {
        try await withEnvironment { env in
            var detail = Fixtures.detail(Fixtures.pokemon[2], api: env.server.apiBase, origin: env.server.origin)
            var stats = detail["stats"] as! [[String: Any]]
            stats[3]["base_stat"] = NSNull()
            detail["stats"] = stats
            env.server.inject(.json(String(decoding: Fixtures.encode(detail), as: UTF8.self)), at: Self.pikachu)
            let error = try #require(await env.failingBuild())
            #expect(error.description.contains(env.server.apiBase + "/pokemon/25/"), "\(error)")
            #expect(error.description.contains("unexpected JSON at stats[3].base_stat"), "\(error)")
            #expect(try cachedRecord(env, id: 25) == nil)
        }
    }

    @Test func answerForAnotherIDIsRefused() async throws {
        try await withEnvironment { env in
            let other = Fixtures.detail(Fixtures.pokemon[0], api: env.server.apiBase, origin: env.server.origin)
            env.server.inject(.json(String(decoding: Fixtures.encode(other), as: UTF8.self)), at: Self.pikachu)
            let error = try #require(await env.failingBuild())
            #expect(error.description.contains("answer is for id 1, not 25"), "\(error)")
            #expect(try cachedRecord(env, id: 25) == nil)
        }
    }

    @Test func emptyListPageIsNeverCached() async throws {
        try await withEnvironment { env in
            env.server.inject(.emptyList, at: "/api/v2/pokemon?limit=5&offset=0", times: 1)
            let error = try #require(await env.failingBuild())
            #expect(error.subject == env.server.apiBase + "/pokemon?limit=5&offset=0", "\(error)")
            #expect(error.description.contains("empty list"), "\(error)")
            #expect(!FileManager.default.fileExists(atPath: cacheFile(env, "list/limit-5-offset-0").path))

            // A later page that comes back empty: reported by URL, and the rest is cached for the rerun.
            env.server.inject(.emptyList, at: "/api/v2/pokemon?limit=5&offset=5", times: 1)
            let second = try #require(await env.failingBuild())
            #expect(second.exitCode == 3)
            #expect(second.description.contains(env.server.apiBase + "/pokemon?limit=5&offset=5"), "\(second)")
            #expect(FileManager.default.fileExists(atPath: cacheFile(env, "list/limit-5-offset-0").path))
            #expect(!FileManager.default.fileExists(atPath: cacheFile(env, "list/limit-5-offset-5").path))

            let summary = try await env.build()
            #expect(summary.pokemon == 12)
        }
    }

    @Test(arguments: ["malformed", "html", "shape", "reset", "503", "empty"])
    func badAnswersNeverReplaceAGoodEntry(fault: String) async throws {
        try await withEnvironment { env in
            try await env.build()
            let key = fault == "empty" ? "list/limit-5-offset-0" : "pokemon/25"
            let good = try Data(contentsOf: cacheFile(env, key))
            env.server.dataHash = "changed"  // so every stale entry is revalidated
            let list = "/api/v2/pokemon?limit=5&offset=0"
            switch fault {
            case "malformed": env.server.inject(.malformedJSON, at: Self.pikachu)
            case "html": env.server.inject(.htmlPage, at: Self.pikachu)
            case "shape": env.server.inject(.json(#"{"id": 25, "name": "pikachu"}"#), at: Self.pikachu)
            case "reset": env.server.inject(.reset, at: Self.pikachu)
            case "503": env.server.inject(.status(503), at: Self.pikachu)
            default: env.server.inject(.emptyList, at: list)
            }
            let summary = try await env.build(now: clock(ahead: pastMaxAge))
            #expect(summary.loads.stale == 1)
            #expect(summary.pokemon == 12)
            // The entry is kept as it was, not even renewed: the next build tries again.
            #expect(try Data(contentsOf: cacheFile(env, key)) == good)
            #expect(try env.read("pokemon/pikachu.html").contains("Offline — showing data cached on"))
        }
    }

    @Test func serverDownAfterAWarmRunFallsBackToTheStaleCache() async throws {
        try await withEnvironment { env in
            try await env.build()
            let before = try snapshot(env.cache)
            await env.server.stop()
            let summary = try await env.build(now: clock(ahead: pastMaxAge))
            // A dead host is given up on after a few attempts, not retried per resource (counted, not timed: CI is
            // a loaded machine). Attempts already in flight when it gives up may add one per concurrent request.
            #expect(summary.network.requests <= fastRetry.giveUpAfterFailedAttempts + 2 * 4)
            #expect(summary.loads.stale == CacheTests.jsonResources + CacheTests.images)
            #expect(summary.loads.fetched == 0)
            #expect(summary.pokemon == 12)
            #expect(summary.imagesLocal == 11)
            // The cache is untouched by the failed revalidations (only the build state and the build memo move; the
            // memo of a site built from stale data holds only while the server stays out of reach: BuildMemoTests).
            func entries(_ files: [String: Data]) -> [String: Data] {
                files.filter { !$0.key.hasSuffix("build-state.json") && !$0.key.hasPrefix(BuildMemo.folderName + "/") }
            }
            #expect(entries(try snapshot(env.cache)) == entries(before))
        }
    }
}
