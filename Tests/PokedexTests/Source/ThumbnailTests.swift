import Foundation
import Testing

@testable import PokedexPipeline
@testable import PokedexSource
@testable import PokedexThumbnails

/// Grid thumbnails: their pixels (size, transparency, area-averaging), the `srcset` that names them, the cache
/// that makes a warm build decode nothing, and the fallback for a picture libpng cannot read.
@Suite struct ThumbnailTests {
    static func official(_ id: Int) -> String { ImageTests.official(id) }

    // MARK: Pixels

    @Test func aThumbnailHasTheDeclaredSizeAndKeepsTransparency() throws {
        let artwork = try ThumbnailCodec.decodePNG(PNGMaker.artwork())
        #expect(artwork.width == 475 && artwork.height == 475)
        for width in Thumbnailer.widths {
            let encoded = try ThumbnailCodec.webp(artwork, width: width, quality: Thumbnailer.quality)
            #expect(encoded.width == width && encoded.height == width)
            let thumbnail = try ThumbnailCodec.decodeWebP(encoded.data)
            #expect(thumbnail.width == width && thumbnail.height == width)
            // Corners stay fully transparent, the disc fully opaque and of its colour (lossy: within a few levels).
            for (x, y) in [(0, 0), (width - 1, 0), (0, width - 1), (width - 1, width - 1)] {
                #expect(thumbnail.pixel(x: x, y: y)[3] == 0, "corner \(x),\(y) of the \(width)-px thumbnail")
            }
            let centre = thumbnail.pixel(x: width / 2, y: width / 2)
            #expect(centre[3] == 255)
            #expect(
                abs(Int(centre[0]) - 200) <= 12 && abs(Int(centre[1]) - 40) <= 12 && abs(Int(centre[2]) - 40) <= 12,
                "\(centre)"
            )
            // Far smaller than the stored-deflate original, and than the 83 KB artwork the issue measured.
            #expect(encoded.data.count < 20_000, "\(encoded.data.count) bytes")
        }
    }

    @Test func scalingAveragesAreasInsteadOfPickingPixels() throws {
        // A one-pixel checkerboard halved: every target pixel covers two black and two white pixels. Averaging
        // gives grey everywhere; picking the nearest pixel would give pure black or pure white.
        let checkerboard = PNGMaker.rgba(width: 512, height: 512) { x, y in
            (x + y) % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255]
        }
        let encoded = try ThumbnailCodec.webp(
            try ThumbnailCodec.decodePNG(checkerboard),
            width: 256,
            quality: Thumbnailer.quality
        )
        let thumbnail = try ThumbnailCodec.decodeWebP(encoded.data)
        var extremes = 0
        for y in stride(from: 0, to: 256, by: 5) {
            for x in stride(from: 0, to: 256, by: 5) where !(96...160).contains(Int(thumbnail.pixel(x: x, y: y)[1])) {
                extremes += 1
            }
        }
        #expect(extremes == 0, "\(extremes) sampled pixels are not mid-grey")
    }

    @Test func anUnreadablePNGIsAnErrorNotACrash() {
        #expect(throws: ThumbnailCodec.Failure.self) {
            try ThumbnailCodec.decodePNG(PNGMaker.corrupt(PNGMaker.artwork()))
        }
        #expect(throws: ThumbnailCodec.Failure.self) { try ThumbnailCodec.decodePNG(Data("<html></html>".utf8)) }
        #expect(throws: ThumbnailCodec.Failure.self) { try ThumbnailCodec.decodeWebP(Data("RIFF....WEBP".utf8)) }
    }

    // MARK: The site

    /// srcset candidates of every `<img>` in `html`.
    static func srcsetCandidates(_ html: String) -> [String] {
        html.components(separatedBy: "srcset=\"").dropFirst().flatMap { rest -> [String] in
            let value = rest.prefix { $0 != "\"" }
            return value.components(separatedBy: ", ").compactMap { $0.split(separator: " ").first.map(String.init) }
        }
    }

    @Test func gridCellsOfferEveryThumbnailAndEachCandidateExists() async throws {
        try await withEnvironment { env in
            env.server.setBody(PNGMaker.artwork(colour: [250, 200, 30]), at: Self.official(25))
            env.server.setBody(PNGMaker.artwork(colour: [60, 160, 90]), at: Self.official(1))
            // On page 2, whose candidates are written relative to "../".
            env.server.setBody(PNGMaker.artwork(colour: [90, 60, 160]), at: Self.official(122))
            try env.writeFavorites(#"["pikachu"]"#)
            let summary = try await env.build(templates: GoldenTests.templates)
            #expect(summary.picturesDecoded == 3)
            #expect(summary.thumbnailsMade == 6)
            #expect(summary.line.contains("thumbnails made 6"))

            let index = try env.read("index.html")
            #expect(
                index.contains(
                    #"<img src="images/25-256.webp" srcset="images/25-256.webp 256w, images/25-384.webp 384w, images/25.png 475w" sizes=""#
                )
            )
            #expect(index.contains(#"width="475" height="475" alt="Pikachu""#))
            // A picture smaller than every thumbnail width keeps its single source.
            #expect(index.contains(#"<img src="images/6.png" width="12" height="12""#))
            for page in ["index.html", "favorites.html", "page/2.html"] {
                let html = try env.read(page)
                let folder = page.hasPrefix("page/") ? "page/" : ""
                let candidates = Self.srcsetCandidates(html)
                #expect(!candidates.isEmpty, "\(page) has no srcset")
                for candidate in candidates {
                    let path = URL(fileURLWithPath: "/" + folder + candidate).standardized.path
                    #expect(env.exists(String(path.dropFirst())), "\(page): \(candidate) is not in the site")
                }
            }
            let small = try ThumbnailCodec.decodeWebP(
                Data(contentsOf: env.output.appendingPathComponent("images/25-256.webp"))
            )
            #expect(small.width == 256 && small.height == 256)

            // The detail page keeps the full artwork.
            let detail = try env.read("pokemon/pikachu.html")
            #expect(detail.contains(#"src="../images/25.png""#))
            #expect(!detail.contains("srcset"))

            // What the JS-built cells need: the widths, by which app.js names the files as the cells above do.
            let data = try env.read(env.hashed("assets/pokedex-data.js"))
            let pikachu = try IndexDataTests.picture(data, id: 25)
            #expect(pikachu.image == "images/25.png" && pikachu.thumbnails == [256, 384])
            let charizard = try IndexDataTests.picture(data, id: 6)
            #expect(charizard.image == "images/6.png" && charizard.thumbnails.isEmpty)
            for width in Thumbnailer.widths {
                #expect(env.exists(Thumbnailer.sitePath(picture: "images/25.png", width: width)))
            }
        }
    }

    @Test func aWarmBuildDecodesNoPictureAndARestoredCacheFindsThumbnailsByTheirBytes() async throws {
        try await withEnvironment { env in
            env.server.setBody(PNGMaker.artwork(), at: Self.official(25))
            let first = try await env.build()
            #expect(first.picturesDecoded == 1 && first.thumbnailsMade == 2)

            let warm = try await env.build()
            #expect(warm.picturesDecoded == 0 && warm.thumbnailsMade == 0)
            #expect(warm.filesWritten == 0)

            // A cache restored by CI: every file has a new inode and time, and the index is gone. The thumbnails are
            // found again by the artwork's SHA-256, without decoding.
            let store = ThumbnailStore(
                cacheFolder: CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger).folder
            )
            try FileManager.default.removeItem(at: store.indexFile)
            let artwork = try #require(
                FileManager.default.enumerator(atPath: env.cache.path)?.allObjects
                    .compactMap { $0 as? String }.first { $0.hasSuffix("official/25.png") }
            )
            let artworkURL = env.cache.appendingPathComponent(artwork)
            let bytes = try Data(contentsOf: artworkURL)
            try FileManager.default.removeItem(at: artworkURL)
            try bytes.write(to: artworkURL)
            let restored = try await env.build()
            #expect(restored.picturesDecoded == 0 && restored.thumbnailsMade == 0)
            #expect(restored.filesWritten == 0, "same thumbnails, same site")
        }
    }

    @Test func aChangedArtworkGetsNewThumbnailsAndTheOldOnesLeaveTheCache() async throws {
        try await withEnvironment { env in
            env.server.setBody(PNGMaker.artwork(colour: [10, 10, 200]), at: Self.official(25))
            try await env.build()
            let store = ThumbnailStore(
                cacheFolder: CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger).folder
            )
            let before = try Set(
                FileManager.default.contentsOfDirectory(atPath: store.folder.path).filter { $0.hasSuffix(".webp") }
            )
            #expect(before.count == 2)
            let oldThumbnail = try Data(contentsOf: env.output.appendingPathComponent("images/25-256.webp"))

            env.server.setBody(PNGMaker.artwork(colour: [10, 200, 10]), at: Self.official(25))
            let changed = try await env.build(now: clock(ahead: pastMaxAge))
            #expect(changed.picturesDecoded == 1 && changed.thumbnailsMade == 2)
            let after = try Set(
                FileManager.default.contentsOfDirectory(atPath: store.folder.path).filter { $0.hasSuffix(".webp") }
            )
            #expect(after.count == 2 && after.isDisjoint(with: before))
            let newThumbnail = try Data(contentsOf: env.output.appendingPathComponent("images/25-256.webp"))
            #expect(newThumbnail != oldThumbnail)
            let centre = try ThumbnailCodec.decodeWebP(newThumbnail).pixel(x: 128, y: 128)
            #expect(centre[1] > 150 && centre[2] < 60, "\(centre)")
        }
    }

    @Test func anUnreadablePictureIsPublishedAsItIsWithAWarningNamingIt() async throws {
        try await withEnvironment { env in
            let corrupt = PNGMaker.corrupt(PNGMaker.artwork())
            #expect(PNGImage.isComplete(corrupt), "the download check cannot tell: only decoding can")
            env.server.setBody(corrupt, at: Self.official(25))
            let messages = LogCapture()
            let summary = try await env.build(templates: GoldenTests.templates, logger: messages.logger)
            #expect(summary.picturesUndecodable == 1)
            #expect(summary.line.contains("unreadable pictures 1"))
            #expect(
                messages.lines.contains {
                    $0.hasPrefix("warning") && $0.contains("official/25.png") && $0.contains("images/25.png")
                },
                "\(messages.lines)"
            )
            #expect(try Data(contentsOf: env.output.appendingPathComponent("images/25.png")) == corrupt)
            #expect(!env.exists("images/25-256.webp"))
            #expect(try env.read("index.html").contains(#"<img src="images/25.png" width="475" height="475""#))

            // Remembered: the next build neither decodes it again nor keeps quiet about it.
            let again = LogCapture()
            let warm = try await env.build(templates: GoldenTests.templates, logger: again.logger)
            #expect(warm.picturesDecoded == 0 && warm.picturesUndecodable == 1)
            #expect(again.lines.contains { $0.contains("official/25.png") })
        }
    }

    @Test func remotePicturesGetNoThumbnails() async throws {
        try await withEnvironment { env in
            env.server.setBody(PNGMaker.artwork(), at: Self.official(25))
            let summary = try await env.build(images: .remote, templates: GoldenTests.templates)
            #expect(summary.picturesDecoded == 0 && summary.thumbnailsMade == 0)
            // The cells, not the blank one of the <template> app.js clones (whose srcset is there, empty).
            let index = String(try env.read("index.html").split(separator: "<template")[0])
            #expect(!index.contains("srcset") && !index.contains(".webp"))
            #expect(index.contains(#"src="\#(env.server.origin)\#(Self.official(25))""#))
        }
    }
}
