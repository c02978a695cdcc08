import ArgumentParser
import Foundation
import PokedexPipeline
import PokedexSource
import PokedexSupport

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
            """
    )

    @OptionGroup var site: SiteOptions

    @OptionGroup var build: BuildFlags

    @Option(
        help: ArgumentHelp(
            "Also write the build as JSON to this file, failed builds included (schema: Docs/publish.md, \"Build report\").",
            valueName: "file"
        )
    )
    var report: String?

    @Flag(help: "Then check the written site as `pokedex check` does (findings make the exit status 1).")
    var check = false

    func run() async throws {
        let progress: any BuildProgress = TerminalProgress.isAvailable ? TerminalProgress() : SilentProgress()
        let reportFile = report.map { Paths.resolve($0, from: FileManager.default.currentDirectoryPath) }
        let logger = makeLogger(verbose: build.verbose)
        let (summary, checked) = try await reportingErrors {
            try await BuildReport.recording(to: reportFile, check: check, logger: logger) {
                let options = try build.resolvedOptions(site: site)
                return try await SiteBuilder(options: options, logger: logger, progress: progress).run()
            }
        }
        print(summary.line)
        if let checked { try printCheck(checked) }
    }
}
