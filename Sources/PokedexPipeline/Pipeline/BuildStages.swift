import Foundation
import Logging
import PokedexModel
import PokedexOutput
import PokedexRender
import PokedexSite
import PokedexSource
import PokedexSupport
import PokedexThumbnails

/// The stages of a full build, in the order they run: source and cache, model, then render and output at once.
extension SiteBuilder {
    /// Every Pokémon's picture and thumbnails, as the source and cache stages found them: for the model, the
    /// render and the summary.
    struct Pictures: Sendable {
        var images: ImageResolver.Resolution
        var thumbnails: Thumbnailer.Thumbnails
        var items = ItemPictures()
        var media = MediaCopies()
    }

    /// What the model stage hands to the render: the Pokédex, and the names it had to make up (for the report).
    struct ModelOutput: Sendable {
        var pokedex: Pokedex
        var nameFallbacks: [String]
    }

    /// source and cache → model → render → output, each stage a method whose result the next one takes.
    func build(
        _ inputs: Inputs,
        loader: ResourceLoader,
        snapshot: SnapshotProvider,
        thumbnailThreads: BlockingWork
    ) async throws -> KeptBuild {
        var timer = StageTimer(logger: logger)
        let (data, pictures) = try await sourceStage(
            inputs,
            loader: loader,
            snapshot: snapshot,
            thumbnailThreads: thumbnailThreads,
            timer: &timer
        )
        // The compact store, written again when it learned entries, on the core the model leaves idle.
        async let packWritten = Self.closePack(of: inputs.store, logger: logger)
        // The last build's manifest, decoded on the core that the model, which is serial, leaves idle (during the
        // cache stage, which keeps every core busy, reading it measured slower).
        async let publishedSite = inputs.output.published()
        // The memo's keys (this build's, and what the contexts are made from), on the same idle core: at most one
        // stat per cache file.
        let dataAge = Self.dataAge(await loader.counts, snapshot: snapshot)
        async let memoKeys = self.memoKeys(inputs, loader: loader, thumbnails: pictures.thumbnails, dataAge: dataAge)
        // The data set is let go once the model is made: what the pages show, the model holds.
        let model = await modelStage(consume data, pictures: pictures, inputs: inputs, dataAge: dataAge)
        let pokedex = model.pokedex
        timer.lap("model")
        let published = try await publishedSite
        let keys = try await memoKeys
        if let pack = await packWritten {
            logger.debug(
                "compact store: \(pack.served) entries served, \(pack.learned) read as JSON\(pack.learned > 0 ? " (written again)" : "")"
            )
        }
        let knownDigest =
            keys.inputs != nil && keys.inputs == inputs.lastMemo?.inputsKey ? inputs.lastMemo?.inputsDigest : nil
        if knownDigest != nil { logger.debug("render inputs unchanged since the last build's memo: its digest stands") }
        let counts = await loader.counts
        let output = try await renderAndOutputStage(
            pokedex,
            pictures: pictures,
            model: model,
            inputs: inputs,
            counts: counts,
            published: published,
            knownInputsDigest: knownDigest,
            prepared: nil,
            memoKeys: keys
        )
        timer.lap("render and output", output.detail)
        logRenderWork(output)
        let summary = self.summary(
            output,
            model: model,
            pictures: pictures,
            inputs: inputs,
            loads: counts,
            network: await loader.networkCounts,
            timer: timer
        )
        guard inputs.keepsModel else { return KeptBuild(summary: summary, model: nil) }
        return KeptBuild(
            summary: summary,
            model: output.memoFreshUntil.flatMap { freshUntil in
                keys.model.map { key in
                    KeptModel(
                        key: key,
                        freshUntil: freshUntil,
                        pokedex: pokedex,
                        pictures: pictures,
                        nameFallbacks: model.nameFallbacks,
                        loads: counts,
                        dataAge: dataAge,
                        inputsKey: keys.inputs,
                        inputsDigest: output.site.inputs,
                        prepared: output.site.prepared,
                        theme: inputs.theme
                    )
                }
            }
        )
    }

    /// A rebuild from the model `kept`, the cache unread (`pokedex serve` after an edit of its theme): the render
    /// and output stages alone, the pages the edit does not reach kept as the manifest has them.
    func renderKept(_ kept: KeptModel, setup: Setup, memo: MemoCheck, started: Date) async throws -> KeptBuild {
        var timer = StageTimer(logger: logger)
        let inputs = Inputs(
            options: setup.options,
            store: setup.store,
            output: setup.output,
            theme: try parsedTheme(setup),
            favoritesFile: setup.favoritesFile,
            favoritesBytes: memo.favoritesBytes,
            started: started,
            lastMemo: memo.lastMemo,
            cacheAtStart: memo.cacheAtStart,
            keepsModel: true
        )
        let stamps = try memo.cacheAtStart?.bytes ?? BuildMemo.stamps(below: setup.store.folder)
        let keys = try Self.memoKeys(inputs, stamps: stamps, dataAge: kept.dataAge)
        let published = try setup.output.published()
        let model = ModelOutput(pokedex: kept.pokedex, nameFallbacks: kept.nameFallbacks)
        timer.lap("model kept from the last build")
        // The same render inputs (no word nor static file of the theme changed): their digest, and what the last
        // render prepared of them, stand.
        let sameInputs = keys.inputs != nil && keys.inputs == kept.inputsKey
        let output = try await renderAndOutputStage(
            kept.pokedex,
            pictures: kept.pictures,
            model: model,
            inputs: inputs,
            counts: kept.loads,
            published: published,
            knownInputsDigest: sameInputs ? kept.inputsDigest : nil,
            prepared: sameInputs ? kept.prepared : nil,
            memoKeys: keys
        )
        timer.lap("render and output", output.detail)
        logRenderWork(output)
        var summary = self.summary(
            output,
            model: model,
            pictures: kept.pictures,
            inputs: inputs,
            loads: kept.loads,
            network: FetchCounts(),
            timer: timer
        )
        summary.languages = setup.options.languages
        var next = kept
        next.inputsKey = keys.inputs
        next.inputsDigest = output.site.inputs
        next.prepared = output.site.prepared
        next.theme = inputs.theme
        // A build whose memo was not written is not kept from: the next one reads the cache.
        return KeptBuild(summary: summary, model: output.memoFreshUntil == nil ? nil : next)
    }

    /// The summary of a build that rendered `output` from `model`.
    func summary(
        _ output: RenderAndOutput,
        model: ModelOutput,
        pictures: Pictures,
        inputs: Inputs,
        loads counts: LoadCounts,
        network: FetchCounts,
        timer: StageTimer
    ) -> BuildSummary {
        let (pokedex, site, written, options) = (model.pokedex, output.site, output.written, inputs.options)
        let (images, thumbnails) = (pictures.images, pictures.thumbnails)
        return BuildSummary(
            pokemon: pokedex.entries.count,
            pages: site.pages,
            loads: counts,
            network: network,
            pagesRendered: site.pagesRendered,
            contextsBuilt: site.contextsBuilt,
            filesWritten: written.written,
            filesUnchanged: written.unchanged,
            filesRemoved: written.removed,
            imagesRemote: images.remote,
            imagesPlaceholder: images.placeholder,
            imagesLocal: images.local,
            picturesDecoded: thumbnails.decoded,
            thumbnailsMade: thumbnails.made,
            picturesUndecodable: thumbnails.undecodable,
            gallery: pictures.media.gallery,
            cries: pictures.media.cries,
            unknownFavorites: pokedex.favorites.unknown,
            nameFallbacks: model.nameFallbacks,
            offline: network.requests == 0 || counts.stale > 0 || counts.snapshot > 0,
            output: inputs.output.root.path,
            baseURL: options.baseURL,
            stages: timer.stages,
            seconds: Date().timeIntervalSince(inputs.started)
        )
    }

    /// Where the render's time went (`-v`): each step's wall time, then each template's pages and their time on
    /// one core, the costliest first.
    func logRenderWork(_ output: RenderAndOutput) {
        for step in output.site.steps {
            logger.debug(
                "render: \(step.name): \(String(format: "%.0f", step.seconds * 1000)) ms, peak memory so far \(step.peakMiB) MiB"
            )
        }
        logger.debug("output: manifest and memo written: \(String(format: "%.0f", output.finishSeconds * 1000)) ms")
        for (template, work) in output.site.templates.sorted(by: { $0.value.time > $1.value.time }) {
            logger.debug(
                "render: \(template): \(work.pages) pages, \(work.rendered) rendered, \(String(format: "%.0f", work.seconds * 1000)) ms of one core"
            )
        }
    }

    /// What the render and output stages made: the site, what was written, and until when the memo written
    /// after them holds (nil: none was written).
    struct RenderAndOutput {
        var site: RenderedSite
        var written: PublishCounts
        var memoFreshUntil: Double?
        /// The wall time from the last file written to the memo written (the manifest's share, mostly).
        var finishSeconds = 0.0

        var detail: String {
            "\(site.pagesRendered) pages rendered, \(site.contextsBuilt) contexts built, "
                + "\(written.written) files written; template engine: \(site.engine.summary)"
        }
    }

    /// Closes `store`'s compact store, writing it again when it learned entries: what it served and learned. A
    /// store that cannot be written (a full disk) costs the next build its speed, not this build its site.
    static func closePack(of store: CacheStore, logger: Logger) -> (served: Int, learned: Int)? {
        guard let pack = store.pack else { return nil }
        let counts = pack.counts
        do {
            try pack.close()
        } catch {
            logger.warning(
                "the cache's compact store was not written (\(error)): the next build reads the JSON entries"
            )
        }
        return counts
    }

    /// Source and cache: the data set, and the pictures as each Pokémon's record arrives. Throws, naming them,
    /// when some resources could be had neither fresh nor from the cache (exit 3), after the pictures of the
    /// others, so that a rerun has only the missing ones left to fetch.
    func sourceStage(
        _ inputs: Inputs,
        loader: ResourceLoader,
        snapshot: SnapshotProvider,
        thumbnailThreads: BlockingWork,
        timer: inout StageTimer
    ) async throws -> (DataSet, Pictures) {
        let options = inputs.options
        // Thumbnails are derived from the cached pictures, into the cache, as each picture arrives.
        let thumbnailer = Thumbnailer(
            cacheFolder: inputs.store.folder,
            parallelism: options.renderParallelism,
            logger: logger
        )
        let resolver = ImageResolver(
            loader: loader,
            mode: options.images,
            logger: logger,
            thumbnailer: thumbnailer,
            thumbnailThreads: thumbnailThreads
        )
        // Images are not required: a failed download falls back to the sprite's URL. They are fetched even when
        // some JSON is missing, so that a rerun has only the missing resources left to fetch; each as soon as its
        // Pokémon's record is in, so that a cold build downloads artwork while the JSON is still coming.
        let feed = ImageFeed(resolver, limit: options.concurrency * 2)
        let dataSet = DataSetLoader(
            apiBase: options.apiBase,
            listPageSize: options.listPageSize,
            limit: options.limit,
            concurrency: options.concurrency,
            entryLanguages: SpeciesRecord.entryLanguages(shownIn: options.languages),
            loader: loader,
            progress: progress
        )
        let data: DataSet
        do {
            data = try await dataSet.load(snapshot: snapshot, onRecord: feed.add)
        } catch {
            _ = await feed.finish(advance: {})
            throw error
        }
        timer.lap("source and cache: JSON")

        progress.begin("Images", total: data.list.filter { data.records[$0.id] != nil }.count)
        let images = await feed.finish { self.progress.advance() }
        progress.end()
        // Recorded before the completeness check, so that a rerun after an exit 3 need not even hash them.
        let thumbnails = thumbnailer.finish(images.thumbnails, known: images.knownThumbnails)
        timer.lap("source and cache: images and thumbnails", "\(thumbnails.decoded) pictures decoded")
        let items = await resolver.resolveItems(
            data.items.keys.sorted().compactMap { data.items[$0] },
            limit: options.concurrency * 2
        )
        timer.lap("source and cache: item pictures", "\(items.files.count) copied")
        let media = await resolver.resolveMedia(
            data.records.keys.sorted().compactMap { data.records[$0] },
            limit: options.concurrency * 2
        )
        timer.lap(
            "source and cache: sprites of every game and cries",
            "\(media.gallery.copied) sprites and \(media.cries.copied) cries copied"
        )

        if !data.naturesMissing.isEmpty {
            logger.warning(
                "the natures could not be had, so the site has no natures table this time: \(data.naturesMissing.joined(separator: "; "))"
            )
        }
        guard data.missing.isEmpty else {
            throw PokedexError(
                .source,
                options.apiBase,
                .incomplete(missing: data.missing),
                hint: "what could be fetched is cached; run the build again when the server answers, or check --api"
            )
        }
        return (data, Pictures(images: images, thumbnails: thumbnails, items: items, media: media))
    }

    /// Model: the Pokédex the pages show, with the favorites resolved against it.
    func modelStage(
        _ data: consuming DataSet,
        pictures: Pictures,
        inputs: Inputs,
        dataAge: DataAge?
    ) async -> ModelOutput {
        let names = data.nameBook
        let entries = Pokedex.entries(
            list: data.list,
            records: data.records,
            species: data.species,
            images: pictures.images.sources,
            thumbnails: pictures.thumbnails.thumbnails,
            forms: data.forms,
            names: names,
            itemCategories: data.itemCategories,
            media: pictures.media.media
        )
        let favorites = FavoritesResolution.resolve(inputs.favoritesFile, against: entries)
        for unknown in favorites.unknown { logUnknownFavorite(unknown) }
        let moves = MoveBook(
            moves: data.moves,
            machines: data.machines,
            versionGroups: data.versionGroups,
            names: names,
            methods: (data.named[.moveLearnMethod] ?? [:]).values.sorted { $0.id < $1.id }
        )
        let pokedex = Pokedex(
            entries: entries,
            favorites: favorites,
            dataAge: dataAge,
            chains: data.chains,
            typeChart: data.typeChart,
            names: names,
            moves: moves,
            abilities: data.abilities,
            places: data.placeBook,
            regionalDexes: RegionalDexes(
                pokedexes: data.pokedexes.keys.sorted().compactMap { data.pokedexes[$0] },
                species: data.species.keys.sorted().compactMap { data.species[$0] }
            ),
            natures: data.natures.keys.sorted().compactMap { data.natures[$0] },
            items: {
                var book = data.itemBook
                book.pictures.merge(pictures.items.sources) { _, resolved in resolved }
                return book
            }()
        )
        let nameFallbacks = pokedex.nameFallbacks
        for fallback in nameFallbacks {
            logger.debug("names: PokeAPI has no English name for \(fallback); showing it made readable")
        }
        return ModelOutput(pokedex: pokedex, nameFallbacks: nameFallbacks)
    }

    /// Render and output at once: the render sends each file as soon as it is made (as bytes, a copy, or kept
    /// when the site already holds it, as the last build's manifest tells), and the output stage, the only one
    /// that writes the site, writes it while the next is rendered; then the memo of a build that the next one may
    /// skip.
    func renderAndOutputStage(
        _ pokedex: Pokedex,
        pictures: Pictures,
        model: ModelOutput,
        inputs: Inputs,
        counts: LoadCounts,
        published: PublishedSite,
        knownInputsDigest: String?,
        prepared: SiteRenderer.PreparedSite?,
        memoKeys: MemoKeys
    ) async throws -> RenderAndOutput {
        let (options, output, store) = (inputs.options, inputs.output, inputs.store)
        let renderer = SiteRenderer(
            theme: inputs.theme,
            perPage: options.perPage,
            baseURL: options.baseURL,
            parallelism: options.renderParallelism,
            languages: options.languages.compactMap(SiteLanguage.named)
        )
        let pictureFiles = pictures.images.files.merging(pictures.thumbnails.files) { artwork, _ in artwork }
            .merging(pictures.items.files) { artwork, _ in artwork }
            .merging(pictures.media.files) { artwork, _ in artwork }
        // The memo goes first: while files change it must not vouch for them.
        let memoURL = BuildMemo.url(cacheRoot: store.root, output: output)
        try BuildMemo.remove(at: memoURL)
        let stream = SiteFileStream(lanes: options.renderParallelism)
        async let rendering = stream.producing {
            try await renderer.render(
                pokedex,
                images: pictureFiles,
                contentHashes: pictures.thumbnails.contentHashes.merging(pictures.items.contentHashes) { $1 }
                    .merging(pictures.media.contentHashes) { $1 },
                ledger: published,
                knownInputsDigest: knownInputsDigest,
                prepared: prepared,
                keepsPrepared: inputs.keepsModel,
                into: stream
            )
        }
        let placement = try await output.place(stream, over: published)
        let site = try await rendering
        let finishing = ContinuousClock.now
        let written = try output.complete(placement, over: published, inputs: site.inputs)
        var made = RenderAndOutput(site: site, written: written)
        let (images, thumbnails) = (pictures.images, pictures.thumbnails)
        // No memo for a build that warned about a picture (the next one must say so again), nor for one that asked
        // for the data hash. An offline build asks nothing whatever the cache's age: its memo holds until something
        // changes, and says where the data came from as the build did. So does an online one that served data the
        // server did not confirm (a stale cache, the snapshot), but only while the server stays out of reach.
        let offline = options.mode == .offline
        let unconfirmed = !offline && (counts.stale > 0 || counts.snapshot > 0)
        if counts.unchangedDataHash == 0, thumbnails.undecodable == 0,
            let freshUntil = offline || unconfirmed ? Double.greatestFiniteMagnitude : counts.freshUntil,
            freshUntil > now().timeIntervalSince1970,
            let key = memoKeys.build
        {
            let memo = BuildMemo(
                key: key,
                freshUntil: freshUntil,
                asksServerFirst: unconfirmed,
                files: FileSizes(written.sizes),
                manifest: output.manifestStamp(),
                pokemon: pokedex.entries.count,
                pages: site.pages,
                loads: counts.fetched + counts.revalidated + counts.fromCache,
                stale: counts.stale,
                snapshot: counts.snapshot,
                imagesRemote: images.remote,
                imagesPlaceholder: images.placeholder,
                imagesLocal: images.local,
                unknownFavorites: pokedex.favorites.unknown,
                nameFallbacks: model.nameFallbacks,
                themeDigest: inputs.theme.digests.all,
                themeWarnings: options.templates == nil ? [] : inputs.theme.warnings,
                inputsKey: memoKeys.inputs,
                inputsDigest: site.inputs
            )
            try memo.write(to: memoURL)
            made.memoFreshUntil = freshUntil
        }
        let finished = ContinuousClock.now - finishing
        made.finishSeconds = Double(finished.components.seconds) + Double(finished.components.attoseconds) / 1e18
        return made
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

/// Debug-level wall time of each stage and the peak memory at its end (`pokedex build -v`, and `--report`):
/// where a build spends its time and its memory.
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
        let peak = Platform.peakResidentBytes() >> 20
        stages.append(StageDuration(name: name, seconds: seconds, peakMiB: peak))
        let label = detail.map { "\(name) (\($0))" } ?? name
        logger.debug("stage \(label): \(String(format: "%.0f", seconds * 1000)) ms, peak memory so far \(peak) MiB")
    }
}
