package import Foundation

/// The parts of `/item/{id}` the site shows: its names, category, picture, price, fling power, effects and newest
/// flavor text in each language, who holds it in the wild, and the machines it is.
package struct ItemRecord: Codable, Sendable, Equatable {
    package var id: Int
    /// API name: "light-ball".
    package var name: String
    package var names: [LocalizedName]
    /// `/item-category/{id}`: "species-specific" (18).
    package var category: SpeciesRecord.ResourceLink?
    /// `sprites.default`, an http(s) URL only (nil for the items PokeAPI has no picture of).
    package var sprite: String?
    /// What the games' shops ask: `cost` where PokeAPI still has it, else the newest purchase price; nil for none.
    package var cost: Int?
    package var flingPower: Int?
    package var effects: [LocalizedEffect]
    /// The newest flavor text in each language, normalised (see `FlavorText`).
    package var flavorTexts: [LocalizedName]
    /// `/pokemon/{id}`s that hold it in the wild (their rarities are in `PokemonRecord.heldItems`).
    package var heldBy: [Int]
    /// `[version group id, machine id]`: the machines it is (a TM's per game).
    package var machines: [[Int]]

    package init(
        id: Int,
        name: String,
        names: [LocalizedName],
        category: SpeciesRecord.ResourceLink? = nil,
        sprite: String? = nil,
        cost: Int? = nil,
        flingPower: Int? = nil,
        effects: [LocalizedEffect] = [],
        flavorTexts: [LocalizedName] = [],
        heldBy: [Int] = [],
        machines: [[Int]] = []
    ) {
        self.id = id
        self.name = name
        self.names = names
        self.category = category
        self.sprite = sprite
        self.cost = cost
        self.flingPower = flingPower
        self.effects = effects
        self.flavorTexts = flavorTexts
        self.heldBy = heldBy
        self.machines = machines
    }

    package var namesRecord: NamesRecord { NamesRecord(id: id, name: name, names: names) }
}

extension ItemRecord: APIDecodable {
    private struct Wire: Decodable {
        // Items' flavor texts are under `text`, not `flavor_text` as abilities' and moves'.
        struct Flavor: Decodable {
            var text: String
            var language: NamedReference
        }
        struct Price: Decodable { var purchase_price: Int? }
        struct Held: Decodable { var pokemon: NamedReference }
        struct URLOnly: Decodable { var url: String }
        struct MachineSlot: Decodable {
            var machine: URLOnly
            var version_group: NamedReference
        }
        struct Sprites: Decodable { var `default`: String? }
        var id: Int
        var name: String
        var names: [WireName]?
        var category: NamedReference?
        var sprites: Sprites?
        var cost: Int?
        var prices: [Price]?
        var fling_power: Int?
        var effect_entries: [WireEffect]?
        var flavor_text_entries: [Flavor]?
        var held_by_pokemon: [Held]?
        var machines: [MachineSlot]?
    }

    package static func decodeAPI(_ data: Data) throws -> ItemRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        let sprite = wire.sprites?.default.flatMap { url in
            url.hasPrefix("https://") || url.hasPrefix("http://") ? url : nil
        }
        return ItemRecord(
            id: wire.id,
            name: wire.name,
            names: (wire.names ?? []).map(\.localized).filter { !$0.name.isEmpty },
            category: wire.category.flatMap { category in
                resourceID(fromURL: category.url).map { .init(id: $0, name: category.name) }
            },
            sprite: sprite,
            cost: wire.cost ?? wire.prices?.last(where: { $0.purchase_price != nil })?.purchase_price,
            flingPower: wire.fling_power,
            effects: LocalizedTexts.effects(
                (wire.effect_entries ?? []).map { ($0.language.name, $0.short_effect, $0.effect) }
            ),
            flavorTexts: LocalizedTexts.newestFlavor(
                (wire.flavor_text_entries ?? []).map { ($0.language.name, $0.text) }
            ),
            heldBy: (wire.held_by_pokemon ?? []).compactMap { resourceID(fromURL: $0.pokemon.url) },
            machines: (wire.machines ?? []).compactMap { slot in
                guard let group = resourceID(fromURL: slot.version_group.url),
                    let machine = resourceID(fromURL: slot.machine.url)
                else { return nil }
                return [group, machine]
            }
        )
    }
}
