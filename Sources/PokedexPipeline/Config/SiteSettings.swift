import Foundation
package import PokedexSource
import PokedexSupport

/// One source of settings (the command line, or `pokedex.toml`): what it says, nil where it says nothing.
package struct SettingsLayer: Sendable, Equatable {
    package var api: String?
    package var output: String?
    package var cache: String?
    package var templates: String?
    package var favorites: String?
    package var perPage: Int?
    package var listPageSize: Int?
    package var images: ImageMode?
    package var concurrency: Int?
    package var snapshot: SnapshotChoice?
    package var baseURL: String?
    /// PokeAPI language codes, the first the site root's.
    package var languages: [String]?

    package init(
        api: String? = nil,
        output: String? = nil,
        cache: String? = nil,
        templates: String? = nil,
        favorites: String? = nil,
        perPage: Int? = nil,
        listPageSize: Int? = nil,
        images: ImageMode? = nil,
        concurrency: Int? = nil,
        snapshot: SnapshotChoice? = nil,
        baseURL: String? = nil,
        languages: [String]? = nil
    ) {
        self.api = api
        self.output = output
        self.cache = cache
        self.templates = templates
        self.favorites = favorites
        self.perPage = perPage
        self.listPageSize = listPageSize
        self.images = images
        self.concurrency = concurrency
        self.snapshot = snapshot
        self.baseURL = baseURL
        self.languages = languages
    }
}

/// The settings a command runs with: flag, else environment (`POKEAPI_URL`), else `pokedex.toml`, else default.
/// Paths are absolute: flags resolve against the current folder, the file's keys and the defaults against the
/// config file's folder (the current one when there is no file).
package struct SiteSettings: Sendable, Equatable {
    package static let defaultAPI = APIBase.standard
    static let defaultOutput = "Output"
    package static let defaultCache = ".pokedex-cache"
    package static let defaultFavorites = "favorites.json"
    /// Index pages fill a desktop screen: 24 cells make full rows of 2, 3, 4, 6 or 8 columns.
    package static let defaultPerPage = 24
    /// PokeAPI's list pages are asked for 10 at a time, as the original app did.
    package static let defaultListPageSize = 10
    static let defaultConcurrency = 8
    static let apiEnvironmentVariable = "POKEAPI_URL"

    package var apiBase: String
    package var output: String
    package var cache: String
    /// A folder overriding the built-in theme file by file; nil for the built-in theme alone.
    package var templates: String?
    package var favorites: String
    package var perPage: Int
    package var listPageSize: Int
    package var images: ImageMode
    package var concurrency: Int
    package var snapshot: SnapshotChoice
    /// Where the site is published (`https://user.github.io/pokedex/`); nil: the site stays fully relative.
    package var baseURL: String?
    /// The site's languages (PokeAPI codes): the first at the root, each other in a folder of its own.
    package var languages: [String] = ["en"]

    /// `flags` over the environment, the config file (`configPath`, else `pokedex.toml` when present) and defaults.
    package static func resolve(
        _ flags: SettingsLayer,
        configPath: String?,
        environment: [String: String],
        currentDirectory: String
    ) throws -> SiteSettings {
        let config = try SiteConfig.load(explicit: configPath, currentDirectory: currentDirectory)
        return resolve(flags, environment: environment, config: config, currentDirectory: currentDirectory)
    }

    package static func resolve(
        _ flags: SettingsLayer,
        environment: [String: String],
        config: SiteConfig,
        currentDirectory: String
    ) -> SiteSettings {
        let base = config.baseFolder(currentDirectory: currentDirectory)
        let file = config.values
        func flagPath(_ path: String?) -> String? { path.map { Paths.resolve($0, from: currentDirectory).path } }
        func defaultPath(_ path: String) -> String { Paths.resolve(path, from: base).path }
        let environmentAPI = environment[apiEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        let snapshot: SnapshotChoice
        switch flags.snapshot ?? file.snapshot ?? .bundled {
        case .file(let path) where flags.snapshot != nil:
            snapshot = .file(Paths.resolve(path, from: currentDirectory).path)
        case let other: snapshot = other
        }
        return SiteSettings(
            apiBase: flags.api ?? environmentAPI ?? file.api ?? defaultAPI,
            output: flagPath(flags.output) ?? file.output ?? defaultPath(defaultOutput),
            cache: flagPath(flags.cache) ?? file.cache ?? defaultPath(defaultCache),
            templates: flagPath(flags.templates) ?? file.templates,
            favorites: flagPath(flags.favorites) ?? file.favorites ?? defaultPath(defaultFavorites),
            perPage: flags.perPage ?? file.perPage ?? defaultPerPage,
            listPageSize: flags.listPageSize ?? file.listPageSize ?? defaultListPageSize,
            images: flags.images ?? file.images ?? .local,
            concurrency: flags.concurrency ?? file.concurrency ?? defaultConcurrency,
            snapshot: snapshot,
            baseURL: flags.baseURL ?? file.baseURL,
            languages: flags.languages ?? file.languages ?? ["en"]
        )
    }
}
