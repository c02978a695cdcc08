import Foundation
import PokedexMustache

// The values each template receives. Templates read these by name, so every property name here is part of the
// theme contract documented in Templates/README.md: rename nothing lightly.
//
// Plain `Encodable` values: one encoding pass (`TemplateValueEncoder`) turns a page's context into the value
// tree that both the template engine and the page's fingerprint read, so a new field is added here and nowhere
// else (the contexts declaring `TemplateTree` get their trees written at build time from the same fields). A nil
// optional is a key whose value is null, never an absent key: Mustache would look an absent
// key up in the enclosing contexts (a place's visitor without areas would show the place's own).

/// Shared by every page.
struct SiteContext: Sendable, Encodable, TemplateTree {
    /// "Pokédex".
    var title: String
    /// Some move has a page: the top bar links the moves index.
    var hasMoves: Bool
    /// Some ability has a page: the top bar links the abilities index.
    var hasAbilities: Bool
    /// The type pages and chart exist: the top bar links the chart.
    var hasTypes: Bool
    /// Some place has a page: the footer links the places index.
    var hasPlaces = false
    /// Some regional Pokédex has a page: the footer links their index.
    var hasDexes = false
    /// The natures' table exists: the footer and the Pokémon pages' stat ranges link it.
    var hasNatures = false
    /// Some item has a page: the footer links the items index.
    var hasItems = false
    /// How many Pokémon the index lists (species, and forms that play differently), as the language writes it:
    /// "1,269".
    var count: String
    /// How many index pages there are.
    var pageCount: Int
    /// Cells per index page.
    var perPage: Int
    /// Set when some data could not be refreshed: "Offline — showing data cached on 21 Nov 2026".
    var offlineBanner: String?
    /// "That’s all 1351 Pokémon.", in the pages' language.
    var allShown: String = ""
    /// The pokedex version that built the site.
    var generator: String
    /// Where the site is published, ending in `/`: "https://user.github.io/pokedex/"; nil for a relative site.
    var baseURL: String?
}

/// One of a page's copies in the site's languages: for `hreflang` alternates and the language switcher.
struct AlternateContext: Sendable, Encodable, TemplateTree {
    /// BCP 47: "fr", "zh-Hant"; "x-default" for the default language's copy among `alternates`.
    var hreflang: String
    var href: String
    /// The language's own name ("Français"), for the switcher.
    var label: String
    var isCurrent: Bool
}

/// `sw.js`: what the service worker caches, under a cache name that changes with every change to the site.
struct WorkerContext: Sendable, Encodable, TemplateTree {
    /// The cache's name: "pokedex-" and a digest of every file of the site.
    var cache: String
    /// The files cached on install, relative to the root: pokedex's own names, none of them needing escapes.
    var shell: [String]
    /// The offline page's words in each language (the root's first).
    var offline: [OfflinePageContext] = []
}

/// The service worker's offline page in one language. The words are the insides of JavaScript string literals
/// with every character HTML escaping would change written `\uXXXX`, so that `'{{title}}'` is one, escaped or
/// not.
struct OfflinePageContext: Sendable, Encodable, TemplateTree {
    /// "" for the root's language, "fr/" for another.
    var folder: String
    var lang: String
    var title: String
    var heading: String
    var text: String
    var open: String
}

/// A picture for social cards: absolute URL and size.
struct SocialImageContext: Sendable, Encodable, TemplateTree {
    var url: String
    /// Absent for a picture referenced by URL, whose size pokedex does not know.
    var width: Int?
    var height: Int?
    var alt: String
}

/// Open Graph and Twitter card values of a page. `url` and `image` need a base URL (they must be absolute).
struct SocialContext: Sendable, Encodable, TemplateTree {
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
struct LinkContext: Sendable, Encodable, TemplateTree {
    var href: String
    var label: String
}

struct PageNumberContext: Sendable, Encodable, TemplateTree {
    var number: Int
    var href: String
    var isCurrent: Bool
    /// A "…" between non-adjacent numbers; `number` and `href` are then meaningless.
    var isGap: Bool
}

struct PaginationContext: Sendable, Encodable, TemplateTree {
    var current: Int
    var total: Int
    var previous: LinkContext?
    var next: LinkContext?
    /// First, last and nearby page numbers, with `isGap` entries where numbers are skipped.
    var pages: [PageNumberContext]
    var hasPages: Bool
    /// "Page 3 of 57", in the page's language.
    var pageOf: String = ""
}

struct UnknownFavoriteContext: Sendable, Encodable, TemplateTree {
    var entry: String
    var suggestion: String?
}

/// The context of every template: `site` and `root` always, then what the page kind needs.
struct PageContext: Sendable, Encodable, TemplateTree {
    var site: SiteContext
    /// Prefix from this page to the site root: "" or "../".
    var root: String
    /// Its kind: the tree has `kind` (its name), `is<Name>` and the `uses<Role>` flags (see `PageKind`).
    var kind: PageKind
    /// The page has a moves table: it loads `assets.moves`.
    var usesMovesScript: Bool
    /// The document title: "Pikachu · Pokédex".
    var pageTitle: String
    /// Canonical-ish path of this page from the root: "index.html", "page/2.html", "pokemon/pikachu.html".
    var path: String
    /// The page's absolute URL under the base URL ("https://…/pokedex/" for index.html); nil without a base URL.
    var canonical: String?
    var social: SocialContext
    var assets: AssetsContext
    /// Only for `sw.js.mustache`.
    var worker: WorkerContext?

    /// Index pages: the cells of this page and its pagination.
    var pokemon: [CellContext]
    var pagination: PaginationContext?

    /// Detail pages.
    var detail: DetailContext?

    /// Move pages, and the moves index.
    var move: MoveContext?
    var movesIndex: MovesIndexContext?

    /// Ability pages and the abilities index; type pages and the type chart.
    var ability: AbilityPageContext? = nil
    var abilitiesIndex: AbilitiesIndexContext? = nil
    var typePage: TypePageContext? = nil
    var typeChart: TypeChartContext? = nil
    var calculator: CalculatorContext? = nil
    var compare: CompareContext? = nil
    var natures: NaturesContext? = nil
    /// Item pages and the items index.
    var item: ItemPageContext? = nil
    var itemsIndex: ItemsIndexContext? = nil
    /// Place pages and the places index.
    var place: PlacePageContext? = nil
    var placesIndex: PlacesIndexContext? = nil
    /// Regional Pokédex pages and their index.
    var dex: DexPageContext? = nil
    var dexesIndex: DexesIndexContext? = nil

    /// Favorites page: the favorite cells, whether there are none, and entries of the file that matched nothing.
    var favorites: [CellContext]
    var hasFavorites: Bool
    var unknownFavorites: [UnknownFavoriteContext]
    var hasUnknownFavorites: Bool

    /// Index pages: the filter's regional Pokédexes, in the dexes' order.
    var dexOptions: [DexOptionContext] = []
    var hasDexOptions = false

    /// Index and favorites pages: a blank cell for `<template>`, which `app.js` clones to build cells.
    var cellTemplate: CellContext?

    /// The page's language, BCP 47: "en", "fr", "zh-Hant".
    var lang = "en"
    /// The site has several languages: the page links its copies (`alternates`, `languageLinks`).
    var isMultilingual = false
    /// From this page to the site root, where assets and pictures are (`root` leads to the language's root).
    var siteRoot = ""
    /// `<link rel="alternate" hreflang>`: the page in every language, then `x-default`.
    var alternates: [AlternateContext] = []
    /// The language switcher: the same page in every language, the current one marked.
    var languageLinks: [AlternateContext] = []
    /// `og:locale` ("fr_FR") and the other languages' (`og:locale:alternate`); nil for a site of one language.
    var ogLocale: String? = nil
    var ogLocaleAlternates: [String] = []

    /// The tree templates read: the context's, with its kind's flags.
    var flaggedTree: TemplateValue {
        kind.flagged(templateValue)
    }
}
