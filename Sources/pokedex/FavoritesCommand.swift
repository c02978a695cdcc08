import ArgumentParser
import Foundation
import PokedexKit

struct FavoritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites",
        abstract: "Edit the favorites file the site is built with.",
        discussion: """
            Names and ids are checked against the Pokémon list that `pokedex build` cached for --api (no network \
            is used). Exit status: 0 on success (also when nothing had to change); 1 on an unknown name, a \
            malformed favorites file (left untouched), an I/O error, or `clear` without a terminal or --yes; 64 \
            on a bad option.
            """,
        subcommands: [
            FavoritesAddCommand.self, FavoritesRemoveCommand.self, FavoritesListCommand.self,
            FavoritesClearCommand.self,
        ])
}

/// Where the favorites commands find the cached Pokémon list that names are checked against.
struct FavoritesCacheOptions: ParsableArguments {
    @Option(help: ArgumentHelp("PokeAPI base URL whose cached list names are checked against (env POKEAPI_URL).",
                               valueName: "url"))
    var api: String = ProcessInfo.processInfo.environment["POKEAPI_URL"] ?? BuildOptions.defaultAPI

    @Option(help: ArgumentHelp("Folder of the HTTP cache.", valueName: "dir"))
    var cache = ".pokedex-cache"

    /// An editor for `file` that reads the cached list only once the favorites file has been read.
    func editor(for file: FavoritesFileOption) -> FavoritesEditor {
        let apiBase = CachedCatalog.normalisedAPIBase(api)
        let cache = self.cache
        return FavoritesEditor(path: file.favorites, apiBase: apiBase) {
            try CachedCatalog.load(cache: cache, apiBase: apiBase)
        }
    }
}

/// Prints a report: results on stdout, notes on stderr.
func printReport(_ messages: [String], notes: [String]) {
    for message in messages { print(message) }
    for note in notes { FileHandle.standardError.write(Data("pokedex: note: \(note)\n".utf8)) }
}
