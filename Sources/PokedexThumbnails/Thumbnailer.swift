package import Foundation
package import Logging
package import PokedexModel
package import PokedexSource
import PokedexSupport

/// Grid-sized copies of every local picture, for `srcset`: an index page of ten cells loads ten small WebP files
/// instead of ten full artworks. Writes only the cache; the output stage copies the files into the site.
///
/// A picture that libpng cannot read keeps its original in the site, with a warning naming it; a cache that
/// cannot be written costs the thumbnails, never the build.
package struct Thumbnailer: Sendable {
    /// Grid cells are 140–300 CSS pixels wide (see the theme's `sizes`): 256 serves 1× screens, 384 most 2×
    /// screens, and the artwork itself (475 px) the rest. A width at or above the picture's own is not made.
    static let widths = [256, 384]
    static let quality: Float = 75

    let store: ThumbnailStore
    /// Where the cache keeps the artwork: index keys are paths inside it.
    let cacheFolder: URL
    package let parallelism: Int
    let logger: Logger

    package init(cacheFolder: URL, parallelism: Int, logger: Logger) {
        self.store = ThumbnailStore(cacheFolder: cacheFolder)
        self.cacheFolder = cacheFolder
        self.parallelism = max(1, parallelism)
        self.logger = logger
    }

    package struct Thumbnails: Sendable {
        /// Picture site path → its thumbnails, narrowest first.
        package var thumbnails: [String: [Thumbnail]] = [:]
        /// Site path → the cached thumbnail to publish there.
        package var files: [String: CachedImage] = [:]
        /// Picture site path → the SHA-256 of its bytes: what the service worker's cache name is made from
        /// (a cache restored elsewhere has new inodes, not new pictures).
        package var contentHashes: [String: String] = [:]
        /// Pictures decoded, and thumbnail files encoded, in this build: both 0 when the cache had them all.
        package var decoded = 0
        package var made = 0
        /// Pictures shown as they are because they could not be read.
        package var undecodable = 0
    }

    /// `images/25.png` → `images/25-256.webp`.
    static func sitePath(picture: String, width: Int) -> String {
        let stem = picture.hasSuffix(".png") ? String(picture.dropLast(4)) : picture
        return "\(stem)-\(width).webp"
    }

    /// What became of one picture.
    package struct PictureResult: Sendable {
        fileprivate var record: ThumbnailStore.Record?
        fileprivate var decoded = false
        fileprivate var made = 0
    }

    /// One picture's thumbnails, made or found, with what became of it: the input of `finish`.
    package struct PictureThumbnails: Sendable {
        var sitePath: String
        var picture: CachedImage
        var outcome: Result<PictureResult, any Error>

        package init(sitePath: String, picture: CachedImage, outcome: Result<PictureResult, any Error>) {
            self.sitePath = sitePath
            self.picture = picture
            self.outcome = outcome
        }
    }

    /// The cache's record of earlier thumbnails; an unreadable index counts as empty (pictures are hashed again).
    package func known() -> ThumbnailStore.Index {
        do {
            return try store.readIndex()
        } catch {
            logger.warning(
                "thumbnails: the index cannot be read, so every picture is hashed again",
                metadata: ["error": "\(error)"]
            )
            return ThumbnailStore.Index()
        }
    }

    /// Gathers the outcomes into the site's view of them, warns about unreadable pictures, and records what was
    /// learnt in the index.
    package func finish(_ done: [PictureThumbnails], known: ThumbnailStore.Index) -> Thumbnails {
        var result = Thumbnails()
        var index = known
        for item in done.sorted(by: { $0.sitePath < $1.sitePath }) {
            let (sitePath, picture) = (item.sitePath, item.picture)
            let outcome: PictureResult
            switch item.outcome {
            case .success(let value): outcome = value
            case .failure(let error):
                logger.warning(
                    "thumbnails: none for \(sitePath), the original is used",
                    metadata: ["error": "\(error)"]
                )
                continue
            }
            if outcome.decoded { result.decoded += 1 }
            result.made += outcome.made
            guard let record = outcome.record else { continue }
            index.artworks[key(picture)] = record
            result.contentHashes[sitePath] = record.sha256
            switch record.outcome {
            case .undecodable(let reason):
                result.undecodable += 1
                logger.warning(
                    "picture \(picture.file.path) cannot be read (\(reason)): \(sitePath) is used without thumbnails"
                )
            case .made(let variants):
                var list: [Thumbnail] = []
                for variant in variants {
                    let path = Self.sitePath(picture: sitePath, width: variant.width)
                    list.append(Thumbnail(path: path, width: variant.width, height: variant.height))
                    result.files[path] = CachedImage(
                        file: store.file(sha256: record.sha256, width: variant.width),
                        byteCount: variant.byteCount,
                        width: variant.width,
                        height: variant.height,
                        identity: "\(record.sha256)-\(variant.width)-\(variant.byteCount)"
                    )
                }
                result.thumbnails[sitePath] = list
            }
        }
        if index != known {
            do {
                try store.writeIndex(index)
                let removed = try store.removeUnreferenced(by: index)
                if removed > 0 { logger.debug("thumbnails: removed \(removed) of pictures that changed") }
            } catch {
                logger.warning(
                    "thumbnails: the index cannot be written; the next build hashes the pictures again",
                    metadata: ["error": "\(error)"]
                )
            }
        }
        return result
    }

    /// The artwork file's path inside the cache folder.
    private func key(_ picture: CachedImage) -> String {
        let prefix = cacheFolder.path + "/"
        let path = picture.file.path
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// One picture's thumbnails, made or found (CPU-bound: the image stage calls it as each download lands, so
    /// that decoding overlaps the network in a cold build).
    package func thumbnails(of picture: CachedImage, known index: ThumbnailStore.Index) throws -> PictureResult {
        let known = index.artworks[key(picture)]
        // A picture too small for any thumbnail still gets a record: its SHA-256 names the service worker's cache.
        let wanted = Self.widths.filter { $0 < picture.width }
        // The same file as last time: trust the index, check only that the thumbnails are still there.
        if let known, known.identity == picture.identity, try stillThere(known, wanted: wanted) {
            return PictureResult(record: known)
        }
        let bytes: Data
        do {
            bytes = try Data(contentsOf: picture.file)
        } catch {
            throw PokedexError.file(.cache, picture.file.path, error)
        }
        let sha256 = Fingerprint.of(bytes)
        if let known, known.sha256 == sha256, case .undecodable = known.outcome {
            return PictureResult(
                record: ThumbnailStore.Record(identity: picture.identity, sha256: sha256, outcome: known.outcome)
            )
        }
        // Thumbnails of these very bytes exist (a restored cache, a lost index): no decoding.
        if let variants = try existing(sha256: sha256, wanted: wanted, picture: picture) {
            return PictureResult(
                record: ThumbnailStore.Record(identity: picture.identity, sha256: sha256, outcome: .made(variants))
            )
        }
        let pixels: RGBAImage
        do {
            pixels = try ThumbnailCodec.decodePNG(bytes)
        } catch {
            let reason = (error as? ThumbnailCodec.Failure)?.description ?? "\(error)"
            return PictureResult(
                record: ThumbnailStore.Record(
                    identity: picture.identity,
                    sha256: sha256,
                    outcome: .undecodable(reason)
                ),
                decoded: true
            )
        }
        var variants: [ThumbnailStore.Variant] = []
        for width in wanted {
            let encoded = try ThumbnailCodec.webp(pixels, width: width, quality: Self.quality)
            try store.write(encoded.data, sha256: sha256, width: width)
            variants.append(
                ThumbnailStore.Variant(width: encoded.width, height: encoded.height, byteCount: encoded.data.count)
            )
        }
        return PictureResult(
            record: ThumbnailStore.Record(identity: picture.identity, sha256: sha256, outcome: .made(variants)),
            decoded: true,
            made: variants.count
        )
    }

    private func stillThere(_ record: ThumbnailStore.Record, wanted: [Int]) throws -> Bool {
        switch record.outcome {
        case .undecodable: return true
        case .made(let variants):
            guard variants.map(\.width) == wanted else { return false }
            for variant in variants
            where try AtomicFile.byteCount(of: store.file(sha256: record.sha256, width: variant.width))
                != variant.byteCount
            {
                return false
            }
            return true
        }
    }

    private func existing(sha256: String, wanted: [Int], picture: CachedImage) throws -> [ThumbnailStore.Variant]? {
        var variants: [ThumbnailStore.Variant] = []
        for width in wanted {
            guard let byteCount = try AtomicFile.byteCount(of: store.file(sha256: sha256, width: width)), byteCount > 0
            else { return nil }
            let height = ThumbnailCodec.height(of: (picture.width, picture.height), atWidth: width)
            variants.append(ThumbnailStore.Variant(width: width, height: height, byteCount: byteCount))
        }
        return variants
    }
}
