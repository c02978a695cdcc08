import Foundation
import Testing

@Suite(.serialized) struct FavoritesEndToEndTests {
    static let two = "[\n  \"pikachu\",\n  4\n]\n"

    @Test func clearWithoutATerminalRefusesUnlessGivenYes() async throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeFavorites(Self.two)

        let refused = try await PokedexBinary.run(["favorites", "clear"], in: sandbox.root)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("refusing to delete all 2 favorite(s) without confirmation"))
        #expect(refused.stderr.contains("--yes"))
        #expect(!refused.stderr.contains("Are you sure"))
        #expect(sandbox.favoritesText() == Self.two)

        let cleared = try await PokedexBinary.run(["favorites", "clear", "--yes"], in: sandbox.root)
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect(cleared.stdout.contains("Deleted 2 favorite(s)"))
        #expect(sandbox.favoritesText() == "[]\n")

        let again = try await PokedexBinary.run(["favorites", "clear"], in: sandbox.root)
        #expect(again.status == 0)
        #expect(again.stdout.contains("No favorites to clear."))
    }

    @Test func clearOnATerminalAsksAndYClears() async throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeFavorites(Self.two)
        let run = try await PokedexBinary.runOnTerminal(
            ["favorites", "clear"],
            in: sandbox.root,
            waitFor: "[y/N]",
            type: "y\n"
        )
        #expect(run.transcript.contains("Are you sure you want to delete all favorites? [y/N]"))
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.transcript.contains("Deleted 2 favorite(s)"))
        #expect(sandbox.favoritesText() == "[]\n")
    }

    @Test func clearOnATerminalAnsweredNoKeepsTheFile() async throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeFavorites(Self.two)
        let run = try await PokedexBinary.runOnTerminal(
            ["favorites", "clear"],
            in: sandbox.root,
            waitFor: "[y/N]",
            type: "n\n"
        )
        #expect(run.transcript.contains("Are you sure you want to delete all favorites? [y/N]"))
        #expect(run.status == 0)
        #expect(run.transcript.contains("Nothing was deleted."))
        #expect(sandbox.favoritesText() == Self.two)
    }

    @Test func addListRemoveThroughTheCommandLine() async throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache(api: FavoritesSandbox.api)
        try sandbox.writeFavorites("[\"bulbasaur\",\"pikachu\"]")  // as "Export favorites" writes it
        let common = ["--cache", "cache", "--api", FavoritesSandbox.api + "/"]

        let add = try await PokedexBinary.run(["favorites", "add", "Mr. Mime", "#025", "4"] + common, in: sandbox.root)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout == "Added #0122 Mr. Mime\nAlready a favorite: #0025 Pikachu\nAdded #0004 Charmander\n")
        #expect(add.stderr.isEmpty)

        let unknown = try await PokedexBinary.run(["favorites", "add", "pikachuu"] + common, in: sandbox.root)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no Pokémon named \"pikachuu\""))
        #expect(unknown.stderr.contains("did you mean pikachu"))

        let list = try await PokedexBinary.run(["favorites", "list"] + common, in: sandbox.root)
        #expect(list.status == 0)
        #expect(list.stdout == "#0001 Bulbasaur\n#0025 Pikachu\n#0122 Mr. Mime\n#0004 Charmander\n")

        let remove = try await PokedexBinary.run(["favorites", "remove", "25"] + common, in: sandbox.root)
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(remove.stdout == "Removed #0025 Pikachu\n")

        let json = try await PokedexBinary.run(
            ["favorites", "list", "--json", "--favorites", "favorites.json"],
            in: sandbox.root
        )
        #expect(json.stdout == "[\n  \"bulbasaur\",\n  \"mr-mime\",\n  \"charmander\"\n]\n")
        #expect(sandbox.favoritesText() == json.stdout)

        let usage = try await PokedexBinary.run(["favorites", "add"], in: sandbox.root)
        #expect(usage.status == 64)
    }

    @Test func aMalformedFileIsLeftByteIdenticalByEveryCommandAndByBuild() async throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        try sandbox.writeFavorites(malformedFavorites)
        let common = ["--cache", "cache", "--api", FavoritesSandbox.api]
        for arguments in [
            ["favorites", "add", "bulbasaur"] + common, ["favorites", "remove", "pikachu"] + common,
            ["favorites", "list"] + common, ["favorites", "list", "--json"], ["favorites", "clear", "--yes"],
            ["favorites", "clear"],
        ] {
            let run = try await PokedexBinary.run(arguments, in: sandbox.root)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stderr.contains("line 3, column 3"), "\(arguments): \(run.stderr)")
            #expect(sandbox.favoritesText() == malformedFavorites, "\(arguments) changed the file")
        }

        // `pokedex build` reads the favorites before the network: a bogus --api is never reached.
        let templates = sandbox.root.appendingPathComponent("Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        for name in ["index", "pokemon", "favorites"] {
            try Data("{{pageTitle}}\n".utf8).write(to: templates.appendingPathComponent(name + ".mustache"))
        }
        let build = try await PokedexBinary.run(
            [
                "build", "--api", "http://127.0.0.1:9/api/v2", "--cache", "cache", "--output", "Output",
                "--templates", "Templates", "--favorites", "favorites.json", "--offline",
            ],
            in: sandbox.root
        )
        #expect(build.status != 0)
        #expect(build.stderr.contains("favorites"), "\(build.stderr)")
        #expect(build.stderr.contains("line 3, column 3"), "\(build.stderr)")
        #expect(sandbox.favoritesText() == malformedFavorites)
    }
}
