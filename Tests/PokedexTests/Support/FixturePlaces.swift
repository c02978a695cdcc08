import Foundation

/// Where the test server's Pokémon are found, the places and areas, the ways and conditions, and what Pikachu
/// holds: only the fields pokedex reads, in PokeAPI's shape, with the fixtures' own places, ways and items. Pikachu is in Mossy Grove (two slots of one way,
/// summed) and the Spark Works in Red and Blue, by day in Sun and by night in Moon on a route of three areas;
/// Bulbasaur is a gift in Harbor Village; Scarlet and Violet have no places at all; the hostile Pokémon's place is
/// called by the hostile name.
extension Fixtures {
    struct Area {
        var id: Int
        var name: String
        var names: [(String, String)]
    }

    struct Place {
        var id: Int
        var name: String
        var names: [(String, String)]
        /// Its region's API name, or none.
        var region: String?
        var areas: [Area]
    }

    // The ids are the fixtures' own, small and in the order the pages keep (PokeAPI's own ids follow the games).
    static let places: [Place] = [
        Place(
            id: 1,
            name: "mossy-grove",
            names: [("fr", "Bosquet Moussu"), ("en", "Mossy Grove")],
            region: "kanto",
            areas: [Area(id: 11, name: "mossy-grove-area", names: [("en", "Mossy Grove")])]
        ),
        Place(
            id: 2,
            name: "spark-works",
            names: [("en", "Spark Works"), ("fr", "Usine Étincelle")],
            region: "kanto",
            areas: [Area(id: 21, name: "spark-works-area", names: [])]
        ),
        Place(
            id: 3,
            name: "harbor-village",
            names: [("en", "Harbor Village"), ("fr", "Village du Port"), ("ja-Hrkt", "みなとむら")],
            region: "kanto",
            areas: [Area(id: 31, name: "harbor-village-area", names: [])]
        ),
        // Three areas: one named only by its API name, whose end says which part of the route it is, one named in
        // French too, and the route's main one, which adds nothing to its name.
        Place(
            id: 4,
            name: "coral-path",
            names: [("en", "Coral Path"), ("fr", "Sentier Corail")],
            region: "alola",
            areas: [
                Area(id: 41, name: "coral-path-east-meadow", names: []),
                Area(
                    id: 42,
                    name: "coral-path-shore",
                    names: [("en", "Coral Path (by the shore)"), ("fr", "Sentier Corail (rivage)")]
                ),
                Area(id: 43, name: "coral-path-area", names: []),
            ]
        ),
    ]

    static let hostilePlace = Place(
        id: 9,
        name: "evil-place",
        names: [("en", hostileName)],
        region: nil,
        areas: [Area(id: 91, name: "evil-place-area", names: [("en", hostileName)])]
    )

    static func servedPlaces(hostile: Bool) -> [Place] { places + (hostile ? [hostilePlace] : []) }

    /// Ways by id: (API name, names), in the fixtures' own words.
    static let encounterMethods: [Int: (String, [(String, String)])] = [
        1: ("stroll", [("en", "On foot through grass or caves"), ("fr", "À pied, dans l’herbe ou les grottes")]),
        2: ("present", [("en", "Given by someone")]),
    ]

    static let conditionValues: [Int: (String, [(String, String)])] = [
        1: ("daylight", [("en", "By day"), ("fr", "De jour")]),
        2: ("moonlight", [("en", "By night")]),
    ]

    /// `[area, version, way, min level, max level, chance, conditions]` rows by Pokémon id.
    static func encounterRows(_ id: Int, hostile: Bool) -> [(Int, Int, Int, Int, Int, Int, [Int])] {
        switch id {
        case 25:
            return [
                // Two slots of one way in the forest, summed into one line; the route by day in Sun, by night in Moon.
                (11, 1, 1, 4, 4, 3, []), (11, 1, 1, 6, 6, 2, []), (11, 2, 1, 4, 4, 3, []), (11, 2, 1, 6, 6, 2, []),
                (21, 1, 1, 21, 23, 20, []), (21, 2, 1, 21, 23, 20, []),
                (41, 27, 1, 6, 9, 10, [1]), (41, 28, 1, 6, 9, 10, [2]),
            ]
        // Bulbasaur is also on the route: in Sun in its main area (its line names no area), in Moon by the shore.
        case 1:
            return [
                (31, 1, 2, 5, 5, 100, []), (31, 2, 2, 5, 5, 100, []), (43, 27, 1, 10, 10, 5, []),
                (42, 28, 1, 10, 10, 5, []),
            ]
        case hostileID where hostile: return [(91, 1, 1, 1, 1, 50, [])]
        default: return []
        }
    }

    /// `/pokemon/{id}/encounters`: one entry per area, its games, and their slots.
    static func encountersJSON(_ id: Int, api: String, hostile: Bool) -> [[String: Any]] {
        let rows = encounterRows(id, hostile: hostile)
        var areas: [Int] = []
        for row in rows where !areas.contains(row.0) { areas.append(row.0) }
        return areas.map { areaID in
            let area = servedPlaces(hostile: hostile).flatMap(\.areas).first { $0.id == areaID }
            let here = rows.filter { $0.0 == areaID }
            var versions: [Int] = []
            for row in here where !versions.contains(row.1) { versions.append(row.1) }
            return [
                "location_area": ref(area?.name ?? "area", "\(api)/location-area/\(areaID)/"),
                "version_details": versions.map { version in
                    let slots = here.filter { $0.1 == version }
                    return [
                        "version": ref(versionName(version), "\(api)/version/\(version)/"),
                        "encounter_details": slots.map { slot in
                            [
                                "min_level": slot.3, "max_level": slot.4, "chance": slot.5,
                                "method": ref(encounterMethods[slot.2]?.0 ?? "?", "\(api)/encounter-method/\(slot.2)/"),
                                "condition_values": slot.6.map {
                                    ref(conditionValues[$0]?.0 ?? "?", "\(api)/encounter-condition-value/\($0)/")
                                },
                            ] as [String: Any]
                        },
                    ] as [String: Any]
                },
            ] as [String: Any]
        }
    }

    static func locationJSON(_ id: Int, api: String, hostile: Bool) -> [String: Any]? {
        guard let place = servedPlaces(hostile: hostile).first(where: { $0.id == id }) else { return nil }
        return [
            "id": place.id, "name": place.name, "names": namesJSON(place.names, api: api),
            "region": place.region.map { ref($0, "\(api)/region/\(referenceID($0))/") as Any } ?? NSNull(),
            "areas": place.areas.map { ref($0.name, "\(api)/location-area/\($0.id)/") },
        ]
    }

    static func locationAreaJSON(_ id: Int, api: String, hostile: Bool) -> [String: Any]? {
        for place in servedPlaces(hostile: hostile) {
            guard let area = place.areas.first(where: { $0.id == id }) else { continue }
            return [
                "id": area.id, "name": area.name, "names": namesJSON(area.names, api: api),
                "location": ref(place.name, "\(api)/location/\(place.id)/"),
            ]
        }
        return nil
    }

    static func encounterNamesJSON(_ kind: String, id: Int, api: String) -> [String: Any]? {
        let table = kind == "encounter-method" ? encounterMethods : conditionValues
        guard let (name, names) = table[id] else { return nil }
        return ["id": id, "name": name, "names": namesJSON(names, api: api)]
    }

    /// What Pikachu holds in the wild: a Tiny Berry in Omega Ruby and Alpha Sapphire, a Spark Pebble in X and Y too.
    static func heldItemsJSON(_ id: Int, api: String) -> [[String: Any]] {
        guard id == 25 else { return [] }
        func held(_ item: String, _ versions: [(Int, Int)]) -> [String: Any] {
            [
                "item": ref(item, "\(api)/item/\(referenceID(item))/"),
                "version_details": versions.map {
                    ["rarity": $0.1, "version": ref(versionName($0.0), "\(api)/version/\($0.0)/")] as [String: Any]
                },
            ]
        }
        return [held("tiny-berry", [(25, 40), (26, 40)]), held("spark-pebble", [(23, 7), (24, 7), (25, 7), (26, 7)])]
    }

    /// Items only the held items name.
    static let heldItemNames = ["tiny-berry", "spark-pebble"]
    /// Regions only the places and the Pokédexes name.
    static let placeRegions = ["kanto", "alola", "galar", "paldea"]

    /// The Pokédexes by id: (API name, region, version groups, names), invented but for the National one, which is
    /// no regional one.
    static let pokedexes: [Int: (String, String?, [Int], [(String, String)])] = [
        1: ("national", nil, [], [("en", "National"), ("fr", "National")]),
        2: ("coastal", "kanto", [1], [("en", "Coastal"), ("fr", "Côtier")]),
        3: ("highland", "galar", [20], [("en", "Highland"), ("fr", "Hautes-Terres")]),
        4: ("isle", "paldea", [25], [("en", "Isle"), ("fr", "Île")]),
    ]

    /// A species' numbers: National for every one, Coastal for the first 151, Pikachu and Charizard in Highland,
    /// Pikachu in Isle.
    static func pokedexNumbers(_ species: Int) -> [(Int, Int)] {
        var numbers = [(1, species)]
        if species <= 151 { numbers.append((2, species)) }
        if species == 25 { numbers += [(3, 12), (4, 7)] }
        if species == 6 { numbers.append((3, 30)) }
        return numbers
    }

    static func pokedexJSON(_ id: Int, api: String) -> [String: Any]? {
        guard let (name, region, groups, names) = pokedexes[id] else { return nil }
        return [
            "id": id, "name": name, "names": namesJSON(names, api: api), "is_main_series": true,
            "region": region.map { ref($0, "\(api)/region/\(referenceID($0))/") as Any } ?? NSNull(),
            "version_groups": groups.map { ref(versionGroups[$0]?.0 ?? "?", "\(api)/version-group/\($0)/") },
            "descriptions": [Any](),
        ]
    }
}
