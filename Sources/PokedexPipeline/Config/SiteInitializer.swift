package import Foundation
import PokedexSupport

/// `pokedex init`: a new site folder with a commented `pokedex.toml`, an empty favorites file and a `.gitignore`.
package enum SiteInitializer {
    /// Every key with its default, commented out, so the file documents itself and changes nothing until edited.
    static let configTemplate = """
        # pokedex site settings, read by every pokedex command run in this folder (or given --config).
        # Every key is optional: each is shown commented out with its default. Paths are relative to this file.
        # A command-line flag wins over this file, and so does the POKEAPI_URL environment variable over `api`.

        # PokeAPI base URL: pokeapi.co or any PokeAPI-compatible server.
        # api = "\(SiteSettings.defaultAPI)"

        # Where the site is written. pokedex only ever deletes files it wrote there itself.
        # output = "\(SiteSettings.defaultOutput)"

        # The HTTP cache: what was fetched, so later builds ask the network for nothing new.
        # cache = "\(SiteSettings.defaultCache)"

        # A folder overriding the built-in theme file by file (`pokedex theme eject` writes a copy to start from).
        # Unset: the built-in theme.
        # templates = "Templates"

        # The favorites: a JSON array of names or ids, edited with `pokedex favorites add NAME`.
        # favorites = "\(SiteSettings.defaultFavorites)"

        # Pokémon per index page, 1 to 1000.
        # per-page = \(SiteSettings.defaultPerPage)

        # Pokémon per list request to the API, 1 to 1000.
        # list-page-size = \(SiteSettings.defaultListPageSize)

        # "local": copy the artwork into the site; "remote": reference PokeAPI's URLs and download nothing.
        # images = "local"

        # Most requests in flight at once, 1 to 64.
        # concurrency = \(SiteSettings.defaultConcurrency)

        # Seed an empty cache from the data snapshot inside pokedex, so a first build works offline and asks the
        # server only whether its data changed. false: live data only. A path: a file from `pokedex snapshot`.
        # snapshot = true

        # Where the site is published, subpath included. Adds canonical links, sitemap.xml, robots.txt and social
        # cards with absolute URLs. Unset: the site stays fully relative (it browses from file:// as well).
        # base-url = "https://user.github.io/pokedex/"

        # The site's languages, by PokeAPI's codes (en, fr, de, es, es-419, it, ja, ja-hrkt, ja-roma, ko, zh-hans,
        # zh-hant): the first at the site root, each other a complete copy under <code>/ (fr/index.html).
        # languages = ["en"]

        """

    package static let gitignore = """
        # Written by pokedex build: the site and the cache are rebuilt from pokedex.toml and favorites.json.
        /\(SiteSettings.defaultOutput)/
        /\(SiteSettings.defaultCache)/

        """

    /// The files `create` writes, by name.
    package static let files: [(name: String, contents: String)] = [
        (SiteConfig.fileName, configTemplate),
        (SiteSettings.defaultFavorites, "[]\n"),
        (".gitignore", gitignore),
    ]

    /// Writes the files into `folder` (made when missing). Refuses, writing nothing, when any of them exists.
    /// Returns the names written.
    package static func create(in folder: URL) throws -> [String] {
        let existing = files.map(\.name).filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }
        guard existing.isEmpty else {
            throw PokedexError(
                .output,
                folder.path,
                .invalidInput("refusing to overwrite \(existing.joined(separator: ", "))"),
                hint: "this folder already holds a site: edit its pokedex.toml, or init another folder"
            )
        }
        for file in files {
            let url = folder.appendingPathComponent(file.name)
            do {
                try AtomicFile.write(Data(file.contents.utf8), to: url)
            } catch {
                throw PokedexError.file(.output, url.path, error)
            }
        }
        return files.map(\.name)
    }
}
