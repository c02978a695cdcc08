import ArgumentParser
import PokedexPipeline

struct FavoritesRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove Pokémon from the favorites file.",
        discussion: """
            Removes every entry naming each Pokémon, by any spelling the cache can resolve (pikachu, 25, \
            "#025"). A Pokémon that is not a favorite is noted, not an error; a name that is neither in the file \
            nor in the cached list is refused with the closest matches, and nothing is written.
            """
    )

    @OptionGroup var site: SiteOptions

    @Argument(help: ArgumentHelp("Pokémon names or ids.", valueName: "name-or-id"))
    var pokemon: [String]

    func validate() throws {
        if pokemon.isEmpty { throw ValidationError("give at least one Pokémon name or id") }
    }

    func run() async throws {
        let editor = try await site.favoritesEditor().editor
        let report = try await reportingErrors { try editor.remove(pokemon) }
        printReport(report.messages, notes: report.notes)
    }
}
