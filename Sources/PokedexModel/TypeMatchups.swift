package import PokedexSource

/// What attacking types do to a Pokémon of one type combination, computed from each of its types' damage
/// relations (`/type/{id}`): the multipliers of its types multiply (Charizard, Fire and Flying: Rock ×2 × ×2 = ×4).
package struct TypeMatchups: Sendable, Equatable {
    /// Attacking types by multiplier, each list in the games' type order.
    package var quadruple: [String] = []
    package var double: [String] = []
    package var half: [String] = []
    package var quarter: [String] = []
    package var immune: [String] = []

    /// Every type of this combination's types must be in `chart` (by API name); a missing one is left out, so
    /// the matchups it would change are not claimed.
    package init(types: [String], chart: [String: TypeRecord]) {
        var factor: [String: Double] = [:]
        for type in types {
            guard let record = chart[type] else { continue }
            for attacker in record.doubleDamageFrom { factor[attacker, default: 1] *= 2 }
            for attacker in record.halfDamageFrom { factor[attacker, default: 1] *= 0.5 }
            for attacker in record.noDamageFrom { factor[attacker, default: 1] *= 0 }
        }
        for (attacker, multiplier) in factor.sorted(by: { Self.gameOrder($0.key, $1.key) }) {
            switch multiplier {
            case 0: immune.append(attacker)
            case 4: quadruple.append(attacker)
            case 2: double.append(attacker)
            case 0.5: half.append(attacker)
            case 0.25: quarter.append(attacker)
            default: break
            }
        }
    }

    /// These matchups with only the attacking types of `types` (an older era's).
    package func attackers(in types: Set<String>) -> TypeMatchups {
        var kept = self
        kept.quadruple.removeAll { !types.contains($0) }
        kept.double.removeAll { !types.contains($0) }
        kept.half.removeAll { !types.contains($0) }
        kept.quarter.removeAll { !types.contains($0) }
        kept.immune.removeAll { !types.contains($0) }
        return kept
    }

    /// The order the games list types in; any other name after them, alphabetically.
    static let order = [
        "normal", "fire", "water", "electric", "grass", "ice", "fighting", "poison", "ground", "flying",
        "psychic", "bug", "rock", "ghost", "dragon", "dark", "steel", "fairy",
    ]

    package static func gameOrder(_ a: String, _ b: String) -> Bool {
        let ia = order.firstIndex(of: a) ?? order.count
        let ib = order.firstIndex(of: b) ?? order.count
        return ia != ib ? ia < ib : a < b
    }
}
