import Foundation

/// The parts of `/evolution-chain/{id}` the site shows: every stage, and how each one is reached.
public struct EvolutionChainRecord: Codable, Sendable, Equatable {
    public var id: Int
    public var chain: EvolutionNode
    /// The items, moves, places and regions its conditions name, each once: fetched for their names.
    public var references: [ResourceReference] = []
}

/// One stage of a chain and the stages it evolves into (more than one where the chain branches: Eevee, Wurmple).
public struct EvolutionNode: Codable, Sendable, Equatable {
    public var speciesID: Int
    /// API name: "charmeleon".
    public var speciesName: String
    public var isBaby: Bool
    /// How the previous stage evolves into this one: one entry per set of games that differ. Empty for the first stage.
    public var conditions: [EvolutionCondition]
    public var evolvesTo: [EvolutionNode]

    /// Every stage of the chain from this one, depth first.
    public var stages: [EvolutionNode] {
        [self] + evolvesTo.flatMap(\.stages)
    }
}

/// One `evolution_details` entry: a trigger and what it needs. Absent fields are not required.
public struct EvolutionCondition: Codable, Sendable, Equatable {
    /// API name: "level-up", "use-item", "trade", or one of the rarer ones ("three-critical-hits").
    public var trigger: String
    public var minLevel: Int?
    public var item: String?
    public var heldItem: String?
    /// "day", "night", "dusk".
    public var timeOfDay: String?
    public var minHappiness: Int?
    public var minAffection: Int?
    public var minBeauty: Int?
    public var knownMove: String?
    public var knownMoveType: String?
    public var location: String?
    public var nearSpecialRock: Bool?
    /// 1 female, 2 male.
    public var gender: Int?
    public var needsOverworldRain: Bool?
    public var turnUpsideDown: Bool?
    public var tradeSpecies: String?
    public var partySpecies: String?
    public var partyType: String?
    /// 1: Attack > Defense, 0: equal, -1: Attack < Defense.
    public var relativePhysicalStats: Int?
    public var minMoveCount: Int?
    public var usedMove: String?
    public var minSteps: Int?
    public var minDamageTaken: Int?
    public var region: String?
    public var needsMultiplayer: Bool?
    /// The form this condition makes, when it is not the species' own (`evolved_form`): "alola" for Alolan
    /// Ninetales, as the part of the Pokémon's name after the species'.
    public var form: String?
    /// The form of the previous stage this condition starts from, when it is not its default (`base_form`):
    /// "galar" for Perrserker, which only Galarian Meowth becomes.
    public var fromForm: String?
    /// The Pokémon `form` is (`evolved_form`'s id): Alolan Raichu, 10100.
    public var formPokemonID: Int?
    /// The Pokémon `fromForm` is (`base_form`'s id): Galarian Meowth, 10161.
    public var fromPokemonID: Int?

    public init(trigger: String) {
        self.trigger = trigger
    }
}

extension EvolutionChainRecord: APIDecodable {
    private struct Wire: Decodable {
        var id: Int
        var chain: Link
    }

    /// `chain` and `evolves_to` as PokeAPI nests them.
    private struct Link: Decodable {
        var species: NamedReference
        var is_baby: Bool?
        var evolution_details: [Detail]
        var evolves_to: [Link]
    }

    private struct Detail: Decodable {
        var trigger: NamedReference?
        var min_level: Int?
        var item: NamedReference?
        var held_item: NamedReference?
        var time_of_day: String?
        var min_happiness: Int?
        var min_affection: Int?
        var min_beauty: Int?
        var known_move: NamedReference?
        var known_move_type: NamedReference?
        var location: NamedReference?
        var near_special_rock: Bool?
        var gender: Int?
        var needs_overworld_rain: Bool?
        var turn_upside_down: Bool?
        var trade_species: NamedReference?
        var party_species: NamedReference?
        var party_type: NamedReference?
        var relative_physical_stats: Int?
        var min_move_count: Int?
        var used_move: NamedReference?
        var min_steps: Int?
        var min_damage_taken: Int?
        var region: NamedReference?
        var needs_multiplayer: Bool?
        var base_form: NamedReference?
        var evolved_form: NamedReference?

        /// `species` is the stage this detail leads to, `parent` the one it starts from.
        func condition(species: String, parent: String?) -> EvolutionCondition {
            var c = EvolutionCondition(trigger: trigger?.name ?? "other")
            c.minLevel = min_level
            c.item = item?.name
            c.heldItem = held_item?.name
            c.timeOfDay = time_of_day.flatMap { $0.isEmpty ? nil : $0 }
            c.minHappiness = min_happiness
            c.minAffection = min_affection
            c.minBeauty = min_beauty
            c.knownMove = known_move?.name
            c.knownMoveType = known_move_type?.name
            c.location = location?.name
            c.nearSpecialRock = near_special_rock == true ? true : nil
            c.gender = gender
            c.needsOverworldRain = needs_overworld_rain == true ? true : nil
            c.turnUpsideDown = turn_upside_down == true ? true : nil
            c.tradeSpecies = trade_species?.name
            c.partySpecies = party_species?.name
            c.partyType = party_type?.name
            c.relativePhysicalStats = relative_physical_stats
            c.minMoveCount = min_move_count
            c.usedMove = used_move?.name
            c.minSteps = min_steps
            c.minDamageTaken = min_damage_taken
            c.region = region?.name
            c.needsMultiplayer = needs_multiplayer == true ? true : nil
            c.form = Self.formPart(evolved_form?.name, of: species)
            if c.form != nil { c.formPokemonID = evolved_form.flatMap { resourceID(fromURL: $0.url) } }
            c.fromForm = parent.flatMap { Self.formPart(base_form?.name, of: $0) }
            if c.fromForm != nil { c.fromPokemonID = base_form.flatMap { resourceID(fromURL: $0.url) } }
            return c
        }

        /// The named resources this detail refers to, for their names.
        var references: [ResourceReference] {
            let named: [(NamedKind, NamedReference?)] = [
                (.item, item), (.item, held_item), (.move, known_move), (.move, used_move), (.location, location),
                (.region, region),
            ]
            return named.compactMap { kind, reference in
                guard let reference, let id = resourceID(fromURL: reference.url) else { return nil }
                return ResourceReference(kind: kind, id: id, name: reference.name)
            }
        }

        /// "ninetales-alola" of "ninetales" → "alola"; nil for the species' own name or none.
        static func formPart(_ pokemon: String?, of species: String) -> String? {
            guard let pokemon, pokemon != species else { return nil }
            return pokemon.hasPrefix(species + "-") ? String(pokemon.dropFirst(species.count + 1)) : pokemon
        }
    }

    public static func decodeAPI(_ data: Data) throws -> EvolutionChainRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        var references = Set<ResourceReference>()
        func node(_ link: Link, parent: String?, path: [any CodingKey]) throws -> EvolutionNode {
            guard let id = resourceID(fromURL: link.species.url) else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: path + [AnyCodingKey("species"), AnyCodingKey("url")],
                    debugDescription: "no numeric id at the end of \(link.species.url)"))
            }
            var children: [EvolutionNode] = []
            for detail in link.evolution_details { references.formUnion(detail.references) }
            for (index, child) in link.evolves_to.enumerated() {
                children.append(try node(child, parent: link.species.name,
                                         path: path + [AnyCodingKey("evolves_to"), AnyCodingKey(index)]))
            }
            return EvolutionNode(speciesID: id, speciesName: link.species.name, isBaby: link.is_baby ?? false,
                                 conditions: link.evolution_details.map { $0.condition(species: link.species.name, parent: parent) },
                                 evolvesTo: children)
        }
        let chain = try node(wire.chain, parent: nil, path: [AnyCodingKey("chain")])
        return EvolutionChainRecord(id: wire.id, chain: chain, references: references.sorted {
            ($0.kind, $0.id) < ($1.kind, $1.id)
        })
    }
}

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
                let place = words.names.english(.location, location)
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
        let item = { names.english(.item, $0) }
        let move = { names.english(.move, $0) }
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
        if let region { needs.append("in \(names.english(.region, region))") }
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
