import ArgumentParser
import Foundation
import PokedexSource
import PokedexSupport

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
        defaultSubcommand: BuildCommand.self
    )

    /// `pokedex --version` also says which data the binary carries; the snapshot is read only then.
    static func main() async {
        Platform.returnFreedMemoryPromptly()
        if CommandLine.arguments.dropFirst() == ["--version"] {
            print(versionText())
            return
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    static func versionText() -> String {
        do {
            let (date, hash) = try DataSnapshot.bundledStamp()
            let day = ISO8601DateFormatter().string(from: date)
            return "pokedex \(PokedexVersion.current)\nbundled snapshot: PokeAPI data hash \(hash), taken \(day)"
        } catch {
            return "pokedex \(PokedexVersion.current)\nbundled snapshot: \(error)"
        }
    }
}
