import Foundation

/// What the command line said of the settings every command shares; nil where it said nothing.
public struct CommandLineSettings: Sendable, Equatable {
    public var config: String?
    public var api: String?
    public var output: String?
    public var cache: String?
    public var templates: String?
    public var favorites: String?
    public var perPage: Int?
    public var images: ImageMode?
    public var concurrency: Int?
    public var snapshot: SnapshotChoice?

    public init(config: String? = nil, api: String? = nil, output: String? = nil, cache: String? = nil,
                templates: String? = nil, favorites: String? = nil, perPage: Int? = nil, images: ImageMode? = nil,
                concurrency: Int? = nil, snapshot: SnapshotChoice? = nil) {
        self.config = config
        self.api = api
        self.output = output
        self.cache = cache
        self.templates = templates
        self.favorites = favorites
        self.perPage = perPage
        self.images = images
        self.concurrency = concurrency
        self.snapshot = snapshot
    }
}

/// The settings a command runs with: flag, else environment (`POKEAPI_URL`), else `pokedex.toml`, else default.
/// Paths are absolute: flags resolve against the current folder, the file's keys and the defaults against the
/// config file's folder (the current one when there is no file).
public struct SiteSettings: Sendable, Equatable {
    public static let defaultAPI = "https://pokeapi.co/api/v2"
    public static let defaultOutput = "Output"
    public static let defaultCache = ".pokedex-cache"
    public static let defaultFavorites = "favorites.json"
    public static let defaultPerPage = 10
    public static let defaultConcurrency = 8
    public static let apiEnvironmentVariable = "POKEAPI_URL"

    /// The config file read, if any.
    public var configFile: String?
    public var apiBase: String
    public var output: String
    public var cache: String
    /// A folder overriding the built-in theme file by file; nil for the built-in theme alone.
    public var templates: String?
    public var favorites: String
    public var perPage: Int
    public var images: ImageMode
    public var concurrency: Int
    public var snapshot: SnapshotChoice

    public static func resolve(_ flags: CommandLineSettings, environment: [String: String],
                               currentDirectory: String) throws -> SiteSettings {
        let config = try SiteConfig.load(explicit: flags.config, currentDirectory: currentDirectory)
        return resolve(flags, environment: environment, config: config, currentDirectory: currentDirectory)
    }

    public static func resolve(_ flags: CommandLineSettings, environment: [String: String], config: SiteConfig,
                               currentDirectory: String) -> SiteSettings {
        let base = config.baseFolder(currentDirectory: currentDirectory)
        func flagPath(_ path: String?) -> String? { path.map { OutputFolder.resolve($0, from: currentDirectory).path } }
        func defaultPath(_ path: String) -> String { OutputFolder.resolve(path, from: base).path }
        let environmentAPI = environment[apiEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        let snapshot: SnapshotChoice
        switch flags.snapshot ?? config.snapshot ?? .bundled {
        case .file(let path) where flags.snapshot != nil: snapshot = .file(OutputFolder.resolve(path, from: currentDirectory).path)
        case let other: snapshot = other
        }
        return SiteSettings(
            configFile: config.file,
            apiBase: flags.api ?? environmentAPI ?? config.api ?? defaultAPI,
            output: flagPath(flags.output) ?? config.output ?? defaultPath(defaultOutput),
            cache: flagPath(flags.cache) ?? config.cache ?? defaultPath(defaultCache),
            templates: flagPath(flags.templates) ?? config.templates,
            favorites: flagPath(flags.favorites) ?? config.favorites ?? defaultPath(defaultFavorites),
            perPage: flags.perPage ?? config.perPage ?? defaultPerPage,
            images: flags.images ?? config.images ?? .local,
            concurrency: flags.concurrency ?? config.concurrency ?? defaultConcurrency,
            snapshot: snapshot)
    }
}
