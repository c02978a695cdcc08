import Foundation
package import PokedexModel
import PokedexMustache
import PokedexSite
import PokedexSource
import PokedexSupport

/// The render stage: turns the model into the site's files, and writes nothing. Pure: same model, theme and
/// pictures in, same bytes out, whatever the core count or scheduling (pages are rendered concurrently and
/// put back in order), so an offline rebuild from the cache is byte-identical (nothing here reads a clock).
package struct SiteRenderer: Sendable {
    static let placeholderImage = AssetRole.placeholder.file ?? ""
    /// The built-in theme's English words: what a key no strings file has is said in.
    static let builtInStrings: ThemeStrings = {
        guard let data = EmbeddedTheme.files()["strings/en.toml"], let text = String(data: data, encoding: .utf8),
            let strings = try? ThemeStrings.parse(text, origin: "strings/en.toml")
        else { return ThemeStrings() }
        return strings
    }()
    static let dataScript = "assets/pokedex-data.js"
    /// Every Pokémon's name in every language, for search; published under a hashed name like the data script.
    static let namesScript = "assets/pokedex-names.js"
    /// Every Pokémon's base stats, for sorting by them: loaded when a stat sort is chosen, shared by every language.
    static let statsScript = "assets/pokedex-stats.js"
    static let dexesScript = "assets/pokedex-dexes.js"
    /// Every Pokémon's abilities with their names in one language, for the comparison: each language has its own.
    static let abilitiesScript = "assets/pokedex-abilities.js"
    /// Cells per index page that load eagerly: roughly a phone screen and a desktop row or two.
    static let eagerCells = 4

    package let theme: Theme
    package let perPage: Int
    /// Where the site is published, ending in `/` (validated by `BuildOptions`); nil for a fully relative site.
    package let baseURL: String?
    /// Pages rendered at once: the cores.
    package let parallelism: Int
    /// The site's languages: the first at the root, each other a complete copy under `<code>/`.
    package let languages: [SiteLanguage]
    /// The language of the pages this copy of the renderer makes (`render` makes one copy per language).
    var language = SiteLanguage.english
    /// From the language's root to the site root, where the assets and pictures are: "" or "../".
    var siteUp = ""
    /// The language's folder from the site root: "" or "fr/".
    var pathPrefix = ""
    /// The theme's words in `language`, in every shape the pages ask for them, made once per language.
    private(set) var said: LanguageWords
    /// The theme's words in `language` (`strings/<code>.toml` over `strings/en.toml`).
    var strings: ThemeStrings { said.strings }
    /// The same words as every page of the language reads them (`{{t.nav.moves}}`).
    var words: PageWords { said.page }
    /// The same words as the model reads them.
    var themeWords: ThemeWords { said.model }
    /// The games' stats' labels in the language (the six, accuracy and evasion), full and short.
    var statLabels: [String: (String, String)] { said.statLabels }

    /// A language's words, as the theme's strings files say them and as each reader asks for them: made once per
    /// language (made again at each call, the model's words and the stats' labels cost a measurable share of a
    /// full render).
    struct LanguageWords: Sendable {
        let strings: ThemeStrings
        let page: PageWords
        let model: ThemeWords
        let statLabels: [String: (String, String)]

        init(_ strings: ThemeStrings) {
            self.strings = strings
            page = PageWords(strings)
            model = strings.themeWords
            statLabels = SiteRenderer.statLabels(strings)
        }
    }

    package init(
        theme: Theme,
        perPage: Int,
        baseURL: String? = nil,
        parallelism: Int = ProcessInfo.processInfo.activeProcessorCount,
        languages: [SiteLanguage] = [.english]
    ) {
        self.theme = theme
        self.perPage = perPage
        self.baseURL = baseURL
        self.parallelism = max(1, parallelism)
        self.languages = languages.isEmpty ? [.english] : languages
        self.language = self.languages[0]
        self.said = LanguageWords(theme.strings(for: self.languages[0].code))
    }

    /// The theme's words for `key` ("nav.moves") in the pages' language, each `{name}` replaced by `values[name]`;
    /// the key itself when no strings file has it (a theme's own file lacking it: `pokedex build` warns).
    func t(_ key: String, _ values: [String: String] = [:]) -> String {
        Self.say(key, values, strings: strings)
    }

    /// `key` in `strings`, else in the built-in English file, else the key itself; `{name}`s filled in.
    static func say(_ key: String, _ values: [String: String] = [:], strings: ThemeStrings = builtInStrings) -> String {
        guard let text = strings[key] ?? builtInStrings[key] else { return key }
        return ThemeStrings.fill(text, values)
    }

    /// This renderer for the pages in the `index`th of `languages`.
    func forLanguage(at index: Int) -> SiteRenderer {
        var copy = self
        copy.language = languages[index]
        copy.said = LanguageWords(theme.strings(for: languages[index].code))
        copy.siteUp = index == 0 ? "" : "../"
        copy.pathPrefix = index == 0 ? "" : languages[index].code + "/"
        return copy
    }

    static func inputsDigestFailed(_ error: any Error) -> PokedexError {
        PokedexError(.render, dataScript, .other("cannot fingerprint the render inputs: \(error)"))
    }

    /// The files sent so far, by path with their fingerprints (what the service worker's cache name is made of).
    struct SentFiles {
        let stream: SiteFileStream
        let ledger: (any SiteLedger)?
        var fingerprints: [String: String] = [:]
        /// Every file added while not nil, in order (a render that keeps what it prepared).
        var recorded: [PreparedScript]?

        /// Sends a generated file, once: languages share the scripts whose bytes are alike (a hashed name is
        /// its content). `known`: its fingerprint, when a last render made it.
        mutating func add(_ path: String, _ data: Data, fingerprint known: String? = nil) async throws {
            guard let file = prepare(path, data, fingerprint: known) else { return }
            try await stream.send([file])
        }

        /// What `add` sends, counted as sent: nil when it was already. The caller sends it.
        mutating func prepare(_ path: String, _ data: Data, fingerprint known: String? = nil) -> SiteFile? {
            guard fingerprints[path] == nil else {
                recorded?.append(PreparedScript(path: path, data: data, fingerprint: fingerprints[path] ?? ""))
                return nil
            }
            let fingerprint = known ?? Fingerprint.of(data)
            recorded?.append(PreparedScript(path: path, data: data, fingerprint: fingerprint))
            fingerprints[path] = fingerprint
            let kept = ledger?.holds(path, fingerprint: fingerprint) ?? false
            return SiteFile(path: path, fingerprint: fingerprint, content: kept ? .kept : .bytes(data))
        }

        mutating func send(_ file: SiteFile) async throws {
            fingerprints[file.path] = file.fingerprint
            try await stream.send([file])
        }
    }

    /// The site's copies of cached pictures, by path. A picture's fingerprint is a digest of its bytes where known
    /// (`contentHashes`), else its cached file's identity, never where the cache is: the same data makes the same
    /// site, and the same service worker, from any cache folder.
    static func pictureFiles(
        _ images: [String: CachedImage],
        contentHashes: [String: String],
        ledger: (any SiteLedger)?
    ) -> [SiteFile] {
        images.sorted(by: { $0.key < $1.key }).map { path, image in
            let fingerprint = Fingerprint.of("image", contentHashes[path] ?? image.identity)
            let kept = ledger?.holds(path, fingerprint: fingerprint) ?? false
            return SiteFile(path: path, fingerprint: fingerprint, content: kept ? .kept : .copy(image.file))
        }
    }

    /// `compare.html`: two to four Pokémon side by side.
    static let comparePath = "compare.html"
    /// Pokémon pages' folder: `pokemon/pikachu.html`, as the other kinds' `pagePath`.
    static let pokemonFolder = "pokemon"
    static func pokemonPagePath(_ slug: String) -> String { "\(pokemonFolder)/\(slug).html" }
    /// `search.html`: the site-wide search's results (without JavaScript, links to the indexes).
    static let searchPath = "search.html"
    /// Rendered from `sw.js.mustache`.
    static let workerPath = "sw.js"

    /// The scripts' words split by who says them: app.js's (what every page may say on arrival: a picture that
    /// failed, a star, Retry), and the others' (cells.js, list-model.js, list-search.js, list.js, moves.js, search.js,
    /// and pokemon.js, whose pages load the others' words for moves.js), found by their `tr('key'` calls in the
    /// theme's scripts. A word no script names stays with the first, to be safe.
    static func scriptWords(
        _ words: [String: String],
        scripts: [(path: String, data: Data)]
    )
        -> (own: [String: String], more: [String: String])
    {
        func keys(_ path: String) -> Set<String> {
            guard let text = scripts.first(where: { $0.path == path }).map({ String(decoding: $0.data, as: UTF8.self) })
            else { return [] }
            return Set(text.matches(of: /\btr\(\s*'([a-z0-9_]+)'/).map { String($0.output.1) })
        }
        let everyPage = keys(AssetRole.app.file ?? "")
        let others = [AssetRole.find, .cells, .listModel, .listSearch, .list, .moves, .search, .pokemonScript]
            .compactMap(\.file)
            .reduce(into: Set<String>()) { $0.formUnion(keys($1)) }
        let more = words.filter { others.contains($0.key) && !everyPage.contains($0.key) }
        return (words.filter { more[$0.key] == nil }, more)
    }

    /// `assets/style.css` → `assets/style.3f9a1c2e.css`: the first 8 hex digits of the content's SHA-256.
    static func hashedName(_ path: String, _ data: Data) -> String {
        let hash = Fingerprint.of(data).prefix(8)
        let name = path as NSString
        let ext = name.pathExtension
        return ext.isEmpty ? "\(path).\(hash)" : "\(name.deletingPathExtension).\(hash).\(ext)"
    }

    /// `extraShell`: more files every visitor may need offline (the names script, loaded by search).
    func workerJob(fingerprints: [String: String], assets: AssetsContext, extraShell: [String] = []) -> PageJob {
        let build = Fingerprint.of(
            fingerprints.sorted { $0.key < $1.key }.flatMap { path, fingerprint in
                [Data(path.utf8), Data(fingerprint.utf8)]
            }
        )
        let shell = ["index.html", "favorites.html"] + AssetRole.shell.map { assets[$0] } + extraShell
        let site = SiteContext(
            title: t("site.title"),
            hasMoves: false,
            hasAbilities: false,
            hasTypes: false,
            count: "0",
            pageCount: 0,
            perPage: perPage,
            offlineBanner: nil,
            generator: "pokedex \(PokedexVersion.current)",
            baseURL: baseURL
        )
        var context = base(
            site: site,
            root: "",
            kind: .worker,
            path: Self.workerPath,
            title: "",
            social: SocialContext(title: "", description: "", url: nil, image: nil),
            assets: assets
        )
        context.canonical = nil
        context.worker = WorkerContext(
            cache: "pokedex-" + build.prefix(16),
            shell: shell,
            offline: languages.indices.map { index in
                let renderer = forLanguage(at: index)
                func literal(_ key: String) -> String { Self.javaScriptStringBody(renderer.t(key)) }
                return OfflinePageContext(
                    folder: renderer.pathPrefix,
                    lang: renderer.language.tag,
                    title: literal("offline.title"),
                    heading: literal("offline.heading"),
                    text: literal("offline.text"),
                    open: literal("not_found.open")
                )
            }
        )
        let made = context
        return PageJob(path: Self.workerPath, template: Self.workerPath, followsInputs: false) { made }
    }

    /// What rendering some pages did: the counts and the template engine's share, and each page's fingerprint.
    struct PagesWork: Sendable {
        var rendered = 0
        var contextsBuilt = 0
        var htmlBytes = 0
        var engineTime: Duration = .zero
        var fingerprints: [(String, String)] = []
        var templates: [String: TemplateWork] = [:]

        mutating func add(_ page: RenderedPage, template: String, time: Duration) {
            templates[template, default: TemplateWork()].pages += 1
            templates[template, default: TemplateWork()].time += time
            if case .bytes(let data) = page.file.content {
                rendered += 1
                htmlBytes += data.count
                templates[template, default: TemplateWork()].rendered += 1
            }
            if page.builtContext { contextsBuilt += 1 }
            engineTime += page.engineTime
            fingerprints.append((page.file.path, page.file.fingerprint))
        }

        mutating func merge(_ other: PagesWork) {
            rendered += other.rendered
            contextsBuilt += other.contextsBuilt
            htmlBytes += other.htmlBytes
            engineTime += other.engineTime
            fingerprints += other.fingerprints
            templates.merge(other.templates) { mine, theirs in
                TemplateWork(
                    pages: mine.pages + theirs.pages,
                    rendered: mine.rendered + theirs.rendered,
                    time: mine.time + theirs.time
                )
            }
        }
    }

    /// Renders `jobs` on `parallelism` tasks, sending each page to `stream` as soon as it is made (the output
    /// stage writes it while the next is rendered); a page `ledger` holds is sent `.kept`. `inputs`: the render
    /// inputs' digest, with which the ledger may know a page's context digest without its context being built.
    func renderPages(
        _ jobs: [PageJob],
        words: PageWords,
        ledger: (any SiteLedger)?,
        inputs: String?,
        into stream: SiteFileStream
    ) async throws -> PagesWork {
        let theme = self.theme
        // Small chunks: index pages (ten cells each) come first and cost several detail pages each, so a few large
        // chunks left one core rendering the last of them while the other had nothing left.
        let chunkSize = max(8, (jobs.count + parallelism * 24 - 1) / (parallelism * 24))
        let inOrder = stride(from: 0, to: jobs.count, by: chunkSize).map { jobs[$0..<min(jobs.count, $0 + chunkSize)] }
        // The first half's chunks alternate with the second half's (Pokémon pages with move pages, say): renderers
        // then mostly make pages of different folders at once, which the stream's lanes give different writers.
        let half = (inOrder.count + 1) / 2
        var chunks: [ArraySlice<PageJob>] = []
        for index in 0..<half {
            chunks.append(inOrder[index])
            if half + index < inOrder.count { chunks.append(inOrder[half + index]) }
        }
        return try await withThrowingTaskGroup(of: PagesWork.self) { group in
            var next = 0
            func add() {
                let chunk = chunks[next]
                next += 1
                group.addTask {
                    var work = PagesWork()
                    var batch: [SiteFile] = []
                    let clock = ContinuousClock()
                    for job in chunk {
                        let started = clock.now
                        let page = try Self.render(job, theme: theme, words: words, ledger: ledger, inputs: inputs)
                        work.add(page, template: job.template, time: clock.now - started)
                        batch.append(page.file)
                        if batch.count == SiteFileStream.batchSize {
                            try await stream.send(batch)
                            batch.removeAll(keepingCapacity: true)
                        }
                    }
                    try await stream.send(batch)
                    return work
                }
            }
            // More chunks under way than cores: while some wait for a writer to take their batch, the others keep the
            // cores busy (each holds at most one batch).
            while next < min(parallelism * 4, chunks.count) { add() }
            var total = PagesWork()
            while let work = try await group.next() {
                total.merge(work)
                if next < chunks.count { add() }
            }
            return total
        }
    }

    /// A page's fingerprint is its template's (with the partials it reaches), its language's words' and its
    /// context's digest, which `ledger` may know from the last build made from the same `inputs`: a page kept by
    /// it never has its context built.
    static func render(
        _ job: PageJob,
        theme: Theme,
        words: PageWords,
        ledger: (any SiteLedger)?,
        inputs: String?
    ) throws -> RenderedPage {
        let salt = (theme.templateFingerprints[job.template] ?? "") + words.digest
        if job.followsInputs, let ledger, let inputs, let known = ledger.contextDigest(of: job.path, inputs: inputs) {
            let fingerprint = Fingerprint.of(salt, known)
            if ledger.holds(job.path, fingerprint: fingerprint) {
                return RenderedPage(
                    file: SiteFile(path: job.path, fingerprint: fingerprint, content: .kept, context: known),
                    builtContext: false
                )
            }
        }
        // One encoding pass: the value tree feeds both the fingerprint and the template engine.
        let context = job.makeContext().flaggedTree
        let contextDigest = Fingerprint.of(context, salt: "context")
        let fingerprint = Fingerprint.of(salt, contextDigest)
        if ledger?.holds(job.path, fingerprint: fingerprint) == true {
            return RenderedPage(
                file: SiteFile(path: job.path, fingerprint: fingerprint, content: .kept, context: contextDigest),
                builtContext: true
            )
        }
        let clock = ContinuousClock()
        let started = clock.now
        let bytes = try theme.render(job.template, context, globals: words.tree)
        let engineTime = clock.now - started
        return RenderedPage(
            file: SiteFile(
                path: job.path,
                fingerprint: fingerprint,
                content: .bytes(Data(bytes)),
                context: contextDigest
            ),
            builtContext: true,
            engineTime: engineTime
        )
    }

    /// A language's words as every page reads them, `{"t": {"nav": {"moves": "Moves"}, …}}`: below each page's
    /// context on the engine's stack, made and digested once per language rather than encoded into each page's
    /// context (a large share of a page's context cost: Benchmarks/README.md).
    struct PageWords: Sendable {
        let tree: TemplateValue
        let digest: String

        init(_ strings: ThemeStrings) {
            tree = .object(TemplateObject([("t", strings.templateValue)]))
            digest = Fingerprint.of(tree, salt: "words")
        }
    }

    struct RenderedPage: Sendable {
        var file: SiteFile
        var builtContext: Bool
        /// The template engine's share of this page (zero for a page kept).
        var engineTime: Duration = .zero
    }
}
