import ArgumentParser
import Foundation
import PokedexPipeline

struct FavoritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites",
        abstract: "Edit the favorites file the site is built with.",
        discussion: """
            Names and ids are checked against the Pokémon list that `pokedex build` cached for the API (or, \
            before any build, the data snapshot's list); no network is used. --config, --api, --cache and \
            --favorites default to what pokedex.toml says, as for `pokedex build`. Exit status: 0 on success (also \
            when nothing had to change); 1 on an unknown name, a malformed favorites or config file (left \
            untouched), an I/O error, or `clear` without a terminal or --yes; 64 on a bad option.
            """,
        subcommands: [
            FavoritesAddCommand.self, FavoritesRemoveCommand.self, FavoritesListCommand.self,
            FavoritesClearCommand.self,
        ]
    )
}

extension SiteOptions {
    /// An editor for the favorites file that reads the cached list only once the file has been read.
    func favoritesEditor() async throws -> (editor: FavoritesEditor, path: String) {
        let settings = try await settings()
        let apiBase = CachedCatalog.normalisedAPIBase(settings.apiBase)
        let editor = FavoritesEditor(path: settings.favorites, apiBase: apiBase) {
            // Warnings (an unusable snapshot file, an unreadable cache entry) go to stderr, as `build` says them.
            try CachedCatalog.load(
                cache: settings.cache,
                apiBase: apiBase,
                snapshot: settings.snapshot,
                logger: makeLogger(verbose: 0)
            )
        }
        return (editor, settings.favorites)
    }
}

/// Prints a report: results on stdout, notes on stderr.
func printReport(_ messages: [String], notes: [String]) {
    for message in messages { print(message) }
    for note in notes { FileHandle.standardError.write(Data("pokedex: note: \(note)\n".utf8)) }
}
