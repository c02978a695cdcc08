import Foundation
import PokedexModel
import PokedexMustache
import PokedexSite
import PokedexSource
import PokedexSupport

/// A Pokémon's page: its context, and the words and figures its sections show.
extension SiteRenderer {
    func detail(
        _ entry: PokemonEntry,
        favorite: Bool,
        previous: PokemonEntry?,
        next: PokemonEntry?,
        listPage: Int,
        related: RelatedPokemon
    ) -> DetailContext {
        let record = entry.record
        let stats = statContexts(record)
        let picture = image(entry, root: "../", lazy: false)
        let pictures = Self.pictures(entry, main: picture, strings: strings)
        let book = related.pokedex.names
        let matchups = Self.matchups(
            related.pokedex.matchups(of: entry),
            names: book,
            pages: related.typePages,
            strings: strings,
            language: language
        )
        let forms = forms(entry, related: related)
        let names = Self.nameRows(entry.names, strings: strings, language: language.code)
        let shownEntries = entry.species?.entries(in: language.code) ?? []
        let entries = entryTexts(shownEntries, related: related)
        let generation = generationLine(entry, names: book)
        // PokeAPI writes habitats in lower case ("water's edge").
        let eras = gameEras(entry, names: book, latest: related.pokedex.latestGeneration)
        var abilities = abilityContexts(record, related: related)
        for index in abilities.indices { abilities[index].since = eras?.1[abilities[index].name] }
        let habitat = entry.species?.habitat.map { book.name(.habitat, $0) }
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
        return DetailContext(
            id: entry.id,
            number: entry.number,
            name: entry.displayName,
            slug: entry.slug,
            image: picture,
            types: Self.types(entry, names: book, pages: related.typePages),
            baseExperience: record.baseExperience.map(String.init) ?? "—",
            hasBaseExperience: record.baseExperience != nil,
            height: MeasureContext(
                metric: Units.metres(decimetres: record.height, point: decimalPoint, thousands: thousands),
                imperial: usesImperial ? Units.feetAndInches(decimetres: record.height) : nil
            ),
            weight: MeasureContext(
                metric: Units.kilograms(hectograms: record.weight, point: decimalPoint, thousands: thousands),
                imperial: usesImperial ? Units.pounds(hectograms: record.weight, thousands: thousands) : nil
            ),
            stats: stats,
            statTotal: record.stats.reduce(0) { $0 + $1.value },
            rangeLevels: StatRange.levels.map { t("pokemon.at_level", ["n": String($0)]) },
            abilities: abilities,
            genus: entry.species?.genus(in: language.code)?.name,
            // A form that plays differently is not described by its species' entry (Alolan Raichu's would be
            // Raichu's): its entries section says whose they are.
            flavorText: entry.isForm && entry.isListed ? nil : entry.species?.flavorText(in: language.code)?.name,
            isFavorite: favorite,
            previous: previous.map { LinkContext(href: "\($0.slug).html", label: $0.displayName) },
            next: next.map { LinkContext(href: "\($0.slug).html", label: $0.displayName) },
            list: LinkContext(href: "../" + Self.indexPath(listPage), label: t("list.page", ["n": String(listPage)])),
            evolution: evolution(entry, related: related),
            matchups: matchups,
            hasMatchups: !matchups.isEmpty,
            forms: forms,
            hasForms: !forms.isEmpty,
            pictures: pictures,
            hasPictureChoice: pictures.count > 1,
            generation: generation,
            habitat: habitat,
            hasOrigin: generation != nil || habitat != nil,
            names: names,
            hasNames: !names.isEmpty,
            moves: nil,
            training: training(entry, names: book),
            breeding: breeding(entry, names: book),
            entries: Array(entries.prefix(Self.entriesShown)),
            moreEntries: Array(entries.dropFirst(Self.entriesShown)),
            hasEntries: !entries.isEmpty,
            hasMoreEntries: entries.count > Self.entriesShown,
            entriesNote: entry.isForm && !entries.isEmpty
                ? t(
                    "pokemon.entries_of_species",
                    ["species": related.speciesNames[entry.record.speciesID] ?? entry.displayName]
                )
                : nil,
            nameLang: entry.nameFallback.flatMap(Self.tag),
            genusLang: fallbackTag(entry.species?.genus(in: language.code)?.language),
            flavorLang: fallbackTag(entry.species?.flavorText(in: language.code)?.language),
            entriesLang: fallbackTag(shownEntries.first?.language),
            habitatLang: entry.species?.habitat.flatMap { book.text(.habitat, $0).lang },
            history: history(entry, names: book, latest: related.pokedex.latestGeneration),
            cries: cries(entry, root: "../"),
            hasCries: entry.media.latestCry != nil || entry.media.legacyCry != nil,
            gallery: gallery(entry, moves: related.pokedex.moves, names: book),
            eras: eras?.0
        )
    }

    func statContexts(_ record: PokemonRecord) -> [StatContext] {
        record.stats.map { stat in
            StatContext(
                name: stat.name,
                label: statLabel(stat.name).0,
                short: statLabel(stat.name).1,
                value: stat.value,
                percent: min(100, max(0, Int((Double(stat.value) / 255 * 100).rounded()))),
                ranges: StatRange.levels.map { level in
                    let range = StatRange(stat: stat.name, base: stat.value, level: level, pokemon: record.name)
                    // Shedinja's HP: one value, not "1–1".
                    return range.min == range.max
                        ? String(range.min)
                        : t("pokemon.stat_range", ["min": String(range.min), "max": String(range.max)])
                }
            )
        }
    }

    /// The Pokédex entries in the page's language, alike texts merged, each with the games that say it.
    func entryTexts(_ shown: [SpeciesRecord.FlavorEntry], related: RelatedPokemon) -> [EntryContext] {
        let book = related.pokedex.names
        return PokedexEntryText.merge(shown, properNames: related.properNames).map { text in
            let games = text.versions.map { book.name(.version, $0) }
            // "Let’s Go, Pikachu!" has a comma of its own: such lists are split by semicolons.
            let separator = book.words.listSeparator
            let clashes = games.contains { $0.contains(separator.trimmingCharacters(in: .whitespaces)) }
            return EntryContext(
                text: text.text,
                games: clashes ? games.joined(separator: "; ") : book.words.list(games)
            )
        }
    }

    /// "Generation I"; a form says which games brought it: "Generation VII (Sun, Moon)".
    func generationLine(_ entry: PokemonEntry, names: NameBook) -> String? {
        guard let said = entry.generation.map({ t("common.generation", ["n": numeral($0)]) }) else { return nil }
        guard let group = entry.introducedIn else { return said }
        let games = names.games(ofVersionGroup: group)
        return games.isEmpty
            ? said : t("common.generation_games", ["generation": said, "games": names.words.list(games)])
    }

    func abilityContexts(_ record: PokemonRecord, related: RelatedPokemon) -> [AbilityContext] {
        let book = related.pokedex.names
        return record.abilities.map {
            let summary = $0.id.flatMap { related.pokedex.abilities[$0].flatMap(abilitySummary) }
            return AbilityContext(
                name: $0.name,
                label: book.name(.ability, $0.name),
                isHidden: $0.isHidden,
                href: related.abilities?.href($0.id) ?? "",
                isLinked: related.abilities?.href($0.id) != nil,
                shortEffect: summary?.text,
                effectLang: fallbackTag(summary?.language),
                labelLang: book.text(.ability, $0.name).lang
            )
        }
    }

    /// 1269 → "1,269" ("1 269" in French).
    func grouped(_ number: Int) -> String { themeWords.grouped(number) }

    /// Whether the pages' language gives feet and pounds beside metres and kilograms (`format.imperial_units`).
    var usesImperial: Bool { t("format.imperial_units") == "true" }
    /// "." or "," between a measure's units and tenths.
    var decimalPoint: String { language.decimalComma ? "," : "." }
    /// Between groups of three digits: "1,000", "1 000".
    var thousands: String { themeWords.thousandsSeparator }

    /// A generation's number as the pages' language writes it: "IV", or "4" (`format.generation_numerals`).
    func numeral(_ generation: Int) -> String {
        Self.numeral(generation, strings: strings)
    }

    static func numeral(_ generation: Int, strings: ThemeStrings) -> String {
        say("format.generation_numerals", strings: strings) == "arabic" ? String(generation) : romanNumeral(generation)
    }

    /// An ability in a line, in the page's language where the games or PokeAPI have it: in English PokeAPI's short
    /// effect; in another language the games' own description of it (PokeAPI's few effects in French and German
    /// read as translations, and it has none in the others), else its effect in the language, else in English.
    func abilitySummary(_ ability: AbilityRecord) -> (text: String, language: String)? {
        let effect = ability.effects.preferred(language.code)
        let own = effect.flatMap { effect in effect.shortEffect.map { (text: $0, language: effect.language) } }
        if language.code == "en" { return own }
        if let flavor = ability.flavorTexts.preferred(language.code), flavor.language != "en" {
            return (flavor.name, flavor.language)
        }
        return own
    }

    /// The BCP 47 tag of a text's language when it is not the page's (an English fallback); nil when it is.
    func fallbackTag(_ code: String?) -> String? {
        guard let code, code != language.code else { return nil }
        return Self.tag(code)
    }

    static func tag(_ code: String) -> String? { SiteLanguage.named(code)?.tag ?? code }

    /// `text` inside a JavaScript string literal: quotes, backslashes, `&<>`, line separators and control
    /// characters as `\uXXXX`, so that neither the script nor HTML escaping changes what it says.
    static func javaScriptStringBody(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || javaScriptEscaped.contains(scalar) {
                out +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static let javaScriptEscaped: Set<Unicode.Scalar> = [
        "\\", "'", "\"", "&", "<", ">", "\u{2028}", "\u{2029}",
    ]

    /// Pokédex entries shown before the rest are folded away.
    static let entriesShown = 3

    func training(_ entry: PokemonEntry, names: NameBook) -> TrainingContext {
        let species = entry.species
        let growthRate = species?.growthRate.map { names.text(.growthRate, $0.name) }
        return TrainingContext(
            effortYield: effortYield(entry.record.stats),
            captureRate: species?.captureRate.map(String.init),
            baseFriendship: species?.baseHappiness.map(String.init),
            baseExperience: entry.record.baseExperience.map(String.init) ?? "—",
            growthRate: growthRate.map { Self.capitalised($0.text) },
            growthRateLang: growthRate?.lang
        )
    }

    func breeding(_ entry: PokemonEntry, names: NameBook) -> BreedingContext? {
        guard let species = entry.species else { return nil }
        let groups = species.eggGroups.map { names.text(.eggGroup, $0.name) }
        return BreedingContext(
            eggGroups: groups.isEmpty ? nil : names.words.list(groups.map { Self.capitalised($0.text) }),
            genderRatio: genderRatio(species.genderRate),
            eggCycles: species.hatchCounter.map(String.init),
            eggGroupsLang: ShownText.lang(of: groups)
        )
    }

    /// "2 Speed, 1 Special Attack", in the page's language.
    func effortYield(_ stats: [PokemonRecord.Stat]) -> String? {
        let parts = stats.filter { $0.effort > 0 }.map {
            t("pokemon.effort", ["n": String($0.effort), "stat": statLabel($0.name).0])
        }
        return parts.isEmpty ? nil : themeWords.list(parts)
    }

    /// "50% male, 50% female" (`Profile.genderRatio`), in the page's language.
    func genderRatio(_ eighths: Int?) -> String? {
        guard let eighths, (-1...8).contains(eighths) else { return nil }
        switch eighths {
        case -1: return t("pokemon.genderless")
        case 0: return t("pokemon.all_male")
        case 8: return t("pokemon.all_female")
        default:
            let female = Double(eighths) * 12.5
            func number(_ value: Double) -> String {
                language.decimal(value == value.rounded() ? "\(Int(value))" : "\(value)")
            }
            return t("pokemon.gender_ratio", ["male": number(100 - female), "female": number(female)])
        }
    }

    /// A stat's name and abbreviation in the page's language ("Special Attack", "Sp. Atk").
    func statLabel(_ name: String) -> (String, String) {
        statLabels[name] ?? Self.statLabel(name, strings: strings)
    }

    static func statLabels(_ strings: ThemeStrings) -> [String: (String, String)] {
        let stats = [
            "hp", "attack", "defense", "special-attack", "special-defense", "speed", "accuracy", "evasion", "special",
        ]
        return Dictionary(uniqueKeysWithValues: stats.map { ($0, statLabel($0, strings: strings)) })
    }

    static func statLabel(_ name: String, strings: ThemeStrings) -> (String, String) {
        func t(_ key: String) -> String { say(key, strings: strings) }
        let key = name.replacingOccurrences(of: "-", with: "_")
        guard strings["stats.\(key)"] != nil || Self.builtInStrings["stats.\(key)"] != nil else {
            return (DisplayName.titleCase(name), DisplayName.titleCase(name))
        }
        return (t("stats.\(key)"), t("stats_short.\(key)"))
    }

    /// Every exported Pokémon's types by API name, with their names in the pages' language.
    func typeNames(in pokedex: Pokedex) -> [String: String] {
        var labels: [String: String] = [:]
        for entry in pokedex.entries { for type in entry.record.types { labels[type] = pokedex.names.type(type) } }
        return labels
    }

    /// PokeAPI writes some names in lower case ("medium", "water's edge").
    static func capitalised(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
