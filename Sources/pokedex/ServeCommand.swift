import ArgumentParser
import Foundation
import PokedexPipeline
import PokedexServe
import PokedexSource
import PokedexSupport

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build the site, serve it on this machine, and rebuild it as you edit the theme.",
        discussion: """
            Builds as `pokedex build` does (same flags), then serves the output folder at http://127.0.0.1:8000/. \
            The theme folder (--templates, or templates in pokedex.toml), the favorites file and pokedex.toml are \
            watched: a theme edit renders again, from the data kept in memory, only the pages it reaches; any \
            other change rebuilds the site through the cache; open pages reload themselves; a failed \
            build is printed and shown over the page while the last good build stays served. The live-reload \
            script is added to the pages as they are served, never to the files. Only GET and HEAD, and only files \
            inside the output folder, are served. Ctrl-C stops it. Exit status: 0 when stopped; 1 when the address \
            cannot be listened on (a port in use), the output folder is refused or the settings are unreadable; 64 \
            on a bad option.
            """
    )

    @OptionGroup var site: SiteOptions

    @OptionGroup var build: BuildFlags

    @Option(
        help: ArgumentHelp("Address to listen on (the default, 127.0.0.1, is this machine only).", valueName: "address")
    )
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("Port to listen on; 0 picks a free one.", valueName: "port"))
    var port = 8000

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        if host.isEmpty { throw ValidationError("--host must not be empty") }
    }

    func run() async throws {
        let options = try await build.options(site: site)
        // Rebuilds read the config file again; they never use --refresh (one revalidation is enough).
        let (site, build) = (self.site, self.build)
        let remakeOptions: @Sendable () throws -> BuildOptions = {
            BuildOptions(
                settings: try site.resolveSettings(build.apply(to:)),
                limit: build.limit,
                mode: build.offline ? .offline : .normal
            )
        }
        let currentDirectory = FileManager.default.currentDirectoryPath
        let configFile = SiteConfig.location(explicit: site.config, currentDirectory: currentDirectory)
        let folder = Self.displayPath(options.output, from: currentDirectory)
        if !Self.isLoopback(host) {
            FileHandle.standardError.write(
                Data(
                    "pokedex: note: listening on \(host): other machines that can reach this one can read the site\n"
                        .utf8
                )
            )
        }
        let server = SiteServer(
            configuration: SiteServer.Configuration(host: host, port: port, configFile: configFile),
            options: options,
            remakeOptions: remakeOptions,
            logger: makeLogger(verbose: build.verbose)
        ) { event in
            // Written unbuffered (print buffers when stdout is a pipe): each line shows as it happens.
            switch event {
            case .serving(let url):
                FileHandle.standardOutput.write(Data("Serving \(folder) at \(url) (Ctrl-C to stop)\n".utf8))
            case .built(let summary): FileHandle.standardOutput.write(Data("\(summary.line)\n".utf8))
            case .failed(let error): FileHandle.standardError.write(Data("pokedex: error: \(error.description)\n".utf8))
            case .note(let note): FileHandle.standardError.write(Data("pokedex: note: \(note)\n".utf8))
            }
        }
        let progress: any BuildProgress = TerminalProgress.isAvailable ? TerminalProgress() : SilentProgress()
        try await reportingErrors { try await server.run(progress: progress) }
    }

    /// `path` as the user would name it: relative to the current folder when inside it.
    static func displayPath(_ path: String, from currentDirectory: String) -> String {
        let folder = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
