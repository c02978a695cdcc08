import Foundation
package import PokedexModel
package import PokedexSite
package import PokedexSource
import PokedexSupport

/// The render as stages: the theme's hashed files, the scripts every language shares, one copy of the site per
/// language (the pictures copied beside its pages), then what comes after every page (sitemap, theme files, the
/// service worker).
extension SiteRenderer {
    /// Every file of the site: pages, data scripts, theme files and pictures (`images`: site path → cached
    /// file), each sent to `stream` as soon as it is made, one language's copy after the other (only one
    /// language's model and pages are held at once). A file `ledger` holds is sent `.kept`: neither rendered nor
    /// read. `contentHashes`: a digest of a picture's bytes by site path, where known: its fingerprint, of which
    /// the service worker's cache name is made (else the picture's file identity stands in). Does not finish
    /// `stream`.
    package func render(
        _ pokedex: Pokedex,
        images: [String: CachedImage] = [:],
        contentHashes: [String: String] = [:],
        ledger: (any SiteLedger)? = nil,
        knownInputsDigest: String? = nil,
        prepared: PreparedSite? = nil,
        keepsPrepared: Bool = false,
        into stream: SiteFileStream
    ) async throws -> RenderedSite {
        var clock = StepClock()
        let showsNotFound = self.theme.hasTemplate(Self.notFoundTemplate)
        let reused = prepared.flatMap {
            $0.showsNotFound == showsNotFound && $0.copies.count == languages.count ? $0 : nil
        }
        // Scripts and styles first: their names, which carry their hashes, go into every page.
        let theme =
            reused.map { (files: $0.themeFiles, assets: $0.assets, legacyWorker: $0.legacyWorker) }
            ?? hashedThemeFiles()
        clock.lap(reused == nil ? "theme files hashed" : "theme files as the last render prepared them")
        var renderInputs = RenderInputs(
            pokedex,
            perPage: perPage,
            baseURL: baseURL,
            assets: theme.assets,
            builder: RenderInputs.currentBuilder,
            languages: languages.map(\.code)
        )
        renderInputs.strings = languages.map { self.theme.strings(for: $0.code) }
        let scripts = try reused?.scripts ?? SharedScripts(pokedex)
        clock.lap("scripts every language shares")
        // A digest the caller vouches for (the last build's, made from the same inputs) spares encoding the model.
        // Only a ledger that remembers its contexts' inputs can spare a page its context, and needs the digest
        // first; otherwise (a first build, an empty folder) the digest, for the manifest, is made beside the first
        // copy's pages, once the work before them (catalogs, scripts: one core's work each) had both cores.
        var inputs: String? = nil
        var digestLater: RenderInputs? = nil
        if let knownInputsDigest {
            inputs = knownInputsDigest
        } else if ledger?.remembersContexts == true {
            do { inputs = try await renderInputs.digest(parallelism: parallelism) } catch {
                throw Self.inputsDigestFailed(error)
            }
            clock.lap("render inputs' digest")
        } else {
            digestLater = renderInputs
        }
        var run = RenderRun(
            sent: SentFiles(stream: stream, ledger: ledger),
            workerShell: scripts.paths,
            counts: PageCounts([.index: Self.pageCount(pokemon: pokedex.listed.count, perPage: perPage)]),
            themeAssets: theme.assets,
            assets: theme.assets,
            clock: clock,
            digestLater: digestLater
        )
        // A failed render leaves no sends under way.
        defer { for sending in run.sendingLater { sending.cancel() } }
        // The pictures are copied while the pages render: sent after every page, the copies (4,447 files in one
        // folder with `--images local`, so one writer's) were the end of the build.
        run.sendBesidePages(Self.pictureFiles(images, contentHashes: contentHashes, ledger: ledger), everyLane: true)
        if keepsPrepared, reused == nil { run.sent.recorded = [] }
        var next = PreparedSite(
            themeFiles: theme.files,
            assets: theme.assets,
            legacyWorker: theme.legacyWorker,
            scripts: scripts,
            showsNotFound: showsNotFound
        )
        // One copy of the site per language, from one model: the Pokédex asked in each language, its pages under
        // its folder, its own data and search scripts; theme files, pictures and the names script are shared.
        for index in languages.indices {
            let copy = LanguageCopy(index: index, inputs: digestLater == nil ? inputs : nil)
            let made = try await renderCopy(
                copy,
                of: pokedex,
                scripts: scripts,
                prepared: reused?.copies[index],
                stream: stream,
                run: &run
            )
            if keepsPrepared { next.copies.append(made) }
        }
        run.sent.recorded = nil
        try await finish(&run, files: theme.files, legacyWorker: theme.legacyWorker)
        run.clock.lap("pictures and scripts written, sitemap, theme files and service worker")
        if let digesting = run.digesting {
            do { inputs = try await digesting.value } catch { throw Self.inputsDigestFailed(error) }
        }
        return RenderedSite(
            pagesRendered: run.work.rendered,
            pages: run.counts,
            inputs: inputs,
            contextsBuilt: run.work.contextsBuilt,
            engine: EngineWork(htmlBytes: run.work.htmlBytes, time: run.work.engineTime),
            steps: run.clock.steps,
            templates: run.work.templates,
            prepared: keepsPrepared ? next : nil
        )
    }

    /// What one render gathers across the languages' copies.
    struct RenderRun {
        var sent: SentFiles
        var work = PagesWork()
        var sitemap: [Sitemap.Entry] = []
        /// What the service worker keeps for offline use beside its own shell.
        var workerShell: [String]
        var counts: PageCounts
        /// The catalogs every language shares, once the first copy has made them.
        var shared: Catalogs.Shared?
        /// The theme's files' names, from which each copy names its own scripts.
        let themeAssets: AssetsContext
        /// The first language's assets: the service worker's.
        var assets: AssetsContext
        var clock: StepClock
        /// The render inputs whose digest is made beside the first copy's pages, and the task making it.
        var digestLater: RenderInputs?
        var digesting: Task<String?, any Error>? = nil
        /// Files sent beside the pages, awaited before the service worker.
        var sendingLater: [Task<Void, any Error>] = []

        /// Sends `files` while the pages are rendered, which need only their names: sent one by one before the
        /// pages, each waiting for a writer to take it, the learnset scripts alone (a file per Pokémon) held the
        /// first page back by their writing time. Batches hold one folder's files, as the stream's lanes expect.
        mutating func sendBesidePages(_ files: [(path: String, data: Data)]) {
            sendBesidePages(files.compactMap { sent.prepare($0.path, $0.data) })
        }

        mutating func sendBesidePages(_ files: [SiteFile], everyLane: Bool = false) {
            func folder(_ file: SiteFile) -> Substring {
                file.path.lastIndex(of: "/").map { file.path[..<$0] } ?? ""
            }
            var batches: [[SiteFile]] = []
            for file in files {
                sent.fingerprints[file.path] = file.fingerprint
                if let batch = batches.last, let last = batch.last, folder(last) == folder(file),
                    batch.count < SiteFileStream.batchSize
                {
                    batches[batches.count - 1].append(file)
                } else {
                    batches.append([file])
                }
            }
            let stream = sent.stream
            sendingLater.append(
                Task {
                    for (index, batch) in batches.enumerated() {
                        if everyLane { try await stream.send(batch, lane: index) } else { try await stream.send(batch) }
                    }
                }
            )
        }
    }

    /// Which copy of the site is being made, and what its pages may be spared by.
    struct LanguageCopy {
        var index: Int
        /// The render inputs' digest, when the ledger remembers contexts.
        var inputs: String?
    }

    /// The theme's files, its scripts and styles compacted and under hashed names, and where each role's file is.
    func hashedThemeFiles() -> (files: [(path: String, data: Data)], assets: AssetsContext, legacyWorker: Bool) {
        var files = theme.staticFiles
        let legacyWorker = files.contains { $0.path == Self.workerPath }
        var hashedNames: [String: String] = [:]
        for index in files.indices where AssetRole.hashedFiles.contains(files[index].path) {
            files[index].data = AssetCompactor.compact(files[index].data, path: files[index].path)
            let name = Self.hashedName(files[index].path, files[index].data)
            hashedNames[files[index].path] = name
            files[index].path = name
        }
        return (files, AssetsContext(names: hashedNames), legacyWorker)
    }

    /// The scripts every language shares, under hashed names: every Pokémon's names in every language (loaded
    /// when search is first used), their base stats, and the regional Pokédexes' members (none without one).
    struct SharedScripts {
        var names: Data
        var namesPath: String
        var stats: Data
        var statsPath: String
        var dexes: Data?
        var dexesPath: String

        init(_ pokedex: Pokedex) throws {
            names = try DataScript.names(pokedex)
            namesPath = SiteRenderer.hashedName(SiteRenderer.namesScript, names)
            stats = try DataScript.stats(pokedex)
            statsPath = SiteRenderer.hashedName(SiteRenderer.statsScript, stats)
            dexes = pokedex.regionalDexes.ordered.isEmpty ? nil : try DataScript.dexes(pokedex)
            dexesPath = dexes.map { SiteRenderer.hashedName(SiteRenderer.dexesScript, $0) } ?? ""
        }

        var paths: [String] { [namesPath, statsPath] + (dexes == nil ? [] : [dexesPath]) }
    }

    /// What a render made of its inputs that no template reads: the theme's hashed files, the shared scripts, and
    /// each language's scripts, page jobs, sitemap entries and offline shell. `pokedex serve` keeps it between
    /// rebuilds: after an edit of templates alone, the next render starts at the pages. Valid for the same render
    /// inputs (model, settings, the theme's words and static files), which the caller vouches for.
    package struct PreparedSite: Sendable {
        let themeFiles: [(path: String, data: Data)]
        let assets: AssetsContext
        let legacyWorker: Bool
        let scripts: SharedScripts
        /// Whether the theme had a not-found template: the only template whose presence decides a page job.
        let showsNotFound: Bool
        var copies: [PreparedCopy] = []
    }

    /// A script a copy sent, with its fingerprint.
    struct PreparedScript: Sendable {
        var path: String
        var data: Data
        var fingerprint: String
    }

    /// One language's copy before its pages are rendered.
    struct PreparedCopy: Sendable {
        /// The scripts it sent, in order (the first copy's include the shared ones).
        var scripts: [PreparedScript]
        var assets: AssetsContext
        var jobs: [PageJob]
        var sitemap: [Sitemap.Entry]
        var workerShell: [String]
        var pageCounts: [PageCounts.Kind: Int]
    }

    /// One language's copy, as `prepared` has it or made now: its scripts, then its pages, rendered and sent.
    func renderCopy(
        _ copy: LanguageCopy,
        of pokedex: Pokedex,
        scripts: SharedScripts,
        prepared: PreparedCopy?,
        stream: SiteFileStream,
        run: inout RenderRun
    ) async throws -> PreparedCopy {
        let renderer = forLanguage(at: copy.index)
        let code = renderer.language.code
        let made: PreparedCopy
        if let prepared {
            for script in prepared.scripts {
                try await run.sent.add(script.path, script.data, fingerprint: script.fingerprint)
            }
            made = prepared
            run.clock.lap("\(code): scripts as the last render prepared them")
        } else {
            made = try await renderer.prepareCopy(copy, of: pokedex, scripts: scripts, run: &run)
        }
        run.sitemap += made.sitemap
        if let later = run.digestLater {
            let parallelism = self.parallelism
            run.digesting = Task { try await later.digest(parallelism: parallelism) }
            run.digestLater = nil
        }
        var pages = try await renderPages(
            made.jobs,
            words: renderer.words,
            ledger: run.sent.ledger,
            inputs: copy.inputs,
            into: stream
        )
        for (path, fingerprint) in pages.fingerprints { run.sent.fingerprints[path] = fingerprint }
        // Held once, by `sent`: a twelve-language site has tens of thousands of pages.
        pages.fingerprints = []
        run.work.merge(pages)
        run.clock.lap("\(code): pages")
        run.workerShell += made.workerShell
        if copy.index == 0 {
            run.assets = made.assets
            for (kind, count) in made.pageCounts { run.counts[kind] = count }
        }
        return made
    }

    /// Makes one language's copy up to its pages: the model in its language, the catalogs, its scripts (sent),
    /// its page jobs. The scripts' bytes are kept in what it returns only when `run` records them.
    func prepareCopy(
        _ copy: LanguageCopy,
        of pokedex: Pokedex,
        scripts: SharedScripts,
        run: inout RenderRun
    ) async throws -> PreparedCopy {
        let localized = pokedex.localized(language.code, words: themeWords)
        // Nothing else runs yet: the shared catalogs' two halves are made at once, on both cores.
        if run.shared == nil { run.shared = try await Catalogs.Shared.make(localized, atOnce: true) }
        var catalogs = try Catalogs(localized, strings: strings, shared: run.shared)
        run.clock.lap("\(language.code): model in the language and catalogs")
        if run.sent.recorded != nil { run.sent.recorded = [] }
        let assets = try await sendScripts(
            localized,
            catalogs: &catalogs,
            isFirst: copy.index == 0,
            scripts: scripts,
            run: &run
        )
        let jobs = pages(localized, assets: assets.up(siteUp), catalogs: catalogs).map { $0.prefixed(pathPrefix) }
        let made = PreparedCopy(
            scripts: run.sent.recorded ?? [],
            assets: assets,
            jobs: jobs,
            sitemap: sitemapEntries(jobs),
            workerShell: offlineShell(localized, catalogs: catalogs, assets: assets, isFirst: copy.index == 0),
            pageCounts: copy.index == 0 ? catalogs.pageCounts : [:]
        )
        run.clock.lap("\(language.code): scripts and page jobs")
        return made
    }

    /// Sends the language's scripts (data, abilities, words, moves, search) and the shared ones with the first
    /// copy; returns the assets with the language's scripts' names. Empties the catalogs' move scripts once sent:
    /// the stream holds their bytes until they are written, and the pages keep only their names.
    func sendScripts(
        _ localized: Pokedex,
        catalogs: inout Catalogs,
        isFirst: Bool,
        scripts: SharedScripts,
        run: inout RenderRun
    ) async throws -> AssetsContext {
        var assets = run.themeAssets
        // The search's data on the other core while the data script is made: nothing else runs yet.
        let madeCatalogs = catalogs
        async let madeSearchData = SearchScript.make(localized, catalogs: madeCatalogs)
        // Type names for the cells and filters the scripts build: English ones are the API names made readable.
        let dataScript = try DataScript.make(
            localized,
            perPage: perPage,
            namesScript: scripts.namesPath,
            statsScript: scripts.statsPath,
            dexesScript: scripts.dexesPath,
            typeLabels: language.code == "en" ? nil : typeNames(in: localized)
        )
        assets[.data] = Self.hashedName(Self.dataScript, dataScript)
        let searchData = try await madeSearchData
        assets[.searchData] = Self.hashedName(SearchScript.path, searchData)
        let abilitiesScript = try DataScript.abilities(localized, catalog: catalogs.abilities)
        assets[.abilities] = Self.hashedName(Self.abilitiesScript, abilitiesScript)
        var files = [(assets[.data], dataScript), (assets[.abilities], abilitiesScript)]
        if isFirst {
            files += [(scripts.namesPath, scripts.names), (scripts.statsPath, scripts.stats)]
            if let dexes = scripts.dexes { files.append((scripts.dexesPath, dexes)) }
            files.append((assets[.favorites], try DataScript.favorites(localized.favorites.ids)))
        }
        if language.code != "en" { files += try scriptWords(&assets) }
        files += catalogs.moveScripts.files.map { ($0.path, $0.data) }
        catalogs.moveScripts.files = []
        files.append((assets[.searchData], searchData))
        run.sendBesidePages(files)
        run.shared = run.shared?.sent()
        return assets
    }

    /// The scripts' words in the language: every page loads what app.js and pokemon.js say; the other scripts'
    /// words only where they run.
    func scriptWords(_ assets: inout AssetsContext) throws -> [(path: String, data: Data)] {
        let code = language.code
        let (own, more) = Self.scriptWords(strings.table("js"), scripts: theme.staticFiles)
        let words = try DataScript.script("POKEDEX_STRINGS", own, path: "assets/strings-\(code).js")
        assets[.strings] = Self.hashedName("assets/strings-\(code).js", words)
        let moreWords = try DataScript.script("POKEDEX_MORE_STRINGS", more, path: "assets/strings-\(code)-more.js")
        assets[.moreStrings] = Self.hashedName("assets/strings-\(code)-more.js", moreWords)
        return [(assets[.strings], words), (assets[.moreStrings], moreWords)]
    }

    /// Every page a visitor may land on (not the 404 pages), with its copies in the other languages; none without
    /// a base URL.
    func sitemapEntries(_ jobs: [PageJob]) -> [Sitemap.Entry] {
        guard let baseURL else { return [] }
        return jobs.filter { $0.unprefixedPath != Self.notFoundPath }.map { job in
            Sitemap.Entry(
                url: Sitemap.url(of: job.path, base: baseURL),
                alternates: languages.count < 2 ? [] : alternates(of: job.unprefixedPath, root: "", absolute: true)
            )
        }
    }

    /// What the service worker keeps of this language's copy for offline use, beside its shell: the indexes and
    /// the scripts they load, the comparison and the natures; the first copy adds the theme's page scripts and
    /// styles, the others their own index, favorites and words.
    func offlineShell(_ pokedex: Pokedex, catalogs: Catalogs, assets: AssetsContext, isFirst: Bool) -> [String] {
        let prefix = pathPrefix
        // The moves index and the scripts the moves search and the game picker load: offline over http too.
        let moveShell =
            catalogs.moves.ordered.isEmpty
            ? [] : [prefix + MoveCatalog.indexPath, catalogs.moveScripts.moves, catalogs.moveScripts.names]
        let referenceShell =
            (catalogs.abilities.ordered.isEmpty ? [] : [prefix + AbilityCatalog.indexPath])
            + (catalogs.types.ordered.isEmpty
                ? [] : [prefix + TypeCatalog.indexPath, prefix + TypeCatalog.calculatorPath])
            + (catalogs.places.ordered.isEmpty ? [] : [prefix + PlaceCatalog.indexPath])
            + (catalogs.dexes.ordered.isEmpty ? [] : [prefix + DexCatalog.indexPath])
            + (catalogs.items.ordered.isEmpty ? [] : [prefix + ItemCatalog.indexPath])
            + [prefix + Self.searchPath]
        // The comparison and what it loads on arrival, and the natures' table.
        let compareShell =
            [prefix + Self.comparePath, assets[.abilities]]
            + (pokedex.natures.isEmpty ? [] : [prefix + Self.naturesPath])
        guard isFirst else {
            return [prefix + "index.html", prefix + "favorites.html", assets[.data]]
                + [assets.optional(.strings), assets.optional(.moreStrings)].compactMap { $0 }
                + moveShell + referenceShell + compareShell + [assets[.searchData]]
        }
        let pageAssets: [AssetRole] = [
            .pages, .pokemon, .tables, .pokemonScript, .pokemonGames, .calculator, .compare, .items, .itemsStyle,
            .toolsStyle,
        ]
        return moveShell + referenceShell + compareShell + [assets[.search], assets[.searchData]]
            + pageAssets.map { assets[$0] }
    }

    /// After every copy, once the files sent beside the pages (pictures, scripts) are taken: the sitemap, the
    /// theme's files, and last the service worker, whose cache is named after everything above, so any change to
    /// the site, a picture included, gives returning browsers a new worker and a fresh cache. A theme that still
    /// ships its own static sw.js keeps it.
    func finish(
        _ run: inout RenderRun,
        files: [(path: String, data: Data)],
        legacyWorker: Bool
    ) async throws {
        for sending in run.sendingLater { try await sending.value }
        run.sendingLater = []
        if let baseURL {
            try await run.sent.add(Sitemap.path, try Sitemap.make(entries: run.sitemap))
            try await run.sent.add(Sitemap.robotsPath, Sitemap.robots(base: baseURL))
        }
        for file in files { try await run.sent.add(file.path, file.data) }
        guard !legacyWorker, theme.hasTemplate(Self.workerPath) else { return }
        let job = workerJob(fingerprints: run.sent.fingerprints, assets: run.assets, extraShell: run.workerShell)
        try await run.sent.send(
            try Self.render(job, theme: theme, words: words, ledger: run.sent.ledger, inputs: nil).file
        )
    }
}
