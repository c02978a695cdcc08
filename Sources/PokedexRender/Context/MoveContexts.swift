import Foundation

// Moves: a Pokémon's moves tables, a move's page and the moves index (see PageContext.swift for what every context
// promises).

/// A move's damage class: "physical", "special" or "status".
struct CategoryContext: Sendable, Encodable, TemplateTree {
    /// API name, safe for a CSS class: "special" ("unknown" otherwise).
    var name: String
    /// "Special".
    var label: String
    /// The BCP 47 tag of `label` when it is not in the page's language.
    var categoryLang: String? = nil
}

/// One row of a moves table: the move and its figures, "—" where PokeAPI has null.
struct MoveRowContext: Sendable, Encodable, TemplateTree {
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
struct LearnGroupContext: Sendable, Encodable, TemplateTree {
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
struct GameOptionContext: Sendable, Encodable, TemplateTree {
    /// The version group's id.
    var id: Int
    /// "Scarlet & Violet".
    var label: String
    var isSelected: Bool
    /// Its generation, for the page's types, stats and abilities in that game.
    var generation: Int? = nil
}

/// The Moves section of a Pokémon's page.
struct MovesSectionContext: Sendable, Encodable, TemplateTree {
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
struct LearnerCellContext: Sendable, Encodable, TemplateTree {
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
struct LearnerGroupContext: Sendable, Encodable, TemplateTree {
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
struct GameCountContext: Sendable, Encodable, TemplateTree {
    var label: String
    var count: Int
}

/// A move's page.
struct MoveContext: Sendable, Encodable, TemplateTree {
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
    /// Its values era by era, when some changed (Thunderbolt's power 95 before X and Y); nil when none did.
    var history: MoveHistoryContext? = nil
}

/// A move's history: a row per run of games that had the same values, today's last.
struct MoveHistoryContext: Sendable, Encodable, TemplateTree {
    var rows: [MoveEraContext]
    /// Whether its effect chance changed (the column is shown only then).
    var showsEffectChance: Bool
}

/// A run of games and the move's values in them; each value `…Changed` where it is not today's.
struct MoveEraContext: Sendable, Encodable, TemplateTree {
    /// "Generations I–V", or the games where a change came mid-generation.
    var games: String
    var type: TypeContext
    var typeChanged: Bool
    var power: String
    var powerChanged: Bool
    var accuracy: String
    var accuracyChanged: Bool
    var pp: String
    var ppChanged: Bool
    var effectChance: String
    var effectChanceChanged: Bool
    var isToday: Bool
}

/// `moves/index.html`: every move with a page, as one table.
struct MovesIndexContext: Sendable, Encodable, TemplateTree {
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
