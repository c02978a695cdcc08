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
            Settings come from the flags, then POKEAPI_URL, then pokedex.toml (see `pokedex init`), then the \
            defaults. An empty cache is seeded from the data snapshot inside pokedex: online, one request asks \
            whether the server's data changed; offline, the site is built from the snapshot. Exit status: 0 when \
            the whole site was built (possibly from a stale cache or the snapshot: the site then shows an offline \
            banner); 1 on a local error (config, templates, output folder, favorites file, disk); 3 when some data \
            could be had neither from the network nor from the cache (everything else was fetched and cached, the \
            site is left as it was: run again later); 64 on a bad option.
            """)

    @OptionGroup var site: SiteOptions

    @Option(help: ArgumentHelp("Folder the site is written to (default: output in pokedex.toml, else Output).",
                               valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp("Theme folder overriding the built-in theme file by file (default: templates in pokedex.toml, else none).",
                               valueName: "dir"))
    var templates: String?

    @Option(help: ArgumentHelp("Export only the first N Pokémon of the list (default: all).", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("Pokémon per list request and per index page (default: 10).", valueName: "n"))
    var perPage: Int?

    @Option(help: ArgumentHelp("Most requests in flight at once (default: 8).", valueName: "n"))
    var concurrency: Int?

    @Option(help: ArgumentHelp("local: copy pictures into the site; remote: reference their URLs (default: local).",
                               valueName: "mode"))
    var images: ImageMode?

    @Option(help: ArgumentHelp("Seed an empty cache from this snapshot file (from `pokedex snapshot`) instead of the bundled one.",
                               valueName: "file"))
    var snapshot: String?

    @Flag(help: "Live data only: never seed the cache from a data snapshot.")
    var noSnapshot = false

    @Flag(help: "Revalidate every cached resource, whatever its age.")
    var refresh = false

    @Flag(help: "Never touch the network; build from the cache (or the snapshot) or fail naming what is missing.")
    var offline = false

    @Flag(help: "Then check the written site as `pokedex check` does (findings make the exit status 1).")
    var check = false

    @Flag(name: .shortAndLong, help: "Log each retry, fallback and cache decision to stderr.")
    var verbose = false

    func validate() throws {
        if refresh && offline { throw ValidationError("--refresh and --offline cannot be used together") }
        if noSnapshot && snapshot != nil { throw ValidationError("--snapshot and --no-snapshot cannot be used together") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if let perPage, !BuildOptions.perPageRange.contains(perPage) {
            throw ValidationError("--per-page must be between 1 and 1000")
        }
        if let concurrency, !BuildOptions.concurrencyRange.contains(concurrency) {
            throw ValidationError("--concurrency must be between 1 and 64")
        }
    }

    func run() async throws {
        let settings = try await site.settings { flags in
            flags.output = output
            flags.templates = templates
            flags.perPage = perPage
            flags.concurrency = concurrency
            flags.images = images
            flags.snapshot = noSnapshot ? .off : snapshot.map { .file($0) }
        }
        let options = BuildOptions(settings: settings, limit: limit,
                                   mode: offline ? .offline : (refresh ? .refresh : .normal))
        let progress: any BuildProgress = TerminalProgress.isAvailable ? TerminalProgress() : SilentProgress()
        let summary = try await reportingErrors {
            try await SiteBuilder(options: options, logger: makeLogger(verbose: verbose), progress: progress).run()
        }
        print(summary.line)
        if check { try await checkSite(at: settings.output) }
    }
}
