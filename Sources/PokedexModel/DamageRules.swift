/// What a defending Pokémon's ability does to the damage types deal it, for the type calculator. PokeAPI words
/// abilities' effects in prose only, so the rules are written here, as the games apply them.
package struct DamageRule: Sendable, Equatable {
    /// The ability's API name: "levitate".
    package var ability: String
    /// Attacking types whose multiplier is multiplied by a factor: Levitate's ground ×0, Thick Fat's fire and ice ×½.
    package var types: [String: Double] = [:]
    /// The factor super-effective hits take (Filter, Solid Rock, Prism Armor: ×0.75).
    package var superEffective: Double? = nil
    /// Only super-effective hits land (Wonder Guard).
    package var onlySuperEffective = false

    /// As the calculator's markup carries it: "ground:0", "fire:0.5 ice:0.5", "super:0.75", "only-super".
    package var encoded: String {
        var parts = types.sorted { TypeMatchups.gameOrder($0.key, $1.key) }.map { "\($0.key):\(Self.number($0.value))" }
        if let superEffective { parts.append("super:\(Self.number(superEffective))") }
        if onlySuperEffective { parts.append("only-super") }
        return parts.joined(separator: " ")
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The abilities that change what types do to their holder, in the order the calculator offers them after
    /// their names are sorted: immunities, halvings, the rest.
    package static let all: [DamageRule] = [
        DamageRule(ability: "levitate", types: ["ground": 0]),
        DamageRule(ability: "earth-eater", types: ["ground": 0]),
        DamageRule(ability: "flash-fire", types: ["fire": 0]),
        DamageRule(ability: "well-baked-body", types: ["fire": 0]),
        DamageRule(ability: "volt-absorb", types: ["electric": 0]),
        DamageRule(ability: "lightning-rod", types: ["electric": 0]),
        DamageRule(ability: "motor-drive", types: ["electric": 0]),
        DamageRule(ability: "water-absorb", types: ["water": 0]),
        DamageRule(ability: "storm-drain", types: ["water": 0]),
        // Dry Skin takes no water damage and a quarter more from fire.
        DamageRule(ability: "dry-skin", types: ["water": 0, "fire": 1.25]),
        DamageRule(ability: "sap-sipper", types: ["grass": 0]),
        DamageRule(ability: "thick-fat", types: ["fire": 0.5, "ice": 0.5]),
        DamageRule(ability: "heatproof", types: ["fire": 0.5]),
        DamageRule(ability: "water-bubble", types: ["fire": 0.5]),
        DamageRule(ability: "purifying-salt", types: ["ghost": 0.5]),
        // Fluffy halves contact moves too, which no type says; the calculator gives its fire weakness.
        DamageRule(ability: "fluffy", types: ["fire": 2]),
        DamageRule(ability: "filter", superEffective: 0.75),
        DamageRule(ability: "solid-rock", superEffective: 0.75),
        DamageRule(ability: "prism-armor", superEffective: 0.75),
        DamageRule(ability: "wonder-guard", onlySuperEffective: true),
    ]
}
