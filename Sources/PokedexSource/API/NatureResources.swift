package import Foundation

/// The parts of `/nature/{id}` the site shows: its names, the stat it raises and the one it lowers (API names, as
/// `PokemonRecord.Stat.name`: "special-attack"), and the berry flavours it likes and hates; all four nil for the five
/// natures that change nothing.
package struct NatureRecord: Codable, Sendable, Equatable {
    package var id: Int
    /// API name: "adamant".
    package var name: String
    package var names: [LocalizedName]
    package var increasedStat: String?
    package var decreasedStat: String?
    /// `/berry-flavor/{id}`: "spicy", "dry"…
    package var likesFlavor: SpeciesRecord.ResourceLink?
    package var hatesFlavor: SpeciesRecord.ResourceLink?

    package init(
        id: Int,
        name: String,
        names: [LocalizedName],
        increasedStat: String? = nil,
        decreasedStat: String? = nil,
        likesFlavor: SpeciesRecord.ResourceLink? = nil,
        hatesFlavor: SpeciesRecord.ResourceLink? = nil
    ) {
        self.id = id
        self.name = name
        self.names = names
        self.increasedStat = increasedStat
        self.decreasedStat = decreasedStat
        self.likesFlavor = likesFlavor
        self.hatesFlavor = hatesFlavor
    }

    package var namesRecord: NamesRecord { NamesRecord(id: id, name: name, names: names) }

    /// The flavours' ids, for their names.
    package var flavorIDs: [Int] { [likesFlavor?.id, hatesFlavor?.id].compactMap { $0 } }
}

extension NatureRecord: APIDecodable {
    private struct Wire: Decodable {
        var id: Int
        var name: String
        var names: [WireName]?
        var increased_stat: NamedReference?
        var decreased_stat: NamedReference?
        var likes_flavor: NamedReference?
        var hates_flavor: NamedReference?
    }

    package static func decodeAPI(_ data: Data) throws -> NatureRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        return NatureRecord(
            id: wire.id,
            name: wire.name,
            names: (wire.names ?? []).map(\.localized).filter { !$0.name.isEmpty },
            increasedStat: wire.increased_stat?.name,
            decreasedStat: wire.decreased_stat?.name,
            likesFlavor: link(wire.likes_flavor),
            hatesFlavor: link(wire.hates_flavor)
        )
    }

    private static func link(_ reference: NamedReference?) -> SpeciesRecord.ResourceLink? {
        reference.flatMap { reference in resourceID(fromURL: reference.url).map { .init(id: $0, name: reference.name) }
        }
    }
}
