import Foundation
import Hummingbird
package import Logging
import NIOConcurrencyHelpers
import NIOCore
import PokedexOutput
package import PokedexPipeline
package import PokedexSupport
import ServiceLifecycle
import UnixSignals

/// `pokedex serve`: builds the site, serves the output folder over HTTP, rebuilds when the theme folder, the
/// favorites file or the config file change, and has the open pages reload themselves (or show the build error).
package final class SiteServer: Sendable {
    package struct Configuration: Sendable {
        package var host: String
        /// 0 picks a free port (the URL reported says which).
        package var port: Int
        /// The config file, watched whether or not it exists yet (nil: none to watch).
        package var configFile: String?
        /// How often the watched files are compared: a save is seen within it (a poll stats the theme folder's
        /// few dozen files, well under a millisecond of one core).
        package var pollInterval: Duration
        /// The longest a rebuild waits for files that keep changing.
        var maxRebuildDelay: Duration
        /// How often an idle events connection gets a comment (which also notices pages that went away).
        var heartbeat: Duration

        package init(
            host: String = "127.0.0.1",
            port: Int = 8000,
            configFile: String? = nil,
            pollInterval: Duration = .milliseconds(60),
            maxRebuildDelay: Duration = .seconds(2),
            heartbeat: Duration = .seconds(15)
        ) {
            self.host = host
            self.port = port
            self.configFile = configFile
            self.pollInterval = pollInterval
            self.maxRebuildDelay = maxRebuildDelay
            self.heartbeat = heartbeat
        }
    }

    private enum Phase {
        case starting
        case running(ServiceGroup)
        case stopRequested
    }

    private let configuration: Configuration
    private let initialOptions: BuildOptions
    private let remakeOptions: @Sendable () throws -> BuildOptions
    private let logger: Logger
    private let report: @Sendable (ServeEvent) -> Void
    private let phase = NIOLockedValueBox(Phase.starting)

    /// `options` are the initial build's; `remakeOptions` gives each rebuild's, read again from the flags, the
    /// environment and the config file (which may have changed).
    package init(
        configuration: Configuration,
        options: BuildOptions,
        remakeOptions: @escaping @Sendable () throws -> BuildOptions,
        logger: Logger,
        report: @escaping @Sendable (ServeEvent) -> Void
    ) {
        self.configuration = configuration
        self.initialOptions = options
        self.remakeOptions = remakeOptions
        self.logger = logger
        self.report = report
    }

    /// The URL of the server at `host` and `port`.
    package static func url(host: String, port: Int) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
    }

    /// Builds, then serves until `stop()` or, with `stopOnSignals`, SIGINT or SIGTERM. A failed build (the initial
    /// one included) is reported and the folder served as it is; bad settings, an unusable output folder or an
    /// address that cannot be listened on are thrown.
    package func run(progress: any BuildProgress = SilentProgress(), stopOnSignals: Bool = true) async throws {
        let options = try initialOptions.validated()
        // Checked before anything is served: the build refuses the home folder, a project root and the like.
        let output = try OutputFolder(
            path: options.output,
            cacheFolder: options.cache,
            currentDirectory: options.currentDirectory
        )
        let root = try Self.realRoot(output.root)
        let broadcaster = ReloadBroadcaster(heartbeat: configuration.heartbeat)
        let builds = ServeBuilds(
            remakeOptions: remakeOptions,
            output: output,
            configFile: configuration.configFile,
            broadcaster: broadcaster,
            logger: logger,
            report: report
        )

        let watched = WatchList(options: options, configFile: configuration.configFile)
        let baseline = watched.snapshot()
        await builds.build(options, progress: progress)

        let watcher = SiteWatcher(
            builds: builds,
            interval: configuration.pollInterval,
            maxDelay: configuration.maxRebuildDelay,
            watched: watched,
            baseline: baseline,
            logger: logger
        )
        let listening = NIOLockedValueBox(false)
        let (host, report) = (configuration.host, self.report)
        let application = Application(
            router: PreviewServer.router(root: root, broadcaster: broadcaster, logger: logger),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: "pokedex"
            ),
            onServerRunning: { channel in
                listening.withLockedValue { $0 = true }
                report(.serving(url: Self.url(host: host, port: channel.localAddress?.port ?? 0)))
            },
            logger: logger
        )
        var groupConfiguration = ServiceGroupConfiguration(
            // Shut down in reverse order: the watcher stops first, then the broadcaster ends the event streams,
            // so the server's graceful shutdown has no open-ended response left to wait for.
            services: [
                .init(service: application), .init(service: broadcaster),
                .init(service: watcher),
            ],
            gracefulShutdownSignals: stopOnSignals ? [.sigterm, .sigint] : [],
            logger: logger
        )
        // A page that holds on to a connection cannot keep pokedex from exiting.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(5)
        let group = ServiceGroup(configuration: groupConfiguration)

        let stopped = phase.withLockedValue { phase -> Bool in
            if case .stopRequested = phase { return true }
            phase = .running(group)
            return false
        }
        guard !stopped else { return }
        do {
            try await group.run()
        } catch  where !listening.withLockedValue({ $0 }) {
            throw listenError(error)
        }
    }

    /// Stops a running server gracefully (what SIGINT does), or keeps one that is still building from starting.
    package func stop() async {
        let group = phase.withLockedValue { phase -> ServiceGroup? in
            if case .running(let group) = phase { return group }
            phase = .stopRequested
            return nil
        }
        await group?.triggerGracefulShutdown()
    }

    private func listenError(_ error: any Error) -> PokedexError {
        let address = "\(configuration.host):\(configuration.port)"
        if let error = error as? IOError, error.errnoCode == EADDRINUSE {
            return PokedexError(
                .serve,
                address,
                .other("the address is already in use"),
                hint:
                    "another server (another pokedex serve?) is listening there: stop it, or pass --port with another port (--port 0 picks a free one)"
            )
        }
        return PokedexError(
            .serve,
            address,
            .other("cannot listen: \(PokedexError.describe(error))"),
            hint: "check --host (an address of this machine, such as 127.0.0.1) and --port"
        )
    }

    /// The output folder's real path (made if missing), which every served file's real path must be inside.
    private static func realRoot(_ root: URL) throws -> String {
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw PokedexError.file(.output, root.path, error)
        }
        guard let real = realpath(root.path, nil) else {
            throw PokedexError.file(.output, root.path, AtomicFile.posixError("cannot resolve \(root.path)"))
        }
        defer { free(real) }
        return String(cString: real)
    }
}
