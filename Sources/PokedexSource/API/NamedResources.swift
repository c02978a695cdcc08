package import Foundation

// Resources the site reads only for their names (abilities, items, places…) or for a form's identity: what fans
// call a thing is in PokeAPI's `names`, never in its API name ("kings-rock" is "King’s Rock").

package typealias LocalizedName = SpeciesRecord.LocalizedName

/// Where a page in one language looks for a text PokeAPI lacks in it, before English: Japanese in kanji and in
/// kana are one language (PokeAPI names many things in one script only), so are Spain's and Latin America's
/// Spanish, and Chinese in its two scripts. The sibling's text keeps its own language (`lang="zh-Hant"`).
package enum LanguageFallback {
    package static func chain(_ language: String) -> [String] {
        switch language {
        case "ja": ["ja", "ja-hrkt", "en"]
        case "ja-hrkt": ["ja-hrkt", "ja", "en"]
        case "es": ["es", "es-419", "en"]
        case "es-419": ["es-419", "es", "en"]
        case "zh-hans": ["zh-hans", "zh-hant", "en"]
        case "zh-hant": ["zh-hant", "zh-hans", "en"]
        case "en": ["en"]
        default: [language, "en"]
        }
    }
}

extension [LocalizedName] {
    /// The non-empty one in `language` (or another script of it), else the English one: what a page in
    /// `language` shows, and in which language it really is.
    package func preferred(_ language: String) -> LocalizedName? {
        for wanted in LanguageFallback.chain(language) {
            if let found = first(where: { $0.language == wanted && !$0.name.isEmpty }) { return found }
        }
        return nil
    }
}

/// An ability's or a move's effect texts in one language (PokeAPI has English, some German and French).
package struct LocalizedEffect: Codable, Sendable, Equatable {
    package var language: String
    package var shortEffect: String?
    package var effect: String?

    package init(language: String, shortEffect: String?, effect: String?) {
        self.language = language
        self.shortEffect = shortEffect
        self.effect = effect
    }
}

extension [LocalizedEffect] {
    /// The effects in `language` when it has a short or long one, else the English ones.
    package func preferred(_ language: String) -> LocalizedEffect? {
        for wanted in LanguageFallback.chain(language) {
            if let found = first(where: { $0.language == wanted && ($0.shortEffect != nil || $0.effect != nil) }) {
                return found
            }
        }
        return nil
    }
}

/// The parts of `/pokemon-form/{id}` the site shows: the form's own names and the game that introduced it.
package struct FormRecord: Codable, Sendable, Equatable {
    package var id: Int
    /// API name: "raichu-alola".
    package var name: String
    /// "alola", "mega-y", "" for a species' plain form.
    var formName: String
    /// The whole name in every language PokeAPI has: "Alolan Raichu", "Raichu d’Alola".
    package var names: [LocalizedName]
    /// The form's part alone: "Alola Form", "Limited Build" (some forms have only these).
    package var formNames: [LocalizedName]
    /// "sun-moon": the version group that introduced the form.
    package var versionGroup: String?
    var versionGroupID: Int?
}

/// The parts of `/version-group/{id}` the site uses: its generation and the games in it.
package struct VersionGroupRecord: Codable, Sendable, Equatable {
    package struct Version: Codable, Sendable, Equatable {
        package var id: Int
        package var name: String
    }

    package var id: Int
    package var name: String
    /// 7 for generation-vii.
    package var generation: Int?
    package var order: Int?
    package var versions: [Version]
}

/// A resource kept only for its names: an ability, item, location, region, habitat, version, move learn method,
/// move target or damage class. (A move's names are in its `MoveRecord`.)
package struct NamesRecord: Codable, Sendable, Equatable {
    package var id: Int
    package var name: String
    package var names: [LocalizedName]

    package init(id: Int, name: String, names: [LocalizedName]) {
        self.id = id
        self.name = name
        self.names = names
    }
}

/// The kinds of resource a `NamesRecord` is read from, with their API path and cache folder.
package enum NamedKind: String, Codable, CodingKeyRepresentable, Sendable, CaseIterable, Comparable {
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
    case encounterMethod = "encounter-method"
    case encounterConditionValue = "encounter-condition-value"
    case pokedex
    case nature
    case berryFlavor = "berry-flavor"
    case itemCategory = "item-category"
    case itemPocket = "item-pocket"

    /// `/item/{id}/` is cached as `item/{id}`.
    package var path: String { rawValue }

    /// Read for names alone: a move is a whole `MoveRecord` and an ability an `AbilityRecord`, under the same
    /// paths, so not here.
    /// A place is a whole `LocationRecord` (its region and areas too) and a Pokédex a `PokedexRecord`, under the same
    /// paths, a nature a `NatureRecord`, an item an `ItemRecord` and an item category an `ItemCategoryRecord`.
    package static var namesOnly: [NamedKind] {
        allCases.filter { ![.move, .ability, .location, .pokedex, .nature, .item, .itemCategory].contains($0) }
    }

    package static func < (a: NamedKind, b: NamedKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The parts of `/item-category/{id or name}` the site uses: its names and pocket (for the item pages and their
/// index), and which items it holds ("mega-stones": every Mega Stone).
package struct ItemCategoryRecord: Codable, Sendable, Equatable {
    package var id: Int
    /// API name: "mega-stones".
    package var name: String
    package var names: [LocalizedName]
    /// `/item-pocket/{id}`: the bag's pocket ("misc", "medicine").
    package var pocket: SpeciesRecord.ResourceLink?
    /// Its items' API names and ids, in PokeAPI's order.
    package var items: [SpeciesRecord.ResourceLink]

    package init(
        id: Int,
        name: String,
        names: [LocalizedName] = [],
        pocket: SpeciesRecord.ResourceLink? = nil,
        items: [SpeciesRecord.ResourceLink]
    ) {
        self.id = id
        self.name = name
        self.names = names
        self.pocket = pocket
        self.items = items
    }

    package var namesRecord: NamesRecord { NamesRecord(id: id, name: name, names: names) }

    /// The category whose items are the Mega Stones.
    package static let megaStones = "mega-stones"
    /// The bag pocket of the TMs, HMs and TRs.
    package static let machinesPocket = "machines"
}

extension ItemCategoryRecord: APIDecodable {
    private struct Wire: Decodable {
        var id: Int
        var name: String
        var names: [WireName]?
        var pocket: NamedReference?
        var items: [NamedReference]?
    }

    package static func decodeAPI(_ data: Data) throws -> ItemCategoryRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        return ItemCategoryRecord(
            id: wire.id,
            name: wire.name,
            names: (wire.names ?? []).map(\.localized).filter { !$0.name.isEmpty },
            pocket: wire.pocket.flatMap { pocket in
                resourceID(fromURL: pocket.url).map { .init(id: $0, name: pocket.name) }
            },
            items: (wire.items ?? []).compactMap { item in
                resourceID(fromURL: item.url).map { .init(id: $0, name: item.name) }
            }
        )
    }
}

/// The parts of `/ability/{id}` the site shows.
package struct AbilityRecord: Codable, Sendable, Equatable {
    package var id: Int
    /// API name: "static".
    package var name: String
    /// "Static", "Statik": in every language PokeAPI has.
    package var names: [LocalizedName]
    /// As PokeAPI writes them, in each language it has them in (English; German and French for some).
    package var effects: [LocalizedEffect]
    /// The newest flavor text in each language, normalised (see `FlavorText`).
    package var flavorTexts: [LocalizedName]
    /// 3 for generation-iii.
    package var generation: Int?

    /// English effects and flavor text; `effects`/`flavorTexts` add other languages'.
    package init(
        id: Int,
        name: String,
        names: [LocalizedName],
        shortEffect: String? = nil,
        effect: String? = nil,
        flavorText: String? = nil,
        generation: Int? = nil,
        effects: [LocalizedEffect] = [],
        flavorTexts: [LocalizedName] = []
    ) {
        self.id = id
        self.name = name
        self.names = names
        self.effects =
            (shortEffect != nil || effect != nil
                ? [LocalizedEffect(language: "en", shortEffect: shortEffect, effect: effect)] : []) + effects
        self.flavorTexts = (flavorText.map { [LocalizedName(language: "en", name: $0)] } ?? []) + flavorTexts
        self.generation = generation
    }

    /// English, as PokeAPI writes them; nil when it has none (many newer abilities).
    package var shortEffect: String? { effects.first { $0.language == "en" }?.shortEffect }
    package var effect: String? { effects.first { $0.language == "en" }?.effect }
    /// The newest English flavor text.
    package var flavorText: String? { flavorTexts.first { $0.language == "en" }?.name }
}

/// A resource an evolution condition names, with the id its URL carries.
package struct ResourceReference: Codable, Sendable, Equatable, Hashable {
    package var kind: NamedKind
    package var id: Int
    package var name: String
}

/// `{"name": …, "language": {…}}` in a resource's `names`.
struct WireName: Decodable {
    var name: String
    var language: NamedReference

    var localized: LocalizedName { LocalizedName(language: language.name.lowercased(), name: name) }
}

/// One of `effect_entries`, as abilities, moves and items have them.
struct WireEffect: Decodable {
    var effect: String?
    var short_effect: String?
    var language: NamedReference
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

    package static func decodeAPI(_ data: Data) throws -> FormRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        return FormRecord(
            id: wire.id,
            name: wire.name,
            formName: wire.form_name ?? "",
            names: (wire.names ?? []).map(\.localized).filter { !$0.name.isEmpty },
            formNames: (wire.form_names ?? []).map(\.localized).filter { !$0.name.isEmpty },
            versionGroup: wire.version_group?.name,
            versionGroupID: wire.version_group.flatMap { resourceID(fromURL: $0.url) }
        )
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

    package static func decodeAPI(_ data: Data) throws -> VersionGroupRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        return VersionGroupRecord(
            id: wire.id,
            name: wire.name,
            generation: wire.generation.flatMap { resourceID(fromURL: $0.url) },
            order: wire.order,
            versions: (wire.versions ?? []).compactMap { ref in
                resourceID(fromURL: ref.url).map { Version(id: $0, name: ref.name) }
            }
        )
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
    package static func decodeAPI(_ data: Data) throws -> NamesRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        var names = (wire.names ?? []).map(\.localized)
        if names.isEmpty {
            names = (wire.descriptions ?? []).map {
                LocalizedName(language: $0.language.name.lowercased(), name: $0.description)
            }
        }
        return NamesRecord(id: wire.id, name: wire.name, names: names.filter { !$0.name.isEmpty })
    }
}

extension AbilityRecord: APIDecodable {
    private struct Wire: Decodable {
        struct Flavor: Decodable {
            var flavor_text: String
            var language: NamedReference
        }
        var id: Int
        var name: String
        var names: [WireName]?
        var generation: NamedReference?
        var effect_entries: [WireEffect]?
        var flavor_text_entries: [Flavor]?
    }

    package static func decodeAPI(_ data: Data) throws -> AbilityRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        return AbilityRecord(
            id: wire.id,
            name: wire.name,
            names: (wire.names ?? []).map(\.localized).filter { !$0.name.isEmpty },
            generation: wire.generation.flatMap { resourceID(fromURL: $0.url) },
            effects: LocalizedTexts.effects(
                (wire.effect_entries ?? []).map { ($0.language.name, $0.short_effect, $0.effect) }
            ),
            flavorTexts: LocalizedTexts.newestFlavor(
                (wire.flavor_text_entries ?? []).map { ($0.language.name, $0.flavor_text) }
            )
        )
    }
}

/// The texts PokeAPI gives in several languages, as the records keep them.
enum LocalizedTexts {
    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }

    /// One set of effects per language, in PokeAPI's order; a language with neither text left out.
    static func effects(_ entries: [(language: String, short: String?, effect: String?)]) -> [LocalizedEffect] {
        var seen = Set<String>()
        return entries.compactMap { entry in
            let language = entry.language.lowercased()
            let (short, effect) = (nonEmpty(entry.short), nonEmpty(entry.effect))
            guard short != nil || effect != nil, seen.insert(language).inserted else { return nil }
            return LocalizedEffect(language: language, shortEffect: short, effect: effect)
        }
    }

    /// The newest flavor text of each language, normalised: PokeAPI lists them oldest game first. In the order
    /// the languages first appear.
    static func newestFlavor(_ entries: [(language: String, text: String)]) -> [LocalizedName] {
        var newest: [LocalizedName] = []
        var at: [String: Int] = [:]
        for entry in entries {
            let language = entry.language.lowercased()
            guard let text = nonEmpty(FlavorText.normalise(entry.text)) else { continue }
            if let index = at[language] {
                newest[index].name = text
            } else {
                at[language] = newest.count
                newest.append(LocalizedName(language: language, name: text))
            }
        }
        return newest
    }
}
