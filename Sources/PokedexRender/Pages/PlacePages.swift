import Foundation
import PokedexModel
import PokedexSource
import PokedexSupport

/// The places with a page (some exported Pokémon is found there), their slugs, and who is found in each, looked up
/// once per language.
struct PlaceCatalog: Sendable {
    /// By region (PokeAPI's order), then by name in the pages' language; places of no region last.
    let ordered: [LocationRecord]
    /// `locations/<slug>.html` by place id.
    let slugs: [Int: String]
    /// Who is found in each place, per game.
    let visitors: [Int: [GamesAlike<EncounterLine>]]
    /// Where each Pokémon is found, per game, by Pokémon id.
    let found: [Int: [GamesAlike<EncounterLine>]]

    static let folder = "locations"
    static let indexPath = "locations/index.html"

    static func pagePath(_ slug: String) -> String { "\(folder)/\(slug).html" }

    /// `lines`: made once for every language (else made here).
    init(_ pokedex: Pokedex, lines: PlaceLines? = nil) {
        let places = pokedex.places
        let lines = lines ?? PlaceLines(pokedex)
        (visitors, found) = (lines.visitors, lines.found)
        let withPages = visitors.keys.sorted().compactMap { places.locations[$0] }
        let names = pokedex.names
        let byName = PageNaming.byName(
            withPages,
            name: { names.name(.location, $0.name) },
            id: \.id,
            language: names.language
        )
        // Regions in id order (Kanto, Johto… as the games came), the places of none after them.
        ordered = byName.enumerated().sorted { a, b in
            let (regionA, regionB) = (a.element.region ?? Int.max, b.element.region ?? Int.max)
            return regionA != regionB ? regionA < regionB : a.offset < b.offset
        }.map(\.element)
        slugs = PageNaming.slugs(withPages.map { ($0.id, $0.name) }, fallback: "place")
    }

    /// The place's page from a page one folder deep; nil when it has none.
    func href(_ id: Int?) -> String? {
        id.flatMap { slugs[$0] }.map { "../\(Self.pagePath($0))" }
    }
}

/// Where each Pokémon is found and who is found in each place, per game: the same in every language.
struct PlaceLines: Sendable {
    let visitors: [Int: [GamesAlike<EncounterLine>]]
    let found: [Int: [GamesAlike<EncounterLine>]]

    init(_ pokedex: Pokedex) {
        self.init(visitors: Self.visitors(pokedex), found: Self.found(pokedex))
    }

    init(visitors: [Int: [GamesAlike<EncounterLine>]], found: [Int: [GamesAlike<EncounterLine>]]) {
        self.visitors = visitors
        self.found = found
    }

    /// Who is found in each place, by place id.
    static func visitors(_ pokedex: Pokedex) -> [Int: [GamesAlike<EncounterLine>]] {
        pokedex.places.visitors(pokedex.entries.map(\.id))
    }

    /// Where each Pokémon is found, by Pokémon id.
    static func found(_ pokedex: Pokedex) -> [Int: [GamesAlike<EncounterLine>]] {
        let places = pokedex.places
        return Dictionary(
            pokedex.entries.map { ($0.id, places.whereToFind($0.id)) },
            uniquingKeysWith: { first, _ in first }
        )
    }
}

/// How the pages word where a Pokémon is found: places, areas, ways, levels, chances and conditions.
extension SiteRenderer {
    /// "Red, Blue": games alike, oldest first; those only Japan had said so, first ("Red, Green (Japan); Red, Blue").
    func gamesLabel(_ versions: [Int], places: PlaceBook, names: NameBook) -> String {
        var japan: [String] = []
        var others: [String] = []
        for version in versions {
            guard let apiName = places.apiName(.version, version) else { continue }
            if apiName.hasSuffix("-japan") {
                japan.append(names.name(.version, apiName))
            } else {
                others.append(names.name(.version, apiName))
            }
        }
        // "Red, Green (Japan); Red, Blue": the games only Japan had apart from the others.
        let japanLabel =
            japan.isEmpty ? [] : [Placeholders.fill(names.words.japanOnly, ["games": names.words.list(japan)])]
        return (japanLabel + (others.isEmpty ? [] : [Self.gameList(others, words: names.words)])).joined(
            separator: "; "
        )
    }

    /// Games' names in a list: "Let’s Go, Pikachu!" has a comma of its own, so such lists are split by semicolons.
    static func gameList(_ games: [String], words: ThemeWords) -> String {
        let separator = words.listSeparator.trimmingCharacters(in: .whitespaces)
        return games.contains { $0.contains(separator) } ? games.joined(separator: "; ") : words.list(games)
    }

    /// What an area adds to its place's name ("B1F", "Max Den C"), in the page's language where there is a word for
    /// it: PokeAPI's name of the area less its place's ("Kraterberg (4.OG)" → "4.OG"), else the theme's
    /// (`names_location_area`, by what the area's API name adds to its place's), else made from the API name in
    /// English ("mt-moon-b1f" → "B1F", "sinnoh-route-211-east-towards-celestic-town" → "East Towards Celestic
    /// Town"). Nil for a place's one area, or its main one.
    func areaLabel(_ areaID: Int, in location: LocationRecord?, places: PlaceBook, names: NameBook) -> ShownText? {
        guard let area = places.areas[areaID], let location, location.areas.count > 1 else { return nil }
        var suffix = area.name
        if suffix.hasPrefix(location.name + "-") { suffix.removeFirst(location.name.count + 1) }
        guard suffix != "area", !suffix.isEmpty else { return nil }
        if names.language != "en" {
            if let own = Self.areaPart(of: area.names, place: location.names, language: names.language) {
                return ShownText(own.name, lang: own.language == names.language ? nil : Self.tag(own.language))
            }
            if let word = names.words.areas[suffix] { return ShownText(word, lang: nil) }
        }
        // Floors as the games write them: "B1F", "1F".
        let readable = suffix.split(separator: "-").map { word in
            Self.isFloor(word) ? word.uppercased() : DisplayName.titleCase(String(word))
        }.joined(separator: " ")
        return ShownText(readable, lang: names.language == "en" ? nil : "en")
    }

    /// PokeAPI's name of an area in `language` (or a sibling of it, never English), less its place's name:
    /// "Kraterberg (4.OG)" of "Kraterberg" → "4.OG", "Alte Villa Eingang" of "Alte Villa" → "Eingang"; nil when
    /// it has none, or only the place's name.
    static func areaPart(of area: [LocalizedName], place: [LocalizedName], language: String) -> LocalizedName? {
        guard let own = area.preferred(language), own.language != "en" else { return nil }
        var text = own.name.trimmingCharacters(in: .whitespaces)
        if let open = text.firstIndex(where: { $0 == "(" || $0 == "（" }),
            let close = text.lastIndex(where: { $0 == ")" || $0 == "）" }), open < close
        {
            text = String(text[text.index(after: open)..<close])
        } else if let placeName = place.first(where: { $0.language == own.language })?.name,
            let prefix = [placeName, Self.withoutParenthesis(placeName)].first(where: { text.hasPrefix($0) })
        {
            // "Safari-Zone Sumpf" of "Safari-Zone (Johto)".
            text = String(text.dropFirst(prefix.count))
        } else {
            return nil
        }
        text = text.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: ",-–:")))
        return text.isEmpty ? nil : LocalizedName(language: own.language, name: text)
    }

    /// "Safari-Zone (Johto)" → "Safari-Zone".
    static func withoutParenthesis(_ name: String) -> String {
        guard let open = name.firstIndex(where: { $0 == "(" || $0 == "（" }) else { return name }
        return name[..<open].trimmingCharacters(in: .whitespaces)
    }

    /// "1f", "b1f", "bf2": a floor. Tested by hand, not by a regex literal, which Swift compiles each time it runs:
    /// that was a large share of a three-language build (Benchmarks/README.md).
    static func isFloor(_ word: Substring) -> Bool {
        let bytes = Array(word.utf8)
        func digits(_ run: ArraySlice<UInt8>) -> Bool { !run.isEmpty && run.allSatisfy { (0x30...0x39).contains($0) } }
        if bytes.starts(with: Array("bf".utf8)) { return digits(bytes.dropFirst(2)) }
        var floor = bytes[...]
        if floor.first == UInt8(ascii: "b") { floor = floor.dropFirst() }
        return floor.last == UInt8(ascii: "f") && digits(floor.dropLast())
    }

    /// "(B1F, B2F)": the areas of a line, when its place has several; nil otherwise.
    func areasLabel(
        _ line: EncounterLine,
        in location: LocationRecord?,
        places: PlaceBook,
        names: NameBook
    )
        -> ShownText?
    {
        let labels = line.areas.compactMap { areaLabel($0, in: location, places: places, names: names) }
        guard !labels.isEmpty else { return nil }
        return ShownText(
            t("places.area", ["area": names.words.list(labels.map(\.text))]),
            lang: ShownText.lang(of: labels)
        )
    }

    /// "Lv. 3–5", "Lv. 18".
    func levels(_ line: EncounterLine) -> String {
        line.minLevel == line.maxLevel
            ? t("places.level", ["n": String(line.minLevel)])
            : t("places.levels", ["min": String(line.minLevel), "max": String(line.maxLevel)])
    }

    /// "5%", "20–60%".
    func chance(_ line: EncounterLine) -> String {
        line.minChance == line.maxChance
            ? t("places.chance", ["n": String(line.minChance)])
            : t("places.chance_range", ["min": String(line.minChance), "max": String(line.maxChance)])
    }

    /// The way ("Surfing") and the conditions ("During the day, Swarm"), each with the language it is in when not
    /// the page's.
    func way(_ line: EncounterLine, places: PlaceBook, names: NameBook) -> (how: ShownText, conditions: ShownText?) {
        let method = places.apiName(.encounterMethod, line.method) ?? "method-\(line.method)"
        let how = names.text(.encounterMethod, method)
        let conditions = line.conditions.compactMap { places.apiName(.encounterConditionValue, $0) }
        guard !conditions.isEmpty else { return (how, nil) }
        let parts = conditions.map { condition in
            names.text(.encounterConditionValue, condition)
        }
        return (how, ShownText(names.words.list(parts.map(\.text)), lang: ShownText.lang(of: parts)))
    }

    /// A Pokémon page's "Where to find it": each game's places, older games folded, and what it holds in the wild.
    func whereToFind(_ entry: PokemonEntry, related: RelatedPokemon, places catalog: PlaceCatalog) -> WhereContext? {
        let pokedex = related.pokedex
        let (places, names) = (pokedex.places, pokedex.names)
        let games = (catalog.found[entry.id] ?? places.whereToFind(entry.id)).map { games in
            EncounterGamesContext(
                games: gamesLabel(games.versions, places: places, names: names),
                lines: encounterLines(games.lines, places: places, names: names, catalog: catalog)
            )
        }
        let held = places.heldItems(entry.record).map { item in
            HeldItemContext(
                name: names.name(.item, item.name),
                nameLang: names.text(.item, item.name).lang,
                rarities: names.words.list(
                    item.rarities.map {
                        t(
                            "pokemon.rarity",
                            ["n": String($0.rarity), "games": gamesLabel($0.versions, places: places, names: names)]
                        )
                    }
                ),
                href: related.items?.href(item.name)
            )
        }
        // The games it is in (those it learns moves in) that PokeAPI has no places for at all.
        let inGames = entry.record.learnset.versionGroups.flatMap { group in
            places.groupVersions[group] ?? []
        }
        let uncovered = places.uncovered(inGames)
        var nowhere: String? = nil
        var firstStage: LinkContext? = nil
        if games.isEmpty {
            nowhere = t("pokemon.found_nowhere", ["name": entry.displayName])
            if let chain = pokedex.chain(of: entry), chain.chain.speciesID != entry.record.speciesID,
                let first = related.defaultBySpecies[chain.chain.speciesID],
                !(places.encounters[first.id] ?? []).isEmpty
            {
                firstStage = LinkContext(href: "\(first.slug).html#where", label: first.displayName)
            }
        }
        guard !games.isEmpty || !held.isEmpty || !uncovered.isEmpty || !places.coveredVersions.isEmpty else {
            return nil
        }
        return WhereContext(
            games: Array(games.prefix(Self.gamesShown)),
            moreGames: Array(games.dropFirst(Self.gamesShown)),
            hasMoreGames: games.count > Self.gamesShown,
            uncovered: uncovered.isEmpty
                ? nil
                : t("pokemon.no_places_for", ["games": gamesLabel(uncovered.reversed(), places: places, names: names)]),
            nowhere: nowhere,
            firstStage: firstStage,
            heldItems: held,
            hasHeldItems: !held.isEmpty,
            allPlaces: catalog.ordered.isEmpty ? nil : "../" + PlaceCatalog.indexPath
        )
    }

    /// A game's lines as a Pokémon page says them: places where it is met the same way (way, levels, chance and
    /// conditions) on one line ("Route 1, Route 2, Route 3: …"), the lines in the order of their first place.
    func encounterLines(
        _ lines: [EncounterLine],
        places: PlaceBook,
        names: NameBook,
        catalog: PlaceCatalog
    ) -> [EncounterLineContext] {
        struct Said: Hashable {
            var method: Int
            var levels: [Int]
            var chances: [Int]
            var conditions: [Int]
        }
        var contexts: [EncounterLineContext] = []
        var at: [Said: Int] = [:]
        for line in lines {
            let location = line.location.flatMap { places.locations[$0] }
            let area = areasLabel(line, in: location, places: places, names: names)
            let place = EncounterPlaceContext(
                name: location.map { names.name(.location, $0.name) } ?? "?",
                nameLang: location.flatMap { names.text(.location, $0.name).lang },
                href: catalog.href(location?.id),
                area: area?.text,
                areaLang: area?.lang,
                separator: ""
            )
            let said = Said(
                method: line.method,
                levels: [line.minLevel, line.maxLevel],
                chances: [line.minChance, line.maxChance],
                conditions: line.conditions
            )
            if let index = at[said] {
                contexts[index].places.append(place)
                continue
            }
            let (how, conditions) = way(line, places: places, names: names)
            at[said] = contexts.count
            contexts.append(
                EncounterLineContext(
                    places: [place],
                    how: how.text,
                    howLang: how.lang,
                    levels: levels(line),
                    chance: chance(line),
                    conditions: conditions?.text,
                    conditionsLang: conditions?.lang
                )
            )
        }
        // By name, numbers as numbers ("Route 2" before "Route 10"), whatever the builder's locale.
        func before(_ a: EncounterPlaceContext, _ b: EncounterPlaceContext) -> Bool {
            let order = a.name.compare(b.name, options: [.numeric, .caseInsensitive])
            return order != .orderedSame ? order == .orderedAscending : (a.area ?? "") < (b.area ?? "")
        }
        for index in contexts.indices {
            contexts[index].places.sort(by: before)
            for place in contexts[index].places.indices.dropLast() {
                contexts[index].places[place].separator = names.words.listSeparator
            }
        }
        // Lines of one first place keep their order (by way).
        return contexts.enumerated().sorted { a, b in
            before(a.element.places[0], b.element.places[0])
                || (!before(b.element.places[0], a.element.places[0]) && a.offset < b.offset)
        }.map(\.element)
    }

    /// Games shown before "Older games": the newest few, as the Pokédex entries.
    static let gamesShown = 3

    /// `locations/<slug>.html`: the place's region and areas, and per game who is found there, how, at which
    /// levels and how often.
    func placePage(
        _ location: LocationRecord,
        catalog: PlaceCatalog,
        pokedex: Pokedex,
        cells: [Int: PokemonMiniCell],
        previous: LocationRecord?,
        next: LocationRecord?
    ) -> PlacePageContext {
        let (places, names) = (pokedex.places, pokedex.names)
        let games = (catalog.visitors[location.id] ?? []).map { games in
            var visitors: [PlaceVisitorContext] = []
            for line in games.lines {
                guard let cell = cells[line.pokemon] else { continue }
                let (how, conditions) = way(line, places: places, names: names)
                let areas = areasLabel(line, in: location, places: places, names: names)
                visitors.append(
                    PlaceVisitorContext(
                        cell: cell,
                        how: how.text,
                        howLang: how.lang,
                        figures: levels(line) + " · " + chance(line),
                        areas: areas?.text.trimmingCharacters(in: .whitespaces),
                        areasLang: areas?.lang,
                        conditions: conditions?.text,
                        conditionsLang: conditions?.lang
                    )
                )
            }
            return PlaceGamesContext(
                games: gamesLabel(games.versions, places: places, names: names),
                count: Set(games.lines.map(\.pokemon)).count,
                visitors: visitors
            )
        }
        let region = location.region.flatMap { places.apiName(.region, $0) }
        let rows = Self.nameRows(location.names, strings: strings, language: language.code)
        func link(_ other: LocationRecord?) -> LinkContext? {
            other.flatMap { other in
                catalog.slugs[other.id].map {
                    LinkContext(href: "\($0).html", label: names.name(.location, other.name))
                }
            }
        }
        let areaLabels = location.areas.compactMap { areaLabel($0, in: location, places: places, names: names) }
        return PlacePageContext(
            id: location.id,
            slug: catalog.slugs[location.id] ?? "",
            name: names.name(.location, location.name),
            region: region.map { names.name(.region, $0) },
            regionLang: region.flatMap { names.text(.region, $0).lang },
            areas: areaLabels.isEmpty ? nil : names.words.list(areaLabels.map(\.text)),
            areasLang: ShownText.lang(of: areaLabels),
            count: Set((catalog.visitors[location.id] ?? []).flatMap { $0.lines.map(\.pokemon) }).count,
            games: Array(games.prefix(Self.gamesShown)),
            moreGames: Array(games.dropFirst(Self.gamesShown)),
            hasMoreGames: games.count > Self.gamesShown,
            names: rows,
            hasNames: !rows.isEmpty,
            previous: link(previous),
            next: link(next),
            nameLang: names.text(.location, location.name).lang
        )
    }

    /// `locations/index.html`: every place with a page, by region.
    func placesIndex(_ catalog: PlaceCatalog, pokedex: Pokedex) -> PlacesIndexContext {
        let (places, names) = (pokedex.places, pokedex.names)
        var regions: [PlaceRegionContext] = []
        var lastRegion: Int?? = .none
        for location in catalog.ordered {
            if lastRegion != .some(location.region) {
                let apiName = location.region.flatMap { places.apiName(.region, $0) }
                regions.append(
                    PlaceRegionContext(
                        key: apiName ?? "other",
                        label: apiName.map { names.name(.region, $0) } ?? t("places.no_region"),
                        labelLang: apiName.flatMap { names.text(.region, $0).lang },
                        places: []
                    )
                )
                lastRegion = .some(location.region)
            }
            let count = Set((catalog.visitors[location.id] ?? []).flatMap { $0.lines.map(\.pokemon) }).count
            regions[regions.count - 1].places.append(
                PlaceRowContext(
                    href: "\(catalog.slugs[location.id] ?? "").html",
                    name: names.name(.location, location.name),
                    nameLang: names.text(.location, location.name).lang,
                    count: t("places.count", ["n": grouped(count)])
                )
            )
        }
        return PlacesIndexContext(
            count: catalog.ordered.count,
            note: t("places.note", ["count": grouped(catalog.ordered.count)]),
            regions: regions
        )
    }
}

/// The places index and a page per place, as render jobs.
extension SiteRenderer {
    func placePages(_ pokedex: Pokedex, site: SiteContext, assets: AssetsContext, catalog: PlaceCatalog) -> [PageJob] {
        guard !catalog.ordered.isEmpty else { return [] }
        let indexPath = PlaceCatalog.indexPath
        let description = t("description.places", ["count": grouped(pokedex.listed.count)])
        let index = PageJob(path: indexPath, template: "locations") { [self] in
            var context = sectionBase(
                site: site,
                kind: .places,
                path: indexPath,
                title: t("title.places"),
                description: description,
                assets: assets
            )
            context.placesIndex = placesIndex(catalog, pokedex: pokedex)
            return context
        }
        // Each visitor's cell, made once: a route's page shows the same Pokémon in game after game.
        let visiting = Set(catalog.visitors.values.flatMap { $0.flatMap { $0.lines.map(\.pokemon) } })
        let cells = Dictionary(
            pokedex.entries.filter { visiting.contains($0.id) }.map { ($0.id, miniCell($0)) },
            uniquingKeysWith: { first, _ in first }
        )
        let pages = neighbourPages(
            catalog.ordered,
            paths: catalog.ordered.map { PlaceCatalog.pagePath(catalog.slugs[$0.id] ?? "") },
            template: "location"
        ) { [self] location, previous, next, path in
            let page = placePage(
                location,
                catalog: catalog,
                pokedex: pokedex,
                cells: cells,
                previous: previous,
                next: next
            )
            var context = sectionBase(
                site: site,
                kind: .place,
                path: path,
                title: t("title.place", ["name": page.name]),
                socialTitle: page.name,
                description: t("description.place", ["name": page.name]),
                assets: assets
            )
            context.place = page
            return context
        }
        return [index] + pages
    }
}
