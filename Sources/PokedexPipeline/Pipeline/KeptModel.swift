import Foundation
package import PokedexModel
import PokedexRender
import PokedexSource

/// What `pokedex serve` keeps of its last good build between rebuilds, in memory only: the model every page is
/// made from, and the identity of what the model was made from (the options, the favorites file and the cache:
/// everything but the theme, which the model never reads). A rebuild whose only change is in the theme renders
/// from it: no cache entry read, no model made, no network; the last build's manifest then spares every page the
/// edit does not reach. Kept only from a build whose memo was written, and only as long as that memo would hold.
package struct KeptModel: Sendable {
    /// `BuildMemo.key` with no part of the theme.
    let key: String
    /// Seconds since 1970 until which the data needs no revalidation (as the memo's).
    let freshUntil: Double
    package let pokedex: Pokedex
    let pictures: SiteBuilder.Pictures
    let nameFallbacks: [String]
    /// What the data's loads were, said again by every rebuild made from it.
    let loads: LoadCounts
    let dataAge: DataAge?
    /// The render inputs' key and digest when this model was rendered: the same key (no word nor static file of
    /// the theme changed) spares encoding the model again.
    var inputsKey: String?
    var inputsDigest: String?
    /// What the render made of those inputs before the pages (`SiteRenderer.PreparedSite`), for the same key.
    var prepared: SiteRenderer.PreparedSite?
    /// The theme it was last rendered with.
    var theme: Theme

    /// Whether a build whose key without the theme is `key` may render from this model at `now`.
    func holds(forKey key: String?, at now: Date) -> Bool {
        key == self.key && now.timeIntervalSince1970 < freshUntil
    }
}

/// A build's outcome as `pokedex serve` needs it: its summary, and the model to keep for the next rebuild (nil
/// when the build's memo was not written: the next one must read the cache again).
package struct KeptBuild: Sendable {
    package var summary: BuildSummary
    package var model: KeptModel?
}
