import Foundation

// The values each template receives. Templates read these by name, so every property name here is part of the
// theme contract documented in Templates/README.md: rename nothing lightly.
//
// Plain `Encodable` values: one encoding pass (`TemplateValueEncoder`) turns a page's context into the value
// tree that both the template engine and the page's fingerprint read, so a new field is added here and nowhere
// else, except in the contexts that also make their own tree (ContextTrees.swift: a test fails until it is
// added there). A nil optional is a key whose value is null, never an absent key: Mustache would look an absent
// key up in the enclosing contexts (a place's visitor without areas would show the place's own).

/// Shared by every page.
struct SiteContext: Sendable, Encodable {
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
    /// Finding by name (`usesFind`: the index, favorites and moves index; elsewhere `app` loads it with `search`):
    /// the search's folding and ranking, the names scripts' decoder, the address's hash. After `app`.
    var find: String = SiteRenderer.findScript
    /// The lists' cells (`usesCells`: the index, favorites and search.html), built from the data script, after
    /// `app`, which every page loads.
    var cells: String = SiteRenderer.cellsScript
    /// The index and favorites pages' script (`usesList`): views, search, filters, infinite scroll, after `cells`.
    var list: String = SiteRenderer.listScript
    /// The moves tables' script (sorting, the game picker, the moves index's filters and search): only pages with
    /// a moves table load it (`usesMovesScript`).
    var moves: String = SiteRenderer.movesTableScript
    /// The site-wide search (`search.js`, loaded on first use by `app`) and its data (every name in every language
    /// of Pokémon, moves, abilities and types).
    var search: String = SiteRenderer.searchScript
    var searchData: String = ""
    /// Every page but the index and favorites loads it after `style` (`usesList` pages do not).
    var pages: String = SiteRenderer.pagesStylesheet
    /// Pokémon pages load it after `pages`.
    var pokemon: String = SiteRenderer.pokemonStylesheet
    /// The tables' styles (`usesTables`): moves tables, the abilities index, the type chart.
    var tables: String = SiteRenderer.tablesStylesheet
    /// The lists of cells' styles (`usesCells`): the index, favorites and search.html.
    var listStyle: String = SiteRenderer.listStylesheet
    /// The lists' controls' styles (`usesControls`): the index, favorites and the moves index.
    var controls: String = SiteRenderer.controlsStylesheet
    /// Pokémon pages load it after `app` (the picture switcher).
    var pokemonScript: String = SiteRenderer.pokemonScript
    /// The type calculator's script, on its page alone.
    var calculator: String = SiteRenderer.calculatorScript
    /// The comparison's script, on its page alone, and its abilities script in the pages' language.
    var compare: String = SiteRenderer.compareScript
    var abilities: String = ""
    /// The items index's search and category filter, on its page alone.
    var items: String = SiteRenderer.itemsScript
    /// The item pages' and items index's styles, after `pages` (theirs alone: no other page pays for them).
    var itemsStyle: String = SiteRenderer.itemsStylesheet
    /// The scripts' words in the pages' language, before `app`; nil in English, which the scripts carry. `strings`:
    /// app.js's (`window.POKEDEX_STRINGS`, every page); `moreStrings`: list.js's, moves.js's, search.js's and
    /// pokemon.js's (`window.POKEDEX_MORE_STRINGS`, pages that run them, and search.js's loader).
    var strings: String? = nil
    var moreStrings: String? = nil
}

extension AssetsContext {
    /// The same files from a language's folder: `../assets/…`.
    func up(_ prefix: String) -> AssetsContext {
        guard !prefix.isEmpty else { return self }
        return AssetsContext(
            style: prefix + style,
            app: prefix + app,
            data: prefix + data,
            favorites: prefix + favorites,
            icon: prefix + icon,
            placeholder: prefix + placeholder,
            find: prefix + find,
            cells: prefix + cells,
            list: prefix + list,
            moves: prefix + moves,
            search: prefix + search,
            searchData: searchData.isEmpty ? "" : prefix + searchData,
            pages: prefix + pages,
            pokemon: prefix + pokemon,
            tables: prefix + tables,
            listStyle: prefix + listStyle,
            controls: prefix + controls,
            pokemonScript: prefix + pokemonScript,
            calculator: prefix + calculator,
            compare: prefix + compare,
            abilities: abilities.isEmpty ? "" : prefix + abilities,
            items: prefix + items,
            itemsStyle: prefix + itemsStyle,
            strings: strings.map { prefix + $0 },
            moreStrings: moreStrings.map { prefix + $0 }
        )
    }
}

/// One of a page's copies in the site's languages: for `hreflang` alternates and the language switcher.
struct AlternateContext: Sendable, Encodable {
    /// BCP 47: "fr", "zh-Hant"; "x-default" for the default language's copy among `alternates`.
    var hreflang: String
    var href: String
    /// The language's own name ("Français"), for the switcher.
    var label: String
    var isCurrent: Bool
}

/// `sw.js`: what the service worker caches, under a cache name that changes with every change to the site.
struct WorkerContext: Sendable, Encodable {
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
struct OfflinePageContext: Sendable, Encodable {
    /// "" for the root's language, "fr/" for another.
    var folder: String
    var lang: String
    var title: String
    var heading: String
    var text: String
    var open: String
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
    /// The type's page, relative to the page the badge is on; "" (and not `isLinked`) where the badge sits inside
    /// another link (grid cells) or the type has no page. Not optional: a missing key would be looked up in the
    /// enclosing contexts (a move row's own `href`).
    var href: String = ""
    var isLinked: Bool = false
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
    /// "en" when the name is PokeAPI's English one, the page's language having none.
    var nameLang: String? = nil
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
    /// `short` is not `label` ("Sp. Atk"; not "Speed"): worth an `<abbr>`.
    var isAbbreviated: Bool
    /// The lowest and highest the stat can be at each of the levels fans compare at: "103–229" at 100.
    var ranges: [String]

    init(name: String, label: String, short: String, value: Int, percent: Int, ranges: [String] = []) {
        self.name = name
        self.label = label
        self.short = short
        self.value = value
        self.percent = percent
        self.isAbbreviated = short != label
        self.ranges = ranges
    }
}

struct AbilityContext: Sendable, Encodable {
    var name: String
    var label: String
    var isHidden: Bool
    /// The ability's page, relative to the detail page; "" (and not `isLinked`) when it has none.
    var href: String = ""
    var isLinked: Bool = false
    /// The ability in a line (`SiteRenderer.abilitySummary`): "Has a 30% chance of paralyzing attacking Pokémon on contact."
    var shortEffect: String? = nil
    /// The BCP 47 tag of `shortEffect` when it is not in the page's language (an English fallback).
    var effectLang: String? = nil
    /// The BCP 47 tag of `label` when it is not in the page's language.
    var labelLang: String? = nil
}

/// A detail page's Training section: what defeating, catching and raising it gives.
struct TrainingContext: Sendable, Encodable {
    /// "2 Speed"; nil when PokeAPI does not say.
    var effortYield: String?
    /// "190".
    var captureRate: String?
    /// "50".
    var baseFriendship: String?
    /// "112", or "—".
    var baseExperience: String
    /// "Medium".
    var growthRate: String?
    /// The BCP 47 tag of `growthRate` when it is not in the page's language (an English fallback).
    var growthRateLang: String? = nil
}

/// A detail page's Breeding section.
struct BreedingContext: Sendable, Encodable {
    /// "Field, Fairy".
    var eggGroups: String?
    /// "50% male, 50% female", "Genderless".
    var genderRatio: String?
    /// "10".
    var eggCycles: String?
    /// The BCP 47 tag of `eggGroups` when none of them is in the page's language.
    var eggGroupsLang: String? = nil
}

/// One Pokédex entry and the games that print it.
struct EntryContext: Sendable, Encodable {
    var text: String
    /// "Red, Blue".
    var games: String
}

/// A thumbnail cell linking a Pokémon: learners on move pages, holders on ability pages, a type's Pokémon.
typealias PokemonMiniCell = LearnerCellContext

/// A group of mini cells under a heading: "As an ability 37", "As a hidden ability 3".
struct MiniGroupContext: Sendable, Encodable {
    var key: String
    var label: String
    var count: Int
    var cells: [PokemonMiniCell]
}

/// `abilities/<slug>.html`.
struct AbilityPageContext: Sendable, Encodable {
    var id: Int
    var slug: String
    var name: String
    var shortEffect: String?
    /// The long effect's paragraphs.
    var effect: [String]?
    var hasEffect: Bool
    var flavorText: String?
    /// "Generation III".
    var generation: String?
    var count: Int
    var groups: [MiniGroupContext]
    var names: [LocalizedNameContext]
    var hasNames: Bool
    var previous: LinkContext?
    var next: LinkContext?
    /// The BCP 47 tags of the effects and flavor text when they are not in the page's language.
    var effectLang: String? = nil
    var flavorLang: String? = nil
    /// The BCP 47 tag of `name` when it is not in the page's language.
    var nameLang: String? = nil
}

/// One row of `abilities/index.html`.
struct AbilityRowContext: Sendable, Encodable {
    var id: Int
    var href: String
    var name: String
    /// The short effect, else the flavor text, else "—".
    var summary: String
    /// Its language when it is not the page's (an English fallback).
    var summaryLang: String? = nil
    /// Pokémon that have it.
    var count: Int
    var generation: String
    var generationNumber: Int?
    /// The BCP 47 tag of `name` when it is not in the page's language.
    var nameLang: String? = nil
}

struct AbilitiesIndexContext: Sendable, Encodable {
    var count: Int
    var rows: [AbilityRowContext]
    /// "312 abilities of the Pokémon in this Pokédex…", in the page's language.
    var note: String = ""
}

/// One line of a type page's matchups: "Super effective against ×2" and the types.
struct TypeRelationContext: Sendable, Encodable {
    var key: String
    var label: String
    var multiplier: String
    var types: [TypeContext]
    var hasTypes: Bool
}

/// `types/<name>.html`.
struct TypePageContext: Sendable, Encodable {
    var type: TypeContext
    var attack: [TypeRelationContext]
    var defence: [TypeRelationContext]
    var pokemonCount: Int
    var pokemon: [PokemonMiniCell]
    var moveCount: Int
    var moves: [MoveRowContext]
    var hasMoves: Bool
    var previous: LinkContext?
    var next: LinkContext?
}

/// One cell of the type chart: the multiplier as text and as a title (colour is never the only signal).
struct ChartCellContext: Sendable, Encodable {
    /// "2", "½", "0"; "" for normal damage (its `title` says so, and a hidden "1" for screen readers).
    var text: String
    var title: String
    /// "x2", "x05", "x0", "x1".
    var key: String
    var isNormal: Bool
}

struct ChartRowContext: Sendable, Encodable {
    var type: TypeContext
    var cells: [ChartCellContext]
}

/// `types/index.html`.
struct TypeChartContext: Sendable, Encodable {
    var types: [TypeContext]
    var rows: [ChartRowContext]
}

/// `types/calculator.html`: the chart and the abilities' rules as the calculator's script reads them.
struct CalculatorContext: Sendable, Encodable {
    /// In the games' order, as the type pickers offer them.
    var types: [TypeContext]
    /// The types' API names, space-separated, in `types`' order.
    var typeNames: String
    /// A row per attacking type, space-separated, in `types`' order: a character per defending type, "0" no
    /// effect, "h" half, "1" normal, "2" double.
    var chart: String
    var abilities: [CalculatorAbilityContext]
    /// The index's data script (every Pokémon's name, slug and types), which the team loads on first use; "" when
    /// the site has none.
    var dataScript = ""
}

/// An item's picture, from the page: its copy, or its sprite's URL.
struct ItemPictureContext: Sendable, Encodable {
    var src: String
    var width: Int
    var height: Int
}

/// `items/<slug>.html`.
struct ItemPageContext: Sendable, Encodable {
    var id: Int
    var slug: String
    var name: String
    var nameLang: String?
    var picture: ItemPictureContext?
    /// "Species-specific", and its bag pocket, "Items".
    var category: String?
    var categoryLang: String?
    var pocket: String?
    var pocketLang: String?
    /// "₽3,000": what the games' shops ask; nil where PokeAPI says nothing.
    var price: String?
    var fling: String?
    var shortEffect: String?
    /// The long effect's paragraphs.
    var effect: [String]?
    var hasEffect: Bool
    var effectLang: String?
    var flavorText: String?
    var flavorLang: String?
    /// Who holds it in the wild, with how often in which games.
    var holders: [ItemHolderContext]
    var holderCount: Int
    var hasHolders: Bool
    /// Who evolves using or holding it.
    var evolvers: [PokemonMiniCell]
    var hasEvolvers: Bool
    /// The Megas it is the stone of.
    var megas: [PokemonMiniCell]
    var hasMegas: Bool
    /// A machine's moves, each with the games it teaches it in.
    var teaches: [ItemMachineContext]
    var hasTeaches: Bool
    var names: [LocalizedNameContext]
    var hasNames: Bool
    var previous: LinkContext?
    var next: LinkContext?
}

struct ItemHolderContext: Sendable, Encodable {
    var cell: PokemonMiniCell
    /// "5% in Red, Blue; 50% in X, Y".
    var rarities: String
}

struct ItemMachineContext: Sendable, Encodable {
    var move: String
    var moveLang: String?
    /// The move's page; nil when it has none.
    var href: String?
    var games: String
}

/// `items/index.html`: every item with a page, by category.
struct ItemsIndexContext: Sendable, Encodable {
    var count: Int
    var note: String
    var categories: [ItemCategoryGroupContext]
}

struct ItemCategoryGroupContext: Sendable, Encodable {
    /// The category's API name, for its heading's id and the filter ("evolution").
    var key: String
    var label: String
    var labelLang: String?
    var count: Int
    var rows: [ItemRowContext]
}

struct ItemRowContext: Sendable, Encodable {
    var id: Int
    /// From the index: "light-ball.html".
    var href: String
    var name: String
    var nameLang: String?
    var picture: ItemPictureContext?
    /// The short effect, else the flavor text, else "—".
    var summary: String
    var summaryLang: String?
}

/// `natures.html`: a row per nature, by name in the page's language.
struct NaturesContext: Sendable, Encodable {
    var rows: [NatureRowContext]
    var count: Int
}

struct NatureRowContext: Sendable, Encodable {
    /// Its API name, for a link to its row ("adamant"); "" when it is not a clean slug.
    var anchor: String
    var label: String
    var labelLang: String?
    /// The stats' names ("Attack"), or a word for a nature that changes none.
    var raises: String
    var lowers: String
    var isNeutral: Bool
    var likes: String
    var likesLang: String?
    var dislikes: String
    var dislikesLang: String?
}

/// `compare.html`: what its script needs beyond the data scripts: the chart (as the calculator's), the types' names
/// and pages, the stats' names, and the levels of the ranges.
struct CompareContext: Sendable, Encodable {
    var types: [TypeContext]
    var typeNames: String
    var chart: String
    var stats: [CompareStatContext]
    /// "Lv. 50", "Lv. 100", with the level for the script.
    var levels: [CompareLevelContext]
    /// The abilities script, from the page (`../assets/…` in a language's folder); the stats script is the one the
    /// data script names.
    var abilitiesScript: String
}

struct CompareStatContext: Sendable, Encodable {
    var name: String
    var label: String
    var short: String
    var isAbbreviated: Bool
}

struct CompareLevelContext: Sendable, Encodable {
    var level: Int
    var label: String
}

/// A Pokémon page's links to the type calculator: `href` with its types ("../types/calculator.html#def=electric"),
/// `abilities` with one of its abilities too ("…&ability=lightning-rod").
struct CalculatorLinksContext: Sendable, Encodable {
    var href: String
    var abilities: [CalculatorAbilityLinkContext]
    var hasAbilities: Bool
}

struct CalculatorAbilityLinkContext: Sendable, Encodable {
    var href: String
    var label: String
    var labelLang: String?
    /// ", " between links, "" after the last.
    var separator: String
}

struct CalculatorAbilityContext: Sendable, Encodable {
    var name: String
    var label: String
    /// "en" when the label is PokeAPI's English name, the page's language having none.
    var labelLang: String?
    /// `DamageRule.encoded`: "ground:0".
    var rule: String
}

struct MeasureContext: Sendable, Encodable {
    /// "0.7 m" / "6.9 kg".
    var metric: String
    /// "2′ 04″" / "15.2 lb"; nil in a language that writes metric units alone.
    var imperial: String?
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
    /// The levels the stats' ranges are given at, as headings: "Lv. 50", "Lv. 100".
    var rangeLevels: [String] = []
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
    /// What it learns in one game (the newest in which it learns moves by level up), the other games a choice
    /// away; nil when PokeAPI lists no moves for it.
    var moves: MovesSectionContext?
    var training: TrainingContext
    /// nil without a species record.
    var breeding: BreedingContext?
    /// Every English Pokédex entry, newest first, and the games that print it: the first few shown, the rest
    /// behind a disclosure.
    var entries: [EntryContext]
    var moreEntries: [EntryContext]
    var hasEntries: Bool
    var hasMoreEntries: Bool
    /// On a form's page: whose entries they are (PokeAPI keeps them per species): "These are Raichu’s entries…".
    var entriesNote: String? = nil
    /// The BCP 47 tags of texts not in the page's language (English fallbacks); nil for those that are.
    var nameLang: String? = nil
    var genusLang: String? = nil
    var flavorLang: String? = nil
    var entriesLang: String? = nil
    /// The BCP 47 tag of `habitat` when it is not in the page's language.
    var habitatLang: String? = nil
    /// Where it is found in each game and what it holds there; nil when PokeAPI has places for no game.
    var whereToFind: WhereContext? = nil
    /// Its number in each regional Pokédex that lists its species ("Local №"), in the dexes' order.
    var localNumbers: [LocalNumberContext] = []
    var hasLocalNumbers = false
    /// The type calculator with this Pokémon's types, and with each of its abilities that changes them.
    var calculator: CalculatorLinksContext? = nil
}

// MARK: Moves

/// A move's damage class: "physical", "special" or "status".
struct CategoryContext: Sendable, Encodable {
    /// API name, safe for a CSS class: "special" ("unknown" otherwise).
    var name: String
    /// "Special".
    var label: String
    /// The BCP 47 tag of `label` when it is not in the page's language.
    var categoryLang: String? = nil
}

/// One row of a moves table: the move and its figures, "—" where PokeAPI has null.
struct MoveRowContext: Sendable, Encodable {
    var id: Int
    var slug: String
    /// The move's page, relative to the page the row is on.
    var href: String
    /// "Thunderbolt".
    var name: String
    var type: TypeContext
    var category: CategoryContext
    /// "90", or "—".
    var power: String
    var accuracy: String
    var pp: String
    /// The learnset's first column: "36" or "Evo." (level up), "TM24" (machine); absent for other methods.
    var hasDetail: Bool
    var detail: String
    /// What a short detail stands for: "On evolution" for "Evo.".
    var detailTitle: String?
    /// The detail's order as a number (level; a machine's place among the game's machines).
    var detailSort: Int
    /// Moves index: "I" and 1 for generation I; "—" and absent when unknown (so that it sorts last).
    var generation: String
    var generationNumber: Int?
    /// The BCP 47 tag of `name` when it is not in the page's language.
    var moveNameLang: String? = nil
}

/// One way of learning moves in one game: "Level up" and its moves.
struct LearnGroupContext: Sendable, Encodable {
    /// "level-up", "machine", "egg", "tutor", "other".
    var key: String
    /// PokeAPI's method id: with `key`, unique on the page (for ids).
    var method: Int
    /// "Level up", "TM / HM", "Egg moves", "Tutor", "Form Change".
    var label: String
    var count: Int
    /// The first column's heading: "Lv." or "Machine"; absent for methods without one.
    var detailHeading: String?
    /// The rows are in the first column's order (levels, machine numbers), else by name: the header that says so
    /// carries `aria-sort="ascending"`.
    var sortedByDetail: Bool
    var moves: [MoveRowContext]
}

/// A game of the game picker.
struct GameOptionContext: Sendable, Encodable {
    /// The version group's id.
    var id: Int
    /// "Scarlet & Violet".
    var label: String
    var isSelected: Bool
}

/// The Moves section of a Pokémon's page.
struct MovesSectionContext: Sendable, Encodable {
    /// "Scarlet & Violet": the game the tables show.
    var game: String
    var gameID: Int
    /// Every game it learns moves in, newest first (the picker's options).
    var games: [GameOptionContext]
    /// More than one game: the picker is worth showing.
    var hasGameChoice: Bool
    /// Relative to the page: this Pokémon's moves in every game (`learnsets/<slug>.<hash>.js`) and every move's
    /// figures (`assets/pokedex-moves.<hash>.js`), loaded when another game is picked, never on arrival.
    var learnsetScript: String
    var movesScript: String
    var groups: [LearnGroupContext]
    /// Whose moves these are when they are the species' default Pokémon's ("A Mega Evolution knows the moves of…").
    var borrowedNote: String?
    /// For `<template>`: a group and a row with every optional part, which the script clones for other games.
    var blankGroup: LearnGroupContext
}

/// A Pokémon in a move's list of learners: a small cell with its thumbnail.
struct LearnerCellContext: Sendable, Encodable {
    /// Its page, relative to the move's page.
    var href: String
    var name: String
    /// The narrowest thumbnail (or the picture), relative to the page, or an http(s) URL.
    var src: String
    var width: Int
    var height: Int
    /// Level up: "Lv. 36" or "Evo."; absent for the other methods. (The placeholder is the list's, once.)
    var note: String?
}

/// The learners of a move by one method in one game.
struct LearnerGroupContext: Sendable, Encodable {
    var key: String
    var method: Int
    /// "Level up".
    var label: String
    /// The machine that teaches it in that game: "TM171" (machine groups only).
    var machine: String?
    var count: Int
    var cells: [LearnerCellContext]
}

/// A game and how many exported Pokémon learn the move in it.
struct GameCountContext: Sendable, Encodable {
    var label: String
    var count: Int
}

/// A move's page.
struct MoveContext: Sendable, Encodable {
    var id: Int
    var slug: String
    var name: String
    var type: TypeContext
    var category: CategoryContext
    var power: String
    var accuracy: String
    var pp: String
    /// "+1", "0", "−3".
    var priority: String
    /// "Selected Pokémon", when PokeAPI says.
    var target: String?
    /// "Generation I", when PokeAPI says.
    var generation: String?
    /// "10%", when PokeAPI gives one.
    var effectChance: String?
    /// `short_effect` in English with `$effect_chance` filled in.
    var shortEffect: String?
    /// The long `effect`, only where it says more: its paragraphs.
    var effect: [String]?
    var hasEffect: Bool
    /// The newest English flavor text.
    var flavorText: String?
    /// "Scarlet & Violet": the newest game an exported Pokémon learns it in.
    var learnedIn: String
    /// Exported Pokémon that learn it there, whatever the method.
    var learnerCount: Int
    var learnerGroups: [LearnerGroupContext]
    /// Older games, newest first, with their counts.
    var otherGames: [GameCountContext]
    var hasOtherGames: Bool
    var names: [LocalizedNameContext]
    var hasNames: Bool
    /// Previous and next move by name.
    var previous: LinkContext?
    var next: LinkContext?
    /// The BCP 47 tags of the effects and flavor text when they are not in the page's language.
    var effectLang: String? = nil
    var flavorLang: String? = nil
    /// The BCP 47 tags of `name` and `target` when they are not in the page's language.
    var nameLang: String? = nil
    var targetLang: String? = nil
}

/// `moves/index.html`: every move with a page, as one table.
struct MovesIndexContext: Sendable, Encodable {
    var count: Int
    /// "833 moves", in the page's language.
    var countLabel: String = ""
    var rows: [MoveRowContext]
    /// The filters' options: the types and categories the moves have, in the games' order.
    var types: [TypeContext]
    var categories: [CategoryContext]
    /// Every move's name in every language, for search (`assets/pokedex-move-names.<hash>.js`), loaded on first use.
    var namesScript: String
}

/// A species' evolution chain, from its first stage.
struct EvolutionContext: Sendable, Encodable {
    /// The first stage alone (a list, so that a recursive partial can render stages and their `evolvesTo` alike).
    var stages: [EvolutionStageContext]
    /// False for a chain of one stage: "This Pokémon does not evolve."
    var evolves: Bool
    /// Four stages or more in a row (Charmander to Mega Charizard X): too wide for a row on a desktop's page.
    var isDeep: Bool
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
    /// The same in runs, each name not in the page's language with its own `lang`.
    var howToEvolveRuns: [TextRunContext]
    var hasCondition: Bool
    var evolvesTo: [EvolutionStageContext]
    var hasEvolutions: Bool
    /// The BCP 47 tag of `name` when it is not in the page's language (`hasStageNameLang`), else "": never
    /// absent, so that a box does not take its parent's.
    var stageNameLang = ""
    var hasStageNameLang = false

    mutating func setNameLang(_ tag: String?) {
        stageNameLang = tag ?? ""
        hasStageNameLang = tag != nil
    }
}

/// A piece of a sentence: in the page's language, or (`isForeign`) in `lang`.
struct TextRunContext: Sendable, Encodable {
    var text: String
    var isForeign: Bool
    /// The BCP 47 tag of a foreign run ("en"); "" otherwise.
    var lang: String
    /// The page of what it names (a place: "Level up at Mt. Coronet"), and whether there is one. Never absent
    /// (`""`): a lookup of an absent key would find the enclosing stage's `href`.
    var href: String = ""
    var hasLink: Bool = false

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
    /// The BCP 47 tag of `name` when it is not in the page's language.
    var formNameLang: String? = nil
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
    /// "Page 3 of 57", in the page's language.
    var pageOf: String = ""
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
    /// "index", "pokemon", "move", "moves" (`moves/index.html`), "ability", "abilities", "type", "types" (the
    /// chart), "search", "favorites", "notFound" (`404.html`) or "worker" (`sw.js`).
    var kind: String
    var isIndex: Bool
    var isPokemon: Bool
    var isFavorites: Bool
    var isMove: Bool
    var isMoves: Bool
    var isAbility: Bool = false
    var isAbilities: Bool = false
    var isType: Bool = false
    var isTypes: Bool = false
    var isSearch: Bool = false
    var isPlace: Bool = false
    var isPlaces: Bool = false
    var isDex: Bool = false
    var isDexes: Bool = false
    /// `types/calculator.html`: it loads `assets.calculator` after `assets.find`.
    var isCalculator: Bool = false
    /// `compare.html`: it loads the data script, `assets.cells`, `assets.calculator` and `assets.compare`.
    var isCompare: Bool = false
    /// `items/index.html`: it loads `assets.items` after `assets.find`.
    var isItems: Bool = false
    /// Item pages and their index load `assets.itemsStyle`.
    var usesItemsStyle: Bool = false
    /// The page loads the data script (`assets.data`): the index, favorites and 404 pages.
    var usesData: Bool
    /// The index and favorites pages: they load `assets.list`.
    var usesList: Bool
    /// The page has a moves table: it loads `assets.moves`.
    var usesMovesScript: Bool
    /// Pages with a table (Pokémon and type pages, the moves and abilities indexes, the type chart) load
    /// `assets.tables` after `assets.pages`.
    var usesTables = false
    /// The index, favorites and search.html show cells: they load `assets.listStyle` after `assets.style`.
    var usesCells = false
    /// The index, favorites and moves index search and keep their state in the address: they load `assets.find`.
    var usesFind = false
    /// The index, favorites and the moves index have a search box, filters or notices: they load
    /// `assets.controls` after `assets.style`.
    var usesControls = false
    /// Pages that run list.js, moves.js or search.js on arrival load `assets.moreStrings` (their words).
    var usesScriptWords = false
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
}
