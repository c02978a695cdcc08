import Foundation

// A Pokémon's page and what other pages show of Pokémon: cells, pictures, types, stats, evolution, matchups, forms,
// names (see PageContext.swift for what every context promises).

struct ImageContext: Sendable, Encodable, TemplateTree {
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

struct TypeContext: Sendable, Encodable, TemplateTree {
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
struct CellContext: Sendable, Encodable, TemplateTree {
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

struct StatContext: Sendable, Encodable, TemplateTree {
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

struct AbilityContext: Sendable, Encodable, TemplateTree {
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
    /// The generation since which it has it, when that is after abilities came to the games and to it.
    var since: Int? = nil
}

/// A detail page's Training section: what defeating, catching and raising it gives.
struct TrainingContext: Sendable, Encodable, TemplateTree {
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
struct BreedingContext: Sendable, Encodable, TemplateTree {
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
struct EntryContext: Sendable, Encodable, TemplateTree {
    var text: String
    /// "Red, Blue".
    var games: String
}

/// A thumbnail cell linking a Pokémon: learners on move pages, holders on ability pages, a type's Pokémon.
typealias PokemonMiniCell = LearnerCellContext

/// A group of mini cells under a heading: "As an ability 37", "As a hidden ability 3".
struct MiniGroupContext: Sendable, Encodable, TemplateTree {
    var key: String
    var label: String
    var count: Int
    var cells: [PokemonMiniCell]
}

struct MeasureContext: Sendable, Encodable, TemplateTree {
    /// "0.7 m" / "6.9 kg".
    var metric: String
    /// "2′ 04″" / "15.2 lb"; nil in a language that writes metric units alone.
    var imperial: String?
}

struct DetailContext: Sendable, Encodable, TemplateTree {
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
    /// What differed in older games (types, base stats, abilities); nil when nothing did.
    var history: HistoryContext? = nil
    /// Its cries, today's first, each a button the page's script shows (and hides again when it cannot play).
    var cries: [CryContext] = []
    var hasCries = false
    /// Its sprite in every game; nil when PokeAPI has none.
    var gallery: GalleryContext? = nil
    /// Its older types and stats for the moves' game picker; nil when they never changed.
    var eras: GameErasContext? = nil
}

/// A Pokémon's sprites of every game, by generation.
struct GalleryContext: Sendable, Encodable, TemplateTree {
    /// The folder every game's folder is in, from the page: "../images/games/" or PokeAPI's.
    var root: String
    /// The files' stem: the Pokémon's id.
    var stem: Int
    /// The words the script names a toggled picture with (see `SiteRenderer.variantWords`).
    var words: String
    var hasMore: Bool
    var generations: [GalleryGenerationContext]
    /// Pictures in all, toggled ones included.
    var count: Int
}

struct GalleryGenerationContext: Sendable, Encodable, TemplateTree {
    /// "Generation I".
    var label: String
    var shelves: [GalleryShelfContext]
}

/// One game's front and shiny sprite.
struct GalleryShelfContext: Sendable, Encodable, TemplateTree {
    /// "Red and Blue".
    var game: String
    /// "generation-i/red-blue": where its toggled pictures are, below the gallery's root.
    var path: String
    /// The toggled variants it has: their indices in `GameSprites.Variant.all`, space-separated.
    var more: String
    var front: GalleryPictureContext?
    var shiny: GalleryPictureContext?
}

struct GalleryPictureContext: Sendable, Encodable, TemplateTree {
    var src: String
    /// "Pikachu in Red and Blue".
    var alt: String
}

/// A cry's button: what it plays, what it says and what a screen reader hears.
struct CryContext: Sendable, Encodable, TemplateTree {
    var src: String
    /// "Cry", "Older games' cry".
    var text: String
    /// "Play Pikachu's cry".
    var label: String
    var isLegacy: Bool
}

/// A Pokémon's "In older games" section.
struct HistoryContext: Sendable, Encodable, TemplateTree {
    /// "Normal type in Generations I–V", "Magic Guard since Generation IV".
    var lines: [String]
    var hasLines: Bool
    /// Its base stats era by era, when they changed.
    var statEras: HistoryStatsContext?
}

/// Base stats by era: a column per run of generations that had the same, today's last.
struct HistoryStatsContext: Sendable, Encodable, TemplateTree {
    /// "Gen. I", "Gen. II–V", "Gen. VI–IX".
    var eras: [String]
    var rows: [HistoryStatRowContext]
    var totals: [String]
}

/// A stat's values, era by era; Generation I's Special is a row of its own.
struct HistoryStatRowContext: Sendable, Encodable, TemplateTree {
    var label: String
    var short: String
    var isAbbreviated: Bool
    var cells: [HistoryCellContext]
}

/// A value in an era: "30", or "—" where the stat did not exist; `isChanged` where it is not today's.
struct HistoryCellContext: Sendable, Encodable, TemplateTree {
    var value: String
    var isChanged: Bool
}

/// A species' evolution chain, from its first stage.
struct EvolutionContext: Sendable, Encodable, TemplateTree {
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
struct EvolutionStageContext: Sendable, Encodable, TemplateTree {
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
struct TextRunContext: Sendable, Encodable, TemplateTree {
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
struct MatchupGroupContext: Sendable, Encodable, TemplateTree {
    /// "weak", "resists", "immune": for CSS classes.
    var name: String
    /// "Weak to".
    var label: String
    /// Only multipliers that have types: ×4 before ×2, ×½ before ×¼.
    var tiers: [MatchupTierContext]
}

struct MatchupTierContext: Sendable, Encodable, TemplateTree {
    /// "×4", "×2", "×½", "×¼", "×0".
    var multiplier: String
    /// "4", "2", "0.5", "0.25", "0".
    var factor: String
    /// Attacking types, in the games' order.
    var types: [TypeContext]
}

/// Another Pokémon of the same species.
struct FormContext: Sendable, Encodable, TemplateTree {
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
struct PictureContext: Sendable, Encodable, TemplateTree {
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
struct LocalizedNameContext: Sendable, Encodable, TemplateTree {
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
struct SpellingContext: Sendable, Encodable, TemplateTree {
    var name: String
    /// "ja-Hrkt", "ja-Latn".
    var lang: String
}
