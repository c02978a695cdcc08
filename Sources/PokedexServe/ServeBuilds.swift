import Foundation
import Logging
import NIOConcurrencyHelpers
import PokedexOutput
package import PokedexPipeline
package import PokedexSupport

/// What `pokedex serve` tells the terminal.
package enum ServeEvent: Sendable {
    /// Listening, at this URL (the port read back from the socket).
    case serving(url: String)
    /// A build (the initial one or a rebuild) succeeded.
    case built(BuildSummary)
    /// A build failed, or its settings could not be read; the last good build is still served.
    case failed(PokedexError)
    /// Something worth saying that is not a build's outcome.
    case note(String)
}

/// The builds of a serve session: each one run, told to the terminal (through `report`) and to the pages
/// (through the broadcaster). Only the watcher runs them after the initial one, so they never overlap.
struct ServeBuilds: Sendable {
    /// The settings as they are now (the config file may have changed since the last build).
    let remakeOptions: @Sendable () throws -> BuildOptions
    /// The output folder being served: a config that names another one does not move the server.
    let output: OutputFolder
    let configFile: String?
    let broadcaster: ReloadBroadcaster
    let logger: Logger
    let report: @Sendable (ServeEvent) -> Void
    /// The last good build's model, in memory: a rebuild after a theme edit renders from it (`KeptModel`). Only
    /// the watcher builds, one build at a time.
    let kept = NIOLockedValueBox<KeptModel?>(nil)

    /// The options for the next build, or nil (reported) when the settings cannot be read.
    func options() async -> BuildOptions? {
        do {
            var options = try remakeOptions().validated()
            let named = try OutputFolder(
                path: options.output,
                cacheFolder: options.cache,
                currentDirectory: options.currentDirectory
            )
            if named.root.path != output.root.path {
                report(
                    .note(
                        "the settings now name the output folder \(named.root.path); still serving \(output.root.path) (restart pokedex serve to serve the other one)"
                    )
                )
                options.output = output.root.path
            }
            return options
        } catch {
            await fail(error)
            return nil
        }
    }

    /// Runs one build. A failed build leaves the site as it was: only the output stage writes, after every page
    /// has been rendered; the model kept is the last good build's.
    func build(_ options: BuildOptions, progress: any BuildProgress) async {
        do {
            let builder = SiteBuilder(options: options, logger: logger, progress: progress)
            let built = try await builder.run(reusing: kept.withLockedValue { $0 })
            kept.withLockedValue { $0 = built.model }
            let summary = built.summary
            report(.built(summary))
            await broadcaster.buildSucceeded(changedSite: summary.filesWritten > 0 || summary.filesRemoved > 0)
        } catch {
            // Shutting down mid-build is not a build error.
            if Task.isCancelled { return }
            await fail(error)
        }
    }

    private func fail(_ error: any Error) async {
        let error = error as? PokedexError ?? PokedexError(.serve, nil, .other(PokedexError.describe(error)))
        report(.failed(error))
        await broadcaster.buildFailed(error.description)
    }
}
