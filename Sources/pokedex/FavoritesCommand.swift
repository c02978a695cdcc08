import ArgumentParser

struct FavoritesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "favorites",
        abstract: "Edit the favorites file the site is built with.",
        subcommands: [])
}
