import Foundation
import Testing

@testable import PokedexPipeline
@testable import PokedexSource

/// Pictures: local copies, the sprite fallback chain, the placeholder, and that no broken PNG is ever kept.
@Suite struct ImageTests {
    static func official(_ id: Int) -> String { "/media/sprites/pokemon/other/official-artwork/\(id).png" }
    static func home(_ id: Int) -> String { "/media/sprites/pokemon/other/home/\(id).png" }
    static func front(_ id: Int) -> String { "/media/sprites/pokemon/\(id).png" }

    func image(_ env: TestEnvironment, _ id: Int) throws -> Data {
        try Data(contentsOf: env.output.appendingPathComponent("images/\(id).png"))
    }

    @Test func pngMakerMakesCompletePNGs() {
        let png = PNGMaker.sprite(id: 25, kind: "official")
        #expect(PNGImage.isComplete(png))
        #expect(PNGImage.size(png)! == (12, 12))
        #expect(!PNGImage.isComplete(png.prefix(png.count - 1)))
        #expect(!PNGImage.isComplete(png.prefix(40)))
        #expect(!PNGImage.isComplete(Data("<html></html>".utf8)))
        #expect(!PNGImage.isComplete(png + Data([0])))
        #expect(PNGImage.isComplete(PNGMaker.make(width: 300, height: 300, red: 1, green: 2, blue: 3)))
    }

    @Test func localCopiesInTheOutputFolder() async throws {
        try await withEnvironment { env in
            let summary = try await env.build()
            #expect(summary.imagesLocal == 11)
            #expect(summary.imagesPlaceholder == 1)
            #expect(summary.imagesRemote == 0)
            #expect(try image(env, 1) == PNGMaker.sprite(id: 1, kind: "official"))
            #expect(try image(env, 10168) == PNGMaker.sprite(id: 10168, kind: "official"))
            // No official artwork, no HOME render: the default sprite.
            #expect(try image(env, 10143) == PNGMaker.sprite(id: 10143, kind: "front"))
            #expect(env.server.count(Self.front(10143)) == 1)
            // No sprite at all: the theme's placeholder, and nothing asked.
            #expect(!env.exists("images/10080.png"))
            #expect(try env.read("pokemon/pikachu-rock-star.html").contains("src=\"../assets/placeholder.svg\""))
            #expect(
                try env.read("pokemon/bulbasaur.html").contains("src=\"../images/1.png\" width=\"12\" height=\"12\"")
            )
            #expect(try env.read("index.html").contains("src=\"images/1.png\""))
            let data = try env.read(env.hashed("assets/pokedex-data.js"))
            #expect(try IndexDataTests.picture(data, id: 25).image == "images/25.png")
            #expect(try IndexDataTests.picture(data, id: 10080).image == "assets/placeholder.svg")
            // Only the best sprite is downloaded.
            #expect(env.server.count(Self.home(1)) == 0)
            #expect(env.server.count(Self.front(1)) == 0)
        }
    }

    @Test func missingArtworkFallsBackToTheNextSpriteThenThePlaceholder() async throws {
        try await withEnvironment { env in
            env.server.inject(.status(404), at: Self.official(25))
            for path in [Self.official(6), Self.home(6), Self.front(6)] { env.server.inject(.status(404), at: path) }
            let summary = try await env.build()
            #expect(try image(env, 25) == PNGMaker.sprite(id: 25, kind: "home"))
            #expect(env.server.count(Self.official(25)) == 1)  // a 404 is not retried
            #expect(!env.exists("images/6.png"))
            #expect(try env.read("pokemon/charizard.html").contains("src=\"../assets/placeholder.svg\""))
            #expect(summary.imagesPlaceholder == 2)
            #expect(summary.imagesLocal == 10)

            // The 404s are remembered: a warm rerun asks nothing and decides the same.
            env.server.resetCounts()
            let again = try await env.build()
            #expect(env.server.requests.isEmpty)
            #expect(again.imagesPlaceholder == 2)
            #expect(try image(env, 25) == PNGMaker.sprite(id: 25, kind: "home"))
        }
    }

    @Test func failedDownloadIsReferencedByURL() async throws {
        try await withEnvironment { env in
            env.server.inject(.status(503), at: Self.front(10143))
            let summary = try await env.build()
            #expect(summary.imagesRemote == 1)
            #expect(summary.imagesLocal == 10)
            #expect(!env.exists("images/10143.png"))
            #expect(
                try env.read("pokemon/mimikyu-busted.html").contains("src=\"\(env.server.origin)\(Self.front(10143))\"")
            )
        }
    }

    @Test func truncatedImageIsNeverCached() async throws {
        try await withEnvironment { env in
            env.server.inject(.truncatedImage, at: Self.official(1))
            let summary = try await env.build()
            let store = CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger)
            #expect(try store.readImage("images/official/1") == nil)
            #expect(!FileManager.default.fileExists(atPath: store.imageFile("images/official/1").path))
            // The next sprite stands in for it.
            #expect(try image(env, 1) == PNGMaker.sprite(id: 1, kind: "home"))
            #expect(summary.imagesLocal == 11)
            for file in pathsBelow(env.cache) where file.hasSuffix(".png") {
                #expect(PNGImage.isComplete(try Data(contentsOf: env.cache.appendingPathComponent(file))), "\(file)")
            }
        }
    }

    @Test func goodCachedImageSurvivesATruncatedRefresh() async throws {
        try await withEnvironment { env in
            try await env.build()
            let store = CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger)
            let good = try #require(try store.readImage("images/official/1"))
            env.server.inject(.truncatedImage, at: Self.official(1))
            let summary = try await env.build(now: clock(ahead: pastMaxAge))
            #expect(env.server.count(Self.official(1)) == 2)
            #expect(summary.loads.stale == 1)
            let kept = try #require(try store.readImage("images/official/1"))
            #expect(kept.image == good.image, "the good file was not replaced")
            #expect(try Data(contentsOf: kept.image.file) == PNGMaker.sprite(id: 1, kind: "official"))
            #expect(try image(env, 1) == PNGMaker.sprite(id: 1, kind: "official"))
        }
    }

    @Test func rerunDownloadsNothingAndTouchesNoImage() async throws {
        try await withEnvironment { env in
            try await env.build()
            let images = env.output.appendingPathComponent("images")
            let dates = try modificationDates(images)
            // The 11 Pokémon's pictures and the one item's (`images/items/`).
            #expect(dates.count == 12)
            env.server.resetCounts()
            let summary = try await env.build()
            #expect(env.server.imageRequests == 0)
            #expect(summary.imagesLocal == 11)
            #expect(try modificationDates(images) == dates)
        }
    }

    @Test func remoteModeMakesNoImageRequest() async throws {
        try await withEnvironment { env in
            let summary = try await env.build(images: .remote)
            #expect(env.server.imageRequests == 0)
            #expect(summary.imagesLocal == 0)
            #expect(summary.imagesPlaceholder == 1)
            #expect(!env.exists("images"))
            let url = env.server.origin + Self.official(1)
            #expect(try env.read("pokemon/bulbasaur.html").contains("src=\"\(url)\""))
            #expect(try env.read("index.html").contains("src=\"\(url)\""))
            #expect(
                try env.read("pokemon/mimikyu-busted.html").contains("src=\"\(env.server.origin)\(Self.front(10143))\"")
            )
            // The data script names the pictures once, by their pattern.
            #expect(
                try env.read(env.hashed("assets/pokedex-data.js")).contains(
                    env.server.origin + Self.official(0).replacingOccurrences(of: "/0.png", with: "/{id}.png")
                )
            )
        }
    }

    @Test func switchingToRemoteRemovesTheLocalCopies() async throws {
        try await withEnvironment { env in
            try await env.build()
            #expect(env.exists("images/1.png"))
            try await env.build(images: .remote)
            #expect(!env.exists("images/1.png"))
            #expect(!env.exists("images"))
        }
    }
}
