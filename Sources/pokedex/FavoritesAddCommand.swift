import ArgumentParser
import PokedexPipeline

struct FavoritesAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add Pokémon to the favorites file.",
        discussion: """
            Give names or ids: pikachu, Pikachu, 25, '#025' (quote # in the shell). A Pokémon the cache knows is \
            written as its API name ("pikachu"), however it was given; without a cached list, a name is written \
            as its lower-case slug and an id as a number. Pokémon already in the file (by any spelling) are not \
            added again. An unknown name is refused with the closest matches, and nothing is written.
            """
    )

    @OptionGroup var edit: FavoritesEditArguments

    func run() async throws {
        try await edit.apply { editor, pokemon in try editor.add(pokemon) }
    }
}

/// What `favorites add` and `favorites remove` take alike: the site's options and the Pokémon to add or remove.
struct FavoritesEditArguments: ParsableArguments {
    @OptionGroup var site: SiteOptions

    @Argument(help: ArgumentHelp("Pokémon names or ids.", valueName: "name-or-id"))
    var pokemon: [String]

    func validate() throws {
        if pokemon.isEmpty { throw ValidationError("give at least one Pokémon name or id") }
    }

    /// Makes one change to the favorites file and prints what it did: results on stdout, notes on stderr.
    func apply(_ change: (FavoritesEditor, [String]) throws -> FavoritesEditor.Report) async throws {
        let editor = try await site.favoritesEditor().editor
        let report = try await reportingErrors { try change(editor, pokemon) }
        printReport(report.messages, notes: report.notes)
    }
}
