import ArgumentParser
import Foundation
import PokedexKit

extension FetchMode: ExpressibleByArgument {}
extension ImageMode: ExpressibleByArgument {}

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Fetch Pokémon from PokeAPI (through the cache) and write the site.",
        discussion: """
            Exit status: 0 when the whole site was built (possibly from a stale cache: the site then shows an \
            offline banner); 1 on a local error (templates, output folder, favorites file, disk); 3 when some \
            data could be had neither from the network nor from the cache (everything else was fetched and \
            cached, the site is left as it was: run again later); 64 on a bad option.
            """)

    @Option(help: ArgumentHelp("PokeAPI base URL (env POKEAPI_URL).", valueName: "url"))
    var api: String = ProcessInfo.processInfo.environment["POKEAPI_URL"] ?? BuildOptions.defaultAPI

    @Option(help: ArgumentHelp("Folder the site is written to.", valueName: "dir"))
    var output = "Output"

    @Option(help: ArgumentHelp("Folder of the HTTP cache.", valueName: "dir"))
    var cache = ".pokedex-cache"

    @Option(help: ArgumentHelp("Theme folder: Mustache templates and assets.", valueName: "dir"))
    var templates = "Templates"

    @OptionGroup var favoritesFile: FavoritesFileOption

    @Option(help: ArgumentHelp("Export only the first N Pokémon of the list (default: all).", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("Pokémon per list request and per index page.", valueName: "n"))
    var perPage = 10

    @Option(help: ArgumentHelp("Most requests in flight at once.", valueName: "n"))
    var concurrency = 8

    @Option(help: ArgumentHelp("local: copy pictures into the site; remote: reference their URLs.", valueName: "mode"))
    var images: ImageMode = .local

    @Flag(help: "Revalidate every cached resource, whatever its age.")
    var refresh = false

    @Flag(help: "Never touch the network; build from the cache or fail naming what is missing.")
    var offline = false

    @Flag(name: .shortAndLong, help: "Log each retry, fallback and cache decision to stderr.")
    var verbose = false

    func validate() throws {
        if refresh && offline { throw ValidationError("--refresh and --offline cannot be used together") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if !(1...1000).contains(perPage) { throw ValidationError("--per-page must be between 1 and 1000") }
        if !(1...64).contains(concurrency) { throw ValidationError("--concurrency must be between 1 and 64") }
    }

    func run() async throws {
        let options = BuildOptions(
            apiBase: api, output: output, cache: cache, templates: templates, favorites: favoritesFile.favorites,
            limit: limit, perPage: perPage, concurrency: concurrency,
            mode: offline ? .offline : (refresh ? .refresh : .normal), images: images)
        let progress: any BuildProgress = TerminalProgress.isAvailable ? TerminalProgress() : SilentProgress()
        let summary = try await reportingErrors {
            try await SiteBuilder(options: options, logger: makeLogger(verbose: verbose), progress: progress).run()
        }
        print(summary.line)
    }
}
