import ArgumentParser
import PokedexPipeline

struct FavoritesListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the favorites, one per line in file order (#0025 Pikachu).",
        discussion:
            "A form shows its species' number and what `favorites add` takes: #0026 Alolan Raichu — raichu-alola, id 10100. Entries the cache cannot resolve are printed as written, with a note in parentheses."
    )

    @OptionGroup var site: SiteOptions

    @Flag(help: "Print the file's JSON array instead (normalised, entries as the file holds them).")
    var json = false

    func run() async throws {
        let editor = try await site.favoritesEditor().editor
        if json {
            print(try await reportingErrors { try editor.listJSON() }, terminator: "")
            return
        }
        let listing = try await reportingErrors { try editor.list() }
        printReport(listing.entries.map(\.line), notes: listing.notes)
    }
}
