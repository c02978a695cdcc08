public import Foundation

// Resources the site reads only for their names (abilities, items, places…) or for a form's identity: what fans
// call a thing is in PokeAPI's `names`, never in its API name ("kings-rock" is "King’s Rock").

public typealias LocalizedName = SpeciesRecord.LocalizedName

/// The parts of `/pokemon-form/{id}` the site shows: the form's own names and the game that introduced it.
public struct FormRecord: Codable, Sendable, Equatable {
    public var id: Int
    /// API name: "raichu-alola".
    public var name: String
    /// "alola", "mega-y", "" for a species' plain form.
    var formName: String
    /// The whole name in every language PokeAPI has: "Alolan Raichu", "Raichu d’Alola".
    public var names: [LocalizedName]
    /// The form's part alone: "Alola Form", "Limited Build" (some forms have only these).
    public var formNames: [LocalizedName]
    /// "sun-moon": the version group that introduced the form.
    public var versionGroup: String?
    var versionGroupID: Int?
}

/// The parts of `/version-group/{id}` the site uses: its generation and the games in it.
public struct VersionGroupRecord: Codable, Sendable, Equatable {
    public struct Version: Codable, Sendable, Equatable {
        public var id: Int
        public var name: String
    }

    public var id: Int
    public var name: String
    /// 7 for generation-vii.
    public var generation: Int?
    public var order: Int?
    public var versions: [Version]
}

/// A resource kept only for its names: an ability, item, location, region, habitat, version, move learn method,
/// move target or damage class. (A move's names are in its `MoveRecord`.)
public struct NamesRecord: Codable, Sendable, Equatable {
    public var id: Int
    public var name: String
    public var names: [LocalizedName]

    public init(id: Int, name: String, names: [LocalizedName]) {
        self.id = id
        self.name = name
        self.names = names
    }
}

/// The kinds of resource a `NamesRecord` is read from, with their API path and cache folder.
public enum NamedKind: String, Codable, CodingKeyRepresentable, Sendable, CaseIterable, Comparable {
    case ability
    case item
    case location
    case region
    case habitat = "pokemon-habitat"
    case move
    case version
    case moveLearnMethod = "move-learn-method"
    case moveTarget = "move-target"
    case moveDamageClass = "move-damage-class"
    case eggGroup = "egg-group"
    case growthRate = "growth-rate"

    /// `/item/{id}/` is cached as `item/{id}`.
    public var path: String { rawValue }

    /// Read for names alone: a move is a whole `MoveRecord` and an ability an `AbilityRecord`, under the same
    /// paths, so not here.
    public static var namesOnly: [NamedKind] { allCases.filter { $0 != .move && $0 != .ability } }

    public static func < (a: NamedKind, b: NamedKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The parts of `/ability/{id}` the site shows.
public struct AbilityRecord: Codable, Sendable, Equatable {
    public var id: Int
    /// API name: "static".
    public var name: String
    /// "Static", "Statik": in every language PokeAPI has.
    public var names: [LocalizedName]
    /// English, as PokeAPI writes them; nil when it has none (many newer abilities).
    public var shortEffect: String?
    public var effect: String?
    /// The newest English flavor text, normalised (see `FlavorText`).
    public var flavorText: String?
    /// 3 for generation-iii.
    public var generation: Int?

    public init(id: Int, name: String, names: [LocalizedName], shortEffect: String? = nil, effect: String? = nil,
                flavorText: String? = nil, generation: Int? = nil) {
        self.id = id
        self.name = name
        self.names = names
        self.shortEffect = shortEffect
        self.effect = effect
        self.flavorText = flavorText
        self.generation = generation
    }
}

/// A resource an evolution condition names, with the id its URL carries.
public struct ResourceReference: Codable, Sendable, Equatable, Hashable {
    public var kind: NamedKind
    public var id: Int
    public var name: String
}

/// `{"name": …, "language": {…}}` in a resource's `names`.
struct WireName: Decodable {
    var name: String
    var language: NamedReference

    var localized: LocalizedName { LocalizedName(language: language.name.lowercased(), name: name) }
}

extension FormRecord: APIDecodable {
    private struct Wire: Decodable {
        var id: Int
        var name: String
        var form_name: String?
        var names: [WireName]?
        var form_names: [WireName]?
        var version_group: NamedReference?
    }

    public static func decodeAPI(_ data: Data) throws -> FormRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        return FormRecord(id: wire.id, name: wire.name, formName: wire.form_name ?? "",
                          names: (wire.names ?? []).map(\.localized).filter { !$0.name.isEmpty },
                          formNames: (wire.form_names ?? []).map(\.localized).filter { !$0.name.isEmpty },
                          versionGroup: wire.version_group?.name,
                          versionGroupID: wire.version_group.flatMap { resourceID(fromURL: $0.url) })
    }
}

extension VersionGroupRecord: APIDecodable {
    private struct Wire: Decodable {
        var id: Int
        var name: String
        var order: Int?
        var generation: NamedReference?
        var versions: [NamedReference]?
    }

    public static func decodeAPI(_ data: Data) throws -> VersionGroupRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        return VersionGroupRecord(
            id: wire.id, name: wire.name, generation: wire.generation.flatMap { resourceID(fromURL: $0.url) },
            order: wire.order,
            versions: (wire.versions ?? []).compactMap { ref in resourceID(fromURL: ref.url).map { Version(id: $0, name: ref.name) } })
    }
}

extension NamesRecord: APIDecodable {
    private struct Wire: Decodable {
        struct Description: Decodable {
            var description: String
            var language: NamedReference
        }
        var id: Int
        var name: String
        var names: [WireName]?
        var descriptions: [Description]?
    }

    /// A growth rate has no `names`: what fans call it ("medium", "erratic") is its `descriptions`.
    public static func decodeAPI(_ data: Data) throws -> NamesRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        var names = (wire.names ?? []).map(\.localized)
        if names.isEmpty {
            names = (wire.descriptions ?? []).map { LocalizedName(language: $0.language.name.lowercased(), name: $0.description) }
        }
        return NamesRecord(id: wire.id, name: wire.name, names: names.filter { !$0.name.isEmpty })
    }
}

extension AbilityRecord: APIDecodable {
    private struct Wire: Decodable {
        struct Effect: Decodable {
            var effect: String?
            var short_effect: String?
            var language: NamedReference
        }
        struct Flavor: Decodable {
            var flavor_text: String
            var language: NamedReference
        }
        var id: Int
        var name: String
        var names: [WireName]?
        var generation: NamedReference?
        var effect_entries: [Effect]?
        var flavor_text_entries: [Flavor]?
    }

    public static func decodeAPI(_ data: Data) throws -> AbilityRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        let english = wire.effect_entries?.first { $0.language.name == "en" }
        func nonEmpty(_ text: String?) -> String? {
            guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            return text
        }
        // The newest English flavor text: PokeAPI lists them oldest game first.
        let flavor = wire.flavor_text_entries?.last { $0.language.name == "en" }?.flavor_text
        return AbilityRecord(
            id: wire.id, name: wire.name, names: (wire.names ?? []).map(\.localized).filter { !$0.name.isEmpty },
            shortEffect: nonEmpty(english?.short_effect), effect: nonEmpty(english?.effect),
            flavorText: nonEmpty(flavor).map(FlavorText.normalise).flatMap(nonEmpty),
            generation: wire.generation.flatMap { resourceID(fromURL: $0.url) })
    }
}
