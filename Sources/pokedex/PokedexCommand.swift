import ArgumentParser
import PokedexKit

@main
struct PokedexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pokedex",
        abstract: "Build a static, offline-browsable Pokédex website from PokeAPI.",
        version: PokedexVersion.current,
        subcommands: [
            BuildCommand.self, ServeCommand.self, CheckCommand.self, InitCommand.self, FavoritesCommand.self,
            ThemeCommand.self, SnapshotCommand.self,
        ],
        defaultSubcommand: BuildCommand.self)
}
