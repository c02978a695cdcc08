package import PokedexSource

// What each game had, read from PokeAPI's past entries (see PokedexSource/API/PastResources.swift for the two
// readings: through a generation, before a version group). Pure values: the pages and the tests read them alike.

/// A run of generations, oldest first, that had one value.
package struct GenerationSpan<Value: Sendable & Equatable>: Sendable, Equatable {
    package var first: Int
    package var last: Int
    package var value: Value

    package init(first: Int, last: Int, value: Value) {
        self.first = first
        self.last = last
        self.value = value
    }

    /// `value(g)` for each generation of `generations`, runs of equal values merged.
    package static func runs(_ generations: ClosedRange<Int>, _ value: (Int) -> Value) -> [GenerationSpan] {
        var spans: [GenerationSpan] = []
        for generation in generations {
            let current = value(generation)
            if let last = spans.last, last.value == current {
                spans[spans.count - 1].last = generation
            } else {
                spans.append(GenerationSpan(first: generation, last: generation, value: current))
            }
        }
        return spans
    }
}

/// Abilities came with Ruby and Sapphire: a Pokémon of Generations I and II had none.
package let firstGenerationWithAbilities = 3

extension PokemonRecord {
    /// Its types in `generation`: those of the earliest past entry that holds through it, else today's.
    package func types(inGeneration generation: Int) -> [String] {
        past.types.first { $0.through >= generation }?.types ?? types
    }

    /// Its base stats in `generation`, in today's order. In Generation I the one Special stat stands where Sp. Atk and
    /// Sp. Def stand today (when PokeAPI gives it; it does for all 151).
    package func stats(inGeneration generation: Int) -> [Stat] {
        func past(_ name: String) -> Stat? {
            for entry in self.past.stats where entry.through >= generation {
                if let stat = entry.stats.first(where: { $0.name == name }) { return stat }
            }
            return nil
        }
        let special = generation == 1 ? past("special") : nil
        var shown: [Stat] = []
        for stat in stats {
            if let special, stat.name == "special-attack" || stat.name == "special-defense" {
                if stat.name == "special-attack" { shown.append(Stat(name: "special", value: special.value)) }
                continue
            }
            shown.append(past(stat.name).map { Stat(name: stat.name, value: $0.value, effort: stat.effort) } ?? stat)
        }
        return shown
    }

    /// Its abilities in `generation`, by slot: none before Generation III; else each slot as the earliest past
    /// entry through that generation has it (an empty slot left out), else as today.
    package func abilities(inGeneration generation: Int) -> [Ability] {
        guard generation >= firstGenerationWithAbilities else { return [] }
        var bySlot: [Int: Ability] = [:]
        for (index, ability) in abilities.enumerated() {
            bySlot[ability.slot ?? (ability.isHidden ? 3 : index + 1)] = ability
        }
        var decided: Set<Int> = []
        for entry in past.abilities where entry.through >= generation {
            for slot in entry.slots where decided.insert(slot.slot).inserted {
                bySlot[slot.slot] = slot.name.map {
                    Ability(name: $0, isHidden: slot.isHidden, id: slot.id, slot: slot.slot)
                }
            }
        }
        return bySlot.sorted { $0.key < $1.key }.map(\.value)
    }
}

/// A Pokémon's history: what differed from today in the generations it was in, each as runs of generations.
package struct PokemonHistory: Sendable, Equatable {
    package var types: [GenerationSpan<[String]>]
    package var stats: [GenerationSpan<[PokemonRecord.Stat]>]
    package var abilities: [GenerationSpan<[PokemonRecord.Ability]>]

    /// From `first` (the generation that brought it; 1 when unknown) through `latest`. Each list holds a single
    /// run when nothing changed.
    package init(_ record: PokemonRecord, first: Int, latest: Int) {
        let generations = min(max(1, first), latest)...latest
        types = GenerationSpan.runs(generations) { record.types(inGeneration: $0) }
        // Effort yields are not the past entries' concern (PokeAPI writes 0 there): values alone decide a run.
        stats = GenerationSpan.runs(generations) { generation in
            record.stats(inGeneration: generation).map { .init(name: $0.name, value: $0.value) }
        }
        abilities = GenerationSpan.runs(generations) { record.abilities(inGeneration: $0) }
    }

    package var isEmpty: Bool {
        types.count < 2 && stats.count < 2 && !abilitiesChanged
    }

    /// Whether its abilities changed after they came to the games (before Generation III nobody had any).
    package var abilitiesChanged: Bool {
        abilities.filter { $0.last >= firstGenerationWithAbilities }.count > 1
    }
}

/// A move's values over the games: runs of version groups, in the games' order, that had the same values.
package struct MoveEra: Sendable, Equatable {
    /// Version group ids, oldest first.
    package var groups: [Int]
    package var power: Int?
    package var accuracy: Int?
    package var pp: Int?
    /// API name.
    package var type: String
    package var effectChance: Int?

    package init(groups: [Int], power: Int?, accuracy: Int?, pp: Int?, type: String, effectChance: Int?) {
        self.groups = groups
        self.power = power
        self.accuracy = accuracy
        self.pp = pp
        self.type = type
        self.effectChance = effectChance
    }
}

extension MoveRecord {
    /// Its values in each of `games` (version groups in the games' order) from its generation on, runs of equal
    /// values merged; one era when nothing changed. A value in a game is the one the earliest past entry after that
    /// game lists (the entry holds before its version group), else today's.
    package func history(games: [Game]) -> [MoveEra] {
        let ordered = games.sorted { $0.order < $1.order }
        let position = Dictionary(ordered.enumerated().map { ($0.element.id, $0.offset) }) { first, _ in first }
        let entries = past.compactMap { entry in position[entry.before].map { (at: $0, entry: entry) } }
            .sorted { $0.at < $1.at }
        var eras: [MoveEra] = []
        for (index, game) in ordered.enumerated() where (game.generation ?? 1) >= (generation ?? 1) {
            let later = entries.filter { $0.at > index }.map(\.entry)
            let era = MoveEra(
                groups: [game.id],
                power: later.lazy.compactMap(\.power).first ?? power,
                accuracy: later.lazy.compactMap(\.accuracy).first ?? accuracy,
                pp: later.lazy.compactMap(\.pp).first ?? pp,
                type: later.lazy.compactMap(\.type).first ?? type,
                effectChance: later.lazy.compactMap(\.effectChance).first ?? effectChance
            )
            if var last = eras.last, last.sameValues(as: era) {
                last.groups.append(game.id)
                eras[eras.count - 1] = last
            } else {
                eras.append(era)
            }
        }
        return eras
    }
}

extension MoveEra {
    func sameValues(as other: MoveEra) -> Bool {
        power == other.power && accuracy == other.accuracy && pp == other.pp && type == other.type
            && effectChance == other.effectChance
    }
}

/// The type chart of each era.
package enum TypeChartEras {
    /// `chart` (today's, by API name) as it was in `generation`: the types that existed then (by the generation
    /// that brought each), each defending with the earliest past relations that hold through that generation. An
    /// attacking type the chart does not hold (no exported Pokémon has it) is kept: only a type known to be newer
    /// is left out.
    package static func chart(_ chart: [String: TypeRecord], inGeneration generation: Int) -> [String: TypeRecord] {
        let newer = Set(chart.values.filter { ($0.generation ?? 1) > generation }.map(\.name))
        var then: [String: TypeRecord] = [:]
        for (name, record) in chart where !newer.contains(name) {
            var record = record
            if let past = record.past.first(where: { $0.through >= generation }) {
                record.doubleDamageFrom = past.doubleDamageFrom
                record.halfDamageFrom = past.halfDamageFrom
                record.noDamageFrom = past.noDamageFrom
            }
            record.doubleDamageFrom.removeAll(where: newer.contains)
            record.halfDamageFrom.removeAll(where: newer.contains)
            record.noDamageFrom.removeAll(where: newer.contains)
            then[name] = record
        }
        return then
    }

    /// The charts of every era from Generation I through `latest`, runs of equal charts merged: on PokeAPI's data
    /// Generation I, Generations II–V and Generations VI on.
    package static func eras(_ chart: [String: TypeRecord], latest: Int) -> [GenerationSpan<[String: TypeRecord]>] {
        GenerationSpan.runs(1...max(1, latest)) { generation in
            // Compared without the names and past entries, which every era shares.
            Self.chart(chart, inGeneration: generation).mapValues { record in
                var relations = record
                relations.names = []
                relations.past = []
                relations.generation = nil
                return relations
            }
        }
    }
}
