import ArgumentParser
import Foundation
import PokedexPipeline

struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Make a new site folder: a commented pokedex.toml, an empty favorites.json and a .gitignore.",
        discussion: "Refuses to overwrite any of them. The folder is made when it does not exist."
    )

    @Argument(help: ArgumentHelp("The site folder (default: the current folder).", valueName: "dir"))
    var directory: String = "."

    func run() async throws {
        let folder = URL(
            fileURLWithPath: directory,
            relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        ).standardizedFileURL
        let written = try await reportingErrors { try SiteInitializer.create(in: folder) }
        for name in written {
            print("wrote \(directory == "." ? name : (directory as NSString).appendingPathComponent(name))")
        }
        let next = directory == "." ? "pokedex build" : "cd \(Self.shellQuoted(directory)) && pokedex build"
        print("Next: \(next)    (edit pokedex.toml to change the API, folders or page size)")
    }

    static func shellQuoted(_ text: String) -> String {
        text.allSatisfy({ $0.isLetter || $0.isNumber || "-_./".contains($0) })
            ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
