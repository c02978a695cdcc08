import Foundation
import Testing

@testable import PokedexPipeline
@testable import PokedexSource
@testable import PokedexSupport

@Suite struct ConfigTests {
    let folder = "/sites/mine"
    var file: String { folder + "/pokedex.toml" }

    @Test func everyKeyIsReadAndPathsAreRelativeToTheFile() throws {
        let config = try SiteConfig.parse(
            """
            api = "http://127.0.0.1:8765/api/v2"
            output = "public"
            cache = "/var/cache/pokedex"
            templates = "theme"
            favorites = "../shared/favorites.json"
            per-page = 24
            images = "remote"
            concurrency = 4
            snapshot = false
            """,
            file: file
        )
        #expect(
            config
                == SiteConfig(
                    file: file,
                    values: SettingsLayer(
                        api: "http://127.0.0.1:8765/api/v2",
                        output: "/sites/mine/public",
                        cache: "/var/cache/pokedex",
                        templates: "/sites/mine/theme",
                        favorites: "/sites/shared/favorites.json",
                        perPage: 24,
                        images: .remote,
                        concurrency: 4,
                        snapshot: .off
                    )
                )
        )
        #expect(try SiteConfig.parse("snapshot = true", file: file).values.snapshot == .bundled)
        #expect(
            try SiteConfig.parse(#"snapshot = "data/pokedex.snapshot""#, file: file).values.snapshot
                == .file("/sites/mine/data/pokedex.snapshot")
        )
    }

    @Test func malformedTOMLIsReportedWithLineAndColumn() {
        let error = #expect(throws: PokedexError.self) {
            try SiteConfig.parse("api = \"http://x\"\nper-page = = 3\n", file: file)
        }
        #expect(error?.stage == .config)
        #expect(
            error?.subject == "\(file):2:12" || error?.subject?.hasPrefix("\(file):2:") == true,
            "\(String(describing: error))"
        )
        #expect(error?.description.contains("malformed TOML") == true)
        #expect(error?.exitCode == 1)
    }

    @Test func anUnknownKeyNamesTheFileAndTheKey() {
        let error = #expect(throws: PokedexError.self) { try SiteConfig.parse("perpage = 20\n", file: file) }
        #expect(error?.subject == file)
        #expect(
            error?.description.contains(#"unknown key "perpage" (did you mean "per-page"?)"#) == true,
            "\(String(describing: error))"
        )
        let table = #expect(throws: PokedexError.self) { try SiteConfig.parse("[site]\ntitle = \"x\"\n", file: file) }
        #expect(table?.description.contains(#"unknown key "site""#) == true)
    }

    @Test(arguments: [
        ("per-page = \"20\"", #"key "per-page" must be an integer, not a string"#),
        ("api = 3", #"key "api" must be a string, not an integer"#),
        ("images = \"everywhere\"", #"key "images" must be "local" or "remote""#),
        ("snapshot = 1", #"key "snapshot" must be true, false or the path of a snapshot file"#),
        ("concurrency = 0", #"key "concurrency" must be between 1 and 64 (got 0)"#),
        ("output = \"\"", #"key "output" must be a non-empty path"#),
        ("templates = [\"a\"]", #"key "templates" must be a string, not an array"#),
    ])
    func aWrongTypeNamesTheKey(toml: String, message: String) {
        let error = #expect(throws: PokedexError.self) { try SiteConfig.parse(toml, file: file) }
        #expect(error?.subject == file)
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func flagsWinOverTheEnvironmentWhichWinsOverTheFileWhichWinsOverDefaults() {
        let config = SiteConfig(
            file: file,
            values: SettingsLayer(
                api: "http://file/api/v2",
                output: "/sites/mine/public",
                perPage: 24,
                snapshot: .off
            )
        )
        let cwd = "/home/me"
        let fromFile = SiteSettings.resolve(SettingsLayer(), environment: [:], config: config, currentDirectory: cwd)
        #expect(fromFile.apiBase == "http://file/api/v2")
        #expect(fromFile.output == "/sites/mine/public")
        #expect(fromFile.perPage == 24)
        #expect(fromFile.snapshot == .off)
        // Keys the file leaves out take their defaults in the file's folder, not the current one.
        #expect(fromFile.cache == "/sites/mine/.pokedex-cache")
        #expect(fromFile.favorites == "/sites/mine/favorites.json")
        #expect(fromFile.templates == nil)
        #expect(fromFile.concurrency == 8)

        let environment = ["POKEAPI_URL": "http://env/api/v2"]
        let fromEnvironment = SiteSettings.resolve(
            SettingsLayer(),
            environment: environment,
            config: config,
            currentDirectory: cwd
        )
        #expect(fromEnvironment.apiBase == "http://env/api/v2")

        let flags = SettingsLayer(api: "http://flag/api/v2", output: "out", perPage: 5, snapshot: .file("s.bin"))
        let fromFlags = SiteSettings.resolve(flags, environment: environment, config: config, currentDirectory: cwd)
        #expect(fromFlags.apiBase == "http://flag/api/v2")
        #expect(fromFlags.output == "/home/me/out", "flag paths are relative to the current folder")
        #expect(fromFlags.perPage == 5)
        #expect(fromFlags.snapshot == .file("/home/me/s.bin"))

        let bare = SiteSettings.resolve(SettingsLayer(), environment: [:], config: SiteConfig(), currentDirectory: cwd)
        #expect(
            bare
                == SiteSettings(
                    apiBase: SiteSettings.defaultAPI,
                    output: "/home/me/Output",
                    cache: "/home/me/.pokedex-cache",
                    templates: nil,
                    favorites: "/home/me/favorites.json",
                    perPage: 24,
                    listPageSize: 10,
                    images: .local,
                    concurrency: 8,
                    snapshot: .bundled
                )
        )
    }

    @Test func theConfigFileIsFoundInTheCurrentFolderOrGivenExplicitly() throws {
        let root = try TestEnvironment.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try SiteConfig.load(explicit: nil, currentDirectory: root.path) == SiteConfig())
        try Data("per-page = 7\n".utf8).write(to: root.appendingPathComponent("pokedex.toml"))
        #expect(try SiteConfig.load(explicit: nil, currentDirectory: root.path).values.perPage == 7)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("other"),
            withIntermediateDirectories: true
        )
        try Data("per-page = 9\n".utf8).write(to: root.appendingPathComponent("other/site.toml"))
        let explicit = try SiteConfig.load(explicit: "other/site.toml", currentDirectory: root.path)
        #expect(explicit.values.perPage == 9)
        #expect(explicit.file == root.appendingPathComponent("other/site.toml").path)
        let missing = #expect(throws: PokedexError.self) {
            try SiteConfig.load(explicit: "nope.toml", currentDirectory: root.path)
        }
        #expect(missing?.description.contains("config file not found") == true)
    }

    @Test func initWritesACommentedConfigWhoseEveryKeyIsTheDefault() throws {
        let root = try TestEnvironment.makeScratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let site = root.appendingPathComponent("site")
        #expect(try SiteInitializer.create(in: site) == ["pokedex.toml", "favorites.json", ".gitignore"])

        // As written, it changes nothing.
        let text = try String(contentsOf: site.appendingPathComponent("pokedex.toml"), encoding: .utf8)
        let asWritten = try SiteConfig.parse(text, file: site.appendingPathComponent("pokedex.toml").path)
        #expect(asWritten == SiteConfig(file: site.appendingPathComponent("pokedex.toml").path))

        // Every key is listed; uncommented, each is the default (templates and base-url aside: theirs is "none").
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("# ") && $0.contains(" = ") ? String($0.dropFirst(2)) : String($0) }
            .filter { !$0.hasPrefix("templates") && !$0.hasPrefix("base-url") }
            .joined(separator: "\n")
        let config = try SiteConfig.parse(uncommented, file: site.appendingPathComponent("pokedex.toml").path)
        let fromFile = SiteSettings.resolve(
            SettingsLayer(),
            environment: [:],
            config: config,
            currentDirectory: "/elsewhere"
        )
        let defaults = SiteSettings.resolve(
            SettingsLayer(),
            environment: [:],
            config: SiteConfig(file: config.file),
            currentDirectory: "/elsewhere"
        )
        #expect(fromFile == defaults)
        for key in SiteConfig.keys {
            #expect(text.contains("# \(key) = "), "pokedex.toml does not list \(key)")
        }
        #expect(try String(contentsOf: site.appendingPathComponent("favorites.json"), encoding: .utf8) == "[]\n")
        let ignore = try String(contentsOf: site.appendingPathComponent(".gitignore"), encoding: .utf8)
        #expect(ignore.contains("/Output/") && ignore.contains("/.pokedex-cache/"))

        // A second init refuses and leaves the files as they are.
        try Data("per-page = 3\n".utf8).write(to: site.appendingPathComponent("pokedex.toml"))
        let error = #expect(throws: PokedexError.self) { try SiteInitializer.create(in: site) }
        #expect(error?.description.contains("refusing to overwrite pokedex.toml, favorites.json, .gitignore") == true)
        #expect(
            try String(contentsOf: site.appendingPathComponent("pokedex.toml"), encoding: .utf8) == "per-page = 3\n"
        )
    }
}
