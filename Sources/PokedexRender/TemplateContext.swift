import Foundation

// The values each template receives. Templates read these by name, so every property name here is part of the
// theme contract documented in README.md: rename nothing lightly.
//
// Plain `Encodable` values: one encoding pass (`TemplateValueEncoder`) turns a page's context into the value
// tree that both the template engine and the page's fingerprint read, so a new field is added here and nowhere
// else. A nil optional is an absent key: the lookup goes on in the enclosing contexts, as Mustache does.

/// Shared by every page.
struct SiteContext: Sendable, Encodable {
    /// "Pokédex".
    var title: String
    /// How many Pokémon the site holds.
    var count: Int
    /// How many index pages there are.
    var pageCount: Int
    /// Cells per index page.
    var perPage: Int
    /// Set when some data could not be refreshed: "Offline — showing data cached on 21 Nov 2026".
    var offlineBanner: String?
    /// The pokedex version that built the site.
    var generator: String
    /// Where the site is published, ending in `/`: "https://user.github.io/pokedex/"; nil for a relative site.
    var baseURL: String?
}

/// The site's scripts and styles, relative to the root. The stylesheet, `app.js` and the data script carry their
/// content's hash in their names (`assets/style.3f9a1c2e.css`), so a browser or CDN holding an old copy asks for
/// the new one: templates must use these, not the theme's file names.
struct AssetsContext: Sendable, Encodable {
    var style: String
    var app: String
    /// The Pokémon list for search and the favorites view.
    var data: String
    /// The favorites the site was built with. Not hashed: a one-star edit would otherwise rewrite every page.
    var favorites: String
    var icon: String
    var placeholder: String
}

/// `sw.js`: what the service worker caches, under a cache name that changes with every change to the site.
struct WorkerContext: Sendable, Encodable {
    /// The cache's name: "pokedex-" and a digest of every file of the site.
    var cache: String
    /// The files cached on install, relative to the root: pokedex's own names, none of them needing escapes.
    var shell: [String]
}

/// A picture for social cards: absolute URL and size.
struct SocialImageContext: Sendable, Encodable {
    var url: String
    /// Absent for a picture referenced by URL, whose size pokedex does not know.
    var width: Int?
    var height: Int?
    var alt: String
}

/// Open Graph and Twitter card values of a page. `url` and `image` need a base URL (they must be absolute).
struct SocialContext: Sendable, Encodable {
    /// "Pikachu", "Pokédex".
    var title: String
    /// "Mouse Pokémon. When several of these Pokémon gather, …", at most about 200 characters.
    var description: String
    /// The page's absolute URL (the canonical one); nil without a base URL.
    var url: String?
    /// The artwork, absolute; nil without a base URL or without a raster picture.
    var image: SocialImageContext?
}

/// A link to another page, relative to the page it appears on.
struct LinkContext: Sendable, Encodable {
    var href: String
    var label: String
}

struct ImageContext: Sendable, Encodable {
    /// Relative to the page, or an absolute URL for remote images.
    var src: String
    var width: Int
    var height: Int
    /// "Pikachu".
    var alt: String
    /// The theme placeholder, relative to the page: what a failed image swaps to.
    var fallback: String
    /// For grid cells: the narrowest thumbnail, relative to the page; `src` when there is none.
    var thumbnail: String
    /// For grid cells: the thumbnails and the picture itself as `srcset` candidates (`…-256.webp 256w, …`); nil
    /// without thumbnails (remote pictures, placeholders, pictures too small or unreadable).
    var srcset: String?
    var isLocal: Bool
    var isRemote: Bool
    var isPlaceholder: Bool
    /// False for the first cells of an index page (above the fold): they load eagerly.
    var lazy: Bool
}

struct TypeContext: Sendable, Encodable {
    /// API name, safe for a CSS class: "grass".
    var name: String
    /// "Grass".
    var label: String
}

/// One Pokémon in a grid: index pages and favorites.
struct CellContext: Sendable, Encodable {
    var id: Int
    /// "#025".
    var number: String
    var name: String
    var slug: String
    /// The detail page, relative to the page the cell is on.
    var href: String
    var image: ImageContext
    var types: [TypeContext]
    /// In the favorites file the site was built with.
    var isFavorite: Bool
}

struct StatContext: Sendable, Encodable {
    var name: String
    /// "Special Attack".
    var label: String
    /// "Sp. Atk".
    var short: String
    var value: Int
    /// 0–100, of the highest base stat (255).
    var percent: Int
}

struct AbilityContext: Sendable, Encodable {
    var name: String
    var label: String
    var isHidden: Bool
}

struct MeasureContext: Sendable, Encodable {
    /// "0.7 m" / "6.9 kg".
    var metric: String
    /// "2′ 04″" / "15.2 lb".
    var imperial: String
}

struct DetailContext: Sendable, Encodable {
    var id: Int
    var number: String
    var name: String
    var slug: String
    var image: ImageContext
    var types: [TypeContext]
    /// "64", or "—" when PokeAPI has none.
    var baseExperience: String
    var hasBaseExperience: Bool
    var height: MeasureContext
    var weight: MeasureContext
    var stats: [StatContext]
    /// Sum of the base stats.
    var statTotal: Int
    var abilities: [AbilityContext]
    /// "Seed Pokémon".
    var genus: String?
    var flavorText: String?
    var isFavorite: Bool
    /// Previous and next Pokémon in list order (nil at the ends).
    var previous: LinkContext?
    var next: LinkContext?
    /// The index page that lists this Pokémon, relative to the detail page: "../page/3.html", label "Page 3".
    var list: LinkContext
    /// The species' evolution chain; nil when PokeAPI has none or it could not be had.
    var evolution: EvolutionContext?
    /// What attacking types do to this type combination, strongest first; only groups that have types.
    var matchups: [MatchupGroupContext]
    var hasMatchups: Bool
    /// The species' other Pokémon (Mega, regional, Gigantamax…, or the default one from a form), in PokeAPI's order.
    var forms: [FormContext]
    var hasForms: Bool
    /// The pictures the switcher offers, the page's own picture first (the one `image` shows).
    var pictures: [PictureContext]
    /// More than one picture: the switcher is worth showing.
    var hasPictureChoice: Bool
    /// "Generation I", when PokeAPI says.
    var generation: String?
    /// "Rough Terrain", when PokeAPI says (most species after generation III have none).
    var habitat: String?
    /// `generation` or `habitat` is there.
    var hasOrigin: Bool
    /// The species' name in every language PokeAPI has, in its order.
    var names: [LocalizedNameContext]
    var hasNames: Bool
}

/// A species' evolution chain, from its first stage.
struct EvolutionContext: Sendable, Encodable {
    /// The first stage alone (a list, so that a recursive partial can render stages and their `evolvesTo` alike).
    var stages: [EvolutionStageContext]
    /// False for a chain of one stage: "This Pokémon does not evolve."
    var evolves: Bool
}

/// One stage of an evolution chain and the stages it evolves into (several where the chain branches).
/// Values are never absent (empty strings and flags instead), so that a nested stage never shows its parent's
/// value through Mustache's context stack.
struct EvolutionStageContext: Sendable, Encodable {
    var speciesID: Int
    /// "Charmeleon": the exported Pokémon's name, else the species' English name, else its API name made readable.
    var name: String
    /// The default Pokémon's page, relative to the detail page: "charmeleon.html"; "" when not exported.
    var href: String
    var isLinked: Bool
    /// The exported default Pokémon's picture (use `thumbnail`); the placeholder for a species not exported.
    var image: ImageContext
    /// The species of the page's Pokémon (a form's page marks its species).
    var isCurrent: Bool
    /// `isCurrent` and the link leads to this very page (`aria-current="page"`, else `"true"`).
    var isThisPage: Bool
    var isBaby: Bool
    /// How the previous stage evolves into this one: "Level 36", "Use a Thunder Stone"; "" for the first stage.
    var howToEvolve: String
    var hasCondition: Bool
    var evolvesTo: [EvolutionStageContext]
    var hasEvolutions: Bool
}

/// "Weak to", "Resists" or "Immune to", with its multipliers.
struct MatchupGroupContext: Sendable, Encodable {
    /// "weak", "resists", "immune": for CSS classes.
    var name: String
    /// "Weak to".
    var label: String
    /// Only multipliers that have types: ×4 before ×2, ×½ before ×¼.
    var tiers: [MatchupTierContext]
}

struct MatchupTierContext: Sendable, Encodable {
    /// "×4", "×2", "×½", "×¼", "×0".
    var multiplier: String
    /// "4", "2", "0.5", "0.25", "0".
    var factor: String
    /// Attacking types, in the games' order.
    var types: [TypeContext]
}

/// Another Pokémon of the same species.
struct FormContext: Sendable, Encodable {
    var id: Int
    /// "#0006": a form shares its species' national number.
    var number: String
    /// "Mega Charizard X".
    var name: String
    /// Its page, relative to the detail page; "" when it is not exported.
    var href: String
    var isLinked: Bool
    /// The species' default Pokémon.
    var isDefault: Bool
    /// Its picture, lazily loaded (use `thumbnail` and `srcset`); the placeholder when it is not exported.
    var image: ImageContext
}

/// One picture of the switcher. Only the selected one loads: the others stay in `data-src` until chosen.
struct PictureContext: Sendable, Encodable {
    /// "artwork", "shiny-artwork", "sprite", "shiny-sprite".
    var id: String
    /// "Artwork", "Shiny artwork", "Sprite", "Shiny sprite".
    var label: String
    /// Relative to the page (the page's own picture when local), or an http(s) URL.
    var src: String
    /// Sprites 96×96; artwork by URL 475×475.
    var width: Int
    var height: Int
    /// "Charizard", "Charizard, shiny".
    var alt: String
    /// The page's own picture, shown first.
    var isSelected: Bool
    /// A small pixel-art sprite: drawn with sharp pixels when enlarged.
    var isSprite: Bool
}

/// The name in one language: one row of the Names section.
struct LocalizedNameContext: Sendable, Encodable {
    /// PokeAPI's language code: "fr"; "ja" for the row that joins Japanese kana, kanji and romaji.
    var language: String
    /// "French", "Japanese"; the code itself for a language pokedex does not know.
    var label: String
    /// For the `lang` attribute: "fr", "ja"; "" (unknown) for a code that is not a language tag.
    var lang: String
    /// The first spelling: "リザードン".
    var name: String
    /// Every spelling of the name in this language, each with its own `lang`: "ピカチュウ" (ja-Hrkt), "Pikachu"
    /// (ja-Latn).
    var spellings: [SpellingContext]
}

/// One spelling of a name: its text and script.
struct SpellingContext: Sendable, Encodable {
    var name: String
    /// "ja-Hrkt", "ja-Latn".
    var lang: String
}

struct PageNumberContext: Sendable, Encodable {
    var number: Int
    var href: String
    var isCurrent: Bool
    /// A "…" between non-adjacent numbers; `number` and `href` are then meaningless.
    var isGap: Bool
}

struct PaginationContext: Sendable, Encodable {
    var current: Int
    var total: Int
    var previous: LinkContext?
    var next: LinkContext?
    /// First, last and nearby page numbers, with `isGap` entries where numbers are skipped.
    var pages: [PageNumberContext]
    var hasPages: Bool
}

struct UnknownFavoriteContext: Sendable, Encodable {
    var entry: String
    var suggestion: String?
}

/// The context of every template: `site` and `root` always, then what the page kind needs.
struct PageContext: Sendable, Encodable {
    var site: SiteContext
    /// Prefix from this page to the site root: "" or "../".
    var root: String
    /// "index", "pokemon", "favorites", "notFound" (`404.html`) or "worker" (`sw.js`).
    var kind: String
    var isIndex: Bool
    var isPokemon: Bool
    var isFavorites: Bool
    /// The document title: "Pikachu · Pokédex".
    var pageTitle: String
    /// Canonical-ish path of this page from the root: "index.html", "page/2.html", "pokemon/pikachu.html".
    var path: String
    /// The page's absolute URL under the base URL ("https://…/pokedex/" for index.html); nil without a base URL.
    var canonical: String?
    var social: SocialContext
    /// True on `404.html`, the page static hosts show for a missing path (its `root` is the base URL, or "").
    var isNotFound: Bool
    var assets: AssetsContext
    /// Only for `sw.js.mustache`.
    var worker: WorkerContext?

    /// Index pages: the cells of this page and its pagination.
    var pokemon: [CellContext]
    var pagination: PaginationContext?

    /// Detail pages.
    var detail: DetailContext?

    /// Favorites page: the favorite cells, whether there are none, and entries of the file that matched nothing.
    var favorites: [CellContext]
    var hasFavorites: Bool
    var unknownFavorites: [UnknownFavoriteContext]
    var hasUnknownFavorites: Bool

    /// Index and favorites pages: a blank cell for `<template>`, which `app.js` clones to build cells.
    var cellTemplate: CellContext?
}
