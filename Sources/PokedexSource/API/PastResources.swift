// What older games had, as PokeAPI lists it. Two readings, one per key (each tested against the games):
// - an entry under a **generation** (a Pokémon's `past_types`, `past_stats`, `past_abilities`; a type's
//   `past_damage_relations`) holds **through** that generation: Clefairy's Normal, listed under generation-v, is its
//   type in Generations I–V (Fairy since VI); Ghost's relations under generation-i are Generation I's chart;
// - an entry under a **version group** (a move's `past_values`) holds **before** that group: Bite's Normal, listed
//   under gold-silver, is its type in Red, Blue and Yellow (Dark since Gold and Silver).
// Each entry lists only what differed; what it leaves out comes from the next entry that lists it, else from today.

/// A Pokémon's types, base stats and abilities in older generations (each entry through the generation it names).
package struct PokemonPast: Codable, Sendable, Equatable {
    package struct Types: Codable, Sendable, Equatable {
        package var through: Int
        package var types: [String]

        package init(through: Int, types: [String]) {
            self.through = through
            self.types = types
        }
    }

    package struct Stats: Codable, Sendable, Equatable {
        package var through: Int
        /// Only the stats that differed; Generation I's single Special is `special`.
        package var stats: [PokemonRecord.Stat]

        package init(through: Int, stats: [PokemonRecord.Stat]) {
            self.through = through
            self.stats = stats
        }
    }

    package struct Abilities: Codable, Sendable, Equatable {
        package struct Slot: Codable, Sendable, Equatable {
            /// 1 and 2: the abilities, 3: the hidden one.
            package var slot: Int
            package var isHidden: Bool
            /// nil: the slot was empty then (Magic Guard came to Clefairy in Generation IV).
            package var name: String?
            package var id: Int?

            package init(slot: Int, isHidden: Bool, name: String?, id: Int? = nil) {
                self.slot = slot
                self.isHidden = isHidden
                self.name = name
                self.id = id
            }
        }

        package var through: Int
        package var slots: [Slot]

        package init(through: Int, slots: [Slot]) {
            self.through = through
            self.slots = slots
        }
    }

    package var types: [Types] = []
    package var stats: [Stats] = []
    package var abilities: [Abilities] = []

    package init(types: [Types] = [], stats: [Stats] = [], abilities: [Abilities] = []) {
        self.types = types.sorted { $0.through < $1.through }
        self.stats = stats.sorted { $0.through < $1.through }
        self.abilities = abilities.sorted { $0.through < $1.through }
    }

    package var isEmpty: Bool { types.isEmpty && stats.isEmpty && abilities.isEmpty }
}

/// A move's values before a version group changed them (`past_values`): each field nil where it did not change.
package struct PastMoveValues: Codable, Sendable, Equatable {
    /// The version group from which the values changed (the entry holds before it).
    package var before: Int
    package var power: Int?
    package var accuracy: Int?
    package var pp: Int?
    /// API name of the type it had.
    package var type: String?
    package var effectChance: Int?

    package init(
        before: Int,
        power: Int? = nil,
        accuracy: Int? = nil,
        pp: Int? = nil,
        type: String? = nil,
        effectChance: Int? = nil
    ) {
        self.before = before
        self.power = power
        self.accuracy = accuracy
        self.pp = pp
        self.type = type
        self.effectChance = effectChance
    }
}

/// A type's defensive relations through an older generation (`past_damage_relations`).
package struct PastDamageRelations: Codable, Sendable, Equatable {
    package var through: Int
    package var doubleDamageFrom: [String]
    package var halfDamageFrom: [String]
    package var noDamageFrom: [String]

    package init(through: Int, doubleDamageFrom: [String], halfDamageFrom: [String], noDamageFrom: [String]) {
        self.through = through
        self.doubleDamageFrom = doubleDamageFrom
        self.halfDamageFrom = halfDamageFrom
        self.noDamageFrom = noDamageFrom
    }
}

// MARK: - The wire

struct WirePastTypes: Decodable {
    struct Slot: Decodable { var type: NamedReference }
    var generation: URLReference
    var types: [Slot]
}

struct WirePastStats: Decodable {
    struct Slot: Decodable {
        var base_stat: Int
        var effort: Int?
        var stat: NamedReference
    }
    var generation: URLReference
    var stats: [Slot]
}

struct WirePastAbilities: Decodable {
    struct Slot: Decodable {
        var ability: NamedReference?
        var is_hidden: Bool
        var slot: Int
    }
    var generation: URLReference
    var abilities: [Slot]
}

struct WirePastMoveValues: Decodable {
    var accuracy: Int?
    var effect_chance: Int?
    var power: Int?
    var pp: Int?
    var type: NamedReference?
    var version_group: URLReference
}

struct WirePastRelations: Decodable {
    struct Relations: Decodable {
        var double_damage_from: [NamedReference]
        var half_damage_from: [NamedReference]
        var no_damage_from: [NamedReference]
    }
    var generation: URLReference
    var damage_relations: Relations
}

extension PokemonPast {
    /// An entry whose generation's URL has no number cannot be placed in time: left out.
    init(types: [WirePastTypes]?, stats: [WirePastStats]?, abilities: [WirePastAbilities]?) {
        self.init(
            types: (types ?? []).compactMap { entry in
                resourceID(fromURL: entry.generation.url).map {
                    Types(through: $0, types: entry.types.map(\.type.name))
                }
            },
            stats: (stats ?? []).compactMap { entry in
                resourceID(fromURL: entry.generation.url).map { generation in
                    Stats(
                        through: generation,
                        stats: entry.stats.map {
                            PokemonRecord.Stat(name: $0.stat.name, value: $0.base_stat, effort: max(0, $0.effort ?? 0))
                        }
                    )
                }
            },
            abilities: (abilities ?? []).compactMap { entry in
                resourceID(fromURL: entry.generation.url).map { generation in
                    Abilities(
                        through: generation,
                        slots: entry.abilities.map {
                            Abilities.Slot(
                                slot: $0.slot,
                                isHidden: $0.is_hidden,
                                name: $0.ability?.name,
                                id: $0.ability.flatMap { resourceID(fromURL: $0.url) }
                            )
                        }
                    )
                }
            }
        )
    }
}

extension PastMoveValues {
    static func decoded(_ wire: [WirePastMoveValues]?) -> [PastMoveValues] {
        (wire ?? []).compactMap { entry in
            resourceID(fromURL: entry.version_group.url).map {
                PastMoveValues(
                    before: $0,
                    power: entry.power,
                    accuracy: entry.accuracy,
                    pp: entry.pp,
                    type: entry.type?.name,
                    effectChance: entry.effect_chance
                )
            }
        }
    }
}

extension PastDamageRelations {
    static func decoded(_ wire: [WirePastRelations]?) -> [PastDamageRelations] {
        (wire ?? []).compactMap { entry in
            resourceID(fromURL: entry.generation.url).map {
                PastDamageRelations(
                    through: $0,
                    doubleDamageFrom: entry.damage_relations.double_damage_from.map(\.name),
                    halfDamageFrom: entry.damage_relations.half_damage_from.map(\.name),
                    noDamageFrom: entry.damage_relations.no_damage_from.map(\.name)
                )
            }
        }
        .sorted { $0.through < $1.through }
    }
}
