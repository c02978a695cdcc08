package import Foundation
package import PokedexSource
import PokedexSupport

/// Where a page finds a Pokémon's picture.
package enum ImageSource: Sendable, Equatable, Encodable {
    /// A copy in the output folder, relative to the site root, with its pixel size.
    case local(path: String, width: Int, height: Int)
    /// A URL on the web: the download failed, or `--images remote`.
    case remote(url: String)
    /// The theme's placeholder: PokeAPI has no picture at all.
    case placeholder
}

/// A smaller copy of a local picture for grid cells, relative to the site root.
package struct Thumbnail: Sendable, Equatable, Encodable {
    package var path: String
    package var width: Int
    package var height: Int

    package init(path: String, width: Int, height: Int) {
        self.path = path
        self.width = width
        self.height = height
    }
}

/// One Pokémon as the site shows it: the API's facts plus everything derived for display.
package struct PokemonEntry: Sendable, Equatable, Encodable {
    package var record: PokemonRecord
    package var species: SpeciesRecord?
    package var displayName: String
    package var slug: String
    package var image: ImageSource
    /// Smaller copies of a local `image`, narrowest first; empty for remote pictures and placeholders.
    package var thumbnails: [Thumbnail] = []
    /// A form's own record (Alolan Raichu's names and games); nil for a species' default Pokémon.
    package var form: FormRecord? = nil
    /// The generation of the version group that introduced a form (Alolan Raichu: 7), when known.
    var formGeneration: Int? = nil
    /// The version group that introduced a form ("sun-moon"); nil for a species' default Pokémon.
    package var introducedIn: String? = nil
    /// A form's own names in every language ("Alolan Raichu", "Raichu d’Alola"), when it has a form record.
    package var formNames: [LocalizedName]? = nil
    /// The language `displayName` is really in when PokeAPI has no name in the pages' language ("en"); nil when
    /// it is in the pages' language.
    package var nameFallback: String? = nil
    /// A form with its species' types, base stats and abilities (Pikachu's caps, Totem and Gigantamax forms,
    /// Minior's meteors): it plays as its species does, so lists leave it to its species' page and to search.
    package var onlyLooksDifferent = false
    /// What makes a Mega Evolution: its Mega Stone, or the move Rayquaza knows; nil for any other Pokémon.
    package var megaTrigger: MegaTrigger? = nil
    /// Where its sprites of every game and its cries are.
    package var media = PokemonMedia()

    /// The generation that introduced this Pokémon: a form's own, else its species'.
    package var generation: Int? { formGeneration ?? species?.generation }
    /// Its name in every language: a form's own, else its species'.
    package var names: [LocalizedName] { formNames ?? species?.names ?? [] }

    package var id: Int { record.id }
    /// The national Pokédex number, which a form shares with its species: "#0026" for Alolan Raichu.
    package var number: String { DisplayName.number(record.speciesID) }
    /// A form rather than its species' default Pokémon.
    package var isForm: Bool { !record.isDefault }
    /// In the index and in the lists of move, ability and type pages: a species, or a form that plays differently.
    package var isListed: Bool { !onlyLooksDifferent }
}

/// What a Pokémon holds or knows to Mega Evolve.
package enum MegaTrigger: Sendable, Equatable, Encodable {
    /// Its Mega Stone, by API name ("charizardite-x"): its names are the item's.
    case stone(String)
    /// A move it must know, by API name: Rayquaza's Dragon Ascent.
    case move(String)

    /// PokeAPI has no stone for these Megas: the games' rule.
    static let byMove = ["rayquaza-mega": "dragon-ascent"]
}

/// Where data the network could not confirm came from, and how old it is.
package enum DataAge: Sendable, Equatable, Encodable {
    /// The oldest cached copy used was stored then.
    case cached(Date)
    /// A data snapshot taken then: the one compiled into pokedex, or a file.
    case snapshot(Date, bundled: Bool)
}

/// Everything the render stage needs, in list order.
package struct Pokedex: Sendable {
    package var entries: [PokemonEntry]
    package var favorites: FavoritesResolution
    /// Set when some data could not be refreshed.
    package var dataAge: DataAge?
    /// The evolution chains of the exported species, by chain id (`SpeciesRecord.evolutionChainID`). A chain may
    /// name species outside the exported set (`--limit`).
    package var chains: [Int: EvolutionChainRecord]
    /// The damage relations of every type the exported Pokémon have, by API name.
    package var typeChart: [String: TypeRecord]
    /// What PokeAPI calls the abilities, items, places… the pages name.
    package var names: NameBook
    /// The moves the Pokémon learn, their games and machines.
    package var moves: MoveBook
    /// The abilities the Pokémon have, by id (`PokemonRecord.Ability.id`).
    package var abilities: [Int: AbilityRecord]
    /// Where the Pokémon are found, the places, and what they hold in the wild.
    package var places: PlaceBook
    /// The games' regional Pokédexes and the species each lists.
    package var regionalDexes: RegionalDexes
    /// The natures, in PokeAPI's order (Hardy, Lonely, Brave…): the stat each raises and lowers, and the flavours.
    package var natures: [NatureRecord]
    /// The items the pages name, whole, and their categories.
    package var items: ItemBook
    /// PokeAPI's code of the language the pages are in: names and texts are this language's where PokeAPI has
    /// them, else English (see `localized(_:)`).
    package private(set) var language = "en"

    package init(
        entries: [PokemonEntry],
        favorites: FavoritesResolution,
        dataAge: DataAge?,
        chains: [Int: EvolutionChainRecord] = [:],
        typeChart: [String: TypeRecord] = [:],
        names: NameBook = NameBook(),
        moves: MoveBook = MoveBook(),
        abilities: [Int: AbilityRecord] = [:],
        places: PlaceBook = PlaceBook(),
        regionalDexes: RegionalDexes = RegionalDexes(),
        natures: [NatureRecord] = [],
        items: ItemBook = ItemBook()
    ) {
        self.entries = entries
        self.favorites = favorites
        self.dataAge = dataAge
        self.chains = chains
        self.typeChart = typeChart
        self.names = names
        self.moves = moves
        self.abilities = abilities
        self.places = places
        self.regionalDexes = regionalDexes
        self.natures = natures
        self.items = items
    }

    /// The index's Pokémon, and every list's: the species and the forms that play differently, in site order.
    package var listed: [PokemonEntry] { entries.filter(\.isListed) }

    /// For each of `entries`, the indices of the Pokémon before and after it in national order, species by species
    /// as fans' Pokédexes step (Pikachu → Raichu, not its forms): a species' default Pokémon, else its first exported
    /// form. A form steps to its species' neighbours.
    package var neighbours: [(previous: Int?, next: Int?)] {
        var representatives: [Int] = []
        var place: [Int: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let species = entry.record.speciesID
            if let at = place[species] {
                // A default Pokémon listed after a form of its species still stands for it.
                if entry.record.isDefault, !entries[representatives[at]].record.isDefault {
                    representatives[at] = index
                }
            } else {
                place[species] = representatives.count
                representatives.append(index)
            }
        }
        return entries.map { entry in
            // Every species has its place: the loop above gave one to each entry's.
            guard let at = place[entry.record.speciesID] else { return (nil, nil) }
            return (
                at > 0 ? representatives[at - 1] : nil, at + 1 < representatives.count ? representatives[at + 1] : nil
            )
        }
    }

    /// The chain `entry`'s species belongs to, when PokeAPI has one and it could be had.
    package func chain(of entry: PokemonEntry) -> EvolutionChainRecord? {
        entry.species?.evolutionChainID.flatMap { chains[$0] }
    }

    /// The same Pokédex for pages in `language`: the Pokémon called by their names in it (the theme's words for a
    /// form PokeAPI does not name in it, an English name, marked in `nameFallback`, where neither has one), and the
    /// name book asked in it. Records keep every language: the pages pick their texts from them.
    package func localized(_ language: String, words: ThemeWords = ThemeWords()) -> Pokedex {
        guard language != self.language || words != names.words else { return self }
        var copy = self
        copy.language = language
        copy.names = names.localized(language, words: words)
        copy.moves = moves.localized(copy.names)
        for index in copy.entries.indices {
            let entry = copy.entries[index]
            copy.entries[index].nameFallback = nil
            // Its name in the language (a form's own, or its species' with the form's part), else the theme's
            // pattern for the form with its species' name in the language, else the English one. A form PokeAPI
            // has no form record of is its species' name and what its API name adds.
            if entry.isForm, entry.formNames == nil {
                copy.entries[index].displayName = DisplayName.of(
                    entry.record,
                    species: entry.species,
                    language: language
                )
                copy.entries[index].nameFallback = NameBook.fallback(entry.names, language)
            } else if let own = entry.names.preferred(language), own.language != "en" || language == "en" {
                copy.entries[index].displayName = own.name
            } else if entry.isForm,
                let pattern = words.forms[entry.record.name] ?? words.forms[DisplayName.formPart(entry.record)],
                let species = entry.species?.names.preferred(language), species.language != "en"
            {
                copy.entries[index].displayName = Placeholders.fill(pattern, ["species": species.name])
            } else {
                copy.entries[index].displayName = DisplayName.of(entry.record, species: entry.species, form: entry.form)
                copy.entries[index].nameFallback = NameBook.fallback(entry.names, language)
            }
        }
        Self.disambiguate(&copy.entries, words: words)
        return copy
    }

    /// The newest generation the data knows: of its games, else of its Pokémon (today's values hold through it).
    package var latestGeneration: Int {
        moves.games.values.compactMap(\.generation).max()
            ?? entries.compactMap(\.generation).max() ?? typeChart.values.compactMap(\.generation).max() ?? 1
    }

    /// Weaknesses, resistances and immunities of `entry`'s type combination.
    package func matchups(of entry: PokemonEntry) -> TypeMatchups {
        TypeMatchups(types: entry.record.types, chart: typeChart)
    }

    /// Builds entries in the Pokédex's order (by national number, each species' default Pokémon before its forms,
    /// then the API's order), giving each a unique, clean slug. `forms` by form id; `names` tells the generation of
    /// a form's version group.
    package static func entries(
        list: [ListPage.Entry],
        records: [Int: PokemonRecord],
        species: [Int: SpeciesRecord],
        images: [Int: ImageSource],
        thumbnails: [String: [Thumbnail]] = [:],
        forms: [Int: FormRecord] = [:],
        names: NameBook = NameBook(),
        itemCategories: [String: ItemCategoryRecord] = [:],
        media: [Int: PokemonMedia] = [:]
    ) -> [PokemonEntry] {
        let defaults = Dictionary(
            records.values.filter(\.isDefault).map { ($0.speciesID, $0) },
            uniquingKeysWith: { first, second in first.id < second.id ? first : second }
        )
        let stones = MegaForm.stones(
            for: records.values.filter { MegaForm.isMega($0.name) }.map { ($0.name, $0.speciesName) },
            among: itemCategories[ItemCategoryRecord.megaStones]?.items ?? []
        )
        var used = Set<String>()
        var entries: [PokemonEntry] = []
        entries.reserveCapacity(list.count)
        for item in list {
            guard let record = records[item.id] else { continue }
            var slug = Slug.make(name: record.name, id: record.id)
            if used.contains(slug) { slug = Slug.make(name: "\(slug)-\(record.id)", id: record.id) }
            used.insert(slug)
            let speciesRecord = species[record.speciesID]
            let image = images[record.id] ?? .placeholder
            var smaller: [Thumbnail] = []
            if case .local(let path, _, _) = image { smaller = thumbnails[path] ?? [] }
            let form = record.isDefault ? nil : record.formID.flatMap { forms[$0] }
            let formGeneration = form?.versionGroup.flatMap(names.generation(ofVersionGroup:))
            var entry = PokemonEntry(
                record: record,
                species: speciesRecord,
                displayName: DisplayName.of(record, species: speciesRecord, form: form),
                slug: slug,
                image: image,
                thumbnails: smaller,
                form: form,
                formGeneration: formGeneration,
                introducedIn: form?.versionGroup,
                formNames: form.map { DisplayName.names(of: $0, species: speciesRecord) }
            )
            if !record.isDefault, let base = defaults[record.speciesID] {
                entry.onlyLooksDifferent = playsAlike(record, base)
            }
            if let stone = stones[record.name] {
                entry.megaTrigger = .stone(stone.name)
            } else if let move = MegaTrigger.byMove[record.name] {
                entry.megaTrigger = .move(move)
            }
            entry.media = media[record.id] ?? .web(record)
            entries.append(entry)
        }
        disambiguate(&entries)
        // A form right after its species: Alolan Raichu between Raichu and Sandshrew, not among the ids 10001+.
        return entries.enumerated().sorted { first, second in
            let (a, b) = (first.element, second.element)
            if a.record.speciesID != b.record.speciesID { return a.record.speciesID < b.record.speciesID }
            if a.isForm != b.isForm { return !a.isForm }
            return first.offset < second.offset
        }.map(\.element)
    }

    /// Whether a form plays as its species' default Pokémon: the same types in the same order, the same base
    /// stats and the same abilities (each normal or hidden alike).
    static func playsAlike(_ form: PokemonRecord, _ base: PokemonRecord) -> Bool {
        func stats(_ record: PokemonRecord) -> [String: Int] {
            Dictionary(record.stats.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        func abilities(_ record: PokemonRecord) -> Set<String> {
            Set(record.abilities.map { "\($0.name)\u{1F}\($0.isHidden)" })
        }
        return form.types == base.types && stats(form) == stats(base) && abilities(form) == abilities(base)
    }

    /// Two forms PokeAPI names alike ("Mega Meowstic" for both sexes): each says what its API name adds.
    static func disambiguate(_ entries: inout [PokemonEntry], words: ThemeWords = ThemeWords()) {
        var byName: [String: [Int]] = [:]
        for (index, entry) in entries.enumerated() { byName[entry.displayName, default: []].append(index) }
        for indices in byName.values where indices.count > 1 {
            for (index, part) in zip(indices, ThemeWords.partsOwn(indices.map { entries[$0].record.name })) {
                guard let part else { continue }
                let said = part.split(separator: "-").map { ["m": "male", "f": "female"][$0] ?? String($0) }.joined(
                    separator: "-"
                )
                entries[index].displayName = words.toldApart(entries[index].displayName, by: said)
            }
        }
    }
}

/// The favorites file matched against the exported Pokémon.
package struct FavoritesResolution: Sendable, Equatable, Encodable {
    package struct Unknown: Sendable, Equatable, Codable {
        package var entry: String
        package var suggestion: String?
    }

    /// Ids of the favorites, in list order.
    package var ids: [Int]
    package var unknown: [Unknown]

    package init(ids: [Int] = [], unknown: [Unknown] = []) {
        self.ids = ids
        self.unknown = unknown
    }

    package static func resolve(_ file: FavoritesFile, against entries: [PokemonEntry]) -> FavoritesResolution {
        let catalog = FavoritesCatalog(
            entries.map {
                .init(
                    id: $0.id,
                    name: $0.record.name,
                    displayName: $0.displayName,
                    number: $0.record.speciesID,
                    isForm: $0.isForm
                )
            }
        )
        var chosen = Set<Int>()
        var unknown: [Unknown] = []
        for reference in file.entries {
            if let id = catalog.match(reference) {
                chosen.insert(id)
            } else {
                unknown.append(
                    Unknown(entry: reference.description, suggestion: catalog.suggestions(for: reference).first)
                )
            }
        }
        return FavoritesResolution(ids: entries.map(\.id).filter(chosen.contains), unknown: unknown)
    }
}

/// Names and ids that favorites can refer to, with fuzzy suggestions for the ones that match nothing.
package struct FavoritesCatalog: Sendable {
    package struct Item: Sendable, Equatable {
        package var id: Int
        package var name: String
        package var displayName: String
        /// The national Pokédex number fans know: a form's is its species' (Alolan Raichu: 26, id 10100).
        package var number: Int
        /// A form rather than its species' default Pokémon: its number names its species, so its id is what
        /// `favorites add` takes.
        package var isForm: Bool

        package init(id: Int, name: String, displayName: String, number: Int? = nil, isForm: Bool = false) {
            self.id = id
            self.name = name
            self.displayName = displayName
            self.number = number ?? id
            self.isForm = isForm
        }

        /// "#0025 Pikachu"; a form "#0026 Alolan Raichu — raichu-alola, id 10100": what fans call it, and what
        /// can be typed back.
        package var label: String {
            let shown = "\(DisplayName.number(number)) \(displayName)"
            return isForm ? "\(shown) — \(name), id \(id)" : shown
        }
    }

    package let items: [Item]
    private let byID: [Int: Item]
    private let byName: [String: Int]

    package init(_ items: [Item]) {
        self.items = items
        byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var names: [String: Int] = [:]
        for item in items {
            names[item.name] = names[item.name] ?? item.id
            let display = Self.normalise(item.displayName)
            names[display] = names[display] ?? item.id
        }
        byName = names
    }

    package func item(id: Int) -> Item? { byID[id] }

    /// The id `reference` names: an id or `#025` that exists, or an API or display name in any case.
    package func match(_ reference: FavoriteReference) -> Int? {
        if let id = reference.explicitID { return byID[id] != nil ? id : nil }
        guard let name = reference.lookupName else { return nil }
        return byName[name] ?? byName[Self.normalise(name)]
    }

    /// Up to three closest names, nearest first.
    package func suggestions(for reference: FavoriteReference, limit: Int = 3) -> [String] {
        guard let name = reference.lookupName.map(Self.normalise), !name.isEmpty else { return [] }
        let scored = items.map { item -> (Int, String) in
            let distance = min(
                EditDistance.between(name, item.name),
                EditDistance.between(name, Self.normalise(item.displayName))
            )
            let bonus = item.name.hasPrefix(name) ? -2 : 0
            return (distance + bonus, item.name)
        }
        let threshold = max(2, name.count / 2)
        return scored.filter { $0.0 <= threshold }.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            .prefix(limit).map(\.1)
    }

    /// "Mr. Mime" → "mr-mime", "Farfetch’d" → "farfetchd", "Nidoran♀" → "nidoran-f".
    package static func normalise(_ text: String) -> String {
        var result = text.lowercased()
            .replacingOccurrences(of: "♀", with: "-f").replacingOccurrences(of: "♂", with: "-m")
        result = result.filter { !".’':".contains($0) }
        result = result.replacingOccurrences(of: "é", with: "e")
        return result.split(whereSeparator: { $0 == " " || $0 == "-" }).joined(separator: "-")
    }
}

extension ImageSource {
    /// Where a Pokémon's artwork goes in the site when it is copied locally.
    package static func sitePath(id: Int) -> String { "images/\(id).png" }
}
