import ArgumentParser
import Foundation
import PokedexPipeline
import PokedexRender
import PokedexSource

/// What a build is told on the command line beyond where the site is (`SiteOptions`): `pokedex build` and
/// `pokedex serve` take the same.
struct BuildFlags: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Folder the site is written to (default: output in pokedex.toml, else Output).",
            valueName: "dir"
        )
    )
    var output: String?

    @Option(
        help: ArgumentHelp(
            "Theme folder overriding the built-in theme file by file (default: templates in pokedex.toml, else none).",
            valueName: "dir"
        )
    )
    var templates: String?

    @Option(help: ArgumentHelp("Export only the first N Pokémon of the list (default: all).", valueName: "n"))
    var limit: Int?

    @Option(help: ArgumentHelp("Pokémon per index page (default: per-page in pokedex.toml, else 24).", valueName: "n"))
    var perPage: Int?

    @Option(
        help: ArgumentHelp(
            "Pokémon per list request to the API (default: list-page-size in pokedex.toml, else 10).",
            valueName: "n"
        )
    )
    var listPageSize: Int?

    @Option(help: ArgumentHelp("Most requests in flight at once (default: 8).", valueName: "n"))
    var concurrency: Int?

    @Option(
        help: ArgumentHelp(
            "local: copy pictures into the site; remote: reference their URLs (default: local).",
            valueName: "mode"
        )
    )
    var images: ImageMode?

    @Option(
        help: ArgumentHelp(
            "Seed an empty cache from this snapshot file (from `pokedex snapshot`) instead of the bundled one.",
            valueName: "file"
        )
    )
    var snapshot: String?

    @Option(
        help: ArgumentHelp(
            "Where the site is published, e.g. https://user.github.io/pokedex/: adds canonical links, sitemap.xml, robots.txt and social cards (default: base-url in pokedex.toml, else none: a fully relative site).",
            valueName: "url"
        )
    )
    var baseURL: String?

    @Option(
        name: .customLong("language"),
        help: ArgumentHelp(
            "A language of the site, by PokeAPI's code (en, fr, de, es, es-419, it, ja, ja-hrkt, ja-roma, ko, zh-hans, zh-hant); repeat for more: the first at the site root, each other under <code>/ (default: languages in pokedex.toml, else en).",
            valueName: "code"
        )
    )
    var languages: [String] = []

    @Flag(help: "Live data only: never seed the cache from a data snapshot.")
    var noSnapshot = false

    @Flag(help: "Revalidate every cached resource, whatever its age.")
    var refresh = false

    @Flag(help: "Never touch the network; build from the cache (or the snapshot) or fail naming what is missing.")
    var offline = false

    @Flag(
        name: .shortAndLong,
        help:
            "Log each retry, fallback and cache decision, and each stage's time, to stderr (-vv: the HTTP client's own lines too)."
    )
    var verbose: Int

    func validate() throws {
        if refresh && offline { throw ValidationError("--refresh and --offline cannot be used together") }
        if noSnapshot && snapshot != nil {
            throw ValidationError("--snapshot and --no-snapshot cannot be used together")
        }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
        if let perPage, !BuildOptions.perPageRange.contains(perPage) {
            throw ValidationError("--per-page must be between 1 and 1000")
        }
        if let listPageSize, !BuildOptions.perPageRange.contains(listPageSize) {
            throw ValidationError("--list-page-size must be between 1 and 1000")
        }
        if let concurrency, !BuildOptions.concurrencyRange.contains(concurrency) {
            throw ValidationError("--concurrency must be between 1 and 64")
        }
    }

    var mode: FetchMode { offline ? .offline : (refresh ? .refresh : .normal) }

    /// These flags as a settings layer, over the site's.
    func apply(to flags: inout SettingsLayer) {
        flags.output = output
        flags.templates = templates
        flags.perPage = perPage
        flags.listPageSize = listPageSize
        flags.concurrency = concurrency
        flags.images = images
        flags.baseURL = baseURL
        flags.languages = languages.isEmpty ? nil : languages
        flags.snapshot = noSnapshot ? .off : snapshot.map { .file($0) }
    }

    /// The build's options: these flags over the site's settings.
    func options(site: SiteOptions) async throws -> BuildOptions {
        BuildOptions(settings: try await site.settings(apply(to:)), limit: limit, mode: mode)
    }

    /// The same, thrown as they are (for the build report), not turned into an exit.
    func resolvedOptions(site: SiteOptions) throws -> BuildOptions {
        BuildOptions(settings: try site.resolveSettings(apply(to:)), limit: limit, mode: mode)
    }
}
