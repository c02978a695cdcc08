import Foundation

/// The one user-facing error of pokedex: which stage failed, on what (a URL or a path), and why.
package struct PokedexError: Error, LocalizedError, CustomStringConvertible, Sendable {
    /// The pipeline stage, in the order the build runs them.
    package enum Stage: String, Sendable {
        case options
        case config
        case snapshot
        case source
        case cache
        case model
        case render
        case output
        case favorites
        /// `pokedex serve`'s own failures (the port, the watched files), not its builds'.
        case serve
        /// `pokedex check`, reading a built site.
        case check
    }

    /// What went wrong, one case per kind of failure the user can act on.
    package enum Reason: Sendable, Equatable {
        /// The network could not be reached or the server answered with a failure after all retries.
        case network(String)
        /// The server answered with a status that is not worth retrying.
        case httpStatus(Int)
        /// The body was not what the resource should be: wrong type, malformed or truncated.
        case invalidResponse(String)
        /// The JSON did not have the expected shape; `path` is the JSON path of the offending value.
        case decoding(path: String, detail: String)
        /// `--offline` or a dead network, and the cache cannot serve the resource.
        case notCached
        /// A file could not be read or written.
        case fileSystem(String)
        /// A template could not be parsed or rendered (file:line:column in the detail).
        case template(String)
        /// A user-supplied value was refused.
        case invalidInput(String)
        /// Some resources could be had neither fresh nor from the cache.
        case incomplete(missing: [String])
        /// Anything else, described.
        case other(String)
    }

    package var stage: Stage
    /// The URL or path the failure concerns, when there is one.
    var subject: String?
    package var reason: Reason
    /// A hint on what to do next.
    package var hint: String?

    package init(_ stage: Stage, _ subject: String? = nil, _ reason: Reason, hint: String? = nil) {
        self.stage = stage
        self.subject = subject
        self.reason = reason
        self.hint = hint
    }

    package var description: String {
        var text = "\(stage.rawValue): "
        if let subject { text += "\(subject): " }
        text += reasonDescription
        if let hint { text += "\n  hint: \(hint)" }
        return text
    }

    /// What went wrong, without the stage, the subject or the hint: "network failure: HTTP 500 after 8 attempts".
    package var reasonDescription: String {
        switch reason {
        case .network(let detail): "network failure: \(detail)"
        case .httpStatus(let status): "HTTP status \(status)"
        case .invalidResponse(let detail): "invalid response: \(detail)"
        case .decoding(let path, let detail): "unexpected JSON at \(path.isEmpty ? "(root)" : path): \(detail)"
        case .notCached: "not in the cache"
        case .fileSystem(let detail): detail
        case .template(let detail): "template error: \(detail)"
        case .invalidInput(let detail): detail
        case .incomplete(let missing):
            "\(missing.count) resource(s) could be had neither from the network nor from the cache: "
                + missing.prefix(10).joined(separator: ", ")
                + (missing.count > 10 ? " and \(missing.count - 10) more" : "")
        case .other(let detail): detail
        }
    }

    package var errorDescription: String? { description }

    /// The process exit status this error maps to (documented in README.md).
    package var exitCode: Int32 {
        switch reason {
        // 3: the data could not be had, now: a rerun when the server answers may succeed.
        case .incomplete, .notCached, .network, .httpStatus, .invalidResponse, .decoding: return 3
        case .invalidInput: return stage == .options ? 64 : 1
        default: return 1
        }
    }
}

extension PokedexError {
    /// Wraps a Foundation or POSIX error met while touching `path`.
    package static func file(_ stage: Stage, _ path: String, _ error: any Error) -> PokedexError {
        if let error = error as? PokedexError { return error }
        return PokedexError(stage, path, .fileSystem(describe(error)))
    }

    package static func describe(_ error: any Error) -> String {
        if let error = error as? PokedexError { return error.description }
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError {
            return "\(ns.localizedDescription) (\(underlying.localizedDescription))"
        }
        return ns.localizedDescription
    }
}
