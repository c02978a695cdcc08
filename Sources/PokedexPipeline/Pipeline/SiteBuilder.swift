package import Foundation
package import Logging
import PokedexModel
import PokedexOutput
import PokedexRender
import PokedexSite
import PokedexSource
package import PokedexSupport
import PokedexThumbnails

/// `pokedex build`: source → cache → model → render → output, one stage handing typed values to the next.
///
/// Every resource is attempted before the build decides: when some could be had neither fresh nor from the
/// cache, it fails naming them (exit 3) without touching the site, and a rerun fetches only what is missing.
/// Only the output stage (`OutputFolder.publish`) writes the site, after that check.
package struct SiteBuilder: Sendable {
    package let options: BuildOptions
    let logger: Logger
    let progress: any BuildProgress
    let now: @Sendable () -> Date

    package init(
        options: BuildOptions,
        logger: Logger,
        progress: any BuildProgress = SilentProgress(),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.options = options
        self.logger = logger
        self.progress = progress
        self.now = now
    }

    package func run() async throws -> BuildSummary {
        try await run(reusing: nil, keeps: false).summary
    }

    /// A build that renders from `kept` (the last build's model, which `pokedex serve` keeps) when nothing but the
    /// theme changed since it was made; with the model to keep for the next one.
    package func run(reusing kept: KeptModel?) async throws -> KeptBuild {
        try await run(reusing: kept, keeps: true)
    }

    private func run(reusing kept: KeptModel?, keeps: Bool) async throws -> KeptBuild {
        let started = Date()
        var setup = try prepare(earlierTheme: kept?.theme)
        setup.keepsModel = keeps
        logger.debug(
            "settings, theme and favorites read: \(String(format: "%.0f", Date().timeIntervalSince(started) * 1000)) ms"
        )
        // Cache first, then output, in every build: two builds sharing either take turns, never deadlock.
        let cacheLock = try await BuildLock.acquire(
            setup.store.root,
            stage: .cache,
            purpose: "the cache",
            logger: logger
        )
        let outputLock = try await BuildLock.acquire(
            setup.output.root,
            stage: .output,
            purpose: "the output folder",
            logger: logger
        )
        defer { withExtendedLifetime((cacheLock, outputLock)) {} }
        let memo = try await checkMemo(setup, started: started)
        if let summary = memo.summary { return KeptBuild(summary: summary, model: kept) }
        logger.debug("inputs checked: \(String(format: "%.0f", Date().timeIntervalSince(started) * 1000)) ms")
        if let kept, kept.holds(forKey: try modelKey(setup, memo: memo), at: now()) {
            return try await renderKept(kept, setup: setup, memo: memo, started: started)
        }
        return try await fullBuild(setup, memo: memo, started: started)
    }

    /// The key of what the model is made from (`KeptModel`), from the cache's stamps taken by the memo's check
    /// when it took them.
    private func modelKey(_ setup: Setup, memo: MemoCheck) throws -> String? {
        let stamps = try memo.cacheAtStart?.bytes ?? BuildMemo.stamps(below: setup.store.folder)
        return try BuildMemo.key(
            options: setup.options,
            theme: setup.themeFiles.digests,
            favorites: memo.favoritesBytes,
            cacheStamps: stamps,
            themePart: .none
        )
    }

    /// What a build knows before it locks anything: everything that can fail without the network fails here.
    struct Setup {
        var options: BuildOptions
        var output: OutputFolder
        var themeFiles: ThemeFiles
        var favoritesFile: FavoritesFile
        var store: CacheStore
        var memoURL: URL
        /// The theme folder's templates, parsed (and their warnings said) when the last memo did not vouch for
        /// its bytes.
        var themeFolder: Theme?
        /// The theme the kept model was last rendered with: its words stand when no strings file changed.
        var earlierTheme: Theme?
        /// Whether the build hands back its model and what its render prepared (`pokedex serve`): a one-shot
        /// build lets them go as soon as it can.
        var keepsModel = false
    }

    private func prepare(earlierTheme: Theme?) throws -> Setup {
        let options = try self.options.validated()
        let output = try OutputFolder(
            path: options.output,
            cacheFolder: options.cache,
            currentDirectory: options.currentDirectory
        )
        let themeFiles = try ThemeFiles(overrides: options.templates.map(options.resolve))
        let favoritesFile = try FavoritesFile.load(path: options.resolve(options.favorites).path)
        let store = CacheStore(root: options.resolve(options.cache), apiBase: options.apiBase, logger: logger)
        // A theme folder's files can be broken: they are parsed here, with everything else that can fail without
        // the network, unless the last build's memo was made from the same bytes (which that build parsed): then
        // only once the memo has not held, and a memo that holds says their warnings again (parsing a theme folder
        // was much of a rebuild with nothing changed: Benchmarks/README.md). The built-in theme cannot be broken.
        let memoURL = BuildMemo.url(cacheRoot: store.root, output: output)
        let themeParsedBefore =
            options.templates != nil && options.mode != .refresh
            ? try BuildMemo.read(at: memoURL)?.themeDigest == themeFiles.digests.all : false
        var themeFolder: Theme?
        if options.templates != nil, !themeParsedBefore {
            themeFolder = try Theme(files: themeFiles, earlier: earlierTheme)
            for warning in themeFolder?.warnings ?? [] { logger.warning("\(warning)") }
        }
        return Setup(
            options: options,
            output: output,
            themeFiles: themeFiles,
            favoritesFile: favoritesFile,
            store: store,
            memoURL: memoURL,
            themeFolder: themeFolder,
            earlierTheme: earlierTheme
        )
    }

    /// What the last build's memo says: the whole summary when nothing changed since (then nothing is read,
    /// rendered or written), else what the full build reuses of it.
    struct MemoCheck {
        var summary: BuildSummary?
        var lastMemo: BuildMemo?
        var cacheAtStart: CacheStamps?
        var favoritesBytes: Data?
    }

    /// Nothing changed since the last complete build: its memo says what the site is, without a cache read. Its
    /// checks are a stat per file of the cache and of the site: the memo is read, the two folders swept, the cache
    /// stamped and the site checked at once, each after what it needs (a no-op is those checks alone).
    private func checkMemo(_ setup: Setup, started: Date) async throws -> MemoCheck {
        let options = setup.options
        let checksMemo = options.mode != .refresh
        async let memoRead = checksMemo ? BuildMemo.read(at: setup.memoURL) : nil
        async let outputSwept = setup.output.sweep()
        let cacheSwept = try sweepCache(setup.store)
        async let cacheStamps = checksMemo ? BuildMemo.stamps(below: setup.store.folder) : nil
        let swept = try await outputSwept + cacheSwept
        if swept > 0 { logger.info("removed \(swept) temporary file(s) left by an interrupted run") }
        let favoritesBytes = try Self.bytes(of: options.resolve(options.favorites), stage: .favorites)
        let lastMemo = try await memoRead
        logger.debug("folders swept, memo read: \(String(format: "%.0f", Date().timeIntervalSince(started) * 1000)) ms")
        let freshMemo = lastMemo.flatMap { now().timeIntervalSince1970 < $0.freshUntil ? $0 : nil }
        // The site's files are checked while the cache is still being stamped: a stat each, on the other core.
        async let intact = freshMemo?.siteIsIntact(in: setup.output) ?? false
        // The cache's stamps, taken only when there is a memo to compare them with.
        let cacheAtStart = lastMemo == nil ? nil : CacheStamps(bytes: try await cacheStamps)
        var check = MemoCheck(lastMemo: lastMemo, cacheAtStart: cacheAtStart, favoritesBytes: favoritesBytes)
        guard let memo = freshMemo else { return check }
        let key = try BuildMemo.key(
            options: options,
            theme: setup.themeFiles.digests,
            favorites: favoritesBytes,
            cacheStamps: cacheAtStart?.bytes
        )
        logger.debug("cache stamped: \(String(format: "%.0f", Date().timeIntervalSince(started) * 1000)) ms")
        guard key == memo.key, await intact, try await serverStillAway(memo, options: options) else { return check }
        for warning in memo.themeWarnings { logger.warning("\(warning)") }
        for unknown in memo.unknownFavorites { logUnknownFavorite(unknown) }
        logger.debug("stage unchanged inputs: the last build's memo holds; nothing read, rendered or written")
        var summary = memo.summary(
            output: setup.output,
            baseURL: options.baseURL,
            seconds: Date().timeIntervalSince(started)
        )
        summary.languages = options.languages
        check.summary = summary
        return check
    }

    /// The build through every stage, with its network, its cache store and its threads, which it shuts down
    /// whether it succeeds or fails.
    private func fullBuild(_ setup: Setup, memo: MemoCheck, started: Date) async throws -> KeptBuild {
        let options = setup.options
        let theme = try parsedTheme(setup)
        // A build that reads the cache reads it through its compact store.
        let packedStore = try setup.store.withPack()
        let fetcher =
            options.mode == .offline
            ? nil : HTTPFetcher(concurrency: options.concurrency, policy: options.retry, logger: logger)
        let snapshot = SnapshotProvider(options.snapshot, logger: logger)
        // Cache writes are flushed to disk: several at once share the journal's commits. Thumbnails get threads of
        // their own, one per core: each thread that decodes pictures grows its own malloc arena (a cold build
        // peaked far higher with thumbnails on the eight writer threads than on two of their own:
        // Benchmarks/README.md).
        let blocking = BlockingWork(threads: options.concurrency)
        let thumbnailThreads = BlockingWork(threads: options.renderParallelism)
        let loader = ResourceLoader(
            store: packedStore,
            fetcher: fetcher,
            mode: options.mode,
            apiBase: options.apiBase,
            snapshot: snapshot,
            logger: logger,
            now: now,
            blocking: blocking
        )
        var built: KeptBuild
        do {
            let inputs = Inputs(
                options: options,
                store: packedStore,
                output: setup.output,
                theme: theme,
                favoritesFile: setup.favoritesFile,
                favoritesBytes: memo.favoritesBytes,
                started: started,
                lastMemo: memo.lastMemo,
                cacheAtStart: memo.cacheAtStart,
                keepsModel: setup.keepsModel
            )
            built = try await build(inputs, loader: loader, snapshot: snapshot, thumbnailThreads: thumbnailThreads)
            built.summary.languages = options.languages
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
        return built
    }

    /// The theme the build renders with: the theme folder's, parsed by `prepare`, or parsed now (its warnings said).
    func parsedTheme(_ setup: Setup) throws -> Theme {
        if let themeFolder = setup.themeFolder { return themeFolder }
        let theme = try Theme(files: setup.themeFiles, earlier: setup.earlierTheme)
        for warning in setup.options.templates == nil ? [] : theme.warnings { logger.warning("\(warning)") }
        return theme
    }

    /// Whether a memo stands on the server's side: always, unless it was written when the server could not be
    /// reached; then only while one attempt to reach it still cannot connect (the build would serve the same data).
    private func serverStillAway(_ memo: BuildMemo, options: BuildOptions) async throws -> Bool {
        guard memo.asksServerFirst else { return true }
        let fetcher = HTTPFetcher(concurrency: 1, policy: options.retry, logger: logger)
        let reach: HTTPFetcher.Reach
        do {
            reach = try await fetcher.reach(options.apiBase + "/")
        } catch {
            try await fetcher.shutdown()
            throw error
        }
        try await fetcher.shutdown()
        switch reach {
        case .answered:
            logger.debug("the server answers again: the build asks it rather than keep the last build's data")
            return false
        case .unreachable(let reason):
            logger.debug("the server still cannot be reached (\(reason)): the last build's memo holds")
            return true
        }
    }

    func logUnknownFavorite(_ unknown: FavoritesResolution.Unknown) {
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

    /// Removes the temporary files an interrupted run left in the cache (the output folder sweeps its own).
    private func sweepCache(_ store: CacheStore) throws -> Int {
        guard FileManager.default.fileExists(atPath: store.root.path) else { return 0 }
        do {
            return try AtomicFile.sweepTemporaries(in: store.root)
        } catch {
            throw PokedexError.file(.cache, store.root.path, error)
        }
    }

    /// What a build reads besides PokeAPI's data, settled before the network is touched.
    struct Inputs {
        var options: BuildOptions
        var store: CacheStore
        var output: OutputFolder
        var theme: Theme
        var favoritesFile: FavoritesFile
        /// The favorites file's bytes, for the memo's key.
        var favoritesBytes: Data?
        var started: Date
        /// The last complete build's memo, even when it no longer holds: its inputs digest may.
        var lastMemo: BuildMemo?
        /// The cache's stamps before the build, when there was a memo.
        var cacheAtStart: CacheStamps?
        var keepsModel = false
    }

    /// `BuildMemo.stamps` of the cache folder: nil bytes when there was no cache folder.
    struct CacheStamps {
        var bytes: [UInt8]?
    }

    /// The memo's keys: the build's, what the pages' contexts are made from, and what the model is made from.
    struct MemoKeys {
        var build: String?
        var inputs: String?
        var model: String?
    }

    /// The memo's keys, from the cache as the source stage left it (the render and the output never write the
    /// cache): its stamps taken before the build when the build has not written to it since (no request, no
    /// thumbnail made), else taken again.
    func memoKeys(
        _ inputs: Inputs,
        loader: ResourceLoader,
        thumbnails: Thumbnailer.Thumbnails,
        dataAge: DataAge?
    ) async throws -> MemoKeys {
        let stamps: [UInt8]?
        if let taken = inputs.cacheAtStart, await loader.networkCounts.requests == 0, thumbnails.made == 0 {
            stamps = taken.bytes
        } else {
            stamps = try BuildMemo.stamps(below: inputs.store.folder)
        }
        return try Self.memoKeys(inputs, stamps: stamps, dataAge: dataAge)
    }

    static func memoKeys(_ inputs: Inputs, stamps: [UInt8]?, dataAge: DataAge?) throws -> MemoKeys {
        let (options, theme, favorites) = (inputs.options, inputs.theme, inputs.favoritesBytes)
        return MemoKeys(
            build: try BuildMemo.key(options: options, theme: theme.digests, favorites: favorites, cacheStamps: stamps),
            inputs: try BuildMemo.inputsKey(
                options: options,
                theme: theme.digests,
                favorites: favorites,
                cacheStamps: stamps,
                dataAge: dataAge
            ),
            model: try BuildMemo.key(
                options: options,
                theme: theme.digests,
                favorites: favorites,
                cacheStamps: stamps,
                themePart: .none
            )
        )
    }
}
