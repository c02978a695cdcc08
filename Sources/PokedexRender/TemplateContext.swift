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
    public var title: String
    /// How many Pokémon the site holds.
    public var count: Int
    /// How many index pages there are.
    public var pageCount: Int
    /// Cells per index page.
    public var perPage: Int
    /// Set when some data could not be refreshed: "Offline — showing data cached on 21 Nov 2026".
    var offlineBanner: String?
    /// The pokedex version that built the site.
    public var generator: String
    /// Where the site is published, ending in `/`: "https://user.github.io/pokedex/"; nil for a relative site.
    public var baseURL: String?
}

/// The site's scripts and styles, relative to the root. The stylesheet, `app.js` and the data script carry their
/// content's hash in their names (`assets/style.3f9a1c2e.css`), so a browser or CDN holding an old copy asks for
/// the new one: templates must use these, not the theme's file names.
struct AssetsContext: Sendable, Encodable {
    public var style: String
    public var app: String
    /// The Pokémon list for search and the favorites view.
    public var data: String
    /// The favorites the site was built with. Not hashed: a one-star edit would otherwise rewrite every page.
    public var favorites: String
    var icon: String
    public var placeholder: String
}

/// `sw.js`: what the service worker caches, under a cache name that changes with every change to the site.
struct WorkerContext: Sendable, Encodable {
    /// The cache's name: "pokedex-" and a digest of every file of the site.
    public var cache: String
    /// The files cached on install, relative to the root: pokedex's own names, none of them needing escapes.
    public var shell: [String]
}

/// A picture for social cards: absolute URL and size.
struct SocialImageContext: Sendable, Encodable {
    public var url: String
    /// Absent for a picture referenced by URL, whose size pokedex does not know.
    public var width: Int?
    public var height: Int?
    public var alt: String
}

/// Open Graph and Twitter card values of a page. `url` and `image` need a base URL (they must be absolute).
struct SocialContext: Sendable, Encodable {
    /// "Pikachu", "Pokédex".
    public var title: String
    /// "Mouse Pokémon. When several of these Pokémon gather, …", at most about 200 characters.
    public var description: String
    /// The page's absolute URL (the canonical one); nil without a base URL.
    public var url: String?
    /// The artwork, absolute; nil without a base URL or without a raster picture.
    public var image: SocialImageContext?
}

/// A link to another page, relative to the page it appears on.
struct LinkContext: Sendable, Encodable {
    public var href: String
    public var label: String
}

struct ImageContext: Sendable, Encodable {
    /// Relative to the page, or an absolute URL for remote images.
    public var src: String
    public var width: Int
    public var height: Int
    /// "Pikachu".
    public var alt: String
    /// The theme placeholder, relative to the page: what a failed image swaps to.
    public var fallback: String
    /// For grid cells: the narrowest thumbnail, relative to the page; `src` when there is none.
    public var thumbnail: String
    /// For grid cells: the thumbnails and the picture itself as `srcset` candidates (`…-256.webp 256w, …`); nil
    /// without thumbnails (remote pictures, placeholders, pictures too small or unreadable).
    public var srcset: String?
    var isLocal: Bool
    var isRemote: Bool
    var isPlaceholder: Bool
    /// False for the first cells of an index page (above the fold): they load eagerly.
    public var lazy: Bool
}

struct TypeContext: Sendable, Encodable {
    /// API name, safe for a CSS class: "grass".
    public var name: String
    /// "Grass".
    public var label: String
}

/// One Pokémon in a grid: index pages and favorites.
struct CellContext: Sendable, Encodable {
    public var id: Int
    /// "#025".
    public var number: String
    public var name: String
    public var slug: String
    /// The detail page, relative to the page the cell is on.
    public var href: String
    public var image: ImageContext
    public var types: [TypeContext]
    /// In the favorites file the site was built with.
    var isFavorite: Bool
}

struct StatContext: Sendable, Encodable {
    public var name: String
    /// "Special Attack".
    public var label: String
    /// "Sp. Atk".
    public var short: String
    public var value: Int
    /// 0–100, of the highest base stat (255).
    public var percent: Int
}

struct AbilityContext: Sendable, Encodable {
    public var name: String
    public var label: String
    public var isHidden: Bool
}

struct MeasureContext: Sendable, Encodable {
    /// "0.7 m" / "6.9 kg".
    var metric: String
    /// "2′ 04″" / "15.2 lb".
    var imperial: String
}

struct DetailContext: Sendable, Encodable {
    public var id: Int
    public var number: String
    public var name: String
    public var slug: String
    public var image: ImageContext
    public var types: [TypeContext]
    /// "64", or "—" when PokeAPI has none.
    public var baseExperience: String
    var hasBaseExperience: Bool
    public var height: MeasureContext
    public var weight: MeasureContext
    public var stats: [StatContext]
    /// Sum of the base stats.
    var statTotal: Int
    public var abilities: [AbilityContext]
    /// "Seed Pokémon".
    public var genus: String?
    public var flavorText: String?
    var isFavorite: Bool
    /// Previous and next Pokémon in list order (nil at the ends).
    public var previous: LinkContext?
    public var next: LinkContext?
    /// The index page that lists this Pokémon, relative to the detail page: "../page/3.html", label "Page 3".
    public var list: LinkContext
    /// The species' evolution chain; nil when PokeAPI has none or it could not be had.
    public var evolution: EvolutionContext?
    /// What attacking types do to this type combination, strongest first; only groups that have types.
    public var matchups: [MatchupGroupContext]
    var hasMatchups: Bool
    /// The species' other Pokémon (Mega, regional, Gigantamax…, or the default one from a form), in PokeAPI's order.
    public var forms: [FormContext]
    var hasForms: Bool
    /// The pictures the switcher offers, the page's own picture first (the one `image` shows).
    public var pictures: [PictureContext]
    /// More than one picture: the switcher is worth showing.
    var hasPictureChoice: Bool
    /// "Generation I", when PokeAPI says.
    public var generation: String?
    /// "Rough Terrain", when PokeAPI says (most species after generation III have none).
    public var habitat: String?
    /// `generation` or `habitat` is there.
    var hasOrigin: Bool
    /// The species' name in every language PokeAPI has, in its order.
    public var names: [LocalizedNameContext]
    var hasNames: Bool
}

/// A species' evolution chain, from its first stage.
struct EvolutionContext: Sendable, Encodable {
    /// The first stage alone (a list, so that a recursive partial can render stages and their `evolvesTo` alike).
    public var stages: [EvolutionStageContext]
    /// False for a chain of one stage: "This Pokémon does not evolve."
    public var evolves: Bool
}

/// One stage of an evolution chain and the stages it evolves into (several where the chain branches).
/// Values are never absent (empty strings and flags instead), so that a nested stage never shows its parent's
/// value through Mustache's context stack.
struct EvolutionStageContext: Sendable, Encodable {
    public var speciesID: Int
    /// "Charmeleon": the exported Pokémon's name, else the species' English name, else its API name made readable.
    public var name: String
    /// The default Pokémon's page, relative to the detail page: "charmeleon.html"; "" when not exported.
    public var href: String
    var isLinked: Bool
    /// The exported default Pokémon's picture (use `thumbnail`); the placeholder for a species not exported.
    public var image: ImageContext
    /// The species of the page's Pokémon (a form's page marks its species).
    var isCurrent: Bool
    /// `isCurrent` and the link leads to this very page (`aria-current="page"`, else `"true"`).
    var isThisPage: Bool
    public var isBaby: Bool
    /// How the previous stage evolves into this one: "Level 36", "Use a Thunder Stone"; "" for the first stage.
    public var howToEvolve: String
    var hasCondition: Bool
    public var evolvesTo: [EvolutionStageContext]
    var hasEvolutions: Bool
}

/// "Weak to", "Resists" or "Immune to", with its multipliers.
struct MatchupGroupContext: Sendable, Encodable {
    /// "weak", "resists", "immune": for CSS classes.
    public var name: String
    /// "Weak to".
    public var label: String
    /// Only multipliers that have types: ×4 before ×2, ×½ before ×¼.
    var tiers: [MatchupTierContext]
}

struct MatchupTierContext: Sendable, Encodable {
    /// "×4", "×2", "×½", "×¼", "×0".
    public var multiplier: String
    /// "4", "2", "0.5", "0.25", "0".
    public var factor: String
    /// Attacking types, in the games' order.
    public var types: [TypeContext]
}

/// Another Pokémon of the same species.
struct FormContext: Sendable, Encodable {
    public var id: Int
    /// "#0006": a form shares its species' national number.
    public var number: String
    /// "Mega Charizard X".
    public var name: String
    /// Its page, relative to the detail page; "" when it is not exported.
    public var href: String
    var isLinked: Bool
    /// The species' default Pokémon.
    public var isDefault: Bool
    /// Its picture, lazily loaded (use `thumbnail` and `srcset`); the placeholder when it is not exported.
    public var image: ImageContext
}

/// One picture of the switcher. Only the selected one loads: the others stay in `data-src` until chosen.
struct PictureContext: Sendable, Encodable {
    /// "artwork", "shiny-artwork", "sprite", "shiny-sprite".
    public var id: String
    /// "Artwork", "Shiny artwork", "Sprite", "Shiny sprite".
    public var label: String
    /// Relative to the page (the page's own picture when local), or an http(s) URL.
    public var src: String
    /// Sprites 96×96; artwork by URL 475×475.
    public var width: Int
    public var height: Int
    /// "Charizard", "Charizard, shiny".
    public var alt: String
    /// The page's own picture, shown first.
    var isSelected: Bool
    /// A small pixel-art sprite: drawn with sharp pixels when enlarged.
    var isSprite: Bool
}

/// The name in one language: one row of the Names section.
struct LocalizedNameContext: Sendable, Encodable {
    /// PokeAPI's language code: "fr"; "ja" for the row that joins Japanese kana, kanji and romaji.
    public var language: String
    /// "French", "Japanese"; the code itself for a language pokedex does not know.
    public var label: String
    /// For the `lang` attribute: "fr", "ja"; "" (unknown) for a code that is not a language tag.
    var lang: String
    /// The first spelling: "リザードン".
    public var name: String
    /// Every spelling of the name in this language, each with its own `lang`: "ピカチュウ" (ja-Hrkt), "Pikachu"
    /// (ja-Latn).
    public var spellings: [SpellingContext]
}

/// One spelling of a name: its text and script.
struct SpellingContext: Sendable, Encodable {
    public var name: String
    /// "ja-Hrkt", "ja-Latn".
    var lang: String
}

struct PageNumberContext: Sendable, Encodable {
    public var number: Int
    public var href: String
    var isCurrent: Bool
    /// A "…" between non-adjacent numbers; `number` and `href` are then meaningless.
    var isGap: Bool
}

struct PaginationContext: Sendable, Encodable {
    public var current: Int
    public var total: Int
    public var previous: LinkContext?
    public var next: LinkContext?
    /// First, last and nearby page numbers, with `isGap` entries where numbers are skipped.
    public var pages: [PageNumberContext]
    var hasPages: Bool
}

struct UnknownFavoriteContext: Sendable, Encodable {
    public var entry: String
    public var suggestion: String?
}

/// The context of every template: `site` and `root` always, then what the page kind needs.
struct PageContext: Sendable, Encodable {
    public var site: SiteContext
    /// Prefix from this page to the site root: "" or "../".
    public var root: String
    /// "index", "pokemon", "favorites", "notFound" (`404.html`) or "worker" (`sw.js`).
    public var kind: String
    var isIndex: Bool
    var isPokemon: Bool
    var isFavorites: Bool
    /// The document title: "Pikachu · Pokédex".
    var pageTitle: String
    /// Canonical-ish path of this page from the root: "index.html", "page/2.html", "pokemon/pikachu.html".
    public var path: String
    /// The page's absolute URL under the base URL ("https://…/pokedex/" for index.html); nil without a base URL.
    public var canonical: String?
    public var social: SocialContext
    /// True on `404.html`, the page static hosts show for a missing path (its `root` is the base URL, or "").
    var isNotFound: Bool
    var assets: AssetsContext
    /// Only for `sw.js.mustache`.
    public var worker: WorkerContext?

    /// Index pages: the cells of this page and its pagination.
    public var pokemon: [CellContext]
    var pagination: PaginationContext?

    /// Detail pages.
    public var detail: DetailContext?

    /// Favorites page: the favorite cells, whether there are none, and entries of the file that matched nothing.
    public var favorites: [CellContext]
    var hasFavorites: Bool
    public var unknownFavorites: [UnknownFavoriteContext]
    var hasUnknownFavorites: Bool

    /// Index and favorites pages: a blank cell for `<template>`, which `app.js` clones to build cells.
    var cellTemplate: CellContext?
}
