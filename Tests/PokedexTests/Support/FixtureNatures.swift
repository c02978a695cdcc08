import Foundation

/// Natures and berry flavours in the fixtures' own words (none of them PokeAPI's): one nature changes nothing, two
/// raise one stat and lower another; one flavour has a French name, the other English alone.
extension Fixtures {
    static let natures:
        [Int: (name: String, up: String?, down: String?, likes: Int?, hates: Int?, names: [(String, String)])] = [
            1: ("steady", nil, nil, nil, nil, [("en", "Steady"), ("fr", "Posé")]),
            2: ("daring", "attack", "speed", 1, 2, [("en", "Daring"), ("fr", "Audacieux"), ("ja-Hrkt", "だいたん")]),
            3: ("dreamy", "special-attack", "defense", 2, 1, [("en", "Dreamy")]),
        ]

    static let berryFlavors: [Int: (name: String, names: [(String, String)])] = [
        1: ("zesty", [("en", "Zesty"), ("fr", "Relevé")]),
        2: ("mellow", [("en", "Mellow")]),
    ]

    /// `/nature?limit&offset`: paged as PokeAPI pages it.
    static func natureListJSON(limit: Int, offset: Int, api: String) -> [String: Any] {
        let all = natures.keys.sorted()
        let slice = offset < all.count ? Array(all[offset..<min(all.count, offset + limit)]) : []
        return [
            "count": all.count,
            "next": offset + limit < all.count ? "\(api)/nature?offset=\(offset + limit)&limit=\(limit)" : NSNull(),
            "previous": NSNull(),
            "results": slice.map { ref(natures[$0]!.name, "\(api)/nature/\($0)/") },
        ]
    }

    static func natureJSON(_ id: Int, api: String) -> [String: Any]? {
        guard let nature = natures[id] else { return nil }
        let stats = ["hp", "attack", "defense", "special-attack", "special-defense", "speed"]
        func stat(_ name: String?) -> Any {
            name.map { ref($0, "\(api)/stat/\((stats.firstIndex(of: $0) ?? 0) + 1)/") } ?? NSNull()
        }
        func flavor(_ id: Int?) -> Any {
            id.flatMap { id in berryFlavors[id].map { ref($0.name, "\(api)/berry-flavor/\(id)/") } } ?? NSNull()
        }
        return [
            "id": id, "name": nature.name, "names": namesJSON(nature.names, api: api),
            "increased_stat": stat(nature.up), "decreased_stat": stat(nature.down),
            "likes_flavor": flavor(nature.likes), "hates_flavor": flavor(nature.hates),
            "move_battle_style_preferences": [Any](), "pokeathlon_stat_changes": [Any](),
        ]
    }

    static func berryFlavorJSON(_ id: Int, api: String) -> [String: Any]? {
        guard let flavor = berryFlavors[id] else { return nil }
        return ["id": id, "name": flavor.name, "names": namesJSON(flavor.names, api: api), "berries": [Any]()]
    }
}
