import ArgumentParser
import Foundation
import PokedexPipeline
import PokedexSource
import PokedexSupport

struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Write a data snapshot of a PokeAPI-compatible server: what the site shows, compressed.",
        discussion: """
            Revalidates every Pokémon, species and list page through the cache (none may come from a stale \
            copy) and checks that the server's data hash did not change meanwhile. `pokedex build --snapshot FILE` \
            or `snapshot = "FILE"` in pokedex.toml use the file; the repository's Snapshot/bundled.pokedex-snapshot \
            is the one compiled into pokedex.
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(help: ArgumentHelp("The file to write.", valueName: "file"))
    var output: String

    @Option(help: ArgumentHelp("Most requests in flight at once (default: 8).", valueName: "n"))
    var concurrency: Int?

    @Flag(
        name: .shortAndLong,
        help: "Log each retry and cache decision to stderr (-vv: the HTTP client's own lines too)."
    )
    var verbose: Int

    func validate() throws {
        if let concurrency, !BuildOptions.concurrencyRange.contains(concurrency) {
            throw ValidationError("--concurrency must be between 1 and 64")
        }
    }

    func run() async throws {
        let settings = try await site.settings { $0.concurrency = concurrency }
        let path = URL(
            fileURLWithPath: output,
            relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        ).path
        let progress: any BuildProgress = TerminalProgress.isAvailable ? TerminalProgress() : SilentProgress()
        let maker = SnapshotMaker(
            apiBase: settings.apiBase,
            cache: settings.cache,
            concurrency: settings.concurrency,
            logger: makeLogger(verbose: verbose),
            progress: progress
        )
        let (snapshot, bytes) = try await reportingErrors {
            let snapshot = try await maker.make()
            return (snapshot, try SnapshotMaker.write(snapshot, to: path))
        }
        print(
            "\(snapshot.pokemon.count) Pokémon, \(snapshot.species.count) species, \(snapshot.evolutionChains.count) evolution chains, "
                + "\(snapshot.types.count) types, \(snapshot.forms.count) forms, "
                + "\(snapshot.moves.count) moves, \(snapshot.machines.count) machines, \(snapshot.abilities.count) abilities, "
                + "\(snapshot.encounters.count) Pokémon found somewhere, \(snapshot.areas.count) areas in "
                + "\(snapshot.locations.count) places, \(snapshot.pokedexes.count) Pokédexes, "
                + "\(snapshot.natures?.count ?? 0) natures, "
                + "\(snapshot.items.count) items in \(snapshot.itemCategories.count) categories, "
                + "\(snapshot.named.values.reduce(0) { $0 + $1.count }) named resources, data hash \(snapshot.dataHash): "
                + "\(bytes) bytes compressed, written to \(output)"
        )
    }
}
