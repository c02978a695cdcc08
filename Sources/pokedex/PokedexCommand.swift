import ArgumentParser
import PokedexKit

@main
struct PokedexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pokedex",
        abstract: "Build a static, offline-browsable Pokédex website from PokeAPI.",
        version: PokedexVersion.current,
        subcommands: [
            BuildCommand.self, InitCommand.self, FavoritesCommand.self, ThemeCommand.self, SnapshotCommand.self,
            CheckCommand.self,
        ],
        defaultSubcommand: BuildCommand.self)
}
