import ArgumentParser
import Foundation
import Logging
import PokedexPipeline
import PokedexSupport

/// Runs a command body, turning a `PokedexError` into a message on stderr and its documented exit status.
func reportingErrors<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as PokedexError {
        FileHandle.standardError.write(Data("pokedex: error: \(error.description)\n".utf8))
        throw ExitCode(error.exitCode)
    }
}

/// Logs go to stderr so that stdout holds only results (the summary line, `favorites list`). `verbose`: how many
/// `-v`s: none, warnings; one, pokedex's own decisions (debug); two, the HTTP client's internals too (trace).
func makeLogger(verbose: Int) -> Logger {
    var logger = Logger(label: "pokedex") { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = verbose >= 2 ? .trace : verbose == 1 ? .debug : .warning
    return logger
}

/// Where every command finds the site: its config file, the API, the cache and the favorites file. Each falls
/// back to the environment (`POKEAPI_URL`), then `pokedex.toml`, then its default.
struct SiteOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The site config (default: pokedex.toml in the current folder, if there is one).",
            valueName: "file"
        )
    )
    var config: String?

    @Option(
        help: ArgumentHelp(
            "PokeAPI base URL (default: $POKEAPI_URL, else api in pokedex.toml, else \(SiteSettings.defaultAPI)).",
            valueName: "url"
        )
    )
    var api: String?

    @Option(
        help: ArgumentHelp(
            "Folder of the HTTP cache (default: cache in pokedex.toml, else \(SiteSettings.defaultCache)).",
            valueName: "dir"
        )
    )
    var cache: String?

    @Option(
        help: ArgumentHelp(
            "The favorites file, a JSON array of names or ids (default: favorites in pokedex.toml, else \(SiteSettings.defaultFavorites)).",
            valueName: "file"
        )
    )
    var favorites: String?

    /// These options over the environment, the config file and the defaults; `more` adds a command's own flags.
    func settings(_ more: (inout SettingsLayer) -> Void = { _ in }) async throws -> SiteSettings {
        try await reportingErrors { try resolveSettings(more) }
    }

    /// The same, thrown as they are: for `serve`, which reads them again when the config file changes.
    func resolveSettings(_ more: (inout SettingsLayer) -> Void = { _ in }) throws -> SiteSettings {
        var flags = SettingsLayer(api: api, cache: cache, favorites: favorites)
        more(&flags)
        return try SiteSettings.resolve(
            flags,
            configPath: config,
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath
        )
    }
}
