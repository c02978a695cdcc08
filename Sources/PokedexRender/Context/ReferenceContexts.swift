import Foundation

// Abilities, types and the type chart, the calculator, items, natures and the comparison (see PageContext.swift for
// what every context promises).

/// `abilities/<slug>.html`.
struct AbilityPageContext: Sendable, Encodable, TemplateTree {
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
struct AbilityRowContext: Sendable, Encodable, TemplateTree {
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

struct AbilitiesIndexContext: Sendable, Encodable, TemplateTree {
    var count: Int
    var rows: [AbilityRowContext]
    /// "312 abilities of the Pokémon in this Pokédex…", in the page's language.
    var note: String = ""
}

/// One line of a type page's matchups: "Super effective against ×2" and the types.
struct TypeRelationContext: Sendable, Encodable, TemplateTree {
    var key: String
    var label: String
    var multiplier: String
    var types: [TypeContext]
    var hasTypes: Bool
}

/// `types/<name>.html`.
struct TypePageContext: Sendable, Encodable, TemplateTree {
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
struct ChartCellContext: Sendable, Encodable, TemplateTree {
    /// "2", "½", "0"; "" for normal damage (its `title` says so, and a hidden "1" for screen readers).
    var text: String
    var title: String
    /// "x2", "x05", "x0", "x1".
    var key: String
    var isNormal: Bool
}

struct ChartRowContext: Sendable, Encodable, TemplateTree {
    var type: TypeContext
    var cells: [ChartCellContext]
}

/// `types/index.html`.
struct TypeChartContext: Sendable, Encodable, TemplateTree {
    var types: [TypeContext]
    var rows: [ChartRowContext]
    /// The older eras' charts, newest first, each as what differs from today's.
    var olderEras: [ChartEraContext] = []
    var hasOlderEras = false
}

/// An older era's chart, as what differs from today's (Generation I: Ghost does nothing to Psychic).
struct ChartEraContext: Sendable, Encodable, TemplateTree {
    /// "Generations II–V".
    var label: String
    /// The calculator with this era's chart.
    var calculatorHref: String
    var changes: [ChartChangeContext]
}

/// One pair of types whose multiplier an era had otherwise.
struct ChartChangeContext: Sendable, Encodable, TemplateTree {
    var attacker: TypeContext
    var defender: TypeContext
    /// "×0", "×2": then, and today.
    var then: String
    var now: String
}

/// An older era's chart in the calculator: its generations, types and chart as `CalculatorContext` writes them.
struct CalculatorEraContext: Sendable, Encodable, TemplateTree {
    var first: Int
    var last: Int
    var label: String
    var typeNames: String
    var chart: String
}

/// `types/calculator.html`: the chart and the abilities' rules as the calculator's script reads them.
struct CalculatorContext: Sendable, Encodable, TemplateTree {
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
    /// The newest generation (the address's `gen` goes up to it), today's chart's generations ("Generations
    /// VI–IX"), and the older eras' charts, newest first: the calculator page's alone.
    var latest = 0
    var todayLabel = ""
    var eras: [CalculatorEraContext] = []
    /// The offence view's four attacking types, numbered.
    var attackerSlots = [1, 2, 3, 4]
}

/// An item's picture, from the page: its copy, or its sprite's URL.
struct ItemPictureContext: Sendable, Encodable, TemplateTree {
    var src: String
    var width: Int
    var height: Int
}

/// `items/<slug>.html`.
struct ItemPageContext: Sendable, Encodable, TemplateTree {
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

struct ItemHolderContext: Sendable, Encodable, TemplateTree {
    var cell: PokemonMiniCell
    /// "5% in Red, Blue; 50% in X, Y".
    var rarities: String
}

struct ItemMachineContext: Sendable, Encodable, TemplateTree {
    var move: String
    var moveLang: String?
    /// The move's page; nil when it has none.
    var href: String?
    var games: String
}

/// `items/index.html`: every item with a page, by category.
struct ItemsIndexContext: Sendable, Encodable, TemplateTree {
    var count: Int
    var note: String
    var categories: [ItemCategoryGroupContext]
}

struct ItemCategoryGroupContext: Sendable, Encodable, TemplateTree {
    /// The category's API name, for its heading's id and the filter ("evolution").
    var key: String
    var label: String
    var labelLang: String?
    var count: Int
    var rows: [ItemRowContext]
}

struct ItemRowContext: Sendable, Encodable, TemplateTree {
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
struct NaturesContext: Sendable, Encodable, TemplateTree {
    var rows: [NatureRowContext]
    var count: Int
}

struct NatureRowContext: Sendable, Encodable, TemplateTree {
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
struct CompareContext: Sendable, Encodable, TemplateTree {
    var types: [TypeContext]
    var typeNames: String
    var chart: String
    var stats: [CompareStatContext]
    /// "Lv. 50", "Lv. 100", with the level for the script.
    var levels: [CompareLevelContext]
    /// The abilities script, from the page (`../assets/…` in a language's folder); the stats script is the one the
    /// data script names.
    var abilitiesScript: String
    /// Every cry's address with `{id}` for the Pokémon's (see `SiteRenderer.cryPattern`); nil for none.
    var cries: CompareCriesContext?
}

struct CompareCriesContext: Sendable, Encodable, TemplateTree {
    var pattern: String
    /// The ids of the Pokémon with no cry, space-separated.
    var without: String
}

struct CompareStatContext: Sendable, Encodable, TemplateTree {
    var name: String
    var label: String
    var short: String
    var isAbbreviated: Bool
}

struct CompareLevelContext: Sendable, Encodable, TemplateTree {
    var level: Int
    var label: String
}

/// A Pokémon page's links to the type calculator: `href` with its types ("../types/calculator.html#def=electric"),
/// `abilities` with one of its abilities too ("…&ability=lightning-rod").
struct CalculatorLinksContext: Sendable, Encodable, TemplateTree {
    var href: String
    /// The older games in which its matchups differed, each the calculator with its types then and that era's chart.
    var olderEras: [CalculatorEraLinkContext] = []
    var hasOlderEras = false
    var abilities: [CalculatorAbilityLinkContext]
    var hasAbilities: Bool
}

/// "Generations II–V": the calculator in an older era with the Pokémon's types then.
struct CalculatorEraLinkContext: Sendable, Encodable, TemplateTree {
    var href: String
    var label: String
    /// ", " between links, "" after the last.
    var separator: String
}

struct CalculatorAbilityLinkContext: Sendable, Encodable, TemplateTree {
    var href: String
    var label: String
    var labelLang: String?
    /// ", " between links, "" after the last.
    var separator: String
}

struct CalculatorAbilityContext: Sendable, Encodable, TemplateTree {
    var name: String
    var label: String
    /// "en" when the label is PokeAPI's English name, the page's language having none.
    var labelLang: String?
    /// `DamageRule.encoded`: "ground:0".
    var rule: String
}
