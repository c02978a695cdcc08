package import Foundation

/// The parts of `/evolution-chain/{id}` the site shows: every stage, and how each one is reached.
package struct EvolutionChainRecord: Codable, Sendable, Equatable {
    package var id: Int
    package var chain: EvolutionNode
    /// The items, moves, places and regions its conditions name, each once: fetched for their names.
    package var references: [ResourceReference] = []
}

/// One stage of a chain and the stages it evolves into (more than one where the chain branches: Eevee, Wurmple).
package struct EvolutionNode: Codable, Sendable, Equatable {
    package var speciesID: Int
    /// API name: "charmeleon".
    package var speciesName: String
    package var isBaby: Bool
    /// How the previous stage evolves into this one: one entry per set of games that differ. Empty for the first stage.
    package var conditions: [EvolutionCondition]
    package var evolvesTo: [EvolutionNode]

    /// Every stage of the chain from this one, depth first.
    package var stages: [EvolutionNode] {
        [self] + evolvesTo.flatMap(\.stages)
    }
}

/// One `evolution_details` entry: a trigger and what it needs. Absent fields are not required.
package struct EvolutionCondition: Codable, Sendable, Equatable {
    /// API name: "level-up", "use-item", "trade", or one of the rarer ones ("three-critical-hits").
    package var trigger: String
    package var minLevel: Int?
    package var item: String?
    package var heldItem: String?
    /// "day", "night", "dusk".
    package var timeOfDay: String?
    package var minHappiness: Int?
    package var minAffection: Int?
    package var minBeauty: Int?
    package var knownMove: String?
    package var knownMoveType: String?
    package var location: String?
    package var nearSpecialRock: Bool?
    /// 1 female, 2 male.
    package var gender: Int?
    package var needsOverworldRain: Bool?
    package var turnUpsideDown: Bool?
    package var tradeSpecies: String?
    package var partySpecies: String?
    package var partyType: String?
    /// 1: Attack > Defense, 0: equal, -1: Attack < Defense.
    package var relativePhysicalStats: Int?
    package var minMoveCount: Int?
    package var usedMove: String?
    package var minSteps: Int?
    package var minDamageTaken: Int?
    package var region: String?
    package var needsMultiplayer: Bool?
    /// The form this condition makes, when it is not the species' own (`evolved_form`): "alola" for Alolan
    /// Ninetales, as the part of the Pokémon's name after the species'.
    package var form: String?
    /// The form of the previous stage this condition starts from, when it is not its default (`base_form`):
    /// "galar" for Perrserker, which only Galarian Meowth becomes.
    package var fromForm: String?
    /// The Pokémon `form` is (`evolved_form`'s id): Alolan Raichu, 10100.
    package var formPokemonID: Int?
    /// The Pokémon `fromForm` is (`base_form`'s id): Galarian Meowth, 10161.
    package var fromPokemonID: Int?

    package init(trigger: String) {
        self.trigger = trigger
    }
}

extension EvolutionChainRecord: APIDecodable {
    private struct Wire: Decodable {
        var id: Int
        var chain: Link
    }

    /// `chain` and `evolves_to` as PokeAPI nests them.
    private struct Link: Decodable {
        var species: NamedReference
        var is_baby: Bool?
        var evolution_details: [Detail]
        var evolves_to: [Link]
    }

    private struct Detail: Decodable {
        var trigger: NamedReference?
        var min_level: Int?
        var item: NamedReference?
        var held_item: NamedReference?
        var time_of_day: String?
        var min_happiness: Int?
        var min_affection: Int?
        var min_beauty: Int?
        var known_move: NamedReference?
        var known_move_type: NamedReference?
        var location: NamedReference?
        var near_special_rock: Bool?
        var gender: Int?
        var needs_overworld_rain: Bool?
        var turn_upside_down: Bool?
        var trade_species: NamedReference?
        var party_species: NamedReference?
        var party_type: NamedReference?
        var relative_physical_stats: Int?
        var min_move_count: Int?
        var used_move: NamedReference?
        var min_steps: Int?
        var min_damage_taken: Int?
        var region: NamedReference?
        var needs_multiplayer: Bool?
        var base_form: NamedReference?
        var evolved_form: NamedReference?

        /// `species` is the stage this detail leads to, `parent` the one it starts from.
        func condition(species: String, parent: String?) -> EvolutionCondition {
            var c = EvolutionCondition(trigger: trigger?.name ?? "other")
            c.minLevel = min_level
            c.item = item?.name
            c.heldItem = held_item?.name
            c.timeOfDay = time_of_day.flatMap { $0.isEmpty ? nil : $0 }
            c.minHappiness = min_happiness
            c.minAffection = min_affection
            c.minBeauty = min_beauty
            c.knownMove = known_move?.name
            c.knownMoveType = known_move_type?.name
            c.location = location?.name
            c.nearSpecialRock = near_special_rock == true ? true : nil
            c.gender = gender
            c.needsOverworldRain = needs_overworld_rain == true ? true : nil
            c.turnUpsideDown = turn_upside_down == true ? true : nil
            c.tradeSpecies = trade_species?.name
            c.partySpecies = party_species?.name
            c.partyType = party_type?.name
            c.relativePhysicalStats = relative_physical_stats
            c.minMoveCount = min_move_count
            c.usedMove = used_move?.name
            c.minSteps = min_steps
            c.minDamageTaken = min_damage_taken
            c.region = region?.name
            c.needsMultiplayer = needs_multiplayer == true ? true : nil
            c.form = Self.formPart(evolved_form?.name, of: species)
            if c.form != nil { c.formPokemonID = evolved_form.flatMap { resourceID(fromURL: $0.url) } }
            c.fromForm = parent.flatMap { Self.formPart(base_form?.name, of: $0) }
            if c.fromForm != nil { c.fromPokemonID = base_form.flatMap { resourceID(fromURL: $0.url) } }
            return c
        }

        /// The named resources this detail refers to, for their names.
        var references: [ResourceReference] {
            let named: [(NamedKind, NamedReference?)] = [
                (.item, item), (.item, held_item), (.move, known_move), (.move, used_move), (.location, location),
                (.region, region),
            ]
            return named.compactMap { kind, reference in
                guard let reference, let id = resourceID(fromURL: reference.url) else { return nil }
                return ResourceReference(kind: kind, id: id, name: reference.name)
            }
        }

        /// "ninetales-alola" of "ninetales" → "alola"; nil for the species' own name or none.
        static func formPart(_ pokemon: String?, of species: String) -> String? {
            guard let pokemon, pokemon != species else { return nil }
            return pokemon.hasPrefix(species + "-") ? String(pokemon.dropFirst(species.count + 1)) : pokemon
        }
    }

    package static func decodeAPI(_ data: Data) throws -> EvolutionChainRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        var references = Set<ResourceReference>()
        func node(_ link: Link, parent: String?, path: [any CodingKey]) throws -> EvolutionNode {
            guard let id = resourceID(fromURL: link.species.url) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: path + [AnyCodingKey("species"), AnyCodingKey("url")],
                        debugDescription: "no numeric id at the end of \(link.species.url)"
                    )
                )
            }
            var children: [EvolutionNode] = []
            for detail in link.evolution_details { references.formUnion(detail.references) }
            for (index, child) in link.evolves_to.enumerated() {
                children.append(
                    try node(
                        child,
                        parent: link.species.name,
                        path: path + [AnyCodingKey("evolves_to"), AnyCodingKey(index)]
                    )
                )
            }
            return EvolutionNode(
                speciesID: id,
                speciesName: link.species.name,
                isBaby: link.is_baby ?? false,
                conditions: link.evolution_details.map { $0.condition(species: link.species.name, parent: parent) },
                evolvesTo: children
            )
        }
        let chain = try node(wire.chain, parent: nil, path: [AnyCodingKey("chain")])
        return EvolutionChainRecord(
            id: wire.id,
            chain: chain,
            references: references.sorted {
                ($0.kind, $0.id) < ($1.kind, $1.id)
            }
        )
    }
}
