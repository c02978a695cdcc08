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

    @OptionGroup var edit: FavoritesEditArguments

    func run() async throws {
        try await edit.apply { editor, pokemon in try editor.remove(pokemon) }
    }
}
