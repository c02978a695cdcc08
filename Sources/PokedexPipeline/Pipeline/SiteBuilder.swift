public import Foundation
public import Logging
import PokedexModel
import PokedexOutput
import PokedexRender
import PokedexSource
public import PokedexSupport
import PokedexThumbnails

/// `pokedex build`: source → cache → model → render → output, one stage handing typed values to the next.
///
/// Every resource is attempted before the build decides: when some could be had neither fresh nor from the
/// cache, it fails naming them (exit 3) without touching the site, and a rerun fetches only what is missing.
/// Only the output stage (`OutputFolder.publish`) writes the site, after that check.
public struct SiteBuilder: Sendable {
    public let options: BuildOptions
    let logger: Logger
    let progress: any BuildProgress
    let now: @Sendable () -> Date

    public init(options: BuildOptions, logger: Logger, progress: any BuildProgress = SilentProgress(),
                now: @escaping @Sendable () -> Date = Date.init) {
        self.options = options
        self.logger = logger
        self.progress = progress
        self.now = now
    }

    public func run() async throws -> BuildSummary {
        let started = Date()
        let options = try self.options.validated()

        // Everything that can fail without the network fails first.
        let output = try OutputFolder(path: options.output, cacheFolder: options.cache,
                                      currentDirectory: options.currentDirectory)
        let theme = try Theme(overrides: options.templates.map(options.resolve))
        for warning in theme.warnings { logger.warning("\(warning)") }
        let favoritesFile = try FavoritesFile.load(path: options.resolve(options.favorites).path)
        let store = CacheStore(root: options.resolve(options.cache), apiBase: options.apiBase, logger: logger)
        // Cache first, then output, in every build: two builds sharing either take turns, never deadlock.
        let cacheLock = try await BuildLock.acquire(store.root, stage: .cache, purpose: "the cache", logger: logger)
        let outputLock = try await BuildLock.acquire(output.root, stage: .output, purpose: "the output folder", logger: logger)
        defer { withExtendedLifetime((cacheLock, outputLock)) {} }
        let swept = try sweep(store: store, output: output)
        if swept > 0 { logger.info("removed \(swept) temporary file(s) left by an interrupted run") }

        // Nothing changed since the last complete build: its memo says what the site is, without a cache read.
        let favoritesBytes = try Self.bytes(of: options.resolve(options.favorites), stage: .favorites)
        if options.mode != .refresh,
           let key = try BuildMemo.key(options: options, theme: theme, favorites: favoritesBytes, cacheFolder: store.folder),
           let memo = try BuildMemo.read(at: BuildMemo.url(cacheRoot: store.root, output: output)), memo.key == key, now().timeIntervalSince1970 < memo.freshUntil,
           memo.siteIsIntact(in: output) {
            for unknown in memo.unknownFavorites { logUnknownFavorite(unknown) }
            logger.debug("stage unchanged inputs: the last build's memo holds; nothing read, rendered or written")
            return memo.summary(output: output, baseURL: options.baseURL, seconds: Date().timeIntervalSince(started))
        }

        let fetcher = options.mode == .offline ? nil : HTTPFetcher(concurrency: options.concurrency, policy: options.retry, logger: logger)
        let snapshot = SnapshotProvider(options.snapshot, logger: logger)
        // Cache writes are flushed to disk: several at once share the journal's commits. Thumbnails get threads of
        // their own, one per core: each thread that decodes pictures grows its own malloc arena (a cold build
        // peaked at 116–122 MiB with thumbnails on the eight writer threads, 89 MiB on two of their own).
        let blocking = BlockingWork(threads: options.concurrency)
        let thumbnailThreads = BlockingWork(threads: options.renderParallelism)
        let loader = ResourceLoader(store: store, fetcher: fetcher, mode: options.mode, apiBase: options.apiBase,
                                    snapshot: snapshot, logger: logger, now: now, blocking: blocking)
        let summary: BuildSummary
        do {
            summary = try await build(options: options, store: store, loader: loader, snapshot: snapshot, theme: theme,
                                      favoritesFile: favoritesFile, favoritesBytes: favoritesBytes, output: output,
                                      thumbnailThreads: thumbnailThreads, started: started)
        } catch {
            do {
                try await blocking.shutdown()
                try await thumbnailThreads.shutdown()
            } catch let shutdownError {
                logger.debug("blocking threads shutdown failed", metadata: ["error": "\(shutdownError)"])
            }
            do {
                try await fetcher?.shutdown()
            } catch let shutdownError {
                logger.debug("HTTP client shutdown failed", metadata: ["error": "\(shutdownError)"])
            }
            throw error
        }
        try await blocking.shutdown()
        try await thumbnailThreads.shutdown()
        try await fetcher?.shutdown()
        return summary
    }

    private func logUnknownFavorite(_ unknown: FavoritesResolution.Unknown) {
        let hint = unknown.suggestion.map { " (did you mean \($0)?)" } ?? ""
        logger.warning("favorites: no Pokémon \"\(unknown.entry)\" in this Pokédex\(hint)")
    }

    /// A file's bytes; nil when there is none.
    static func bytes(of url: URL, stage: PokedexError.Stage) throws -> Data? {
        do {
            return try AtomicFile.contentsIfPresent(of: url)
        } catch {
            throw PokedexError.file(stage, url.path, error)
        }
    }

    private func sweep(store: CacheStore, output: OutputFolder) throws -> Int {
        var removed = try output.sweep()
        if FileManager.default.fileExists(atPath: store.root.path) {
            do {
                removed += try AtomicFile.sweepTemporaries(in: store.root)
            } catch {
                throw PokedexError.file(.cache, store.root.path, error)
            }
        }
        return removed
    }

    private func build(options: BuildOptions, store: CacheStore, loader: ResourceLoader, snapshot: SnapshotProvider, theme: Theme,
                       favoritesFile: FavoritesFile, favoritesBytes: Data?, output: OutputFolder,
                       thumbnailThreads: BlockingWork, started: Date) async throws -> BuildSummary {
        var timer = StageTimer(logger: logger)
        // Thumbnails are derived from the cached pictures, into the cache, as each picture arrives.
        let thumbnailer = Thumbnailer(cacheFolder: store.folder, parallelism: options.renderParallelism, logger: logger)
        let resolver = ImageResolver(loader: loader, mode: options.images, logger: logger, thumbnailer: thumbnailer,
                                     thumbnailThreads: thumbnailThreads)
        // Images are not required: a failed download falls back to the sprite's URL. They are fetched even when
        // some JSON is missing, so that a rerun has only the missing resources left to fetch; each as soon as its
        // Pokémon's record is in, so that a cold build downloads artwork while the JSON is still coming.
        let feed = ImageFeed(resolver, limit: options.concurrency * 2)
        let data: DataSet
        let dataSet = DataSetLoader(apiBase: options.apiBase, listPageSize: options.listPageSize, limit: options.limit,
                                    concurrency: options.concurrency, loader: loader, progress: progress)
        do {
            data = try await dataSet.load(snapshot: snapshot, onRecord: feed.add)
        } catch {
            _ = await feed.finish(advance: {})
            throw error
        }
        timer.lap("source and cache: JSON")
        // The last build's manifest, decoded on the core that the serial steps up to the render leave idle (during
        // the cache stage, which keeps every core busy, reading it measured slower).
        async let publishedSite = output.published()
        let (list, records, species, missing) = (data.list, data.records, data.species, data.missing)

        let ordered = list.compactMap { records[$0.id] }
        progress.begin("Images", total: ordered.count)
        let images = await feed.finish { self.progress.advance() }
        progress.end()
        // Recorded before the completeness check, so that a rerun after an exit 3 need not even hash them.
        let thumbnails = thumbnailer.finish(images.thumbnails, known: images.knownThumbnails)
        timer.lap("source and cache: images and thumbnails", "\(thumbnails.decoded) pictures decoded")

        guard missing.isEmpty else {
            throw PokedexError(.source, options.apiBase, .incomplete(missing: missing),
                               hint: "what could be fetched is cached; run the build again when the server answers, or check --api")
        }

        // Model
        let names = data.nameBook
        let entries = Pokedex.entries(list: list, records: records, species: species, images: images.sources,
                                      thumbnails: thumbnails.thumbnails, forms: data.forms, names: names)
        let favorites = FavoritesResolution.resolve(favoritesFile, against: entries)
        for unknown in favorites.unknown { logUnknownFavorite(unknown) }
        let counts = await loader.counts
        let pokedex = Pokedex(entries: entries, favorites: favorites, dataAge: Self.dataAge(counts, snapshot: snapshot),
                              chains: data.chains, typeChart: data.typeChart, names: names)

        let nameFallbacks = pokedex.nameFallbacks
        for fallback in nameFallbacks {
            logger.debug("names: PokeAPI has no English name for \(fallback); showing it made readable")
        }
        timer.lap("model")
        // Render: what the last build published tells which pages need no rendering.
        let published = try await publishedSite
        let renderer = SiteRenderer(theme: theme, perPage: options.perPage, baseURL: options.baseURL,
                                    parallelism: options.renderParallelism)
        let pictures = images.files.merging(thumbnails.files) { artwork, _ in artwork }
        let site = try await renderer.render(pokedex, images: pictures, contentHashes: thumbnails.contentHashes,
                                             published: published)

        timer.lap("render", "\(site.pagesRendered) pages, \(site.contextsBuilt) contexts built; template engine: \(site.engine.summary)")
        // Output. The memo goes first: while files change it must not vouch for them.
        let memoURL = BuildMemo.url(cacheRoot: store.root, output: output)
        try BuildMemo.remove(at: memoURL)
        let written = try await output.publish(site.files, over: published, inputs: site.inputs,
                                               parallelism: options.renderParallelism)
        let finalCounts = await loader.counts
        // No memo for a build that served stale data, or that warned about a picture: the next one must say so again.
        if finalCounts.stale == 0, finalCounts.snapshot == 0, finalCounts.unchangedDataHash == 0, thumbnails.undecodable == 0,
           let freshUntil = finalCounts.freshUntil, freshUntil > now().timeIntervalSince1970,
           let key = try BuildMemo.key(options: options, theme: theme, favorites: favoritesBytes, cacheFolder: store.folder) {
            let memo = BuildMemo(
                key: key, freshUntil: freshUntil, files: written.sizes,
                manifest: BuildMemo.manifestStamp(in: output), pokemon: entries.count,
                indexPages: SiteRenderer.pageCount(pokemon: entries.count, perPage: options.perPage),
                loads: finalCounts.fetched + finalCounts.revalidated + finalCounts.fromCache,
                imagesRemote: images.remote, imagesPlaceholder: images.placeholder, imagesLocal: images.local,
                unknownFavorites: favorites.unknown, nameFallbacks: nameFallbacks)
            try memo.write(to: memoURL)
        }
        timer.lap("output", "\(written.written) written")

        let network = await loader.networkCounts
        return BuildSummary(
            pokemon: entries.count, indexPages: SiteRenderer.pageCount(pokemon: entries.count, perPage: options.perPage),
            loads: counts, network: network, pagesRendered: site.pagesRendered,
            contextsBuilt: site.contextsBuilt, filesWritten: written.written, filesUnchanged: written.unchanged,
            filesRemoved: written.removed,
            imagesRemote: images.remote, imagesPlaceholder: images.placeholder, imagesLocal: images.local,
            picturesDecoded: thumbnails.decoded, thumbnailsMade: thumbnails.made, picturesUndecodable: thumbnails.undecodable,
            unknownFavorites: favorites.unknown, nameFallbacks: nameFallbacks,
            offline: network.requests == 0 || counts.stale > 0 || counts.snapshot > 0,
            output: output.root.path, baseURL: options.baseURL, stages: timer.stages,
            seconds: Date().timeIntervalSince(started))
    }

    /// How old the data is when the network could not confirm some of it: the snapshot's date when it served any,
    /// else the oldest stale cache entry's.
    static func dataAge(_ counts: LoadCounts, snapshot: SnapshotProvider) -> DataAge? {
        if let date = counts.snapshotDate {
            return .snapshot(Date(timeIntervalSince1970: date), bundled: snapshot.seed?.isBundled ?? true)
        }
        return counts.oldestStale.map { .cached(Date(timeIntervalSince1970: $0)) }
    }
}

/// Debug-level wall time of each stage (`pokedex build -v`): where a build spends its time.
struct StageTimer {
    let logger: Logger
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant
    /// Every lap so far, in order.
    private(set) var stages: [StageDuration] = []

    init(logger: Logger) {
        self.logger = logger
        last = clock.now
    }

    /// Ends the stage `name` (`detail` goes to the log only, so the report's stage names stay fixed).
    mutating func lap(_ name: String, _ detail: String? = nil) {
        let now = clock.now
        let elapsed = now - last
        last = now
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        stages.append(StageDuration(name: name, seconds: seconds))
        let label = detail.map { "\(name) (\($0))" } ?? name
        logger.debug("stage \(label): \(String(format: "%.0f", seconds * 1000)) ms")
    }
}
