import Foundation
package import PokedexModel
package import PokedexRender
package import PokedexSource

/// One stage of the build and how long it took.
package struct StageDuration: Sendable, Equatable, Codable {
    package var name: String
    package var seconds: Double
    /// The process's peak resident memory at the stage's end, in MiB (the peak so far, not the stage's own).
    package var peakMiB: Int? = nil
}

/// What a build did, for the summary line and for tests.
package struct BuildSummary: Sendable {
    package var pokemon: Int
    /// The index's pages and the pages of each kind that shows one thing (their indexes aside).
    package var pages = PageCounts()
    package var loads: LoadCounts
    package var network: FetchCounts
    /// Pages whose template ran; the others were unchanged by fingerprint and not rendered.
    package var pagesRendered: Int
    /// Pages whose template context was built: a page the last build's manifest vouches for has none.
    package var contextsBuilt = 0
    /// Files written because they were new or changed.
    package var filesWritten: Int
    var filesUnchanged: Int
    package var filesRemoved: Int
    /// Images referenced by URL because downloading failed.
    var imagesRemote: Int
    /// Pokémon with no picture at all (theme placeholder).
    var imagesPlaceholder: Int
    var imagesLocal: Int
    /// Pictures decoded and thumbnail files encoded in this build (0 and 0 when the cache had every thumbnail).
    var picturesDecoded: Int = 0
    var thumbnailsMade: Int = 0
    /// Local pictures shown without thumbnails because they could not be read.
    var picturesUndecodable: Int = 0
    /// The sprites of every game and the cries copied (`--images local`).
    var gallery = MediaCopies.Tally()
    var cries = MediaCopies.Tally()
    package var unknownFavorites: [FavoritesResolution.Unknown]
    /// Names shown as API names made readable because PokeAPI had no English one (see `Pokedex.nameFallbacks`).
    package var nameFallbacks: [String] = []
    package var offline: Bool
    /// The folder the site was written to.
    package var output: String = ""
    /// The site's languages (PokeAPI's codes): the first at the root, each other under `<code>/`.
    package var languages: [String] = ["en"]
    /// Where the site is published; nil when it was built fully relative (no sitemap, canonical or social URLs).
    package var baseURL: String?
    /// How long each stage took, in order.
    package var stages: [StageDuration] = []
    package var seconds: Double

    /// "12.3 MB".
    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

    /// One line for logs and CI: what was fetched, what came from the cache, what was written, how long it took.
    package var line: String {
        var parts = ["\(pokemon) Pokémon"] + pages.phrases
        parts.append("fetched \(loads.fetched)")
        parts.append("revalidated \(loads.revalidated)")
        parts.append("from cache \(loads.fromCache + loads.unchangedDataHash)")
        if loads.stale > 0 { parts.append("stale \(loads.stale)") }
        if loads.snapshot > 0 { parts.append("from snapshot \(loads.snapshot)") }
        parts.append("requests \(network.requests)")
        if network.retries > 0 { parts.append("retries \(network.retries)") }
        parts.append("pages rendered \(pagesRendered)")
        // Pages, images and theme files alike: all are written only when their bytes changed.
        parts.append("files written \(filesWritten)")
        parts.append("unchanged \(filesUnchanged)")
        if filesRemoved > 0 { parts.append("removed \(filesRemoved)") }
        parts.append("images local \(imagesLocal)")
        if imagesRemote > 0 { parts.append("images by URL \(imagesRemote)") }
        if imagesPlaceholder > 0 { parts.append("placeholders \(imagesPlaceholder)") }
        if thumbnailsMade > 0 { parts.append("thumbnails made \(thumbnailsMade)") }
        if picturesUndecodable > 0 { parts.append("unreadable pictures \(picturesUndecodable)") }
        if gallery.copied > 0 {
            parts.append("game sprites copied \(gallery.copied) (\(Self.megabytes(gallery.bytes)))")
        }
        if gallery.remote > 0 { parts.append("game sprites by URL \(gallery.remote)") }
        if cries.copied > 0 { parts.append("cries copied \(cries.copied) (\(Self.megabytes(cries.bytes)))") }
        if baseURL == nil { parts.append("no base URL: no sitemap, canonical links or social images") }
        parts.append(String(format: "%.1f s", seconds))
        var text = parts.joined(separator: ", ")
        // Said once, not per picture: a first build without a network has none of the artwork yet.
        if imagesRemote > 0 {
            text +=
                " — \(imagesRemote) picture(s) not downloaded (shown from PokeAPI online, the placeholder offline):"
                + " a build with the network copies them into the site"
        }
        if offline {
            if loads.snapshot > 0 {
                text += " — offline: \(loads.snapshot) resource(s) from the data snapshot"
                if loads.stale > 0 { text += ", \(loads.stale) from a stale cache" }
            } else if loads.stale > 0 {
                text += " — offline: \(loads.stale) resource(s) from a stale cache"
            } else {
                text += " — no request needed: built offline from the cache"
            }
        }
        return text
    }
}
