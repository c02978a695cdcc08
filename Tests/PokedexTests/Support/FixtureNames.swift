import Foundation

/// Forms, version groups, versions and the resources the pages name (abilities, items, moves, places, regions,
/// habitats) for the test server's data set, in PokeAPI's shape (written for these tests). English names differ
/// from the API names made readable where PokeAPI's do ("Mega Charizard X", "Mt. Coronet", "grassland"), and one
/// ability has no English name at all, so that a fallback shows.
extension Fixtures {
    /// A stable id for a referenced name, so that each resource has one URL.
    static func referenceID(_ name: String) -> Int {
        name.unicodeScalars.reduce(7) { ($0 &* 31 &+ Int($1.value)) % 99_991 } + 1
    }

    struct Form {
        var names: [(String, String)]
        var formNames: [(String, String)]
        var versionGroup: Int
    }

    /// The forms of the served non-default Pokémon, by Pokémon id (the served form ids are the Pokémon's).
    static let forms: [Int: Form] = [
        10034: Form(
            names: [("en", "Mega Charizard X"), ("fr", "Méga-Dracaufeu X")],
            formNames: [("en", "Mega Charizard X")],
            versionGroup: 15
        ),
        10080: Form(names: [("en", "Pikachu Rock Star")], formNames: [("en", "Pikachu Rock Star")], versionGroup: 16),
        // No whole name: the species' and the form's part make it.
        10143: Form(names: [], formNames: [("en", "Busted Form"), ("ja-Hrkt", "ばけたすがた")], versionGroup: 17),
        10168: Form(
            names: [("en", "Galarian Mr. Mime"), ("fr", "M. Mime de Galar"), ("ja-Hrkt", "バリヤード(ガラルのすがた)")],
            formNames: [("en", "Galarian Form")],
            versionGroup: 20
        ),
    ]

    /// id: (name, generation, [(version id, name, English name)]).
    static let versionGroups: [Int: (String, Int, [(Int, String, String)])] = [
        1: ("red-blue", 1, [(1, "red", "Red"), (2, "blue", "Blue")]),
        25: ("scarlet-violet", 9, [(40, "scarlet", "Scarlet"), (41, "violet", "Violet")]),
        15: ("x-y", 6, [(23, "x", "X"), (24, "y", "Y")]),
        16: (
            "omega-ruby-alpha-sapphire", 6,
            [(25, "omega-ruby", "Omega Ruby"), (26, "alpha-sapphire", "Alpha Sapphire")]
        ),
        17: ("sun-moon", 7, [(27, "sun", "Sun"), (28, "moon", "Moon")]),
        20: ("sword-shield", 8, [(33, "sword", "Sword"), (34, "shield", "Shield")]),
    ]

    /// English names that are not the API name made readable; "filter" has none at all.
    static let englishNames: [String: String] = [
        "mt-coronet": "Mt. Coronet", "grassland": "grassland", "mountain": "mountain", "forest": "forest",
        "sinnoh-route-217": "Route 217", "tough-claws": "Tough Claws", "no-eggs": "Undiscovered", "medium": "medium",
        "medium-slow": "medium slow", "slow": "slow",
    ]
    /// "filter" (an ability) and "moon-stone" (an item an evolution uses) have none.
    static let withoutEnglish: Set<String> = ["filter", "moon-stone"]
    /// Abilities PokeAPI gives no English effect: the page falls back to the flavor text.
    static let withoutEnglishEffect: Set<String> = ["disguise"]

    /// Items the fixtures show whole, in their own words: categories 71 "curiosities" (pocket 1 "odds-and-ends")
    /// and 72 "trinkets" (pocket 2 "keepsakes").
    static let itemDetails:
        [String: (
            category: (id: Int, name: String), sprite: String?, fling: Int?, cost: Int?, effect: String, heldBy: [Int]
        )] = [
            "spark-pebble": ((71, "curiosities"), "spark-pebble", 30, nil, "Sparks when held.", [25]),
            "tiny-berry": ((72, "trinkets"), nil, 10, 80, "Eaten when hungry.", [25]),
        ]

    /// `/item-category/{id}` of the fixtures' own categories, and `/item-pocket/{id}`.
    static let itemCategories: [Int: (name: String, pocket: (id: Int, name: String), names: [(String, String)])] = [
        71: ("curiosities", (1, "odds-and-ends"), [("en", "Curiosities"), ("fr", "Curiosités")]),
        72: ("trinkets", (2, "keepsakes"), [("en", "Trinkets")]),
    ]
    static let itemPockets: [Int: (String, [(String, String)])] = [
        1: ("odds-and-ends", [("en", "Odds and Ends"), ("fr", "Bric-à-brac")]),
        2: ("keepsakes", [("en", "Keepsakes")]),
    ]

    /// The Mega Stones PokeAPI's "mega-stones" category lists (a few), by item id: their API names and names.
    static let megaStones: [Int: (String, [(String, String)])] = [
        699: ("charizardite-x", [("en", "Charizardite X"), ("fr", "Dracaufite X"), ("ja-Hrkt", "リザードナイトＸ")]),
        717: ("charizardite-y", [("en", "Charizardite Y"), ("fr", "Dracaufite Y")]),
        698: ("venusaurite", [("en", "Venusaurite"), ("fr", "Florizarrite")]),
        2262: ("raichunite-x", [("en", "Raichunite X")]),
    ]

    /// `/item/{id}/` of a machine's item (1000 + the machine's id: "TM24", "CT24", "わざマシン２４", as PokeAPI writes
    /// Japanese digits full-width) or of a Mega Stone; nil for others.
    static func itemJSON(id: Int, api: String) -> [String: Any]? {
        if let (name, names) = megaStones[id] {
            return ["id": id, "name": name, "names": namesJSON(names, api: api)]
        }
        guard let (item, _, _) = machines[id - 1_000] else { return nil }
        let number = String(item.drop { $0.isLetter })
        let prefix = String(item.prefix { $0.isLetter })
        let french = ["tm": "CT", "hm": "CS", "tr": "DT"][prefix] ?? prefix.uppercased()
        let japanese = ["tm": "わざマシン", "hm": "ひでんマシン", "tr": "わざレコード"][prefix] ?? prefix
        let wide = String(
            String.UnicodeScalarView(number.unicodeScalars.map { Unicode.Scalar($0.value - 0x30 + 0xFF10)! })
        )
        return [
            "id": id, "name": item,
            "names": namesJSON(
                [("en", item.uppercased()), ("fr", french + number), ("ja-Hrkt", japanese + wide)],
                api: api
            ),
        ]
    }

    /// `/item-category/mega-stones/` (asked for by name, as pokedex does) or by its id, and the fixtures' own.
    static func itemCategoryJSON(_ key: String, api: String) -> [String: Any]? {
        if let id = Int(key), let category = itemCategories[id] {
            return [
                "id": id, "name": category.name, "names": namesJSON(category.names, api: api),
                "pocket": ref(category.pocket.name, "\(api)/item-pocket/\(category.pocket.id)/"),
                "items": itemDetails.filter { $0.value.category.id == id }.keys.sorted().map {
                    ref($0, "\(api)/item/1/")
                },
            ]
        }
        guard key == "mega-stones" || key == "44" else { return nil }
        return [
            "id": 44, "name": "mega-stones",
            "items": megaStones.keys.sorted().map { ref(megaStones[$0]!.0, "\(api)/item/\($0)/") },
        ]
    }

    /// Every name a served resource of `kind` (an API path: "item", "pokemon-habitat"…) may have.
    static func namedResources(_ kind: String, hostile: Bool) -> [String] {
        let served = pokemon + (hostile ? [hostilePokemon] : [])
        switch kind {
        case "ability": return served.flatMap { $0.abilities.map(\.0) }
        case "pokemon-habitat": return species.compactMap(\.habitat)
        case "version": return versionGroups.values.flatMap { $0.2.map(\.1) }
        case "egg-group": return (species + (hostile ? [hostileSpecies] : [])).flatMap(\.eggGroups)
        case "growth-rate": return (species + (hostile ? [hostileSpecies] : [])).map(\.growthRate)
        case "item": return namedInChains(kind) + heldItemNames
        case "region": return namedInChains(kind) + placeRegions
        default: return namedInChains(kind)
        }
    }

    /// What the evolution chains name of `kind`.
    static func namedInChains(_ kind: String) -> [String] {
        var names: [String] = []
        func walk(_ stage: Stage) {
            for detail in stage.details {
                for (key, value) in detail {
                    guard let reference = value as? [String: Any], let name = reference["name"] as? String,
                        let url = reference["url"] as? String, url.contains("/\(kind)/"),
                        !["base_form", "evolved_form", "trigger"].contains(key)
                    else { continue }
                    names.append(name)
                }
            }
            stage.next.forEach(walk)
        }
        chains.values.forEach(walk)
        return names
    }

    static func namesJSON(_ names: [(String, String)], api: String) -> [[String: Any]] {
        names.map { ["language": ref($0.0, "\(api)/language/1/"), "name": $0.1] as [String: Any] }
    }

    /// `/<kind>/<id>/` of a named resource, or nil when no served resource has that id.
    static func namedJSON(_ kind: String, id: Int, api: String, hostile: Bool) -> [String: Any]? {
        if kind == "version" {
            for group in versionGroups.values {
                if let version = group.2.first(where: { $0.0 == id }) {
                    return [
                        "id": id, "name": version.1,
                        "names": namesJSON([("en", version.2), ("fr", version.2)], api: api),
                    ]
                }
            }
            return nil
        }
        guard let name = namedResources(kind, hostile: hostile).first(where: { referenceID($0) == id }) else {
            return nil
        }
        var names: [(String, String)] = [("ja-Hrkt", "ナマエ")]
        if !withoutEnglish.contains(name) {
            let english =
                englishNames[name]
                ?? name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
                .joined(separator: " ")
            names.append(("en", name == hostileName ? hostileName : english))
        }
        var json: [String: Any] = ["id": id, "name": name, "names": namesJSON(names, api: api)]
        if kind == "growth-rate" {
            // As PokeAPI has them: no names, descriptions in their place.
            json["names"] = nil
            json["descriptions"] = names.map {
                ["language": ref($0.0, "\(api)/language/1/"), "description": $0.1] as [String: Any]
            }
        }
        if kind == "item", let extra = itemDetails[name] {
            // An item the pages show whole: its category, picture, effects, flavor text (under `text`, as PokeAPI
            // has items'), fling power and who holds it.
            json["category"] = ref(extra.category.name, "\(api)/item-category/\(extra.category.id)/")
            let origin = api.hasSuffix("/api/v2") ? String(api.dropLast("/api/v2".count)) : api
            json["sprites"] = ["default": extra.sprite.map { "\(origin)/media/items/\($0).png" } as Any]
            json["fling_power"] = extra.fling
            json["cost"] = extra.cost
            json["effect_entries"] = [
                [
                    "effect": "Held: \(extra.effect)", "short_effect": extra.effect,
                    "language": ref("en", "\(api)/language/9/"),
                ]
            ]
            json["flavor_text_entries"] = [
                [
                    "text": "What it\ndoes, as the\u{0C}games say.", "language": ref("en", "\(api)/language/9/"),
                    "version_group": ref("sword-shield", "\(api)/version-group/20/"),
                ]
            ]
            json["held_by_pokemon"] = extra.heldBy.map { ["pokemon": ref("p\($0)", "\(api)/pokemon/\($0)/")] }
        }
        if kind == "ability" {
            let readable = (englishNames[name] ?? name).replacingOccurrences(of: "-", with: " ")
            json["generation"] = ref("generation-iii", "\(api)/generation/3/")
            json["effect_entries"] =
                withoutEnglishEffect.contains(name)
                ? [
                    ["effect": "Effet.", "short_effect": "Effet.", "language": ref("fr", "\(api)/language/5/")]
                ]
                : [
                    [
                        "effect": "The long effect of \(readable).\n\nIts second paragraph.",
                        "short_effect": "Short effect of \(readable).", "language": ref("en", "\(api)/language/9/"),
                    ]
                ]
            json["flavor_text_entries"] = [
                [
                    "flavor_text": "An older text.", "language": ref("en", "\(api)/language/9/"),
                    "version_group": ref("x-y", "\(api)/version-group/15/"),
                ],
                [
                    "flavor_text": "What \(readable)\ndoes, as the\u{0C}games say.",
                    "language": ref("en", "\(api)/language/9/"),
                    "version_group": ref("sword-shield", "\(api)/version-group/20/"),
                ],
            ]
        }
        return json
    }

    static func formJSON(id: Int, api: String) -> [String: Any]? {
        guard let form = forms[id], let p = pokemon.first(where: { $0.id == id }),
            let group = versionGroups[form.versionGroup]
        else { return nil }
        let species = species(p.speciesID)?.name ?? ""
        return [
            "id": id, "name": p.name,
            "form_name": p.name.hasPrefix(species + "-") ? String(p.name.dropFirst(species.count + 1)) : "",
            "is_default": true, "is_mega": p.name.contains("mega"),
            "names": namesJSON(form.names, api: api), "form_names": namesJSON(form.formNames, api: api),
            "pokemon": ref(p.name, "\(api)/pokemon/\(id)/"),
            "version_group": ref(group.0, "\(api)/version-group/\(form.versionGroup)/"),
        ]
    }

    static func versionGroupJSON(id: Int, api: String) -> [String: Any]? {
        guard let group = versionGroups[id] else { return nil }
        return [
            "id": id, "name": group.0, "order": id,
            "generation": ref("generation-\(group.1)", "\(api)/generation/\(group.1)/"),
            "versions": group.2.map { ref($0.1, "\(api)/version/\($0.0)/") },
        ]
    }
}
