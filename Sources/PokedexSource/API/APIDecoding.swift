package import Foundation

// MARK: - Decoding PokeAPI's JSON into the projections

/// Pulls the trailing integer out of a PokeAPI resource URL such as `…/pokemon/25/`: its last non-empty part, read
/// over the bytes (the string's `dropLast` and `split` were most of turning a Pokémon's moves into its learnset,
/// three URLs per entry).
func resourceID(fromURL url: String) -> Int? {
    var url = url
    return url.withUTF8 { bytes -> Int? in
        let slash = UInt8(ascii: "/")
        var end = bytes.count
        while end > 0, bytes[end - 1] == slash { end -= 1 }
        var start = end
        while start > 0, bytes[start - 1] != slash { start -= 1 }
        let part = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard let id = Int(part), id > 0 else { return nil }
        return id
    }
}

extension ListPage: APIDecodable {
    private struct Wire: Decodable {
        var count: Int
        var results: [NamedReference]
    }

    package static func decodeAPI(_ data: Data) throws -> ListPage {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        var entries: [Entry] = []
        entries.reserveCapacity(wire.results.count)
        for (index, result) in wire.results.enumerated() {
            guard let id = resourceID(fromURL: result.url) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: [AnyCodingKey("results"), AnyCodingKey(index), AnyCodingKey("url")],
                        debugDescription: "no numeric id at the end of \(result.url)"
                    )
                )
            }
            entries.append(Entry(id: id, name: result.name))
        }
        return ListPage(count: wire.count, results: entries)
    }
}

extension PokemonRecord: APIDecodable {
    private struct Wire: Decodable {
        struct TypeSlot: Decodable { var type: NamedReference }
        struct StatSlot: Decodable {
            var base_stat: Int
            var effort: Int?
            var stat: NamedReference
        }
        struct AbilitySlot: Decodable {
            var ability: NamedReference
            var is_hidden: Bool
            var slot: Int?
        }
        struct Sprites: Decodable {
            struct Image: Decodable {
                var front_default: String?
                var front_shiny: String?
            }
            struct Other: Decodable {
                var officialArtwork: Image?
                var home: Image?
                enum CodingKeys: String, CodingKey {
                    case officialArtwork = "official-artwork"
                    case home
                }
            }
            var front_default: String?
            var front_shiny: String?
            var other: Other?
            var versions: [String: [String: GameSprites.WireNode]]?
        }
        var id: Int
        var name: String
        var base_experience: Int?
        var height: Int
        var weight: Int
        var is_default: Bool?
        var species: NamedReference
        var types: [TypeSlot]
        var stats: [StatSlot]
        var abilities: [AbilitySlot]
        var sprites: Sprites
        var forms: [URLReference]?
        var moves: [PokemonMoveSlot]?
        var held_items: [HeldItemSlot]?
        var past_types: [WirePastTypes]?
        var past_stats: [WirePastStats]?
        var past_abilities: [WirePastAbilities]?
        var cries: Cries?
        struct Cries: Decodable {
            var latest: String?
            var legacy: String?
        }
        struct HeldItemSlot: Decodable {
            struct VersionDetail: Decodable {
                var rarity: Int?
                var version: NamedReference
            }
            var item: NamedReference
            var version_details: [VersionDetail]?
        }
    }

    package static func decodeAPI(_ data: Data) throws -> PokemonRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        guard let speciesID = resourceID(fromURL: wire.species.url) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [AnyCodingKey("species"), AnyCodingKey("url")],
                    debugDescription: "no numeric id at the end of \(wire.species.url)"
                )
            )
        }
        var typeIDs: [Int] = []
        for (index, slot) in wire.types.enumerated() {
            guard let id = resourceID(fromURL: slot.type.url) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: [
                            AnyCodingKey("types"), AnyCodingKey(index), AnyCodingKey("type"), AnyCodingKey("url"),
                        ],
                        debugDescription: "no numeric id at the end of \(slot.type.url)"
                    )
                )
            }
            typeIDs.append(id)
        }
        return PokemonRecord(
            id: wire.id,
            name: wire.name,
            speciesID: speciesID,
            speciesName: wire.species.name,
            isDefault: wire.is_default ?? (wire.id < 10_000),
            baseExperience: wire.base_experience,
            height: wire.height,
            weight: wire.weight,
            types: wire.types.map(\.type.name),
            typeIDs: typeIDs,
            stats: wire.stats.map { Stat(name: $0.stat.name, value: $0.base_stat, effort: max(0, $0.effort ?? 0)) },
            abilities: wire.abilities.map {
                Ability(
                    name: $0.ability.name,
                    isHidden: $0.is_hidden,
                    id: resourceID(fromURL: $0.ability.url),
                    slot: $0.slot
                )
            },
            sprites: Sprites(
                officialArtwork: wire.sprites.other?.officialArtwork?.front_default,
                home: wire.sprites.other?.home?.front_default,
                frontDefault: wire.sprites.front_default,
                officialArtworkShiny: wire.sprites.other?.officialArtwork?.front_shiny,
                frontShiny: wire.sprites.front_shiny
            ),
            formID: wire.forms?.first.flatMap { resourceID(fromURL: $0.url) },
            learnset: Learnset.decodeAPI(wire.moves ?? []),
            heldItems: (wire.held_items ?? []).compactMap { slot in
                guard let item = resourceID(fromURL: slot.item.url) else { return nil }
                let versions = (slot.version_details ?? []).compactMap { detail in
                    resourceID(fromURL: detail.version.url).map { [$0, min(100, max(0, detail.rarity ?? 0))] }
                }
                return HeldItem(item: item, name: slot.item.name, versions: versions)
            },
            past: PokemonPast(types: wire.past_types, stats: wire.past_stats, abilities: wire.past_abilities),
            cries: Cries(latest: wire.cries?.latest, legacy: wire.cries?.legacy),
            gameSprites: GameSprites(versions: wire.sprites.versions, id: wire.id)
        )
    }
}

extension SpeciesRecord: APIDecodable {
    private struct Wire: Decodable {
        struct Name: Decodable {
            var name: String
            var language: NamedReference
        }
        struct Genus: Decodable {
            var genus: String
            var language: NamedReference
        }
        struct Flavor: Decodable {
            var flavor_text: String
            var language: NamedReference
            var version: NamedReference?
        }
        struct VarietySlot: Decodable {
            var is_default: Bool
            var pokemon: NamedReference
        }
        var id: Int
        var name: String
        var names: [Name]
        var genera: [Genus]
        var flavor_text_entries: [Flavor]
        var generation: NamedReference?
        var habitat: NamedReference?
        var evolution_chain: URLReference?
        var varieties: [VarietySlot]?
        var capture_rate: Int?
        var base_happiness: Int?
        var gender_rate: Int?
        var hatch_counter: Int?
        var growth_rate: NamedReference?
        var egg_groups: [NamedReference]?
        var pokedex_numbers: [PokedexNumber]?
        struct PokedexNumber: Decodable {
            var entry_number: Int
            var pokedex: NamedReference
        }
    }

    /// A reference whose URL has no id cannot be looked up: nil rather than failing the species.
    private static func link(_ reference: NamedReference?) -> ResourceLink? {
        guard let reference, let id = resourceID(fromURL: reference.url) else { return nil }
        return ResourceLink(id: id, name: reference.name)
    }

    package static func decodeAPI(_ data: Data) throws -> SpeciesRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        return SpeciesRecord(
            id: wire.id,
            name: wire.name,
            englishName: wire.names.first { $0.language.name == "en" }?.name,
            genera: wire.genera.map { LocalizedName(language: $0.language.name.lowercased(), name: $0.genus) }
                .filter { !$0.name.isEmpty },
            generation: wire.generation.flatMap { resourceID(fromURL: $0.url) },
            habitat: wire.habitat?.name,
            habitatID: wire.habitat.flatMap { resourceID(fromURL: $0.url) },
            names: wire.names.map { LocalizedName(language: $0.language.name.lowercased(), name: $0.name) },
            evolutionChainID: wire.evolution_chain.flatMap { resourceID(fromURL: $0.url) },
            // A variety whose URL has no id cannot be linked: left out rather than failing the species.
            varieties: (wire.varieties ?? []).compactMap { slot in
                resourceID(fromURL: slot.pokemon.url).map {
                    Variety(id: $0, name: slot.pokemon.name, isDefault: slot.is_default)
                }
            },
            captureRate: wire.capture_rate,
            baseHappiness: wire.base_happiness,
            genderRate: wire.gender_rate.flatMap { (-1...8).contains($0) ? $0 : nil },
            hatchCounter: wire.hatch_counter,
            growthRate: link(wire.growth_rate),
            eggGroups: (wire.egg_groups ?? []).compactMap(link),
            entries: wire.flavor_text_entries.compactMap { entry in
                guard let version = link(entry.version) else { return nil }
                let text = FlavorText.normalise(entry.flavor_text)
                return text.isEmpty
                    ? nil : FlavorEntry(text: text, version: version, language: entry.language.name.lowercased())
            },
            pokedexNumbers: (wire.pokedex_numbers ?? []).compactMap { slot in
                resourceID(fromURL: slot.pokedex.url).map { [$0, slot.entry_number] }
            }
        )
    }
}

extension TypeRecord: APIDecodable {
    private struct Wire: Decodable {
        struct Relations: Decodable {
            var double_damage_from: [NamedReference]
            var half_damage_from: [NamedReference]
            var no_damage_from: [NamedReference]
        }
        struct Name: Decodable {
            var name: String
            var language: NamedReference
        }
        var id: Int
        var name: String
        var names: [Name]?
        var damage_relations: Relations
        var generation: URLReference?
        var past_damage_relations: [WirePastRelations]?
    }

    package static func decodeAPI(_ data: Data) throws -> TypeRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        let relations = wire.damage_relations
        return TypeRecord(
            id: wire.id,
            name: wire.name,
            names: (wire.names ?? []).map { .init(language: $0.language.name.lowercased(), name: $0.name) },
            doubleDamageFrom: relations.double_damage_from.map(\.name),
            halfDamageFrom: relations.half_damage_from.map(\.name),
            noDamageFrom: relations.no_damage_from.map(\.name),
            generation: wire.generation.flatMap { resourceID(fromURL: $0.url) },
            past: PastDamageRelations.decoded(wire.past_damage_relations)
        )
    }
}

extension MetaRecord: APIDecodable {
    static func decodeAPI(_ data: Data) throws -> MetaRecord {
        try JSONDecoder().decode(MetaRecord.self, from: data)
    }
}

/// A resource that can be read from PokeAPI's JSON and checked for the shape the site needs.
package protocol APIDecodable: Codable, Sendable {
    static func decodeAPI(_ data: Data) throws -> Self
}

struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init(_ int: Int) {
        stringValue = String(int)
        intValue = int
    }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { self.init(intValue) }
}

extension DecodingError {
    /// `results[3].url`-style path of where decoding failed, and what was wrong there.
    var jsonPathAndDetail: (path: String, detail: String) {
        let context: Context
        switch self {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c): context = c
        case .keyNotFound(let key, let c):
            return (Self.path(c.codingPath + [key]), "missing key")
        @unknown default: return ("", String(describing: self))
        }
        return (Self.path(context.codingPath), context.debugDescription)
    }

    static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
