import Foundation
import Testing

/// Runs the built `pokedex` executable. `swift build` before `swift test` is how CI runs; these tests say so
/// plainly when the binary is missing rather than failing obscurely.
enum PokedexBinary {
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
