import ArgumentParser
import Foundation
import Logging
import PokedexKit

/// Runs a command body, turning a `PokedexError` into a message on stderr and its documented exit status.
func reportingErrors<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as PokedexError {
        FileHandle.standardError.write(Data("pokedex: error: \(error.description)\n".utf8))
        throw ExitCode(error.exitCode)
    }
}

/// Logs go to stderr so that stdout holds only results (the summary line, `favorites list`).
func makeLogger(verbose: Bool) -> Logger {
    var logger = Logger(label: "pokedex") { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = verbose ? .debug : .warning
    return logger
}

/// Options shared by every command that reads the favorites file.
struct FavoritesFileOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The favorites file: a JSON array of names or ids.", valueName: "file"))
    var favorites = "favorites.json"
}
