package import Foundation
import PokedexModel
package import PokedexSource
import PokedexSupport

/// `--images`: where pages find pictures.
package enum ImageMode: String, Sendable, CaseIterable {
    /// Download into the cache and copy into `Output/images/`.
    case local
    /// Never download; pages reference the sprite URLs.
    case remote
}

/// Everything `pokedex build` is told.
package struct BuildOptions: Sendable {
    package static let defaultAPI = SiteSettings.defaultAPI
    package static let perPageRange = 1...1000
    package static let concurrencyRange = APIBase.concurrencyRange

    package var apiBase: String
    package var output: String
    package var cache: String
    /// A folder overriding the built-in theme file by file; nil for the built-in theme alone.
    package var templates: String?
    package var favorites: String
    /// Export only the first N of the list; nil for all.
    package var limit: Int?
    /// Pokémon per index page.
    package var perPage: Int
    /// Pokémon per list request (`/pokemon?limit=N&offset=…`): PokeAPI's pages stay small whatever the site shows.
    package var listPageSize: Int
    package var concurrency: Int
    package var mode: FetchMode
    package var images: ImageMode
    package var snapshot: SnapshotChoice
    /// Where the site is published, ending in `/` once validated; nil for a fully relative site.
    package var baseURL: String?
    /// PokeAPI codes of the site's languages, the first the root's (validated: known, each once).
    package var languages: [String] = ["en"]
    package var retry: RetryPolicy
    /// The working directory that relative paths resolve against.
    package var currentDirectory: String
    /// Pages rendered at once: the cores unless set (tests set it to show the output does not depend on it).
    var renderParallelism = ProcessInfo.processInfo.activeProcessorCount

    package init(
        apiBase: String = BuildOptions.defaultAPI,
        output: String = "Output",
        cache: String = ".pokedex-cache",
        templates: String? = nil,
        favorites: String = "favorites.json",
        limit: Int? = nil,
        perPage: Int = SiteSettings.defaultPerPage,
        listPageSize: Int = SiteSettings.defaultListPageSize,
        concurrency: Int = 8,
        mode: FetchMode = .normal,
        images: ImageMode = .local,
        snapshot: SnapshotChoice = .bundled,
        baseURL: String? = nil,
        retry: RetryPolicy = .standard,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        self.apiBase = apiBase
        self.output = output
        self.cache = cache
        self.templates = templates
        self.favorites = favorites
        self.limit = limit
        self.perPage = perPage
        self.listPageSize = listPageSize
        self.concurrency = concurrency
        self.mode = mode
        self.images = images
        self.snapshot = snapshot
        self.baseURL = baseURL
        self.retry = retry
        self.currentDirectory = currentDirectory
    }

    /// The options `settings` give, for a build of the first `limit` Pokémon in `mode`.
    package init(
        settings: SiteSettings,
        limit: Int?,
        mode: FetchMode,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        self.init(
            apiBase: settings.apiBase,
            output: settings.output,
            cache: settings.cache,
            templates: settings.templates,
            favorites: settings.favorites,
            limit: limit,
            perPage: settings.perPage,
            listPageSize: settings.listPageSize,
            concurrency: settings.concurrency,
            mode: mode,
            images: settings.images,
            snapshot: settings.snapshot,
            baseURL: settings.baseURL,
            currentDirectory: currentDirectory
        )
        languages = settings.languages
    }

    /// Checks the values and normalises the API base (no trailing slash).
    package func validated() throws -> BuildOptions {
        var options = self
        options.apiBase = try APIBase.validated(options.apiBase)
        if let baseURL {
            options.baseURL = try Self.validatedBaseURL(baseURL)
        }
        if let limit, limit < 1 {
            throw PokedexError(.options, nil, .invalidInput("--limit must be at least 1 (got \(limit))"))
        }
        guard Self.perPageRange.contains(perPage) else {
            throw PokedexError(.options, nil, .invalidInput("--per-page must be between 1 and 1000 (got \(perPage))"))
        }
        guard Self.perPageRange.contains(listPageSize) else {
            throw PokedexError(
                .options,
                nil,
                .invalidInput("--list-page-size must be between 1 and 1000 (got \(listPageSize))")
            )
        }
        _ = try APIBase.validatedConcurrency(concurrency)
        options.languages = try Self.validatedLanguages(languages)
        return options
    }

    /// PokeAPI codes it speaks, lowercased, each once; at least one.
    static func validatedLanguages(_ codes: [String]) throws -> [String] {
        let known = SiteLanguage.all.map(\.code)
        var result: [String] = []
        for code in codes {
            guard let language = SiteLanguage.named(code) else {
                if let renamed = SiteLanguage.renamed[code.lowercased()] {
                    throw PokedexError(
                        .options,
                        code,
                        .invalidInput("PokeAPI calls this language \"\(renamed)\" now"),
                        hint: "use --language \(renamed) (or \"\(renamed)\" in languages in pokedex.toml)"
                    )
                }
                throw PokedexError(
                    .options,
                    code,
                    .invalidInput(
                        "unknown language \"\(code)\" (--language or languages in pokedex.toml); PokeAPI's are: \(known.joined(separator: ", "))"
                    )
                )
            }
            if !result.contains(language.code) { result.append(language.code) }
        }
        guard !result.isEmpty else {
            throw PokedexError(
                .options,
                nil,
                .invalidInput("at least one language is needed (languages in pokedex.toml)")
            )
        }
        return result
    }

    /// An absolute http(s) URL without query or fragment, ending in `/` (pages are named relative to it).
    static func validatedBaseURL(_ text: String) throws -> String {
        let refused = PokedexError(
            .options,
            text,
            .invalidInput(
                "the base URL (--base-url or base-url in pokedex.toml) must be an absolute http(s) URL without query or fragment, such as https://user.github.io/pokedex/"
            )
        )
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", components.host?.isEmpty == false,
            components.query == nil, components.fragment == nil, components.user == nil,
            components.password == nil
        else { throw refused }
        return text.hasSuffix("/") ? text : text + "/"
    }

    package func resolve(_ path: String) -> URL {
        Paths.resolve(path, from: currentDirectory)
    }
}
