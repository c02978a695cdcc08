import ArgumentParser
import Foundation
import PokedexCheck
import PokedexPipeline

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Check a built site: broken links, pictures lacking attributes, duplicate ids, lost pages, the sitemap.",
        discussion: """
            Reads every page of the site and reports internal URLs (fragments included) that lead to no file, \
            <img> without alt, width or height, ids used twice in a page, pages no link leads to from index.html \
            (404.html aside) and, when there is a sitemap.xml, pages it lacks and URLs of it that lead to no file. \
            Findings go to stdout, one per line as path:line: message; the count goes to stderr. Exit status: 0 \
            when nothing was found; 1 with findings, or when the folder is not a built site.
            """
    )

    // Only the config file, for its output folder: the other site options (API, cache, favorites) do not apply.
    @Option(
        help: ArgumentHelp(
            "The site config (default: pokedex.toml in the current folder, if there is one).",
            valueName: "file"
        )
    )
    var config: String?

    @Argument(help: ArgumentHelp("The site's folder (default: output in pokedex.toml, else Output).", valueName: "dir"))
    var directory: String?

    func run() async throws {
        let settings = try await reportingErrors {
            try SiteSettings.resolve(
                SettingsLayer(output: directory),
                configPath: config,
                environment: ProcessInfo.processInfo.environment,
                currentDirectory: FileManager.default.currentDirectoryPath
            )
        }
        try await checkSite(at: settings.output)
    }
}

/// Checks the site in `folder`: findings to stdout (so that `> findings.txt` holds only them), the count to
/// stderr, and exit status 1 when there is any.
func checkSite(at folder: String) async throws {
    try printCheck(try await reportingErrors { try await SiteChecker(root: URL(fileURLWithPath: folder)).run() })
}

/// Findings to stdout, the count to stderr; exit status 1 when there is any finding.
func printCheck(_ report: CheckReport) throws {
    if !report.findings.isEmpty {
        print(report.findings.map(\.description).joined(separator: "\n"))
    }
    FileHandle.standardError.write(Data("\(report.summary)\n".utf8))
    if !report.isClean { throw ExitCode(1) }
}
