import PokedexMustache

// The contexts of where Pokémon are found: a Pokémon page's section, a place's page and the places index.

/// A Pokémon page's "Where to find it".
struct WhereContext: Sendable, Encodable, TemplateTree {
    /// The newest games' places; the older ones behind a disclosure.
    var games: [EncounterGamesContext]
    var moreGames: [EncounterGamesContext]
    var hasMoreGames: Bool
    /// "PokeAPI has no places for Scarlet & Violet.": games it is in that PokeAPI has no places for at all.
    var uncovered: String?
    /// Found in no game: "PokeAPI lists no place to find Charizard in the wild."
    var nowhere: String?
    /// Then the first stage of its chain, where that one is found.
    var firstStage: LinkContext?
    var heldItems: [HeldItemContext]
    var hasHeldItems: Bool
    /// The places index, from the Pokémon's page; nil when no place has a page.
    var allPlaces: String?
}

/// The same places in several games: "Red & Blue".
struct EncounterGamesContext: Sendable, Encodable, TemplateTree {
    var games: String
    var lines: [EncounterLineContext]
}

/// "Viridian Forest: Walking in tall grass or a cave · Lv. 3–5 · 5%": the places met the same way, and how.
struct EncounterLineContext: Sendable, Encodable, TemplateTree {
    var places: [EncounterPlaceContext]
    var how: String
    var howLang: String?
    var levels: String
    var chance: String
    /// "During the day, Swarm".
    var conditions: String?
    var conditionsLang: String?
}

/// A place of a line, linked to its page where it has one.
struct EncounterPlaceContext: Sendable, Encodable, TemplateTree {
    var name: String
    var nameLang: String?
    /// Its page; nil when it has none.
    var href: String?
    /// " (B1F)": the areas of it, when it has several.
    var area: String?
    var areaLang: String?
    /// What follows it in the line's list of places: ", ", or "" for the last.
    var separator: String
}

/// "Light Ball: 5% in Ruby, Sapphire & Emerald".
struct HeldItemContext: Sendable, Encodable, TemplateTree {
    var name: String
    var nameLang: String?
    var rarities: String
    /// The item's page, from the Pokémon's; nil when it has none.
    var href: String? = nil
}

/// `locations/<slug>.html`.
struct PlacePageContext: Sendable, Encodable, TemplateTree {
    var id: Int
    var slug: String
    var name: String
    var region: String?
    var regionLang: String?
    /// Its areas, when it has several: "1F, B1F, B2F".
    var areas: String?
    /// "en" on pages in another language: the areas are named from their API names.
    var areasLang: String?
    /// Pokémon found there in any game.
    var count: Int
    /// The newest games' visitors; the older ones behind a disclosure.
    var games: [PlaceGamesContext]
    var moreGames: [PlaceGamesContext]
    var hasMoreGames: Bool
    var names: [LocalizedNameContext]
    var hasNames: Bool
    var previous: LinkContext?
    var next: LinkContext?
    var nameLang: String?
}

/// Who is found in a place in some games alike.
struct PlaceGamesContext: Sendable, Encodable, TemplateTree {
    var games: String
    var count: Int
    var visitors: [PlaceVisitorContext]
}

/// A Pokémon's cell and how it is met there: "Walking in tall grass or a cave · Lv. 3–5 · 5% · (B1F) · During the
/// day", each part in its own language.
struct PlaceVisitorContext: Sendable, Encodable, TemplateTree {
    var cell: PokemonMiniCell
    var how: String
    var howLang: String?
    /// "Lv. 3–5 · 5%".
    var figures: String
    var areas: String?
    var areasLang: String?
    var conditions: String?
    var conditionsLang: String?
}

/// `locations/index.html`.
struct PlacesIndexContext: Sendable, Encodable, TemplateTree {
    var count: Int
    var note: String
    var regions: [PlaceRegionContext]
}

struct PlaceRegionContext: Sendable, Encodable, TemplateTree {
    /// The region's API name, "other" for places of none: the heading's id.
    var key: String
    var label: String
    var labelLang: String?
    var places: [PlaceRowContext]
}

struct PlaceRowContext: Sendable, Encodable, TemplateTree {
    var href: String
    var name: String
    var nameLang: String?
    /// "12 Pokémon".
    var count: String
}

// MARK: Regional Pokédexes

/// A Pokémon's number in one regional Pokédex: "Kanto 25".
struct LocalNumberContext: Sendable, Encodable, TemplateTree {
    var label: String
    var labelLang: String?
    var number: String
    /// The Pokédex's page; nil when it has none.
    var href: String?
}

/// `pokedexes/<slug>.html`.
struct DexPageContext: Sendable, Encodable, TemplateTree {
    var id: Int
    var slug: String
    var name: String
    var nameLang: String?
    var region: String?
    var regionLang: String?
    /// "Red, Blue, Yellow".
    var games: String
    var count: Int
    /// Its Pokémon in its order, each cell's `note` its number there ("No. 25").
    var pokemon: [PokemonMiniCell]
    var names: [LocalizedNameContext]
    var hasNames: Bool
    var previous: LinkContext?
    var next: LinkContext?
}

/// A regional Pokédex in the index's filter: its API name (the address's `dex=`) and its name.
struct DexOptionContext: Sendable, Encodable, TemplateTree {
    var value: String
    var label: String
    var labelLang: String?
}

/// `pokedexes/index.html`.
struct DexesIndexContext: Sendable, Encodable, TemplateTree {
    var count: Int
    var note: String
    var rows: [DexRowContext]
}

struct DexRowContext: Sendable, Encodable, TemplateTree {
    var href: String
    var name: String
    var nameLang: String?
    var region: String
    var regionLang: String?
    var games: String
    var count: Int
}
