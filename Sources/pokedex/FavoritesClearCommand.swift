import ArgumentParser
import Foundation
import PokedexPipeline

struct FavoritesClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Delete all favorites (the file is kept, holding []).",
        discussion: """
            On a terminal, asks for confirmation first. Without a terminal (a script, a pipe) it needs --yes, \
            and otherwise refuses with exit status 1. An empty favorites file is not an error.
            """
    )

    @OptionGroup var site: SiteOptions

    @Flag(name: [.customShort("y"), .long], help: "Delete without asking.")
    var yes = false

    func run() async throws {
        let (editor, path) = try await site.favoritesEditor()
        let outcome = try await reportingErrors { try editor.clear(confirmed: yes, prompt: TerminalPrompt()) }
        switch outcome {
        case .cleared(let count): print("Deleted \(count) favorite(s) from \(path).")
        case .nothingToClear: print("No favorites to clear.")
        case .declined: FileHandle.standardError.write(Data("Nothing was deleted.\n".utf8))
        }
    }
}
