import Foundation
public import PokedexSource
import PokedexSupport

// MARK: - As a tree

/// One box of a chain as fans draw it: a species, or one of its forms where PokeAPI says a condition makes that
/// form (Pikachu evolves into Raichu, or into Alolan Raichu in Alola), with the boxes it evolves into.
public struct EvolutionBranch: Sendable, Equatable {
    public var speciesID: Int
    public var speciesName: String
    /// The form this box is (Alolan Raichu, 10100); nil for the species itself.
    public var formPokemonID: Int?
    /// That form's part of its API name ("alola"), to call it something when it is not exported.
    public var formPart: String?
    public var isBaby: Bool
    /// How the previous box evolves into this one; empty for the first.
    public var conditions: [EvolutionCondition]
    public var evolvesTo: [EvolutionBranch]

    /// Every box from this one, depth first.
    public var all: [EvolutionBranch] { [self] + evolvesTo.flatMap(\.all) }
}

extension EvolutionNode {
    /// This stage as boxes: the species' own, then one per form its conditions make, in PokeAPI's order. A next
    /// stage reached only from one of those forms hangs under that form's box (Galarian Linoone → Obstagoon), so its
    /// conditions need not say "from the Galar form".
    public var branches: [EvolutionBranch] {
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
            EvolutionBranch(speciesID: speciesID, speciesName: speciesName, formPokemonID: $0.form, formPart: $0.part,
                            isBaby: isBaby, conditions: $0.conditions, evolvesTo: [])
        }
        for child in evolvesTo {
            for var box in child.branches {
                let from = Set(box.conditions.map(\.fromPokemonID))
                if from.count == 1, let form = from.first!, let parent = boxes.firstIndex(where: { $0.formPokemonID == form }) {
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
public struct EvolutionWords: Sendable {
    public var names: NameBook
    /// Pokémon names by id, for forms.
    public var pokemon: [Int: String]

    public init(names: NameBook = NameBook(), pokemon: [Int: String] = [:]) {
        self.names = names
        self.pokemon = pokemon
    }
}

extension EvolutionNode {
    /// How this stage is reached, in words, with API names made readable (see `howToEvolve(_:)`).
    public var howToEvolve: String? { Self.howToEvolve(conditions, EvolutionWords()) }

    public func howToEvolve(_ words: EvolutionWords) -> String? { Self.howToEvolve(conditions, words) }

    /// "Level 16", "Use a Thunder Stone or level up near a special rock". Games that differ are joined with "or";
    /// what several games share is said once and only the differences after it ("Level up knowing a Fairy-type
    /// move, high affection or high friendship"). Nil without conditions.
    public static func howToEvolve(_ conditions: [EvolutionCondition], _ words: EvolutionWords) -> String? {
        guard !conditions.isEmpty else { return nil }
        // Several ways from one form ("Hisuian Qwilfish") name it once, before them all.
        let origins = Set(conditions.map { $0.fromForm == nil ? nil : ($0.fromPokemonID.flatMap { words.pokemon[$0] }) })
        if conditions.count > 1, origins.count == 1, let origin = origins.first!, conditions.allSatisfy({ $0.fromForm != $0.form }) {
            let plain = conditions.map { condition in
                var condition = condition
                condition.fromForm = nil
                condition.fromPokemonID = nil
                return condition
            }
            if let rest = howToEvolve(plain, words), rest.contains(" or ") {
                return "From \(origin): " + rest.prefix(1).lowercased() + rest.dropFirst()
            }
        }
        // Conditions that differ only in where they happen are said once, with the places listed.
        var phrases: [String] = []
        var places: [String: [String]] = [:]
        for condition in conditions {
            let phrase = condition.phrase(words)
            if places[phrase] == nil { phrases.append(phrase); places[phrase] = [] }
            if let location = condition.location, condition.nearSpecialRock != true {
                let place = words.names.name(.location, location)
                if !places[phrase]!.contains(place) { places[phrase]!.append(place) }
            }
        }
        let said = phrases.map { phrase -> String in
            let at = places[phrase] ?? []
            return at.isEmpty ? phrase : "\(phrase) at \(orList(at))"
        }
        // Phrases that begin alike ("Level up knowing a Fairy-type move, …") are merged: the shared head once.
        var heads: [String] = []
        var tails: [String: [[String]]] = [:]
        for phrase in said {
            let parts = phrase.components(separatedBy: ", ")
            let head = parts[0]
            if tails[head] == nil { heads.append(head); tails[head] = [] }
            tails[head]!.append(Array(parts.dropFirst()))
        }
        let merged = heads.map { head -> String in
            let variants = tails[head]!
            // A variant with nothing after the head holds in every case the others narrow down.
            if variants.contains(where: \.isEmpty) { return head }
            var shared: [String] = []
            while let next = variants[0].dropFirst(shared.count).first,
                  variants.allSatisfy({ $0.count > shared.count + 1 && $0[shared.count] == next }) {
                shared.append(next)
            }
            var rest: [String] = []
            for variant in variants {
                let tail = variant.dropFirst(shared.count).joined(separator: ", ")
                if !rest.contains(tail) { rest.append(tail) }
            }
            return ([head] + shared + [orList(rest)]).joined(separator: ", ")
        }
        var text = merged[0]
        for other in merged.dropFirst() { text += " or " + other.prefix(1).lowercased() + other.dropFirst() }
        return text
    }

    /// "A, B or C".
    static func orList(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
}

extension EvolutionCondition {
    /// "Level 16", "Use a Thunder Stone", "Trade holding a Metal Coat", "High friendship, daytime",
    /// "Level up knowing a Fairy-type move"; an unknown trigger by its API name made readable. A condition of a
    /// regional or other form says so: "Use an Ice Stone (Alola form)", "Level 28, from the Galar form". The place
    /// is left to `EvolutionNode.howToEvolve`, which lists the places of otherwise equal conditions once.
    func phrase(_ words: EvolutionWords = EvolutionWords()) -> String {
        var text = basePhrase(words)
        if let form { text += " (\(DisplayName.titleCase(form)) form)" }
        // Alolan Vulpix becoming Alolan Ninetales is said once, as the form it makes.
        if let fromForm, fromForm != form {
            if let name = fromPokemonID.flatMap({ words.pokemon[$0] }) {
                text += ", from \(name)"
            } else {
                text += ", from the \(DisplayName.titleCase(fromForm)) form"
            }
        }
        return text
    }

    private func basePhrase(_ words: EvolutionWords) -> String {
        let names = words.names
        let item = { names.name(.item, $0) }
        let move = { names.name(.move, $0) }
        let type = { names.type($0) }
        let species = { names.species($0) }
        let name = DisplayName.titleCase
        // What the stage needs besides the trigger itself, in the order a player meets them.
        var needs: [String] = []
        if minHappiness != nil { needs.append("high friendship") }
        if minAffection != nil { needs.append("high affection") }
        if let minBeauty { needs.append("beauty \(minBeauty)+") }
        var holding: String?
        if let heldItem { holding = "holding \(Self.article(item(heldItem))) \(item(heldItem))" }
        var knowing: String?
        if let knownMove { knowing = "knowing \(move(knownMove))" }
        if let knownMoveType { knowing = "knowing \(Self.article(type(knownMoveType))) \(type(knownMoveType))-type move" }
        if let partySpecies { needs.append("with \(species(partySpecies)) in the party") }
        if let partyType { needs.append("with \(Self.article(type(partyType))) \(type(partyType))-type Pokémon in the party") }
        if let relativePhysicalStats {
            needs.append(relativePhysicalStats > 0 ? "Attack higher than Defense"
                         : relativePhysicalStats < 0 ? "Attack lower than Defense" : "Attack equal to Defense")
        }
        if nearSpecialRock == true { needs.append("near a special rock") }
        if needsOverworldRain == true { needs.append("while it rains") }
        if turnUpsideDown == true { needs.append("with the console upside down") }
        if let minSteps { needs.append("after walking \(Self.grouped(minSteps)) steps") }
        if let minMoveCount, let usedMove, !["use-move", "agile-style-move", "strong-style-move"].contains(trigger) { needs.append("after using \(move(usedMove)) \(minMoveCount) times") }
        if let region { needs.append("in \(names.name(.region, region))") }
        if needsMultiplayer == true { needs.append("in a multiplayer session") }
        if gender == 1 { needs.append("female only") }
        if gender == 2 { needs.append("male only") }
        switch timeOfDay {
        case "day"?: needs.append("daytime")
        case "night"?: needs.append("nighttime")
        case let other?: needs.append(name(other).lowercased())
        case nil: break
        }

        func sentence(_ head: String, _ rest: [String]) -> String {
            rest.isEmpty ? head : head + ", " + rest.joined(separator: ", ")
        }
        func capitalised(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
        let actions = [holding, knowing].compactMap { $0 }

        switch trigger {
        case "level-up":
            if let minLevel { return sentence((["Level \(minLevel)"] + actions).joined(separator: " "), needs) }
            if !actions.isEmpty { return sentence((["Level up"] + actions).joined(separator: " "), needs) }
            // "High friendship, daytime": the state is the condition, the level-up goes without saying.
            if let first = needs.first, first.hasPrefix("high") || first.hasPrefix("beauty") {
                return capitalised(needs.joined(separator: ", "))
            }
            return sentence(needs.isEmpty ? "Level up" : "Level up " + needs[0], Array(needs.dropFirst()))
        case "use-item":
            let use = self.item.map { "Use \(Self.article(item($0))) \(item($0))" } ?? "Use an item"
            return sentence(([use] + actions).joined(separator: " "), needs)
        case "trade":
            var head = "Trade"
            if let holding { head += " " + holding }
            if let tradeSpecies { head += " for \(species(tradeSpecies))" }
            return sentence(head, needs)
        case "shed":
            return sentence("Appears with an empty party slot and a spare Poké Ball when Nincada evolves", needs)
        case "spin":
            return sentence((["Spin around"] + actions).joined(separator: " "), needs)
        case "use-move":
            if let usedMove {
                return sentence("Use \(move(usedMove))" + (minMoveCount.map { " \($0) times" } ?? ""), needs)
            }
        case "agile-style-move", "strong-style-move":
            // Hisuian moves used in a style: "Use Psyshield Bash in the Agile Style 20 times".
            if let usedMove {
                let style = trigger == "agile-style-move" ? "Agile" : "Strong"
                return sentence("Use \(move(usedMove)) in the \(style) Style" + (minMoveCount.map { " \($0) times" } ?? ""), needs)
            }
        case "three-critical-hits":
            return sentence("Land three critical hits in one battle", needs)
        case "take-damage":
            return sentence("Take \(minDamageTaken.map { "at least \($0) damage" } ?? "damage") and pass under the Dusty Bowl's rock arch", needs)
        case "tower-of-darkness":
            return sentence("Train in the Tower of Darkness", needs)
        case "tower-of-waters":
            return sentence("Train in the Tower of Waters", needs)
        case "three-defeated-bisharp":
            return sentence("Defeat three Bisharp that lead Pawniard", needs)
        case "recoil-damage":
            return sentence("Lose \(minDamageTaken.map { "at least \($0) HP" } ?? "HP") to recoil damage", needs)
        case "gimmighoul-coins":
            return sentence("Collect 999 Gimmighoul Coins", needs)
        default:
            break
        }
        // An unknown trigger: its API name made readable ("other" says nothing), then whatever else it needs.
        var head = trigger == "other" ? "" : name(trigger)
        if let minLevel { head += head.isEmpty ? "Level \(minLevel)" : ", level \(minLevel)" }
        if let used = self.item { head += (head.isEmpty ? "Use " : ", using ") + "\(Self.article(item(used))) \(item(used))" }
        if let tradeSpecies { head += (head.isEmpty ? "Trade" : ", trading") + " for \(species(tradeSpecies))" }
        if let usedMove, minMoveCount == nil, trigger != "use-move" { head += (head.isEmpty ? "Use " : ", using ") + move(usedMove) }
        if head.isEmpty { head = actions.isEmpty && needs.isEmpty ? "A special condition" : "Level up" }
        return sentence(([head] + actions).joined(separator: " "), needs)
    }

    /// "a" or "an" before a name: "an Ice Stone", "a Thunder Stone".
    static func article(_ word: String) -> String {
        guard let first = word.lowercased().first else { return "a" }
        return "aeiou".contains(first) ? "an" : "a"
    }

    /// 1000 → "1,000".
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }
}
