package import Foundation

// Where each Pokémon is found: `/pokemon/{id}/encounters`, the places and their areas, and what a Pokémon holds in
// the wild (its detail's `held_items`). The ways and conditions ("Surfing", "During the day") are `NamesRecord`s.

/// One way of meeting a Pokémon in one area of a place, in one game: PokeAPI's encounter slot.
package struct Encounter: Sendable, Equatable, Hashable {
    /// `/location-area/{id}`.
    package var area: Int
    /// `/version/{id}`.
    package var version: Int
    /// `/encounter-method/{id}`: walking, surfing, a gift…
    package var method: Int
    package var minLevel: Int
    package var maxLevel: Int
    /// Percent of the method's encounters in the area that are this slot (100 for a gift).
    package var chance: Int
    /// `/encounter-condition-value/{id}`s, all of which must hold ("During the day", "Swarm").
    package var conditions: [Int]

    package init(
        area: Int,
        version: Int,
        method: Int,
        minLevel: Int,
        maxLevel: Int,
        chance: Int,
        conditions: [Int] = []
    ) {
        self.area = area
        self.version = version
        self.method = method
        self.minLevel = minLevel
        self.maxLevel = maxLevel
        self.chance = chance
        self.conditions = conditions
    }
}

// 117,077 rows in the real data: kept as plain arrays of numbers (`[area, version, method, min, max, chance,
// condition…]`), a seventh of the keyed form in the cache and the snapshot.
extension Encounter: Codable {
    package init(from decoder: any Decoder) throws {
        var numbers = try decoder.unkeyedContainer()
        area = try numbers.decode(Int.self)
        version = try numbers.decode(Int.self)
        method = try numbers.decode(Int.self)
        minLevel = try numbers.decode(Int.self)
        maxLevel = try numbers.decode(Int.self)
        chance = try numbers.decode(Int.self)
        conditions = []
        while !numbers.isAtEnd { conditions.append(try numbers.decode(Int.self)) }
    }

    package func encode(to encoder: any Encoder) throws {
        var numbers = encoder.unkeyedContainer()
        for value in [area, version, method, minLevel, maxLevel, chance] + conditions { try numbers.encode(value) }
    }
}

/// `/pokemon/{id}/encounters`: every slot of the Pokémon in every area and game, repeated slots kept once. The
/// answer names no Pokémon: the loader knows whose it asked for.
package struct EncountersRecord: Codable, Sendable, Equatable {
    package var encounters: [Encounter]

    package init(encounters: [Encounter]) {
        self.encounters = encounters
    }
}

extension EncountersRecord: APIDecodable {
    private struct Wire: Decodable {
        struct Detail: Decodable {
            var chance: Int?
            var min_level: Int?
            var max_level: Int?
            var method: NamedReference
            var condition_values: [NamedReference]?
        }
        struct VersionDetail: Decodable {
            var version: NamedReference
            var encounter_details: [Detail]?
        }
        var location_area: NamedReference
        var version_details: [VersionDetail]?
    }

    /// Rows whose references carry no id are left out.
    package static func decodeAPI(_ data: Data) throws -> EncountersRecord {
        let wire = try JSONDecoder().decode([Wire].self, from: data)
        var seen = Set<Encounter>()
        var encounters: [Encounter] = []
        for place in wire {
            guard let area = resourceID(fromURL: place.location_area.url) else { continue }
            for version in place.version_details ?? [] {
                guard let versionID = resourceID(fromURL: version.version.url) else { continue }
                for detail in version.encounter_details ?? [] {
                    guard let method = resourceID(fromURL: detail.method.url) else { continue }
                    let minLevel = max(0, detail.min_level ?? 0)
                    let encounter = Encounter(
                        area: area,
                        version: versionID,
                        method: method,
                        minLevel: minLevel,
                        maxLevel: max(minLevel, detail.max_level ?? minLevel),
                        chance: min(100, max(0, detail.chance ?? 0)),
                        conditions: (detail.condition_values ?? []).compactMap { resourceID(fromURL: $0.url) }.sorted()
                    )
                    if seen.insert(encounter).inserted { encounters.append(encounter) }
                }
            }
        }
        return EncountersRecord(encounters: encounters)
    }
}

/// The parts of `/location-area/{id}` the site shows: its names and its place. Its own list of Pokémon is left out:
/// each Pokémon's encounters say the same.
package struct LocationAreaRecord: Codable, Sendable, Equatable {
    package var id: Int
    /// API name: "viridian-forest-area", "mt-moon-b1f".
    package var name: String
    /// "Viridian Forest", "Mt. Moon (B1F)": often the place's own name, often in English only.
    package var names: [LocalizedName]
    /// `/location/{id}`.
    package var location: Int?

    package init(id: Int, name: String, names: [LocalizedName], location: Int?) {
        self.id = id
        self.name = name
        self.names = names
        self.location = location
    }
}

extension LocationAreaRecord: APIDecodable {
    private struct Wire: Decodable {
        var id: Int
        var name: String
        var names: [WireName]?
        var location: NamedReference?
    }

    package static func decodeAPI(_ data: Data) throws -> LocationAreaRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        return LocationAreaRecord(
            id: wire.id,
            name: wire.name,
            names: (wire.names ?? []).map(\.localized).filter { !$0.name.isEmpty },
            location: wire.location.flatMap { resourceID(fromURL: $0.url) }
        )
    }
}

/// The parts of `/location/{id}` the site shows: its names, its region and its areas.
package struct LocationRecord: Codable, Sendable, Equatable {
    package var id: Int
    /// API name: "viridian-forest".
    package var name: String
    package var names: [LocalizedName]
    /// `/region/{id}`; nil for places of no region (the Pokéwalker's routes).
    package var region: Int?
    /// `/location-area/{id}`s, in PokeAPI's order.
    package var areas: [Int]

    package init(id: Int, name: String, names: [LocalizedName], region: Int?, areas: [Int]) {
        self.id = id
        self.name = name
        self.names = names
        self.region = region
        self.areas = areas
    }

    /// Its names alone, as evolution sentences read a place.
    package var namesRecord: NamesRecord { NamesRecord(id: id, name: name, names: names) }
}

extension LocationRecord: APIDecodable {
    private struct Wire: Decodable {
        var id: Int
        var name: String
        var names: [WireName]?
        var region: NamedReference?
        var areas: [NamedReference]?
    }

    package static func decodeAPI(_ data: Data) throws -> LocationRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        return LocationRecord(
            id: wire.id,
            name: wire.name,
            names: (wire.names ?? []).map(\.localized).filter { !$0.name.isEmpty },
            region: wire.region.flatMap { resourceID(fromURL: $0.url) },
            areas: (wire.areas ?? []).compactMap { resourceID(fromURL: $0.url) }
        )
    }
}

extension PokemonRecord {
    /// An item the Pokémon may hold when met in the wild, and how likely, per game.
    package struct HeldItem: Codable, Sendable, Equatable {
        /// `/item/{id}`.
        package var item: Int
        /// API name: "light-ball".
        package var name: String
        /// `[version id, rarity in percent]` pairs, in PokeAPI's order.
        package var versions: [[Int]]

        package init(item: Int, name: String, versions: [[Int]]) {
            self.item = item
            self.name = name
            self.versions = versions
        }
    }
}

/// The parts of `/pokedex/{id}` the site shows: a regional Pokédex's names, region and games. Its list of entries is
/// left out: each species' `pokedex_numbers` says the same.
package struct PokedexRecord: Codable, Sendable, Equatable {
    package var id: Int
    /// API name: "kanto", "paldea", "national".
    package var name: String
    package var names: [LocalizedName]
    /// Whether the games have it (PokeAPI also lists the Conquest Gallery's).
    package var isMainSeries: Bool
    /// `/region/{id}`; nil for the National Pokédex.
    package var region: Int?
    /// `/version-group/{id}`s: the games it belongs to.
    package var versionGroups: [Int]

    package init(id: Int, name: String, names: [LocalizedName], isMainSeries: Bool, region: Int?, versionGroups: [Int])
    {
        self.id = id
        self.name = name
        self.names = names
        self.isMainSeries = isMainSeries
        self.region = region
        self.versionGroups = versionGroups
    }

    /// The National Pokédex's API name: every page's own number is its number there.
    package static let national = "national"
}

extension PokedexRecord: APIDecodable {
    private struct Wire: Decodable {
        var id: Int
        var name: String
        var names: [WireName]?
        var is_main_series: Bool?
        var region: NamedReference?
        var version_groups: [NamedReference]?
    }

    package static func decodeAPI(_ data: Data) throws -> PokedexRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        return PokedexRecord(
            id: wire.id,
            name: wire.name,
            names: (wire.names ?? []).map(\.localized).filter { !$0.name.isEmpty },
            isMainSeries: wire.is_main_series ?? true,
            region: wire.region.flatMap { resourceID(fromURL: $0.url) },
            versionGroups: (wire.version_groups ?? []).compactMap { resourceID(fromURL: $0.url) }
        )
    }
}
