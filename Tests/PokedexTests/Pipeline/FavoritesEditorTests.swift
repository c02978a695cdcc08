import Foundation
import Testing

@testable import PokedexModel
@testable import PokedexPipeline
@testable import PokedexSupport

/// The `PokedexError` `body` throws, or a test failure.
func favoritesError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> PokedexError? {
    do {
        try body()
        Issue.record("expected a PokedexError, got none", sourceLocation: sourceLocation)
        return nil
    } catch let error as PokedexError {
        return error
    } catch {
        Issue.record("expected a PokedexError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

@Suite struct FavoritesAddTests {
    @Test func writesTheAPINameHoweverThePokemonIsGiven() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        let editor = sandbox.editor()

        let first = try editor.add(["Pikachu"])
        #expect(first.written)
        #expect(first.messages == ["Added #0025 Pikachu"])
        #expect(first.notes.isEmpty)
        _ = try editor.add(["4"])
        _ = try editor.add(["Mr. Mime"])
        _ = try editor.add(["#10080"])
        #expect(
            try sandbox.favoriteEntries() == [
                .name("pikachu"), .name("charmander"), .name("mr-mime"), .name("pikachu-rock-star"),
            ]
        )
        #expect(
            sandbox.favoritesText()
                == "[\n  \"pikachu\",\n  \"charmander\",\n  \"mr-mime\",\n  \"pikachu-rock-star\"\n]\n"
        )
    }

    @Test func duplicatesAreNotAddedAndExistingEntriesKeepTheirOrderAndSpelling() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        let original = "[\"Pikachu\", \"#004\", 6]"
        try sandbox.writeFavorites(original)

        let none = try sandbox.editor().add(["pikachu", "#025", "25", "PIKACHU", "charmander"])
        #expect(!none.written)
        #expect(
            none.messages == Array(repeating: "Already a favorite: #0025 Pikachu", count: 4) + [
                "Already a favorite: #0004 Charmander"
            ]
        )
        #expect(sandbox.favoritesText() == original)  // nothing to do: not even reformatted

        let some = try sandbox.editor().add(["bulbasaur", "Bulbasaur", "1", "pikachu"])
        #expect(
            some.messages == [
                "Added #0001 Bulbasaur", "Already a favorite: #0001 Bulbasaur",
                "Already a favorite: #0001 Bulbasaur", "Already a favorite: #0025 Pikachu",
            ]
        )
        #expect(try sandbox.favoriteEntries() == [.name("Pikachu"), .name("#004"), .id(6), .name("bulbasaur")])
    }

    @Test func unknownNamesAreRefusedWithSuggestionsAndNothingIsWritten() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        try sandbox.writeFavorites("[\"bulbasaur\"]")
        let before = sandbox.favoritesData()

        let error = try #require(favoritesError { _ = try sandbox.editor().add(["raichu", "pikachuu", "charmandr"]) })
        #expect(error.stage == .favorites)
        #expect(error.exitCode == 1)
        guard case .invalidInput(let detail) = error.reason else {
            Issue.record("unexpected reason \(error.reason)")
            return
        }
        #expect(detail.contains("no Pokémon named \"pikachuu\""))
        #expect(detail.contains("did you mean pikachu"))
        #expect(detail.contains("no Pokémon named \"charmandr\""))
        #expect(detail.contains("did you mean charmander?"))
        #expect(!detail.contains("raichu"))
        #expect(error.description.contains("nothing was added"))
        #expect(sandbox.favoritesData() == before)  // raichu, which is valid, was not added either
    }

    @Test func unknownIDsAreRefusedWhenTheCachedListIsComplete() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        let error = try #require(favoritesError { _ = try sandbox.editor().add(["#999"]) })
        #expect(error.description.contains("no Pokémon #0999"))
        #expect(sandbox.favoritesData() == nil)
    }

    @Test func withoutACacheCleanSlugsAndPositiveIDsAreAcceptedUnchecked() throws {
        let sandbox = try FavoritesSandbox()
        for editor in [sandbox.uncheckedEditor(), sandbox.editor()] {  // no cache folder at all, too
            try? FileManager.default.removeItem(atPath: sandbox.favoritesPath)
            let report = try editor.add(["Pikachu", "#025", "25", " 025 ", "mr-mime", "pikachu"])
            #expect(
                report.messages == [
                    "Added pikachu", "Added #0025", "Already a favorite: #0025", "Already a favorite: #0025",
                    "Added mr-mime", "Already a favorite: pikachu",
                ]
            )
            #expect(report.notes.count == 1)
            #expect(report.notes.first?.contains("could not check") == true)
            #expect(report.notes.first?.contains("no Pokémon list is cached") == true)
            #expect(try sandbox.favoriteEntries() == [.name("pikachu"), .id(25), .name("mr-mime")])
        }
    }

    @Test func withoutACacheUncleanNamesAndNonPositiveIDsAreRefused() throws {
        let sandbox = try FavoritesSandbox()
        let editor = sandbox.uncheckedEditor()
        let mime = try #require(favoritesError { _ = try editor.add(["Mr. Mime"]) })
        #expect(mime.description.contains("did you mean mr-mime?"))
        #expect(favoritesError { _ = try editor.add(["0"]) }?.description.contains("ids start at 1") == true)
        #expect(favoritesError { _ = try editor.add(["#000"]) }?.description.contains("ids start at 1") == true)
        #expect(favoritesError { _ = try editor.add(["  "]) } != nil)
        #expect(favoritesError { _ = try editor.add(["pika--chu"]) } != nil)
        #expect(favoritesError { _ = try editor.add(["../etc/passwd"]) } != nil)
        #expect(sandbox.favoritesData() == nil)
    }

    @Test func aPartialCacheChecksWhatItHoldsAndLetsTheRestThroughWithANote() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache(perPage: 5, pages: [0])  // bulbasaur … raichu: 5 of 8
        let report = try sandbox.editor().add(["PIKACHU", "pichu", "#172"])
        #expect(report.messages == ["Added #0025 Pikachu", "Added pichu", "Added #0172"])
        #expect(
            report.notes == [
                "could not check \"pichu\" (did you mean pikachu, raichu?), \"#172\": the cache holds only 5 of the 8 Pokémon of \(FavoritesSandbox.api)"
            ]
        )
        #expect(try sandbox.favoriteEntries() == [.name("pikachu"), .name("pichu"), .id(172)])
    }
}

@Suite struct FavoritesRemoveTests {
    @Test func removesEveryEntryNamingThePokemon() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        try sandbox.writeFavorites(
            "[\"pikachu\", 25, \"bulbasaur\", \"#025\", \"Pikachu\", \"PIKACHU-ROCK-STAR\", \"mr-mime\"]"
        )
        let report = try sandbox.editor().remove(["#025"])
        #expect(report.written)
        #expect(report.messages == ["Removed #0025 Pikachu (4 entries: pikachu, 25, #025, Pikachu)"])
        #expect(try sandbox.favoriteEntries() == [.name("bulbasaur"), .name("PIKACHU-ROCK-STAR"), .name("mr-mime")])

        _ = try sandbox.editor().remove(["Mr. Mime", "pikachu-rock-star"])
        #expect(try sandbox.favoriteEntries() == [.name("bulbasaur")])
    }

    @Test func aPokemonThatIsNotAFavoriteIsANoteNotAnError() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        let original = "[\"bulbasaur\"]"
        try sandbox.writeFavorites(original)
        let report = try sandbox.editor().remove(["charmander"])
        #expect(!report.written)
        #expect(report.messages.isEmpty)
        #expect(report.notes == ["#0004 Charmander is not a favorite"])
        #expect(sandbox.favoritesText() == original)
    }

    @Test func unknownNamesAreRefusedWithSuggestionsAndNothingIsRemoved() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        let original = "[\"bulbasaur\", \"pikachu\"]"
        try sandbox.writeFavorites(original)
        let error = try #require(favoritesError { _ = try sandbox.editor().remove(["bulbasaur", "pikachuu"]) })
        #expect(error.stage == .favorites)
        #expect(error.exitCode == 1)
        #expect(error.description.contains("no Pokémon named \"pikachuu\""))
        #expect(error.description.contains("did you mean pikachu"))
        #expect(sandbox.favoritesText() == original)
    }

    @Test func entriesTheCacheCannotResolveCanStillBeRemoved() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        try sandbox.writeFavorites("[\"pikachuu\", \"bulbasaur\", 0]")
        let report = try sandbox.editor().remove(["Pikachuu", "0"])
        #expect(report.messages == ["Removed \"Pikachuu\"", "Removed \"0\""])
        #expect(try sandbox.favoriteEntries() == [.name("bulbasaur")])
    }

    @Test func withoutACacheOnlyTheSameSpellingIsRemoved() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeFavorites("[\"pikachu\", 25, \"#025\", \"Pikachu\", \"bulbasaur\"]")
        let byID = try sandbox.uncheckedEditor().remove(["25"])
        #expect(byID.messages == ["Removed #0025 (2 entries: 25, #025)"])
        let byName = try sandbox.uncheckedEditor().remove(["PIKACHU", "bulbasaurr"])
        #expect(byName.messages == ["Removed \"PIKACHU\" (2 entries: pikachu, Pikachu)"])
        #expect(byName.notes == ["\"bulbasaurr\" is not a favorite (did you mean bulbasaur?)"])
        #expect(try sandbox.favoriteEntries() == [.name("bulbasaur")])
    }

    @Test func removingFromAMissingFileCreatesNothing() throws {
        let sandbox = try FavoritesSandbox()
        let report = try sandbox.uncheckedEditor().remove(["pikachu"])
        #expect(!report.written)
        #expect(sandbox.favoritesData() == nil)
    }
}

@Suite struct FavoritesListTests {
    @Test func showsNumbersAndDisplayNamesInFileOrderAndNotesWhatTheCacheCannotResolve() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        try sandbox.writeFavorites(
            "[\"mr-mime\", 25, \"#004\", \"Bulbasaur\", \"pikachu-rock-star\", \"pikachuu\", 0, \"zzzz\"]"
        )
        let listing = try sandbox.editor().list()
        #expect(listing.notes.isEmpty)
        let lines = listing.entries.map(\.line)
        #expect(
            Array(lines.prefix(5)) == [
                "#0122 Mr. Mime", "#0025 Pikachu", "#0004 Charmander", "#0001 Bulbasaur",
                "#0025 Pikachu (Rock Star) — pikachu-rock-star, id 10080",
            ]
        )
        #expect(lines[5].hasPrefix("pikachuu (unknown Pokémon; did you mean pikachu"))
        #expect(lines[6] == "0 (not a Pokémon id)")
        #expect(lines[7] == "zzzz (unknown Pokémon)")
        #expect(listing.entries[0].pokemon?.id == 122)
        #expect(listing.entries[5].pokemon == nil)
    }

    @Test func withAPartialCacheUnresolvedEntriesAreNotInTheCache() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache(perPage: 5, pages: [0])
        try sandbox.writeFavorites("[\"pikachu\", \"pichu\", 172]")
        let lines = try sandbox.editor().list().entries.map(\.line)
        #expect(
            lines == [
                "#0025 Pikachu", "pichu (not in the cache; did you mean pikachu, raichu?)", "#0172 (not in the cache)",
            ]
        )
    }

    @Test func withoutACacheEntriesAreShownUnchecked() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeFavorites("[\"pikachu\", 25]")
        let listing = try sandbox.editor().list()
        #expect(
            listing.entries.map(\.line) == [
                "pikachu (not checked: nothing cached)", "#0025 (not checked: nothing cached)",
            ]
        )
        #expect(listing.notes.count == 1)
        #expect(listing.notes[0].contains("no Pokémon list is cached for \(FavoritesSandbox.api)"))
    }

    @Test func anEmptyOrMissingFileListsNothing() throws {
        let sandbox = try FavoritesSandbox()
        let missing = try sandbox.editor().list()
        #expect(missing.entries.isEmpty)
        #expect(missing.notes == ["no favorites in \(sandbox.favoritesPath) (the file does not exist yet)"])
        try sandbox.writeFavorites("[]")
        #expect(try sandbox.editor().list().notes == ["no favorites in \(sandbox.favoritesPath)"])
        #expect(try sandbox.editor().listJSON() == "[]\n")
    }

    @Test func jsonIsTheFileNormalised() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        #expect(try sandbox.editor().listJSON() == "[]\n")
        try sandbox.writeFavorites("[\"Pikachu\",25,   \"#004\"]")
        #expect(try sandbox.editor().listJSON() == "[\n  \"Pikachu\",\n  25,\n  \"#004\"\n]\n")
        #expect(sandbox.favoritesText() == "[\"Pikachu\",25,   \"#004\"]")
    }
}

@Suite struct FavoritesClearTests {
    static let two = "[\"pikachu\", 4]"

    @Test func withYesClearsWithoutAsking() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeFavorites(Self.two)
        let prompt = ScriptedPrompt(isInteractive: false)
        #expect(try sandbox.uncheckedEditor().clear(confirmed: true, prompt: prompt) == .cleared(2))
        #expect(prompt.questions.isEmpty)
        #expect(sandbox.favoritesText() == "[]\n")
    }

    @Test(arguments: ["y", "Y", "yes", " YES "])
    func answeredYesClears(answer: String) throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeFavorites(Self.two)
        let prompt = ScriptedPrompt(isInteractive: true, answers: [answer])
        #expect(try sandbox.uncheckedEditor().clear(confirmed: false, prompt: prompt) == .cleared(2))
        #expect(prompt.questions == ["Are you sure you want to delete all favorites? [y/N] "])
        #expect(try sandbox.favoriteEntries().isEmpty)
    }

    @Test(arguments: ["n", "N", "no", "", "yep", nil] as [String?])
    func answeredNoOrNothingKeepsTheFile(answer: String?) throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeFavorites(Self.two)
        let prompt = ScriptedPrompt(isInteractive: true, answers: [answer])
        #expect(try sandbox.uncheckedEditor().clear(confirmed: false, prompt: prompt) == .declined)
        #expect(prompt.questions.count == 1)
        #expect(sandbox.favoritesText() == Self.two)
    }

    @Test func withoutATerminalItRefusesUnlessTold() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeFavorites(Self.two)
        let prompt = ScriptedPrompt(isInteractive: false, answers: ["y"])
        let error = try #require(
            favoritesError { _ = try sandbox.uncheckedEditor().clear(confirmed: false, prompt: prompt) }
        )
        #expect(error.stage == .favorites)
        #expect(error.exitCode == 1)
        #expect(error.description.contains("not a terminal"))
        #expect(error.description.contains("--yes"))
        #expect(prompt.questions.isEmpty)
        #expect(sandbox.favoritesText() == Self.two)
    }

    @Test func nothingToClearIsNotAnError() throws {
        let sandbox = try FavoritesSandbox()
        let prompt = ScriptedPrompt(isInteractive: false)
        #expect(try sandbox.uncheckedEditor().clear(confirmed: false, prompt: prompt) == .nothingToClear)
        #expect(sandbox.favoritesData() == nil)  // not created
        try sandbox.writeFavorites("[ ]")
        #expect(try sandbox.uncheckedEditor().clear(confirmed: false, prompt: prompt) == .nothingToClear)
        #expect(sandbox.favoritesText() == "[ ]")
        #expect(prompt.questions.isEmpty)
    }
}

@Suite struct FavoritesSafetyTests {
    /// Every command, run on the sandbox's favorites file with a complete cache.
    static var commands: [(String, (FavoritesEditor) throws -> Void)] {
        [
            ("add", { _ = try $0.add(["bulbasaur"]) }),
            ("remove", { _ = try $0.remove(["pikachu"]) }),
            ("list", { _ = try $0.list() }),
            ("list --json", { _ = try $0.listJSON() }),
            ("clear --yes", { _ = try $0.clear(confirmed: true, prompt: ScriptedPrompt(isInteractive: false)) }),
            (
                "clear (answered yes)",
                { _ = try $0.clear(confirmed: false, prompt: ScriptedPrompt(isInteractive: true, answers: ["y"])) }
            ),
        ]
    }

    @Test(arguments: 0..<6)
    func aMalformedFileIsReportedWithLineAndColumnAndLeftByteIdentical(command: Int) throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        let (name, run) = Self.commands[command]
        for (text, position) in [
            (malformedFavorites, "line 3, column 3"), ("[\"pikachu\", true]", "line 1, column 13"),
            ("{\"favorites\": []}", "JSON array"),
        ] {
            try sandbox.writeFavorites(text)
            let error = try #require(favoritesError { try run(sandbox.editor()) }, "\(name)")
            #expect(error.stage == .favorites, "\(name)")
            #expect(error.exitCode == 1)
            #expect(error.description.contains(position), "\(name): \(error.description)")
            #expect(error.description.contains("left untouched"), "\(name)")
            #expect(sandbox.favoritesText() == text, "\(name) changed the file")
        }
    }

    @Test func aSymbolicLinkStaysALinkAndItsTargetIsEdited() throws {
        let sandbox = try FavoritesSandbox()
        let folder = sandbox.root.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent("my-favorites.json")
        try Data("[\"pikachu\"]".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: sandbox.favoritesPath, withDestinationPath: target.path)

        _ = try sandbox.uncheckedEditor().add(["bulbasaur"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.favoritesPath) == target.path)
        #expect(try FavoritesFile.load(path: target.path).entries == [.name("pikachu"), .name("bulbasaur")])
    }

    @Test func theFileKeepsItsPermissions() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeFavorites("[\"pikachu\"]")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: sandbox.favoritesPath)
        _ = try sandbox.uncheckedEditor().add(["bulbasaur"])
        let mode =
            try FileManager.default.attributesOfItem(atPath: sandbox.favoritesPath)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
    }

    @Test func writesLeaveNoTemporaryFilesBehind() throws {
        let sandbox = try FavoritesSandbox()
        _ = try sandbox.uncheckedEditor().add(["pikachu"])
        _ = try sandbox.uncheckedEditor().remove(["pikachu"])
        let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.root.path)
        #expect(names == ["favorites.json"])
    }
}

/// The site's "Export favorites" button saves a JSON array of API names in list order, on one line.
@Suite struct FavoritesExportRoundTripTests {
    static let exported = "[\"bulbasaur\",\"pikachu\"]"

    @Test func listReadsAnExportedFile() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        try sandbox.writeFavorites(Self.exported)
        #expect(try sandbox.editor().list().entries.map(\.line) == ["#0001 Bulbasaur", "#0025 Pikachu"])
        #expect(try sandbox.editor().listJSON() == "[\n  \"bulbasaur\",\n  \"pikachu\"\n]\n")
    }

    @Test func addAndRemoveEditAnExportedFileInTheSameFormat() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        try sandbox.writeFavorites(Self.exported)
        let report = try sandbox.editor().add(["Pikachu", "#004", "mr-mime"])
        #expect(
            report.messages == ["Already a favorite: #0025 Pikachu", "Added #0004 Charmander", "Added #0122 Mr. Mime"]
        )
        // Still an array of API names, the export's entries first and in their order.
        let names = try JSONDecoder().decode([String].self, from: try #require(sandbox.favoritesData()))
        #expect(names == ["bulbasaur", "pikachu", "charmander", "mr-mime"])

        _ = try sandbox.editor().remove(["25"])
        #expect(
            try JSONDecoder().decode([String].self, from: try #require(sandbox.favoritesData())) == [
                "bulbasaur", "charmander", "mr-mime",
            ]
        )
    }

    @Test func whatAddWritesIsWhatTheBuildResolves() throws {
        let sandbox = try FavoritesSandbox()
        try sandbox.writeCache()
        _ = try sandbox.editor().add(["#122", "Pikachu", "10080"])
        let catalog = try #require(try CachedCatalog.load(from: sandbox.store(), apiBase: FavoritesSandbox.api)).catalog
        let file = try FavoritesFile.load(path: sandbox.favoritesPath)
        #expect(file.entries.map { catalog.match($0) } == [122, 25, 10080])
    }
}
