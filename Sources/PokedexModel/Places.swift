package import PokedexSource

/// Where the Pokémon are found and the places they are found in, as PokeAPI's ids: the render words them. Built once
/// from the data set; every language reads the same.
package struct PlaceBook: Sendable, Encodable {
    /// Each Pokémon's encounter slots, by Pokémon id.
    package var encounters: [Int: [Encounter]]
    package var areas: [Int: LocationAreaRecord]
    package var locations: [Int: LocationRecord]
    /// API names by kind and id: versions, ways, conditions, regions and items are named by API name in `NameBook`.
    package var apiNames: [NamedKind: [Int: String]]
    /// The games some Pokémon is found in: those PokeAPI has places for.
    package var coveredVersions: Set<Int>
    /// Each version's place in time (its version group's order, else its id): the newest game is the highest.
    package var versionRank: [Int: Int]
    /// The versions of each version group, by group id.
    package var groupVersions: [Int: [Int]]

    package init(
        encounters: [Int: [Encounter]] = [:],
        areas: [Int: LocationAreaRecord] = [:],
        locations: [Int: LocationRecord] = [:],
        apiNames: [NamedKind: [Int: String]] = [:],
        versionGroups: [VersionGroupRecord] = []
    ) {
        self.encounters = encounters
        self.areas = areas
        self.locations = locations
        self.apiNames = apiNames
        coveredVersions = Set(encounters.values.flatMap { $0.map(\.version) })
        var rank: [Int: Int] = [:]
        groupVersions = Dictionary(
            versionGroups.map { ($0.id, $0.versions.map(\.id)) },
            uniquingKeysWith: { first, _ in first }
        )
        for group in versionGroups {
            for version in group.versions {
                rank[version.id] = (group.order ?? group.id) * Self.releaseRank + version.id
            }
        }
        for version in (apiNames[.version] ?? [:]).keys where rank[version] == nil { rank[version] = version }
        versionRank = rank
    }

    /// In a fixed order (dictionaries have none): the render inputs' digest is made from it. The API names are in
    /// the name book's digest already; the version ranks and
    /// the groups' versions follow from its version groups.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for (pokemon, rows) in encounters.sorted(by: { $0.key < $1.key }) {
            try container.encode(pokemon)
            try container.encode(Self.compact(rows))
        }
        for (_, area) in areas.sorted(by: { $0.key < $1.key }) { try container.encode(area) }
        for (_, location) in locations.sorted(by: { $0.key < $1.key }) { try container.encode(location) }
        for (kind, names) in apiNames.sorted(by: { $0.key < $1.key }) {
            try container.encode(kind.rawValue)
            for (id, name) in names.sorted(by: { $0.key < $1.key }) { try container.encode([String(id), name]) }
        }
    }

    /// A Pokémon's encounter slots as one string, `area.version.method.min.max.chance.condition+condition` apart by
    /// `;`: for the digest, a slot as seven numbers and a list through the `Encoder` was most of the render inputs'
    /// digest (Benchmarks/README.md).
    static func compact(_ rows: [Encounter]) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.count * 32)
        func write(_ number: Int) {
            if number < 0 { bytes.append(UInt8(ascii: "-")) }
            var magnitude = number.magnitude
            let start = bytes.count
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            bytes[start...].reverse()
        }
        for (index, row) in rows.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ";")) }
            for number in [row.area, row.version, row.method, row.minLevel, row.maxLevel, row.chance] {
                write(number)
                bytes.append(UInt8(ascii: "."))
            }
            for (index, condition) in row.conditions.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: "+")) }
                write(condition)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The API name of `id` of `kind`, as `NameBook` names it.
    package func apiName(_ kind: NamedKind, _ id: Int) -> String? { apiNames[kind]?[id] }

    /// The place an area is in.
    package func location(ofArea area: Int) -> LocationRecord? {
        areas[area]?.location.flatMap { locations[$0] }
    }

    /// Where `pokemon` is found: each game's ways, games alike said once, the newest first.
    package func whereToFind(_ pokemon: Int) -> [GamesAlike<EncounterLine>] {
        merged(encounters[pokemon] ?? [], pokemon: pokemon)
    }

    /// Who is found in each of the places where some of `pokemon` are, by place id: each game's Pokémon and ways,
    /// games alike said once, the newest first. A place only evolution sentences name has none.
    package func visitors(_ pokemon: [Int]) -> [Int: [GamesAlike<EncounterLine>]] {
        var byPlace: [Int: [(pokemon: Int, encounter: Encounter)]] = [:]
        for id in pokemon {
            for encounter in encounters[id] ?? [] {
                guard let place = areas[encounter.area]?.location, locations[place] != nil else { continue }
                byPlace[place, default: []].append((id, encounter))
            }
        }
        return byPlace.mapValues { rows in
            let byPokemon = Dictionary(grouping: rows, by: \.pokemon)
            return merged(byPokemon.keys.sorted().flatMap { id in byPokemon[id]!.map(\.encounter).map { ($0, id) } })
        }
    }

    func merged(_ encounters: [Encounter], pokemon: Int) -> [GamesAlike<EncounterLine>] {
        merged(encounters.map { ($0, pokemon) })
    }

    /// Each game's lines, games whose lines are the same merged, newest first. Within a game, a Pokémon's slots of
    /// one way in one place are one line: the chances of the slots alike (area, conditions) summed, the levels
    /// spanned, the chances of the different ones a range, and only the conditions they all share said. PokeAPI
    /// lists Pikachu's Max Raids in Sword by den, star level and beam colour: 200 slots that fans read as "Max
    /// Raid, Lv. 15–60".
    func merged(_ rows: [(encounter: Encounter, pokemon: Int)]) -> [GamesAlike<EncounterLine>] {
        struct SlotKey: Hashable {
            var pokemon: Int
            var area: Int
            var method: Int
            var conditions: [Int]
        }
        // 1. Slots alike summed, per game.
        var slots: [Int: [SlotKey: Encounter]] = [:]
        var slotOrder: [Int: [SlotKey]] = [:]
        for (encounter, pokemon) in rows {
            let key = SlotKey(
                pokemon: pokemon,
                area: encounter.area,
                method: encounter.method,
                conditions: encounter.conditions
            )
            if var summed = slots[encounter.version]?[key] {
                summed.minLevel = min(summed.minLevel, encounter.minLevel)
                summed.maxLevel = max(summed.maxLevel, encounter.maxLevel)
                summed.chance = min(100, summed.chance + encounter.chance)
                slots[encounter.version]![key] = summed
            } else {
                slots[encounter.version, default: [:]][key] = encounter
                slotOrder[encounter.version, default: []].append(key)
            }
        }
        // 2. One line per Pokémon, place and way.
        var games: [GamesAlike<EncounterLine>] = []
        for version in slots.keys.sorted(by: listedFirst) {
            var lines: [EncounterLine] = []
            var at: [EncounterLine.Key: Int] = [:]
            for key in slotOrder[version] ?? [] {
                guard let slot = slots[version]?[key] else { continue }
                let line = EncounterLine(slot, pokemon: key.pokemon, location: areas[slot.area]?.location)
                if let index = at[line.key] {
                    lines[index].absorb(line)
                } else {
                    at[line.key] = lines.count
                    lines.append(line)
                }
            }
            lines.sort(by: EncounterLine.placeOrder)
            if let same = games.firstIndex(where: { $0.lines == lines }) {
                games[same].versions.append(version)
            } else {
                games.append(GamesAlike(versions: [version], lines: lines))
            }
        }
        // Within a set of games alike, oldest first ("Red & Blue"); the sets stay newest first.
        for index in games.indices { games[index].versions.sort { !newerFirst($0, $1) } }
        return games
    }

    /// `a` is newer than `b`.
    package func newerFirst(_ a: Int, _ b: Int) -> Bool {
        let (rankA, rankB) = (versionRank[a] ?? a, versionRank[b] ?? b)
        return rankA != rankB ? rankA > rankB : a > b
    }

    /// `a` is listed before `b` among games said apart: the newer release first, and the games of one release
    /// as they came out (FireRed before LeafGreen, Let’s Go Pikachu before Let’s Go Eevee).
    package func listedFirst(_ a: Int, _ b: Int) -> Bool {
        let (rankA, rankB) = (versionRank[a] ?? a, versionRank[b] ?? b)
        let (releaseA, releaseB) = (rankA / Self.releaseRank, rankB / Self.releaseRank)
        return releaseA != releaseB ? releaseA > releaseB : (rankA != rankB ? rankA < rankB : a < b)
    }

    /// A version's rank is its version group's order times this, plus its id.
    static let releaseRank = 1_000

    /// Of `versions` (the games a Pokémon is in), those PokeAPI has no places for at all, newest first.
    package func uncovered(_ versions: [Int]) -> [Int] {
        Array(Set(versions).subtracting(coveredVersions)).sorted(by: newerFirst)
    }
}

/// The same answer in several games: said once, for all of them.
package struct GamesAlike<Line: Sendable & Equatable & Encodable>: Sendable, Equatable, Encodable {
    /// Version ids, oldest first.
    package var versions: [Int]
    package var lines: [Line]
}

/// One way of meeting one Pokémon in one place, in some games.
package struct EncounterLine: Sendable, Equatable, Hashable, Encodable {
    package var pokemon: Int
    /// The place; nil when PokeAPI's area names none.
    package var location: Int?
    /// Its areas the Pokémon is met in this way, in PokeAPI's id order.
    package var areas: [Int]
    package var method: Int
    package var minLevel: Int
    package var maxLevel: Int
    /// Percent of the way's encounters there that are this Pokémon: from the least to the most likely of its
    /// conditions or areas (the same when there is one).
    package var minChance: Int
    package var maxChance: Int
    /// The conditions all its slots share ("During the day").
    package var conditions: [Int]

    init(_ slot: Encounter, pokemon: Int, location: Int?) {
        self.pokemon = pokemon
        self.location = location
        areas = [slot.area]
        method = slot.method
        minLevel = slot.minLevel
        maxLevel = slot.maxLevel
        minChance = slot.chance
        maxChance = slot.chance
        conditions = slot.conditions
    }

    package init(
        pokemon: Int,
        location: Int?,
        areas: [Int],
        method: Int,
        minLevel: Int,
        maxLevel: Int,
        minChance: Int,
        maxChance: Int,
        conditions: [Int] = []
    ) {
        self.pokemon = pokemon
        self.location = location
        self.areas = areas
        self.method = method
        self.minLevel = minLevel
        self.maxLevel = maxLevel
        self.minChance = minChance
        self.maxChance = maxChance
        self.conditions = conditions
    }

    struct Key: Hashable {
        var pokemon: Int
        /// The place, or the area where it names none.
        var place: Int
        var method: Int
    }

    var key: Key { Key(pokemon: pokemon, place: location ?? -(areas.first ?? 0), method: method) }

    mutating func absorb(_ other: EncounterLine) {
        for area in other.areas where !areas.contains(area) { areas.append(area) }
        areas.sort()
        minLevel = min(minLevel, other.minLevel)
        maxLevel = max(maxLevel, other.maxLevel)
        minChance = min(minChance, other.minChance)
        maxChance = max(maxChance, other.maxChance)
        conditions = conditions.filter(other.conditions.contains)
    }

    /// By place, then way, then Pokémon.
    static func placeOrder(_ a: EncounterLine, _ b: EncounterLine) -> Bool {
        let (placeA, placeB) = (a.location ?? Int.max, b.location ?? Int.max)
        if placeA != placeB { return placeA < placeB }
        if a.areas != b.areas { return a.areas.lexicographicallyPrecedes(b.areas) }
        if a.method != b.method { return a.method < b.method }
        return a.pokemon < b.pokemon
    }
}

/// An item a Pokémon may hold in the wild: how likely, in which games (games alike said once).
package struct HeldItemLine: Sendable, Equatable, Encodable {
    package var item: Int
    /// API name: "light-ball".
    package var name: String
    /// Each rarity (percent) with its games, newest first; games oldest first within.
    package var rarities: [(rarity: Int, versions: [Int])]

    package static func == (a: HeldItemLine, b: HeldItemLine) -> Bool {
        a.item == b.item && a.name == b.name && a.rarities.map(\.rarity) == b.rarities.map(\.rarity)
            && a.rarities.map(\.versions) == b.rarities.map(\.versions)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(item)
        try container.encode(name)
        for (rarity, versions) in rarities {
            try container.encode(rarity)
            try container.encode(versions)
        }
    }
}

extension PlaceBook {
    /// What `record` may hold in the wild, in PokeAPI's order of items.
    package func heldItems(_ record: PokemonRecord) -> [HeldItemLine] {
        record.heldItems.map { held in
            var byRarity: [Int: [Int]] = [:]
            for pair in held.versions where pair.count == 2 { byRarity[pair[1], default: []].append(pair[0]) }
            let rarities = byRarity.map { rarity, versions in
                (rarity: rarity, versions: versions.sorted { !newerFirst($0, $1) })
            }
            .sorted { a, b in
                let (newestA, newestB) = (a.versions.last ?? 0, b.versions.last ?? 0)
                return newestA != newestB ? newerFirst(newestA, newestB) : a.rarity > b.rarity
            }
            return HeldItemLine(item: held.item, name: held.name, rarities: rarities)
        }
    }
}

extension DataSet {
    /// The places book of this data set.
    package var placeBook: PlaceBook {
        var apiNames: [NamedKind: [Int: String]] = [:]
        for kind in [NamedKind.version, .encounterMethod, .encounterConditionValue, .region] {
            apiNames[kind] = (named[kind] ?? [:]).mapValues(\.name)
        }
        // Items are whole records, not names.
        apiNames[.item] = items.mapValues(\.name)
        return PlaceBook(
            encounters: encounters.mapValues(\.encounters),
            areas: areas,
            locations: locations,
            apiNames: apiNames,
            versionGroups: versionGroups.keys.sorted().compactMap { versionGroups[$0] }
        )
    }
}
