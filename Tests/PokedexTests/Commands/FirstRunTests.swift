import Foundation
import Testing

/// pokedex as a new user meets it: the binary copied alone into an empty folder, `pokedex init`, a config file that
/// every command reads, and no network at all.
@Suite(.serialized) struct FirstRunTests {
    /// A copy of the built binary, alone in a folder of its own, and an empty folder to run it from.
    struct Install {
        let root: URL
        let binary: URL
        var home: URL { root.appendingPathComponent("home") }

        init() throws {
            root = try TestEnvironment.makeScratchFolder()
            binary = root.appendingPathComponent("bin/pokedex")
            try FileManager.default.createDirectory(
                at: binary.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("home"),
                withIntermediateDirectories: true
            )
            try FileManager.default.copyItem(at: try PokedexBinary.locate(), to: binary)
        }

        func run(
            _ arguments: [String],
            in folder: URL? = nil,
            network: Bool = true
        ) async throws -> PokedexBinary.Result {
            try await PokedexBinary.run(arguments, in: folder ?? home, executable: binary, network: network)
        }

        func remove() {
            try? FileManager.default.removeItem(at: root)
        }
    }

    /// Sets `key = value` in the pokedex.toml of `site`, replacing its commented default.
    func configure(_ site: URL, _ key: String, _ value: String) throws {
        let file = site.appendingPathComponent("pokedex.toml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("# \(key) = ") ? "\(key) = \(value)" : String(line)
        }
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
    }

    @Test func initThenBuildThenFavoritesWithoutAFlag() async throws {
        let install = try Install()
        defer { install.remove() }
        try await withEnvironment { env in
            let initialised = try await install.run(["init", "site"])
            #expect(initialised.status == 0, "\(initialised.stderr)")
            #expect(initialised.stdout.contains("Next: cd site && pokedex build"))
            let site = install.home.appendingPathComponent("site")
            try configure(site, "api", "\"\(env.server.apiBase)\"")
            try configure(site, "per-page", "5")
            try configure(site, "snapshot", "false")

            let build = try await install.run(["build"], in: site)
            #expect(build.status == 0, "\(build.stderr)")
            #expect(build.stdout.contains("\(Fixtures.pokemon.count) Pokémon"))
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Output/page/2.html").path))
            let assets = try FileManager.default.contentsOfDirectory(
                atPath: site.appendingPathComponent("Output/assets").path
            )
            #expect(assets.contains { $0.hasPrefix("style.") && $0.hasSuffix(".css") }, "\(assets)")

            env.server.resetCounts()
            let add = try await install.run(["favorites", "add", "pikachu", "Mr. Mime"], in: site)
            #expect(add.status == 0, "\(add.stderr)")
            #expect(add.stdout == "Added #0025 Pikachu\nAdded #0122 Mr. Mime\n")
            let list = try await install.run(["favorites", "list"], in: site)
            #expect(list.stdout == "#0025 Pikachu\n#0122 Mr. Mime\n", "\(list.stderr)")
            let clear = try await install.run(["favorites", "clear", "--yes", "--cache", ".pokedex-cache"], in: site)
            #expect(clear.status == 0, "\(clear.stderr)")
            #expect(env.server.requests.isEmpty, "the favorites commands use no network")

            // From another folder, --config finds the same site.
            let elsewhere = try await install.run(["favorites", "add", "bulbasaur", "--config", "site/pokedex.toml"])
            #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
            #expect(
                try String(contentsOf: site.appendingPathComponent("favorites.json"), encoding: .utf8)
                    == "[\n  \"bulbasaur\"\n]\n"
            )

            let again = try await install.run(["init", "site"])
            #expect(again.status == 1)
            #expect(again.stderr.contains("refusing to overwrite pokedex.toml"))
        }
    }

    @Test func withNoNetworkAtAllTheBundledSnapshotBuildsTheWholeSite() async throws {
        let install = try Install()
        defer { install.remove() }
        #expect(try await install.run(["init", "site"]).status == 0)
        let site = install.home.appendingPathComponent("site")
        try configure(site, "per-page", "50")
        // PokeAPI's own address and GitHub's pictures, with no network at all: nothing resolves.
        let build = try await install.run(["build"], in: site, network: false)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.contains("1351 Pokémon, 26 index pages"), "\(build.stdout)")
        #expect(build.stdout.contains("from the data snapshot"))
        let pokemon = try FileManager.default.contentsOfDirectory(
            atPath: site.appendingPathComponent("Output/pokemon").path
        )
        #expect(pokemon.count == 1351)
        let pikachu = try String(
            contentsOf: site.appendingPathComponent("Output/pokemon/pikachu.html"),
            encoding: .utf8
        )
        #expect(pikachu.contains("Offline — showing data from the bundled snapshot of"))
        // No artwork could be downloaded: the summary says so once, no picture was copied, and Pikachu's picture is
        // its artwork's address.
        #expect(build.stdout.contains("picture(s) not downloaded"), "\(build.stdout)")
        let images = site.appendingPathComponent("Output/images").path
        let copied =
            FileManager.default.fileExists(atPath: images)
            ? try FileManager.default.contentsOfDirectory(atPath: images) : []
        #expect(copied.isEmpty, "pictures were downloaded: \(copied.prefix(3))")
        let artwork =
            "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/other/official-artwork/25.png"
        #expect(pikachu.contains("src=\"\(artwork)\""), "Pikachu's picture is not its artwork's address")

        // Built again, still without a network: the server is tried once, nothing is rendered or written, and the
        // summary says where the data came from, as the first build's did.
        let rebuild = try await install.run(["build"], in: site, network: false)
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        #expect(rebuild.stdout.contains("pages rendered 0, files written 0"), "\(rebuild.stdout)")
        #expect(rebuild.stdout.contains("from the data snapshot"), "\(rebuild.stdout)")

        // The favorites commands know the list from the snapshot, still without network.
        let add = try await install.run(["favorites", "add", "farfetchd"], in: site, network: false)
        #expect(add.stdout == "Added #0083 Farfetch’d\n", "\(add.stderr)")
        let unknown = try await install.run(["favorites", "add", "pikachuu"], in: site, network: false)
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("did you mean pikachu"), "\(unknown.stderr)")
    }

    @Test func badConfigurationIsReportedAndNothingIsBuilt() async throws {
        let install = try Install()
        defer { install.remove() }
        let site = install.home
        let cases: [(String, String)] = [
            ("api = \"http://127.0.0.1:9/api/v2\"\nper-page = [\n", "pokedex.toml:2:14: malformed TOML"),
            ("colour = \"red\"\n", #"unknown key "colour""#),
            ("per-page = \"ten\"\n", #"key "per-page" must be an integer, not a string"#),
        ]
        for (toml, message) in cases {
            try Data(toml.utf8).write(to: site.appendingPathComponent("pokedex.toml"))
            for arguments in [["build", "--offline"], ["favorites", "list"]] {
                let run = try await install.run(arguments, in: site)
                #expect(run.status == 1, "\(arguments) with \(toml)")
                #expect(run.stderr.contains("pokedex: error: config: "), "\(run.stderr)")
                #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            }
            #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Output").path))
        }
        let missing = try await install.run(["build", "--config", "nope.toml"], in: site)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("config file not found"))
    }

    @Test func themeEjectRefusesToOverwriteUnlessForced() async throws {
        let install = try Install()
        defer { install.remove() }
        let eject = try await install.run(["theme", "eject"])
        #expect(eject.status == 0, "\(eject.stderr)")
        let style = install.home.appendingPathComponent("Templates/assets/style.css")
        #expect(FileManager.default.fileExists(atPath: style.path))
        try Data("/* mine */\n".utf8).write(to: style)
        let again = try await install.run(["theme", "eject"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("already exist"))
        #expect(try String(contentsOf: style, encoding: .utf8) == "/* mine */\n")
        #expect(try await install.run(["theme", "eject", "--force"]).status == 0)
        #expect(try String(contentsOf: style, encoding: .utf8) != "/* mine */\n")
    }
}
