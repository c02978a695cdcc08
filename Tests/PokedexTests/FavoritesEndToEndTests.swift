import Foundation
import Testing

/// Runs the built `pokedex` executable. `swift build` before `swift test` is how CI runs; these tests say so
/// plainly when the binary is missing rather than failing obscurely.
enum PokedexBinary {
    /// The package root: this file is `<root>/Tests/PokedexTests/FavoritesEndToEndTests.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `.build/debug/pokedex`, or next to the test bundle when the build folder is elsewhere.
    static func locate() throws -> URL {
        var candidates = [packageRoot.appendingPathComponent(".build/debug/pokedex")]
        // The test bundle lives in the same products folder as the executable (e.g. `--scratch-path`).
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            candidates.append(folder.appendingPathComponent("pokedex"))
            folder.deleteLastPathComponent()
        }
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue
            {
                return candidate
            }
        }
        Issue.record(
            """
            The pokedex executable was not found (looked at \(candidates.map(\.path).joined(separator: ", "))). \
            Run `swift build` before `swift test`: the end-to-end favorites tests run the built binary.
            """
        )
        throw Missing()
    }

    struct Missing: Error {}

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `pokedex arguments` in `directory` with stdin from /dev/null (not a terminal); `executable` for a copy
    /// of the binary elsewhere. Without `network`, in a network namespace of its own (`unshare`), whose only
    /// interface is a loopback that is down: no name resolves and no address answers, as on a machine without a
    /// network, whatever the machine running the tests has.
    static func run(
        _ arguments: [String],
        in directory: URL,
        executable: URL? = nil,
        network: Bool = true
    ) async throws -> Result {
        let out = directory.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let err = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
        try #require(FileManager.default.createFile(atPath: out.path, contents: nil))
        try #require(FileManager.default.createFile(atPath: err.path, contents: nil))
        defer {
            for file in [out, err] {
                do { try FileManager.default.removeItem(at: file) } catch { Issue.record("\(file.path): \(error)") }
            }
        }
        let output = try FileHandle(forWritingTo: out)
        let errors = try FileHandle(forWritingTo: err)
        let binary = try executable ?? locate()
        let (program, programArguments) =
            network ? (binary, arguments) : (try unshare(), ["--net", "--map-root-user", binary.path] + arguments)
        let status = try await ProcessLaunch.run(
            program,
            programArguments,
            in: directory,
            environment: environment,
            output: output.fileDescriptor,
            error: errors.fileDescriptor
        )
        try output.close()
        try errors.close()
        return Result(
            status: status,
            stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self)
        )
    }

    /// util-linux's `unshare`, which the tests of a machine without a network need: a test that says "no network"
    /// must not use the one it has.
    static func unshare() throws -> URL {
        for path in ["/usr/bin/unshare", "/bin/unshare"] where FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        Issue.record("unshare (util-linux) was not found: it runs the tests that need no network at all")
        throw Missing()
    }

    /// A clean environment: no POKEAPI_URL from the developer's shell.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["POKEAPI_URL"] = nil
        environment["TERM"] = "dumb"
        return environment
    }

    /// Runs `pokedex arguments` with stdin, stdout and stderr on a pseudo-terminal, types `answer` once the
    /// terminal shows `expected`, and returns the exit status and everything the terminal showed.
    static func runOnTerminal(
        _ arguments: [String],
        in directory: URL,
        waitFor expected: String,
        type answer: String
    ) async throws -> (status: Int32, transcript: String) {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else {
            Issue.record("openpty failed: \(String(cString: strerror(errno)))")
            throw Missing()
        }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        defer { close(master) }

        var transcript = Data()
        let status = try await ProcessLaunch.run(
            try locate(),
            arguments,
            in: directory,
            environment: environment,
            input: slave,
            output: slave,
            error: slave
        ) { kill in
            // Only the child holds the terminal now: its end reads as EIO.
            close(slave)
            var answered = false
            let deadline = Date().addingTimeInterval(60)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while Date() < deadline {
                var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                if poll(&descriptor, 1, 100) > 0 {
                    let count = read(master, &buffer, buffer.count)
                    guard count > 0 else { return }  // EIO once the child has closed the terminal
                    transcript.append(contentsOf: buffer[0..<count])
                }
                if !answered, String(decoding: transcript, as: UTF8.self).contains(expected) {
                    answered = true
                    _ = answer.withCString { write(master, $0, strlen($0)) }
                }
            }
            if kill() {
                Issue.record(
                    "pokedex did not finish on the terminal; it showed: \(String(decoding: transcript, as: UTF8.self))"
                )
            }
        }
        return (status, String(decoding: transcript, as: UTF8.self))
    }
}

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
