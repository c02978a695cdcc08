import Foundation
import PokedexModel
import PokedexSource
import PokedexSupport

/// `natures.html`: every nature in one sortable table, the stat it raises and the one it lowers, and the flavours
/// it likes and dislikes, by name in the page's language.
extension SiteRenderer {
    static let naturesPath = "natures.html"

    func naturesPage(_ pokedex: Pokedex, site: SiteContext, assets: AssetsContext) -> PageJob? {
        guard !pokedex.natures.isEmpty else { return nil }
        let path = Self.naturesPath
        let description = t("description.natures", ["count": String(pokedex.natures.count)])
        return PageJob(path: path, template: "natures") { [self] in
            var context = base(
                site: site,
                root: "",
                kind: .natures,
                path: path,
                title: t("title.natures"),
                social: social(title: t("title.natures"), description: description, path: path, picture: nil),
                assets: assets
            )
            context.natures = natures(pokedex)
            context.usesMovesScript = true
            return context
        }
    }

    func natures(_ pokedex: Pokedex) -> NaturesContext {
        let names = pokedex.names
        let ordered = PageNaming.byName(
            pokedex.natures,
            name: { names.name(.nature, $0.name) },
            id: \.id,
            language: names.language
        )
        func flavor(_ link: SpeciesRecord.ResourceLink?) -> (String, String?) {
            guard let link else { return (t("natures.no_flavor"), nil) }
            return (
                Self.capitalised(names.name(.berryFlavor, link.name)),
                names.text(.berryFlavor, link.name).lang
            )
        }
        let rows = ordered.map { nature in
            let changes =
                nature.increasedStat != nil && nature.decreasedStat != nil
                && nature.increasedStat != nature.decreasedStat
            let likes = flavor(nature.likesFlavor)
            let hates = flavor(nature.hatesFlavor)
            return NatureRowContext(
                anchor: Slug.isClean(nature.name) ? nature.name : "",
                label: names.name(.nature, nature.name),
                labelLang: names.text(.nature, nature.name).lang,
                raises: changes ? statLabel(nature.increasedStat ?? "").0 : t("natures.neutral"),
                lowers: changes ? statLabel(nature.decreasedStat ?? "").0 : t("natures.neutral"),
                isNeutral: !changes,
                likes: likes.0,
                likesLang: likes.1,
                dislikes: hates.0,
                dislikesLang: hates.1
            )
        }
        return NaturesContext(rows: rows, count: rows.count)
    }
}
