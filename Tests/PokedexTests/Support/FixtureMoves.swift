import Foundation

/// Moves for the test server's data set, in PokeAPI's shape (written for these tests): what each Pokémon learns in
/// three games, the moves themselves, the machines that teach them, and the methods, targets and damage classes
/// they name. Chosen for their corners: a null power and a null accuracy, `$effect_chance` in the effects, a move
/// without an English effect that no Pokémon learns (the chains name it), a Pokémon with no level-up moves in the
/// newest game, one learning nothing, a move learned on evolution (level 0), an egg move, a form-change move, and a
/// hostile move name.
extension Fixtures {
    struct Move {
        var id: Int
        var name: String
        var type: String
        /// "physical", "special", "status"; nil for none.
        var damageClass: String?
        var power: Int?
        var accuracy: Int?
        var pp: Int?
        var priority = 0
        var target = 10
        var generation = 1
        var effectChance: Int? = nil
        /// English short effect and effect; nil: PokeAPI has only a French one.
        var shortEffect: String?
        var effect: String?
        var flavorTexts: [(versionGroup: Int, text: String)] = []
        var names: [(String, String)]
        /// (version group, machine id).
        var machines: [(Int, Int)] = []
    }

    static let redBlue = 1, swordShield = 20, scarletViolet = 25
    static let levelUp = 1, egg = 2, tutor = 3, machine = 4, formChange = 10

    static let moves: [Move] = [
        Move(
            id: 33,
            name: "tackle",
            type: "normal",
            damageClass: "physical",
            power: 40,
            accuracy: 100,
            pp: 35,
            shortEffect: "Inflicts regular damage with no additional effect.",
            effect: "Inflicts regular damage.",
            flavorTexts: [
                (redBlue, "A full-body\ncharge attack."),
                (
                    scarletViolet,
                    "A physical attack in which the user charges and slams into the target with its whole body."
                ),
            ],
            names: [("ja-Hrkt", "たいあたり"), ("fr", "Charge"), ("en", "Tackle")]
        ),
        Move(
            id: 45,
            name: "growl",
            type: "normal",
            damageClass: "status",
            power: nil,
            accuracy: 100,
            pp: 40,
            target: 11,
            shortEffect: "Lowers the target's Attack by one stage.",
            effect: "Lowers the target's Attack by one stage.",
            names: [("ja-Hrkt", "なきごえ"), ("fr", "Rugissement"), ("en", "Growl")]
        ),
        Move(
            id: 53,
            name: "flamethrower",
            type: "fire",
            damageClass: "special",
            power: 90,
            accuracy: 100,
            pp: 15,
            effectChance: 10,
            shortEffect: "Has a $effect_chance% chance to burn the target.",
            effect: "Inflicts regular damage.  Has a $effect_chance% chance to burn the target.",
            names: [("ja-Hrkt", "かえんほうしゃ"), ("fr", "Lance-Flammes"), ("en", "Flamethrower")],
            machines: [(scarletViolet, 905)]
        ),
        Move(
            id: 84,
            name: "thunder-shock",
            type: "electric",
            damageClass: "special",
            power: 40,
            accuracy: 100,
            pp: 30,
            effectChance: 10,
            shortEffect: "Has a $effect_chance% chance to paralyze the target.",
            effect: "Inflicts regular damage.  Has a $effect_chance% chance to paralyze the target.",
            names: [("ja-Hrkt", "でんきショック"), ("fr", "Éclair"), ("en", "Thunder Shock")]
        ),
        Move(
            id: 85,
            name: "thunderbolt",
            type: "electric",
            damageClass: "special",
            power: 90,
            accuracy: 100,
            pp: 15,
            effectChance: 10,
            shortEffect: "Has a $effect_chance% chance to paralyze the target.",
            effect:
                "Inflicts regular damage.  Has a $effect_chance% chance to paralyze the target.\n\nIt can hit a Pokémon during Fly.",
            flavorTexts: [
                (redBlue, "An older entry\nthat must not show."),
                (
                    scarletViolet,
                    "A strong elec\u{AD}\ntric blast crashes down on the target.\u{0C}This may also leave the target with paralysis."
                ),
            ],
            names: [("ja-Hrkt", "１０まんボルト"), ("fr", "Tonnerre"), ("de", "Donnerblitz"), ("en", "Thunderbolt")],
            machines: [(redBlue, 901), (swordShield, 902), (scarletViolet, 903)]
        ),
        Move(
            id: 86,
            name: "thunder-wave",
            type: "electric",
            damageClass: "status",
            power: nil,
            accuracy: 90,
            pp: 20,
            shortEffect: "Paralyzes the target.",
            effect: "Paralyzes the target.",
            names: [("fr", "Cage-Éclair"), ("en", "Thunder Wave")]
        ),
        Move(
            id: 102,
            name: "mimic",
            type: "normal",
            damageClass: "status",
            power: nil,
            accuracy: nil,
            pp: 10,
            shortEffect: nil,
            effect: nil,
            names: [("fr", "Copie"), ("en", "Mimic")]
        ),
        Move(
            id: 182,
            name: "protect",
            type: "normal",
            damageClass: "status",
            power: nil,
            accuracy: nil,
            pp: 10,
            priority: 4,
            target: 7,
            generation: 2,
            shortEffect: "Prevents any moves from hitting the user this turn.",
            effect: "No moves will hit the user for the remainder of this turn.",
            names: [("fr", "Abri"), ("en", "Protect")],
            machines: [(scarletViolet, 904)]
        ),
        Move(
            id: 344,
            name: "volt-tackle",
            type: "electric",
            damageClass: "physical",
            power: 120,
            accuracy: 100,
            pp: 15,
            generation: 3,
            effectChance: 10,
            shortEffect:
                "User takes 1/3 the damage inflicted in recoil.  Has a $effect_chance% chance to paralyze the target.",
            effect:
                "User takes 1/3 the damage inflicted in recoil.  Has a $effect_chance% chance to paralyze the target.",
            names: [("fr", "Électacle"), ("en", "Volt Tackle")]
        ),
    ]

    static let hostileMove = Move(
        id: 998,
        name: hostileName,
        type: "normal",
        damageClass: "physical",
        power: 1,
        accuracy: 1,
        pp: 1,
        shortEffect: hostileName,
        effect: hostileName,
        flavorTexts: [(scarletViolet, hostileName)],
        names: [("en", hostileName)]
    )

    /// Machine id: (item, move id, version group).
    static let machines: [Int: (String, Int, Int)] = [
        901: ("tm24", 85, redBlue), 902: ("tr08", 85, swordShield), 903: ("tm126", 85, scarletViolet),
        904: ("tm007", 182, scarletViolet), 905: ("tm125", 53, scarletViolet),
    ]

    static let methodNames: [Int: (String, String)] = [
        levelUp: ("level-up", "Level up"), egg: ("egg", "Egg"), tutor: ("tutor", "Tutor"),
        machine: ("machine", "Machine"),
        formChange: ("form-change", "Form Change"),
    ]
    static let targetNames: [Int: (String, String)] = [
        7: ("user", "User"), 10: ("selected-pokemon", "Selected Pokémon"), 11: ("all-opponents", "All opponents"),
    ]
    static let damageClassIDs: [String: Int] = ["status": 1, "physical": 2, "special": 3]

    /// What each served Pokémon learns: (version group, method, move, level).
    static let learnsets: [Int: [(Int, Int, Int, Int)]] = [
        1: [
            (redBlue, levelUp, 33, 1), (redBlue, levelUp, 45, 1), (scarletViolet, levelUp, 33, 1),
            (scarletViolet, levelUp, 45, 3), (scarletViolet, machine, 182, 0),
        ],
        // No level-up moves in the newest game: the section opens on Sword & Shield.
        6: [(swordShield, levelUp, 53, 46), (scarletViolet, machine, 53, 0), (scarletViolet, machine, 182, 0)],
        25: [
            (redBlue, levelUp, 84, 1), (redBlue, levelUp, 45, 1), (redBlue, levelUp, 86, 9), (redBlue, machine, 85, 0),
            (swordShield, levelUp, 84, 1), (swordShield, levelUp, 85, 36), (swordShield, machine, 85, 0),
            (scarletViolet, levelUp, 84, 1), (scarletViolet, levelUp, 45, 1), (scarletViolet, levelUp, 86, 4),
            (scarletViolet, levelUp, 85, 36), (scarletViolet, levelUp, 33, 0), (scarletViolet, machine, 85, 0),
            (scarletViolet, machine, 182, 0), (scarletViolet, egg, 344, 0),
        ],
        29: [(redBlue, levelUp, 33, 1), (redBlue, levelUp, 45, 1)],
        83: [(scarletViolet, levelUp, 33, 1), (scarletViolet, machine, 182, 0)],
        122: [(scarletViolet, levelUp, 45, 1), (scarletViolet, machine, 182, 0)],
        669: [(scarletViolet, levelUp, 33, 1)],
        772: [(scarletViolet, levelUp, 33, 1), (scarletViolet, machine, 182, 0)],
        10080: [(scarletViolet, levelUp, 84, 1), (scarletViolet, formChange, 85, 0)],
        10168: [(scarletViolet, levelUp, 45, 1)],
        hostileID: [(scarletViolet, levelUp, 998, 1), (scarletViolet, levelUp, 33, 5)],
    ]

    static func move(_ id: Int) -> Move? {
        moves.first { $0.id == id } ?? (id == hostileMove.id ? hostileMove : nil)
    }

    /// `moves` of `/pokemon/{id}`.
    static func movesJSON(pokemon id: Int, api: String) -> [[String: Any]] {
        var order: [Int] = []
        var details: [Int: [[String: Any]]] = [:]
        for (group, method, move, level) in learnsets[id] ?? [] {
            if details[move] == nil { order.append(move) }
            details[move, default: []].append([
                "level_learned_at": level, "order": NSNull(),
                "move_learn_method": ref(methodNames[method]!.0, "\(api)/move-learn-method/\(method)/"),
                "version_group": ref(versionGroups[group]!.0, "\(api)/version-group/\(group)/"),
            ])
        }
        return order.map { id in
            ["move": ref(move(id)!.name, "\(api)/move/\(id)/"), "version_group_details": details[id]!] as [String: Any]
        }
    }

    /// `/move/{id}`; the hostile move only when the hostile Pokémon is served.
    static func moveJSON(id: Int, api: String, hostile: Bool) -> [String: Any]? {
        guard let move = move(id), id != hostileMove.id || hostile else { return nil }
        var effects: [[String: Any]] = [
            [
                "effect": "Inflige des dégâts.", "short_effect": "Inflige des dégâts.",
                "language": ref("fr", "\(api)/language/5/"),
            ]
        ]
        if let short = move.shortEffect, let effect = move.effect {
            effects.append(["effect": effect, "short_effect": short, "language": ref("en", "\(api)/language/9/")])
        }
        return [
            "id": move.id, "name": move.name, "accuracy": move.accuracy as Any? ?? NSNull(),
            "power": move.power as Any? ?? NSNull(), "pp": move.pp as Any? ?? NSNull(), "priority": move.priority,
            "effect_chance": move.effectChance as Any? ?? NSNull(),
            "type": ref(move.type, "\(api)/type/\(typeID(move.type))/"),
            "damage_class": move.damageClass.map { ref($0, "\(api)/move-damage-class/\(damageClassIDs[$0]!)/") as Any }
                ?? NSNull(),
            "target": ref(targetNames[move.target]!.0, "\(api)/move-target/\(move.target)/"),
            "generation": ref("generation-\(move.generation)", "\(api)/generation/\(move.generation)/"),
            "names": namesJSON(move.names, api: api),
            "effect_entries": effects,
            "flavor_text_entries": move.flavorTexts.map { entry in
                [
                    "flavor_text": entry.text, "language": ref("en", "\(api)/language/9/"),
                    "version_group": ref(
                        versionGroups[entry.versionGroup]!.0,
                        "\(api)/version-group/\(entry.versionGroup)/"
                    ),
                ]
                    as [String: Any]
            },
            "machines": move.machines.map { group, machine in
                [
                    "machine": ["url": "\(api)/machine/\(machine)/"],
                    "version_group": ref(versionGroups[group]!.0, "\(api)/version-group/\(group)/"),
                ] as [String: Any]
            },
            "learned_by_pokemon": [Any](), "meta": NSNull(), "past_values": [Any](), "stat_changes": [Any](),
        ]
    }

    static func machineJSON(id: Int, api: String) -> [String: Any]? {
        guard let (item, move, group) = machines[id] else { return nil }
        return [
            "id": id, "item": ref(item, "\(api)/item/\(1_000 + id)/"),
            "move": ref(self.move(move)!.name, "\(api)/move/\(move)/"),
            "version_group": ref(versionGroups[group]!.0, "\(api)/version-group/\(group)/"),
        ]
    }

    /// `/move-learn-method/{id}`, `/move-target/{id}`, `/move-damage-class/{id}`: their names.
    static func moveNamesJSON(_ kind: String, id: Int, api: String) -> [String: Any]? {
        let named: (String, String)?
        switch kind {
        case "move-learn-method": named = methodNames[id]
        case "move-target": named = targetNames[id]
        case "move-damage-class": named = damageClassIDs.first { $0.value == id }.map { ($0.key, $0.key) }
        default: named = nil
        }
        guard let (name, english) = named else { return nil }
        return ["id": id, "name": name, "names": namesJSON([("en", english), ("fr", english)], api: api)]
    }
}
