import ArgumentParser
import Foundation
import PokedexRender

struct ThemeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "Work with the built-in theme.",
        subcommands: [ThemeEjectCommand.self]
    )
}

struct ThemeEjectCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eject",
        abstract: "Write the whole built-in theme into a folder, to edit it.",
        discussion: """
            Builds use it once pokedex.toml says templates = "DIR" (or with --templates DIR). A theme folder need \
            not hold every file: whatever it lacks comes from the built-in theme, so deleting the files you do \
            not change keeps them up to date with pokedex.
            """
    )

    @Argument(help: ArgumentHelp("Where to write it.", valueName: "dir"))
    var directory: String = "Templates"

    @Flag(help: "Overwrite files that already exist.")
    var force = false

    func run() async throws {
        let folder = URL(
            fileURLWithPath: directory,
            relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        ).standardizedFileURL
        let written = try await reportingErrors { try ThemeEjector.eject(to: folder, force: force) }
        print("wrote \(written.count) files into \(directory)/")
        print(
            "Next: set templates = \"\(directory)\" in pokedex.toml (or pass --templates \(directory)), then edit and build"
        )
    }
}
