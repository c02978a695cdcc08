package import Foundation
package import Logging
package import PokedexCheck
package import PokedexRender
import PokedexSource
package import PokedexSupport

/// `pokedex build --report FILE`: the build as JSON, for CI to read instead of parsing the summary line. Written
/// for failed builds too (then only `status`, `exitCode`, `error` and `missing` say anything). The schema is in
/// Docs/publish.md, "Build report"; `version` changes when a field changes meaning or goes away.
package struct BuildReport: Sendable, Codable, Equatable {
    package static let currentVersion = 2

    package struct Files: Sendable, Codable, Equatable {
        package var written: Int
        package var unchanged: Int
        package var removed: Int
    }

    package struct Requests: Sendable, Codable, Equatable {
        package var total: Int
        package var retries: Int
        package var notModified: Int
        package var failures: Int
        package var rateLimited: Int
        /// Response bytes as received (compressed when the server compressed).
        package var bytes: Int
    }

    package struct Resources: Sendable, Codable, Equatable {
        package var fetched: Int
        package var revalidated: Int
        package var fromCache: Int
        package var stale: Int
        package var fromSnapshot: Int
        /// Resources that failed every attempt and were asked again after the others of their kind, and how many
        /// of them that second pass had (the others are in `missing`, each with what ended both passes).
        package var askedAgain: Int
        package var recoveredAgain: Int
    }

    package struct Images: Sendable, Codable, Equatable {
        package var local: Int
        var byURL: Int
        package var placeholders: Int
        var thumbnailsMade: Int
        package var unreadable: Int
    }

    /// With `--images local`: the sprites of every game and the cries the build copied into the site (shared by its
    /// languages), their bytes, those the server had not (404), and those left on the web (a failed download).
    package struct Media: Sendable, Codable, Equatable {
        package struct Copies: Sendable, Codable, Equatable {
            package var copied: Int
            package var bytes: Int
            package var absent: Int
            package var byURL: Int
        }
        package var gameSprites: Copies
        package var cries: Copies
    }

    /// `--check`: what the check of the written site found.
    package struct Check: Sendable, Codable, Equatable {
        package var pages: Int
        /// "path:line: message", as `pokedex check` prints them.
        package var findings: [String]
    }

    package var version = Self.currentVersion
    /// "ok", "findings" (the site was built, `--check` found problems: exit 1), "incomplete" (exit 3: some data
    /// could not be had) or "failed" (any other error).
    package var status: String
    package var exitCode: Int32
    /// The error as printed on stderr; nil for "ok".
    package var error: String?
    package var baseURL: String?
    package var pokemon: Int?
    /// The index's pages and the pages of each kind that shows one thing, by kind: `{"index": 53, "move": 833…}`.
    package var pages: PageCounts?
    package var pagesRendered: Int?
    package var files: Files?
    package var requests: Requests?
    package var resources: Resources?
    package var images: Images?
    package var media: Media?
    /// URLs served from a stale cache entry (the network failed them), sorted.
    package var stale: [String]
    /// What could be had neither from the network nor from the cache (exit 3), as the error names them.
    package var missing: [String]
    package var stages: [StageDuration]
    package var seconds: Double?
    package var check: Check?
    /// Names shown as API names made readable, PokeAPI having no English one: "ability: as-one-glastrier".
    package var nameFallbacks: [String]?
    /// By language other than English: what its copy of the site shows in English (elements marked `lang="en"`),
    /// words by how often, longer texts counted.
    package var englishFallbacks: [String: EnglishFallbacks]?

    package init(_ summary: BuildSummary, check: CheckReport? = nil) {
        status = check.map { $0.isClean ? "ok" : "findings" } ?? "ok"
        exitCode = check.map { $0.isClean ? 0 : 1 } ?? 0
        self.check = check.map { Check(pages: $0.pages, findings: $0.findings.map(\.description)) }
        baseURL = summary.baseURL
        pokemon = summary.pokemon
        pages = summary.pages
        pagesRendered = summary.pagesRendered
        files = Files(written: summary.filesWritten, unchanged: summary.filesUnchanged, removed: summary.filesRemoved)
        let network = summary.network
        requests = Requests(
            total: network.requests,
            retries: network.retries,
            notModified: network.notModified,
            failures: network.failures,
            rateLimited: network.rateLimited,
            bytes: network.bytes
        )
        let loads = summary.loads
        resources = Resources(
            fetched: loads.fetched,
            revalidated: loads.revalidated,
            fromCache: loads.fromCache + loads.unchangedDataHash,
            stale: loads.stale,
            fromSnapshot: loads.snapshot,
            askedAgain: loads.askedAgain,
            recoveredAgain: loads.recoveredAgain
        )
        images = Images(
            local: summary.imagesLocal,
            byURL: summary.imagesRemote,
            placeholders: summary.imagesPlaceholder,
            thumbnailsMade: summary.thumbnailsMade,
            unreadable: summary.picturesUndecodable
        )
        func copies(_ tally: MediaCopies.Tally) -> Media.Copies {
            Media.Copies(copied: tally.copied, bytes: tally.bytes, absent: tally.absent, byURL: tally.remote)
        }
        // Nothing resolved (`--images remote`, or a rebuild the memo skipped): no figures rather than zeros.
        let resolved = summary.gallery != MediaCopies.Tally() || summary.cries != MediaCopies.Tally()
        media = resolved ? Media(gameSprites: copies(summary.gallery), cries: copies(summary.cries)) : nil
        stale = loads.staleURLs.sorted()
        missing = []
        stages = summary.stages
        seconds = summary.seconds
        nameFallbacks = summary.nameFallbacks
    }

    package init(_ error: PokedexError) {
        exitCode = error.exitCode
        if case .incomplete(let missing) = error.reason {
            status = "incomplete"
            self.missing = missing
        } else {
            status = "failed"
            missing = []
        }
        self.error = error.description
        stale = []
        stages = []
    }

    package func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(self) + Data("\n".utf8)
        } catch {
            // Strings, integers and finite doubles only: JSONEncoder cannot refuse them.
            preconditionFailure("BuildReport could not be encoded: \(error)")
        }
    }

    /// Runs `build` (settings included, so that a bad config is reported too), then with `check` the check of
    /// the folder it wrote, and when `file` is given writes the report there: the build's and the check's, or the
    /// failure's (then a failure to write the report is logged, and the build's own error is what is thrown).
    package static func recording(
        to file: URL?,
        check: Bool = false,
        logger: Logger,
        _ build: () async throws -> BuildSummary
    ) async throws -> (BuildSummary, CheckReport?) {
        let summary: BuildSummary
        let checked: CheckReport?
        var fallbacks: [String: EnglishFallbacks]?
        do {
            summary = try await build()
            checked = check ? try await SiteChecker(root: URL(fileURLWithPath: summary.output)).run() : nil
            if file != nil { fallbacks = try englishFallbacks(of: summary) }
        } catch let error as PokedexError {
            if let file {
                do {
                    try BuildReport(error).write(to: file)
                } catch let reportError {
                    logger.error("cannot write the build report: \(reportError)")
                }
            }
            throw error
        }
        if let file {
            var report = BuildReport(summary, check: checked)
            report.englishFallbacks = fallbacks
            try report.write(to: file)
        }
        return (summary, checked)
    }

    /// Each copy of the site in a language other than English, read back from the folder the build wrote.
    static func englishFallbacks(of summary: BuildSummary) throws -> [String: EnglishFallbacks]? {
        let root = URL(fileURLWithPath: summary.output)
        var found: [String: EnglishFallbacks] = [:]
        for (index, language) in summary.languages.enumerated() where language != "en" {
            found[language] =
                index == 0
                ? try EnglishFallbacks.of(folder: root, skipping: Set(summary.languages.dropFirst()))
                : try EnglishFallbacks.of(folder: root.appendingPathComponent(language))
        }
        return found.isEmpty ? nil : found
    }

    /// Writes the report to `path` (atomically: CI never reads half a report).
    package func write(to path: URL) throws {
        do {
            try AtomicFile.write(json(), to: path)
        } catch {
            throw PokedexError.file(.output, path.path, error)
        }
    }
}
