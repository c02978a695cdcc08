import Foundation
import Logging
import PokedexModel
import PokedexSource
import PokedexSupport
import PokedexThumbnails

/// Decides every Pokémon's picture: a cached copy to publish, a URL, or the placeholder. Downloads go into the
/// cache only; the output stage copies the chosen files into the site.
///
/// The official artwork first; a 404 means PokeAPI has none there, so the HOME render and then the default
/// sprite are tried; when no sprite exists the theme's placeholder is used. A download that fails for other
/// reasons (network, 5xx, a truncated file) is referenced by its URL so the picture still shows online.
///
/// With a `thumbnailer`, each cached picture's thumbnails are made as soon as it is there, on `thumbnailThreads`,
/// so that decoding and encoding (CPU) overlap the downloads (network) of a cold build without holding up the
/// decoding of the answers that keep arriving.
struct ImageResolver: Sendable {
    let loader: ResourceLoader
    let mode: ImageMode
    let logger: Logger
    var thumbnailer: Thumbnailer? = nil
    var thumbnailThreads: BlockingWork = .inline

    struct Resolution: Sendable {
        var sources: [Int: ImageSource] = [:]
        /// Site path → the cached file to publish there.
        var files: [String: CachedImage] = [:]
        var local = 0
        var remote = 0
        var placeholder = 0
        /// Each local picture's thumbnails, and the index they were looked up in: for `Thumbnailer.finish`.
        var thumbnails: [Thumbnailer.PictureThumbnails] = []
        var knownThumbnails = ThumbnailStore.Index()
    }

    private struct ResolvedImage: Sendable {
        var source: ImageSource
        var file: CachedImage?
        var thumbnails: Thumbnailer.PictureThumbnails?
    }

    /// Resolves records as they come (`ImageFeed`'s consumer), at most `limit` at once.
    fileprivate func resolve(
        _ records: AsyncStream<PokemonRecord>,
        limit: Int,
        known: ThumbnailStore.Index,
        done: ImageProgress
    ) async -> Resolution {
        let thumbnailer = mode == .local ? self.thumbnailer : nil
        // Downloads run `limit` at once; the CPU-bound thumbnail work only as many as there are cores.
        let cores = AsyncSemaphore(limit: thumbnailer?.parallelism ?? 1)
        let thumbnailThreads = self.thumbnailThreads
        var resolution = Resolution()
        resolution.knownThumbnails = known
        await withTaskGroup(of: (PokemonRecord, Result<ResolvedImage, any Error>).self) { group in
            func absorb(_ record: PokemonRecord, _ result: Result<ResolvedImage, any Error>) {
                let one: ResolvedImage
                switch result {
                case .success(let value): one = value
                case .failure(let error):
                    // Offline, a picture not cached yet is referenced by its URL: the summary counts them once. The
                    // cache could not be read or written (disk full, permissions): reference the URL rather than
                    // fail the site, and say why.
                    if let error = error as? PokedexError, case .notCached = error.reason {
                        logger.debug("image not cached", metadata: ["id": "\(record.id)"])
                    } else {
                        logger.warning("image not cached", metadata: ["id": "\(record.id)", "error": "\(error)"])
                    }
                    one = ResolvedImage(
                        source: record.sprites.candidates.first.map { .remote(url: $0) } ?? .placeholder
                    )
                }
                resolution.sources[record.id] = one.source
                if case .local(let path, _, _) = one.source, let file = one.file { resolution.files[path] = file }
                if let done = one.thumbnails { resolution.thumbnails.append(done) }
                switch one.source {
                case .local: resolution.local += 1
                case .remote: if mode == .local { resolution.remote += 1 }
                case .placeholder: resolution.placeholder += 1
                }
            }
            var running = 0
            for await record in records {
                if running == limit, let (finished, result) = await group.next() {
                    absorb(finished, result)
                    running -= 1
                }
                group.addTask {
                    let result: Result<ResolvedImage, any Error>
                    do {
                        var one = try await self.resolveOne(record)
                        if let thumbnailer, case .local(let path, _, _) = one.source, let file = one.file {
                            let outcome: Result<Thumbnailer.PictureResult, any Error>
                            do {
                                outcome = .success(
                                    try await cores.withSlot {
                                        try await thumbnailThreads.run {
                                            try thumbnailer.thumbnails(of: file, known: known)
                                        }
                                    }
                                )
                            } catch {
                                outcome = .failure(error)
                            }
                            one.thumbnails = Thumbnailer.PictureThumbnails(
                                sitePath: path,
                                picture: file,
                                outcome: outcome
                            )
                        }
                        result = .success(one)
                    } catch {
                        result = .failure(error)
                    }
                    await done.completed()
                    return (record, result)
                }
                running += 1
            }
            for await (finished, result) in group { absorb(finished, result) }
        }
        return resolution
    }

    /// The items' pictures: with `--images local` each sprite copied into the site (`images/items/<id>.png`), else
    /// its URL; none for an item PokeAPI has no sprite of, or whose sprite is missing (404). A failed download keeps
    /// the URL, as the Pokémon's artwork does.
    func resolveItems(_ items: [ItemRecord], limit: Int) async -> ItemPictures {
        var pictures = ItemPictures()
        let withSprites = items.compactMap { item in item.sprite.map { (id: item.id, url: $0) } }
        guard mode == .local else {
            for item in withSprites { pictures.sources[item.id] = .remote(url: item.url) }
            return pictures
        }
        await withTaskGroup(of: (Int, String, Result<(CachedImage, String), any Error>).self) { group in
            var pending = withSprites[...]
            func start() {
                guard let item = pending.popFirst() else { return }
                let loader = self.loader
                group.addTask {
                    do {
                        let image = try await loader.image(url: item.url, key: "images/item/\(item.id)").value
                        // By its bytes, as the artwork's thumbnails are: a cache restored elsewhere (new inodes and
                        // times) must not rename the service worker's cache.
                        let hash = Fingerprint.of(try Data(contentsOf: image.file))
                        return (item.id, item.url, .success((image, hash)))
                    } catch {
                        return (item.id, item.url, .failure(error))
                    }
                }
            }
            for _ in 0..<max(1, limit) { start() }
            for await (id, url, result) in group {
                switch result {
                case .success(let (image, hash)):
                    let path = ItemPictures.sitePath(id: id)
                    pictures.sources[id] = .local(path: path, width: image.width, height: image.height)
                    pictures.files[path] = image
                    pictures.contentHashes[path] = hash
                case .failure(let error as PokedexError) where error.stage != .cache:
                    if case .httpStatus(404) = error.reason {
                        pictures.sources[id] = .placeholder
                        break
                    }
                    logger.info("image download failed", metadata: ["url": "\(url)", "error": "\(error.reason)"])
                    pictures.sources[id] = .remote(url: url)
                case .failure(let error):
                    logger.info("image download failed", metadata: ["url": "\(url)", "error": "\(error)"])
                    pictures.sources[id] = .remote(url: url)
                }
                start()
            }
        }
        return pictures
    }

    private func resolveOne(_ record: PokemonRecord) async throws -> ResolvedImage {
        let sprites = record.sprites
        let candidates: [(kind: String, url: String)] = [
            ("official", sprites.officialArtwork), ("home", sprites.home), ("front", sprites.frontDefault),
        ].compactMap { kind, url in url.flatMap { sprites.candidates.contains($0) ? (kind, $0) : nil } }
        guard let first = candidates.first else { return ResolvedImage(source: .placeholder) }
        guard mode == .local else { return ResolvedImage(source: .remote(url: first.url)) }

        var firstFailure: String?
        for candidate in candidates {
            do {
                let image = try await loader.image(url: candidate.url, key: "images/\(candidate.kind)/\(record.id)")
                    .value
                let path = ImageSource.sitePath(id: record.id)
                return ResolvedImage(source: .local(path: path, width: image.width, height: image.height), file: image)
            } catch let error as PokedexError where error.stage != .cache {
                if case .httpStatus(404) = error.reason { continue }
                // Not a "there is no such picture": keep the URL of the best one for the page.
                firstFailure = firstFailure ?? candidate.url
                logger.info("image download failed", metadata: ["url": "\(candidate.url)", "error": "\(error.reason)"])
            }
        }
        if let url = firstFailure { return ResolvedImage(source: .remote(url: url)) }
        return ResolvedImage(source: .placeholder)
    }
}

/// The items' pictures: where each is (`ItemBook.pictures`), and the copies to publish, by site path.
struct ItemPictures: Sendable {
    var sources: [Int: ImageSource] = [:]
    var files: [String: CachedImage] = [:]
    /// A digest of each copy's bytes, by site path: the service worker's cache name is made from them.
    var contentHashes: [String: String] = [:]

    static func sitePath(id: Int) -> String { "images/items/\(id).png" }
}

/// Pictures resolved as their Pokémon arrive: the fetch stage hands over each record as soon as it has it, so that
/// in a cold build the artwork downloads and thumbnails run while the JSON is still downloading (the server's
/// time), instead of after it. What it gives is independent of the order the records come in.
final class ImageFeed: Sendable {
    private let records: AsyncStream<PokemonRecord>.Continuation
    private let work: Task<ImageResolver.Resolution, Never>
    private let done = ImageProgress()

    init(_ resolver: ImageResolver, limit: Int) {
        let (stream, continuation) = AsyncStream.makeStream(of: PokemonRecord.self)
        records = continuation
        let known = (resolver.mode == .local ? resolver.thumbnailer?.known() : nil) ?? ThumbnailStore.Index()
        let done = self.done
        work = Task { await resolver.resolve(stream, limit: max(1, limit), known: known, done: done) }
    }

    func add(_ record: PokemonRecord) {
        records.yield(record)
    }

    /// Once every record is added: the pictures of all of them. `advance` is called once per record (at once for
    /// those already resolved).
    func finish(advance: @escaping @Sendable () -> Void) async -> ImageResolver.Resolution {
        records.finish()
        await done.attach(advance)
        return await work.value
    }
}

/// Counts resolved pictures until the image stage's progress is shown, then advances it.
actor ImageProgress {
    private var completedBeforeAttach = 0
    private var advance: (@Sendable () -> Void)?

    func completed() {
        if let advance { advance() } else { completedBeforeAttach += 1 }
    }

    func attach(_ advance: @escaping @Sendable () -> Void) {
        for _ in 0..<completedBeforeAttach { advance() }
        completedBeforeAttach = 0
        self.advance = advance
    }
}

/// The sprites of every game and the cries: with `--images local` each one copied into the site, shared by every
/// language (`images/games/…`, `sounds/cries/…`); else their URLs. A Pokémon's gallery is copied whole or
/// referenced whole, so that the page can make the toggled pictures' addresses from one folder: a download that
/// fails for another reason than a 404 leaves its Pokémon's gallery on the web, as the artwork's would.
struct MediaCopies: Sendable {
    var media: [Int: PokemonMedia] = [:]
    /// Site path → the cached file to publish there.
    var files: [String: CachedImage] = [:]
    /// A digest of each copy's bytes, by site path, as the items' have: the same data makes the same site (and the
    /// same service worker) from any cache folder.
    var contentHashes: [String: String] = [:]
    /// What `--report` and the summary say: the copies, their bytes, and what stayed on the web.
    var gallery = Tally()
    var cries = Tally()

    struct Tally: Sendable, Equatable {
        var copied = 0
        var bytes = 0
        var absent = 0
        var remote = 0
    }
}

extension ImageResolver {
    /// One file to copy: whose, from where, to where.
    private struct MediaJob: Sendable {
        var pokemon: Int
        var url: String
        var sitePath: String
        var format: MediaFormat
        /// The gallery's path below its folder; nil for a cry.
        var galleryPath: String?
        var isLegacyCry = false
    }

    func resolveMedia(_ records: [PokemonRecord], limit: Int) async -> MediaCopies {
        var copies = MediaCopies()
        guard mode == .local else { return copies }
        var jobs: [MediaJob] = []
        for record in records {
            let sprites = record.gameSprites
            if let root = sprites.root {
                for path in sprites.paths {
                    guard let format = MediaFormat.of(url: path) else { continue }
                    jobs.append(
                        MediaJob(
                            pokemon: record.id,
                            url: root + path,
                            sitePath: PokemonMedia.galleryFolder + path,
                            format: format,
                            galleryPath: path
                        )
                    )
                }
            }
            for (url, legacy) in [(record.cries.latest, false), (record.cries.legacy, true)] {
                guard let url else { continue }
                jobs.append(
                    MediaJob(
                        pokemon: record.id,
                        url: url,
                        sitePath: PokemonMedia.cryPath(id: record.id, legacy: legacy),
                        format: .ogg,
                        galleryPath: nil,
                        isLegacyCry: legacy
                    )
                )
            }
        }
        var galleryFailed = Set<Int>()
        var absent: [Int: Set<String>] = [:]
        /// By Pokémon, then legacy or not: the copy's path, or nil when the server had none (404).
        var cries: [Int: [Bool: String?]] = [:]
        var galleryBytes: [Int: Int] = [:]
        await withTaskGroup(of: (MediaJob, Result<(CachedImage, String), any Error>).self) { group in
            var pending = jobs[...]
            func start() {
                guard let job = pending.popFirst() else { return }
                let loader = self.loader
                group.addTask {
                    let key = String(job.sitePath.dropLast(job.format.fileExtension.count + 1))
                    do {
                        let file = try await loader.image(url: job.url, key: key, format: job.format).value
                        return (job, .success((file, Fingerprint.of(try Data(contentsOf: file.file)))))
                    } catch {
                        return (job, .failure(error))
                    }
                }
            }
            for _ in 0..<max(1, limit) { start() }
            for await (job, result) in group {
                let isGallery = job.galleryPath != nil
                switch result {
                case .success(let (file, hash)):
                    copies.files[job.sitePath] = file
                    copies.contentHashes[job.sitePath] = hash
                    if isGallery {
                        // Counted once its Pokémon's gallery is known to be published (below).
                        galleryBytes[job.pokemon, default: 0] += file.byteCount
                    } else {
                        copies.cries.copied += 1
                        copies.cries.bytes += file.byteCount
                        cries[job.pokemon, default: [:]][job.isLegacyCry] = .some(job.sitePath)
                    }
                case .failure(let error as PokedexError) where error.stage != .cache && Self.isMissing(error):
                    if let path = job.galleryPath {
                        absent[job.pokemon, default: []].insert(path)
                    } else {
                        cries[job.pokemon, default: [:]][job.isLegacyCry] = .some(nil)
                        copies.cries.absent += 1
                    }
                case .failure(let error):
                    // Offline, a file not cached yet is expected (35,000 of them on a first offline build): said
                    // once in the summary's counts, not per file. The cache unreadable or unwritable is a warning.
                    if let error = error as? PokedexError, case .notCached = error.reason {
                        logger.debug("media not cached", metadata: ["url": "\(job.url)"])
                    } else if let error = error as? PokedexError, error.stage == .cache {
                        logger.warning("media not cached", metadata: ["url": "\(job.url)", "error": "\(error)"])
                    } else {
                        logger.info("media download failed", metadata: ["url": "\(job.url)", "error": "\(error)"])
                    }
                    if isGallery { galleryFailed.insert(job.pokemon) } else { copies.cries.remote += 1 }
                }
                start()
            }
        }
        for record in records {
            var media = PokemonMedia.web(record)
            if media.gallery != nil, !galleryFailed.contains(record.id) {
                media.gallery = .site(PokemonMedia.galleryFolder)
                media.absent = absent[record.id] ?? []
                copies.gallery.absent += media.absent.count
                copies.gallery.copied += record.gameSprites.paths.count - media.absent.count
                copies.gallery.bytes += galleryBytes[record.id] ?? 0
            } else if media.gallery != nil {
                copies.gallery.remote += record.gameSprites.paths.count
                // Referenced whole: the copies made of its gallery are not published.
                for path in record.gameSprites.paths {
                    copies.files[PokemonMedia.galleryFolder + path] = nil
                    copies.contentHashes[PokemonMedia.galleryFolder + path] = nil
                }
            }
            // A copy plays from the site; a cry the server has not (404) has no button; a failed download plays
            // from the web.
            if let latest = cries[record.id]?[false] { media.latestCry = latest.map(MediaPlace.site) }
            if let legacy = cries[record.id]?[true] { media.legacyCry = legacy.map(MediaPlace.site) }
            copies.media[record.id] = media
        }
        return copies
    }

    private static func isMissing(_ error: PokedexError) -> Bool {
        if case .httpStatus(404) = error.reason { return true }
        return false
    }
}
