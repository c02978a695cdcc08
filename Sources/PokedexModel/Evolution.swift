import Foundation
package import PokedexSource
import PokedexSupport

// MARK: - As a tree

/// One box of a chain as fans draw it: a species, or one of its forms where PokeAPI says a condition makes that
/// form (Pikachu evolves into Raichu, or into Alolan Raichu in Alola), with the boxes it evolves into.
package struct EvolutionBranch: Sendable, Equatable {
    package var speciesID: Int
    package var speciesName: String
    /// The form this box is (Alolan Raichu, 10100); nil for the species itself.
    package var formPokemonID: Int?
    /// That form's part of its API name ("alola"), to call it something when it is not exported.
    package var formPart: String?
    package var isBaby: Bool
    /// How the previous box evolves into this one; empty for the first.
    package var conditions: [EvolutionCondition]
    package var evolvesTo: [EvolutionBranch]

    /// Every box from this one, depth first.
    package var all: [EvolutionBranch] { [self] + evolvesTo.flatMap(\.all) }
}

extension EvolutionNode {
    /// This stage as boxes: the species' own, then one per form its conditions make, in PokeAPI's order. A next
    /// stage reached only from one of those forms hangs under that form's box (Galarian Linoone → Obstagoon), so its
    /// conditions need not say "from the Galar form".
    package var branches: [EvolutionBranch] {
        var groups: [(form: Int?, part: String?, conditions: [EvolutionCondition])] = []
        for condition in conditions {
            let form = condition.formPokemonID
            var said = condition
            // The box shows the form: its words need not.
            if form != nil { said.form = nil }
            if let index = groups.firstIndex(where: { $0.form == form }) {
                groups[index].conditions.append(said)
            } else {
                groups.append((form, form == nil ? nil : condition.form, [said]))
            }
        }
        if groups.isEmpty { groups = [(nil, nil, [])] }
        var boxes = groups.map {
            EvolutionBranch(
                speciesID: speciesID,
                speciesName: speciesName,
                formPokemonID: $0.form,
                formPart: $0.part,
                isBaby: isBaby,
                conditions: $0.conditions,
                evolvesTo: []
            )
        }
        for child in evolvesTo {
            for var box in child.branches {
                let from = Set(box.conditions.map(\.fromPokemonID))
                if from.count == 1, let form = from.first!,
                    let parent = boxes.firstIndex(where: { $0.formPokemonID == form })
                {
                    box.conditions = box.conditions.map { condition in
                        var condition = condition
                        condition.fromForm = nil
                        condition.fromPokemonID = nil
                        return condition
                    }
                    boxes[parent].evolvesTo.append(box)
                } else {
                    boxes[boxes.firstIndex { $0.formPokemonID == nil } ?? 0].evolvesTo.append(box)
                }
            }
        }
        return boxes
    }
}

// MARK: - In words

/// What the words of a condition call things: PokeAPI's names for items, moves, places, types and species, and
/// the site's names of the Pokémon a condition starts from ("from Alolan Meowth").
package struct EvolutionWords: Sendable {
    package var names: NameBook
    /// Pokémon names by id, for forms.
    package var pokemon: [Int: String]
    /// The sentences' words by key ("level_n" → "Level {n}"): the theme's `[evolution]` table in the pages'
    /// language, over `EvolutionWords.english`.
    package var phrases: [String: String]
    /// The articles a name takes in the pages' language, by how the name begins ("Pierre" → "une ", "*" for any
    /// other): `{a_item}` is "une Pierre Foudre". Nil: English's "a" and "an".
    package var articles: [String: String]?

    package init(
        names: NameBook = NameBook(),
        pokemon: [Int: String] = [:],
        phrases: [String: String] = [:],
        articles: [String: String]? = nil
    ) {
        self.names = names
        self.pokemon = pokemon
        self.phrases = Self.english.merging(phrases) { _, own in own }
        self.articles = articles
    }

    /// `name` with its article: "a Thunder Stone", "an Ice Stone"; with `articles`, the longest beginning it has
    /// ("une Pierre Foudre", "l’Écaille…"), else the "*" one, else none.
    func withArticle(_ name: String) -> String {
        let bare = ForeignText.unmarked(name)
        guard let articles else { return "\(EvolutionCondition.article(bare)) \(name)" }
        let key = articles.keys.filter { $0 != "*" && bare.hasPrefix($0) }.max { $0.count < $1.count }
        return (key.flatMap { articles[$0] } ?? articles["*"] ?? "") + name
    }

    /// What the sentences call an item, move, place or region: PokeAPI's name, marked as foreign text where it is
    /// not in the pages' language (see `ForeignText`).
    func name(_ kind: NamedKind, _ apiName: String) -> String {
        ForeignText.mark(names.name(kind, apiName), if: names.isForeign(kind, apiName))
    }

    func type(_ apiName: String) -> String {
        ForeignText.mark(names.type(apiName), if: names.isForeignType(apiName))
    }

    func species(_ apiName: String) -> String {
        ForeignText.mark(names.species(apiName), if: names.isForeignSpecies(apiName))
    }

    /// A regional form's part of its API name ("galar") as the region's name in the language where PokeAPI has it
    /// ("ガラル"), else made readable ("Galar", marked in another language than English).
    func formPart(_ part: String) -> String {
        names.own(.region, part) ?? ForeignText.mark(DisplayName.titleCase(part), if: names.language != "en")
    }

    /// `key`'s words with each `{name}` filled in.
    package func say(_ key: String, _ values: [String: String] = [:]) -> String {
        let text = phrases[key] ?? Self.english[key] ?? key
        return Placeholders.fill(text, values)
    }

    /// Whether a sentence after the first of a list starts in lower case ("… or level up …"); not in a language
    /// whose nouns keep their capitals.
    var lowercasesFollowers: Bool { phrases["lowercase_joined"] != "false" }

    /// Between the parts of a condition: ", ", "、" in Japanese, "，" in Chinese.
    var comma: String { say("comma") }

    /// The English words, as the theme's `strings/en.toml` `[evolution]` table says them (a test keeps the two
    /// alike). `{a_item}` is the item with its article ("a Thunder Stone"); every language may use `{item}` alone.
    package static let english: [String: String] = [
        "lowercase_joined": "true", "comma": ", ",
        "from_origin": "From {origin}: {rest}", "at_places": "{phrase} at {places}", "or": " or ",
        "form": " ({form} form)", "from_pokemon": ", from {name}", "from_form": ", from the {form} form",
        "high_friendship": "high friendship", "high_affection": "high affection", "beauty": "beauty {n}+",
        "holding": "holding {a_item}", "knowing_move": "knowing {move}", "knowing_type": "knowing {a_type}-type move",
        "party_species": "with {species} in the party", "party_type": "with {a_type}-type Pokémon in the party",
        "attack_higher": "Attack higher than Defense", "attack_lower": "Attack lower than Defense",
        "attack_equal": "Attack equal to Defense", "near_rock": "near a special rock", "rain": "while it rains",
        "upside_down": "with the console upside down", "steps": "after walking {steps} steps",
        "used_move_times": "after using {move} {n} times", "in_region": "in {region}",
        "multiplayer": "in a multiplayer session", "female_only": "female only", "male_only": "male only",
        "daytime": "daytime", "nighttime": "nighttime", "dusk": "dusk", "full_moon": "full moon", "action_joiner": " ",
        "level_n": "Level {n}", "level_up": "Level up",
        "level_up_needing": "Level up {need}", "use_item": "Use {a_item}", "use_an_item": "Use an item",
        "trade": "Trade", "trade_for": " for {species}",
        "shed": "Appears with an empty party slot and a spare Poké Ball when Nincada evolves",
        "spin": "Spin around", "use_move": "Use {move}", "times": " {n} times",
        "agile_style": "Use {move} in the Agile Style", "strong_style": "Use {move} in the Strong Style",
        "three_critical_hits": "Land three critical hits in one battle",
        "take_damage": "Take damage and pass under the Dusty Bowl's rock arch",
        "take_damage_at_least": "Take at least {n} damage and pass under the Dusty Bowl's rock arch",
        "tower_of_darkness": "Train in the Tower of Darkness", "tower_of_waters": "Train in the Tower of Waters",
        "three_defeated_bisharp": "Defeat three Bisharp that lead Pawniard",
        "recoil": "Lose HP to recoil damage", "recoil_at_least": "Lose at least {n} HP to recoil damage",
        "gimmighoul_coins": "Collect 999 Gimmighoul Coins",
        "then_level_n": ", level {n}", "then_using": ", using {a_item}", "then_using_move": ", using {move}",
        "then_trading": ", trading for {species}", "trade_for_species": "Trade for {species}",
        "special": "A special condition",
        "mega_stone": "Mega Evolve holding {item}", "mega_move": "Mega Evolve knowing {move}",
    ]
}

extension MegaTrigger {
    /// "Mega Evolve holding Charizardite X", "Mega Evolve knowing Dragon Ascent".
    package func howToEvolve(_ words: EvolutionWords) -> String {
        switch self {
        case .stone(let item): words.say("mega_stone", ["item": words.name(.item, item)])
        case .move(let move): words.say("mega_move", ["move": words.name(.move, move)])
        }
    }
}

extension EvolutionNode {
    /// How this stage is reached, in words, with API names made readable (see `howToEvolve(_:)`).
    package var howToEvolve: String? { Self.howToEvolve(conditions, EvolutionWords()) }

    package func howToEvolve(_ words: EvolutionWords) -> String? { Self.howToEvolve(conditions, words) }

    /// "Level 16", "Use a Thunder Stone or level up near a special rock". Games that differ are joined with "or";
    /// what several games share is said once and only the differences after it ("Level up knowing a Fairy-type
    /// move, high affection or high friendship"). Nil without conditions.
    package static func howToEvolve(_ conditions: [EvolutionCondition], _ words: EvolutionWords) -> String? {
        guard !conditions.isEmpty else { return nil }
        // Several ways from one form ("Hisuian Qwilfish") name it once, before them all.
        let origins = Set(
            conditions.map { $0.fromForm == nil ? nil : ($0.fromPokemonID.flatMap { words.pokemon[$0] }) }
        )
        if conditions.count > 1, origins.count == 1, let origin = origins.first!,
            conditions.allSatisfy({ $0.fromForm != $0.form })
        {
            let plain = conditions.map { condition in
                var condition = condition
                condition.fromForm = nil
                condition.fromPokemonID = nil
                return condition
            }
            if let rest = howToEvolve(plain, words), rest.contains(words.say("or")) {
                let follower = words.lowercasesFollowers ? rest.prefix(1).lowercased() + rest.dropFirst() : rest
                return words.say("from_origin", ["origin": origin, "rest": follower])
            }
        }
        // Conditions that differ only in where they happen are said once, with the places listed.
        var phrases: [String] = []
        var places: [String: [String]] = [:]
        for condition in conditions {
            let phrase = condition.phrase(words)
            if places[phrase] == nil {
                phrases.append(phrase)
                places[phrase] = []
            }
            if let location = condition.location, condition.nearSpecialRock != true {
                let place = words.name(.location, location)
                if places[phrase]?.contains(place) == false { places[phrase]?.append(place) }
            }
        }
        let said = phrases.map { phrase -> String in
            let at = places[phrase] ?? []
            return at.isEmpty ? phrase : words.say("at_places", ["phrase": phrase, "places": orList(at, words)])
        }
        // Phrases that begin alike ("Level up knowing a Fairy-type move, …") are merged: the shared head once.
        var heads: [String] = []
        var tails: [String: [[String]]] = [:]
        for phrase in said {
            let parts = phrase.components(separatedBy: words.comma)
            let head = parts[0]
            if tails[head] == nil { heads.append(head) }
            tails[head, default: []].append(Array(parts.dropFirst()))
        }
        let merged = heads.map { head -> String in
            let variants = tails[head, default: []]
            // A variant with nothing after the head holds in every case the others narrow down.
            if variants.contains(where: \.isEmpty) { return head }
            var shared: [String] = []
            while let next = variants[0].dropFirst(shared.count).first,
                variants.allSatisfy({ $0.count > shared.count + 1 && $0[shared.count] == next })
            {
                shared.append(next)
            }
            var rest: [String] = []
            for variant in variants {
                let tail = variant.dropFirst(shared.count).joined(separator: words.comma)
                if !rest.contains(tail) { rest.append(tail) }
            }
            return ([head] + shared + [orList(rest, words)]).joined(separator: words.comma)
        }
        var text = merged[0]
        for other in merged.dropFirst() {
            text +=
                words.say("or") + (words.lowercasesFollowers ? other.prefix(1).lowercased() + other.dropFirst() : other)
        }
        return text
    }

    /// "A, B or C".
    static func orList(_ items: [String], _ words: EvolutionWords = EvolutionWords()) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: words.comma) + words.say("or") + items.last!
    }
}

extension EvolutionCondition {
    /// "Level 16", "Use a Thunder Stone", "Trade holding a Metal Coat", "High friendship, daytime",
    /// "Level up knowing a Fairy-type move"; an unknown trigger by its API name made readable. A condition of a
    /// regional or other form says so: "Use an Ice Stone (Alola form)", "Level 28, from the Galar form". The place
    /// is left to `EvolutionNode.howToEvolve`, which lists the places of otherwise equal conditions once.
    func phrase(_ words: EvolutionWords = EvolutionWords()) -> String {
        var text = basePhrase(words)
        if let form { text += words.say("form", ["form": words.formPart(form)]) }
        // Alolan Vulpix becoming Alolan Ninetales is said once, as the form it makes.
        if let fromForm, fromForm != form {
            if let name = fromPokemonID.flatMap({ words.pokemon[$0] }) {
                text += words.say("from_pokemon", ["name": name])
            } else {
                text += words.say("from_form", ["form": words.formPart(fromForm)])
            }
        }
        return text
    }

    /// The trigger's sentence, with what it needs besides ("Level 20, high friendship, daytime").
    private func basePhrase(_ words: EvolutionWords) -> String {
        let (needs, holding, knowing) = conditions(words)
        let parts = PhraseParts(words: words, needs: needs, actions: [holding, knowing].compactMap { $0 })
        return knownTriggerPhrase(parts, holding: holding) ?? unknownTriggerPhrase(parts)
    }

    /// What a sentence is made of: the words, what the stage needs besides the trigger (in the order a player meets
    /// them), and what the Pokémon does meanwhile (holding an item, knowing a move).
    private struct PhraseParts {
        var words: EvolutionWords
        var needs: [String]
        var actions: [String]

        func say(_ key: String, _ values: [String: String] = [:]) -> String { words.say(key, values) }
        /// An item or type with its article ("a Thunder Stone") and alone.
        func named(_ key: String, _ text: String) -> [String: String] {
            [key: text, "a_\(key)": words.withArticle(text)]
        }
        /// "head, need, need".
        func sentence(_ head: String) -> String {
            needs.isEmpty ? head : head + words.comma + needs.joined(separator: words.comma)
        }
        /// "head holding a King's Rock, need".
        func withActions(_ head: String) -> String {
            sentence(([head] + actions).joined(separator: say("action_joiner")))
        }
        func item(_ name: String) -> String { words.name(.item, name) }
        func move(_ name: String) -> String { words.name(.move, name) }
        func species(_ name: String) -> String { words.species(name) }
    }

    /// What the stage needs besides its trigger, in the order a player meets them; holding an item and knowing a
    /// move apart, since they join the trigger's action ("Trade holding a King's Rock").
    private func conditions(_ words: EvolutionWords) -> (needs: [String], holding: String?, knowing: String?) {
        let parts = PhraseParts(words: words, needs: [], actions: [])
        let say = parts.say
        let type = { words.type($0) }
        var needs: [String] = []
        if minHappiness != nil { needs.append(say("high_friendship", [:])) }
        if minAffection != nil { needs.append(say("high_affection", [:])) }
        if let minBeauty { needs.append(say("beauty", ["n": String(minBeauty)])) }
        let holding = heldItem.map { say("holding", parts.named("item", parts.item($0))) }
        var knowing = knownMove.map { say("knowing_move", ["move": parts.move($0)]) }
        if let knownMoveType { knowing = say("knowing_type", parts.named("type", type(knownMoveType))) }
        if let partySpecies { needs.append(say("party_species", ["species": parts.species(partySpecies)])) }
        if let partyType { needs.append(say("party_type", parts.named("type", type(partyType)))) }
        if let relativePhysicalStats {
            let key =
                relativePhysicalStats > 0
                ? "attack_higher" : relativePhysicalStats < 0 ? "attack_lower" : "attack_equal"
            needs.append(say(key, [:]))
        }
        if nearSpecialRock == true { needs.append(say("near_rock", [:])) }
        if needsOverworldRain == true { needs.append(say("rain", [:])) }
        if turnUpsideDown == true { needs.append(say("upside_down", [:])) }
        if let minSteps { needs.append(say("steps", ["steps": words.names.words.grouped(minSteps)])) }
        if let minMoveCount, let usedMove, !["use-move", "agile-style-move", "strong-style-move"].contains(trigger) {
            needs.append(say("used_move_times", ["move": parts.move(usedMove), "n": String(minMoveCount)]))
        }
        if let region { needs.append(say("in_region", ["region": words.name(.region, region)])) }
        if needsMultiplayer == true { needs.append(say("multiplayer", [:])) }
        if gender == 1 { needs.append(say("female_only", [:])) }
        if gender == 2 { needs.append(say("male_only", [:])) }
        switch timeOfDay {
        case "day"?: needs.append(say("daytime", [:]))
        case "night"?: needs.append(say("nighttime", [:]))
        case "dusk"?: needs.append(say("dusk", [:]))
        case "full-moon"?: needs.append(say("full_moon", [:]))
        case let other?: needs.append(DisplayName.titleCase(other).lowercased())
        case nil: break
        }
        return (needs, holding, knowing)
    }

    /// The sentence of a trigger the theme has words for; nil for another (or a move trigger without its move).
    private func knownTriggerPhrase(_ parts: PhraseParts, holding: String?) -> String? {
        let say = parts.say
        /// " 20 times" after a move used so many times.
        let times = minMoveCount.map { say("times", ["n": String($0)]) } ?? ""
        switch trigger {
        case "level-up":
            if let minLevel { return parts.withActions(say("level_n", ["n": String(minLevel)])) }
            if !parts.actions.isEmpty { return parts.withActions(say("level_up", [:])) }
            // "High friendship, daytime": the state is the condition, the level-up goes without saying.
            if minHappiness != nil || minAffection != nil || minBeauty != nil {
                let text = parts.needs.joined(separator: parts.words.comma)
                return text.prefix(1).uppercased() + text.dropFirst()
            }
            guard let first = parts.needs.first else { return say("level_up", [:]) }
            var rest = parts
            rest.needs.removeFirst()
            return rest.sentence(say("level_up_needing", ["need": first]))
        case "use-item":
            return parts.withActions(
                item.map { say("use_item", parts.named("item", parts.item($0))) } ?? say("use_an_item", [:])
            )
        case "trade":
            var head = say("trade", [:])
            if let holding { head += say("action_joiner", [:]) + holding }
            if let tradeSpecies { head += say("trade_for", ["species": parts.species(tradeSpecies)]) }
            return parts.sentence(head)
        case "spin":
            return parts.withActions(say("spin", [:]))
        case "use-move":
            return usedMove.map { parts.sentence(say("use_move", ["move": parts.move($0)]) + times) }
        case "agile-style-move", "strong-style-move":
            // Hisuian moves used in a style: "Use Psyshield Bash in the Agile Style 20 times".
            let style = trigger == "agile-style-move" ? "agile_style" : "strong_style"
            return usedMove.map { parts.sentence(say(style, ["move": parts.move($0)]) + times) }
        case "take-damage":
            return parts.sentence(
                minDamageTaken.map { say("take_damage_at_least", ["n": String($0)]) } ?? say("take_damage", [:])
            )
        case "recoil-damage":
            return parts.sentence(
                minDamageTaken.map { say("recoil_at_least", ["n": String($0)]) } ?? say("recoil", [:])
            )
        default:
            return Self.saidAlone[trigger].map { parts.sentence(say($0, [:])) }
        }
    }

    /// Triggers whose words need nothing of the condition: trigger → its key in `[evolution]`.
    private static let saidAlone = [
        "shed": "shed", "three-critical-hits": "three_critical_hits", "tower-of-darkness": "tower_of_darkness",
        "tower-of-waters": "tower_of_waters", "three-defeated-bisharp": "three_defeated_bisharp",
        "gimmighoul-coins": "gimmighoul_coins",
    ]

    /// An unknown trigger: its API name made readable ("other" says nothing), then whatever else it needs.
    private func unknownTriggerPhrase(_ parts: PhraseParts) -> String {
        let say = parts.say
        var head = trigger == "other" ? "" : DisplayName.titleCase(trigger)
        if let minLevel {
            head += say(head.isEmpty ? "level_n" : "then_level_n", ["n": String(minLevel)])
        }
        if let used = item {
            head += say(head.isEmpty ? "use_item" : "then_using", parts.named("item", parts.item(used)))
        }
        if let tradeSpecies {
            head += say(head.isEmpty ? "trade_for_species" : "then_trading", ["species": parts.species(tradeSpecies)])
        }
        if let usedMove, minMoveCount == nil, trigger != "use-move" {
            head += say(head.isEmpty ? "use_move" : "then_using_move", ["move": parts.move(usedMove)])
        }
        if head.isEmpty {
            head = parts.actions.isEmpty && parts.needs.isEmpty ? say("special", [:]) : say("level_up", [:])
        }
        return parts.withActions(head)
    }

    /// "a" or "an" before a name: "an Ice Stone", "a Thunder Stone".
    static func article(_ word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }

}

/// A sentence the model puts together may hold names that are not in the pages' language (an item PokeAPI names
/// only in English, or not at all). They are marked in the text by two private-use characters, so that the render
/// stage can give each its `lang` without the model writing markup; nothing from PokeAPI holds them (`mark` drops
/// any it is given).
package enum ForeignText {
    static let start: Character = "\u{E000}"
    static let end: Character = "\u{E001}"

    /// `text` marked as foreign when `foreign`.
    static func mark(_ text: String, if foreign: Bool) -> String {
        let clean = unmarked(text)
        return foreign ? "\(start)\(clean)\(end)" : clean
    }

    /// The text without its marks.
    package static func unmarked(_ text: String) -> String {
        text.contains(where: { $0 == start || $0 == end }) ? String(text.filter { $0 != start && $0 != end }) : text
    }

    /// The text in runs, each with whether it is foreign: "Raichunite Xを持たせてメガシンカ" → [("Raichunite X",
    /// true), ("を持たせてメガシンカ", false)].
    package static func runs(_ text: String) -> [(text: String, isForeign: Bool)] {
        var runs: [(text: String, isForeign: Bool)] = []
        var current = ""
        var foreign = false
        for character in text {
            if character == start || character == end {
                if !current.isEmpty { runs.append((current, foreign)) }
                current = ""
                foreign = character == start
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { runs.append((current, foreign)) }
        return runs
    }
}
