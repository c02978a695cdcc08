package import Foundation

// Moves: what each Pokémon learns in every game (`/pokemon/{id}` → `moves`), the moves themselves (`/move/{id}`)
// and the machines that teach them (`/machine/{id}`). A Pokémon's `moves` is most of its 1.3 MB of JSON; the
// learnset keeps four numbers an entry, written as one compact string so that a cached record stays small and
// decodes fast.

/// Every move a Pokémon learns, in every version group, by every method PokeAPI names.
package struct Learnset: Sendable, Equatable, Hashable {
    /// One way to learn one move in one version group. Four 16-bit numbers, not four `Int`s: a build holds hundreds of
    /// thousands of them (Benchmarks/README.md). PokeAPI's largest are far below 65,536: move 10018, version group 32,
    /// learn method 12, level 100.
    package struct Entry: Sendable, Equatable, Hashable, Comparable {
        private let storedVersionGroup: UInt16
        private let storedMethod: UInt16
        private let storedMove: UInt16
        private let storedLevel: UInt16

        /// `/version-group/{id}`.
        package var versionGroup: Int { Int(storedVersionGroup) }
        /// `/move-learn-method/{id}`: level up, machine, egg, tutor…
        package var method: Int { Int(storedMethod) }
        /// `/move/{id}`.
        package var move: Int { Int(storedMove) }
        /// The level for level-up moves (0: on evolution, in the newer games); 0 otherwise.
        package var level: Int { Int(storedLevel) }

        /// Numbers outside 0...UInt16.max are clamped; data read from outside goes through `fitting`, which refuses them.
        package init(versionGroup: Int, method: Int, move: Int, level: Int) {
            storedVersionGroup = UInt16(clamping: versionGroup)
            storedMethod = UInt16(clamping: method)
            storedMove = UInt16(clamping: move)
            storedLevel = UInt16(clamping: level)
        }

        /// nil when a number is negative or beyond 16 bits, which no PokeAPI id or level is.
        static func fitting(versionGroup: Int, method: Int, move: Int, level: Int) -> Entry? {
            guard UInt16(exactly: versionGroup) != nil, UInt16(exactly: method) != nil, UInt16(exactly: move) != nil,
                UInt16(exactly: level) != nil
            else { return nil }
            return Entry(versionGroup: versionGroup, method: method, move: move, level: level)
        }

        package static func < (a: Entry, b: Entry) -> Bool {
            (a.storedVersionGroup, a.storedMethod, a.storedMove, a.storedLevel)
                < (b.storedVersionGroup, b.storedMethod, b.storedMove, b.storedLevel)
        }
    }

    /// Sorted, each entry once.
    package private(set) var entries: [Entry]

    package init(_ entries: [Entry] = []) {
        // The compact form is written in order, each entry once: reading it back needs no sort.
        let ordered = zip(entries, entries.dropFirst()).allSatisfy { $0 < $1 }
        self.entries = ordered ? entries : Array(Set(entries)).sorted()
    }

    package var isEmpty: Bool { entries.isEmpty }

    /// The version groups it has entries in, by id.
    package var versionGroups: [Int] {
        var seen: [Int] = []
        for entry in entries where seen.last != entry.versionGroup { seen.append(entry.versionGroup) }
        return seen
    }

    /// The entries of one version group, in order (by method, then move).
    package func entries(in versionGroup: Int) -> ArraySlice<Entry> {
        entries[firstIndex { $0.versionGroup >= versionGroup }..<firstIndex { $0.versionGroup > versionGroup }]
    }

    /// The first index whose entry satisfies `isPast` (entries are sorted, so those that do come last).
    private func firstIndex(where isPast: (Entry) -> Bool) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(entries[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// `vg:method=move.level,move;method=move vg:…`: version groups apart by spaces, methods by `;`, moves by
    /// `,`, a level after a dot only when it is not 0. Ids only, so nothing needs escaping.
    package var compact: String {
        // Written through a pointer into room for the longest form (four numbers of at most five digits and four
        // separators an entry): every build writes 1,300 learnset scripts from this and digests as many, and a
        // byte at a time through `append` showed in a rebuild's profile (Benchmarks/README.md).
        String(unsafeUninitializedCapacity: max(1, entries.count * 24)) { buffer in
            var count = 0
            func write(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            func write(_ number: Int) {
                var digits = 1
                var rest = number / 10
                while rest > 0 {
                    digits += 1
                    rest /= 10
                }
                var value = number
                var at = count + digits
                count = at
                repeat {
                    at -= 1
                    buffer[at] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                } while value > 0
            }
            var last: Entry?
            for entry in entries {
                if last?.versionGroup != entry.versionGroup {
                    if last != nil { write(UInt8(ascii: " ")) }
                    write(entry.versionGroup)
                    write(UInt8(ascii: ":"))
                    write(entry.method)
                    write(UInt8(ascii: "="))
                } else if last?.method != entry.method {
                    write(UInt8(ascii: ";"))
                    write(entry.method)
                    write(UInt8(ascii: "="))
                } else {
                    write(UInt8(ascii: ","))
                }
                write(entry.move)
                if entry.level != 0 {
                    write(UInt8(ascii: "."))
                    write(entry.level)
                }
                last = entry
            }
            return count
        }
    }

    /// Reads `compact`; nil when the text is not of that form.
    package init?(compact text: String) {
        // Over the contiguous bytes: the text is read twice, and the view's indices cost more than the reading.
        var text = text
        guard let entries = text.withUTF8(Self.entries(compact:)) else { return nil }
        self.init(entries)
    }

    private static func entries(compact text: UnsafeBufferPointer<UInt8>) -> [Entry]? {
        var entries: [Entry] = []
        // One entry per separator and one more: the exact size, not the slack of an array grown by appending.
        var separators = 0
        for byte in text where byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: " ") {
            separators += 1
        }
        entries.reserveCapacity(1 + separators)
        var versionGroup = 0
        var method = 0
        var move = 0
        var level = 0
        var number = 0
        var hasNumber = false
        // Which number is being read: 0 version group, 1 method, 2 move, 3 level.
        var field = 0
        func finishMove() -> Bool {
            guard versionGroup > 0, method > 0, move > 0,
                let entry = Entry.fitting(versionGroup: versionGroup, method: method, move: move, level: level)
            else { return false }
            entries.append(entry)
            return true
        }
        for byte in text {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (product, overflow) = number.multipliedReportingOverflow(by: 10)
                let (sum, carry) = product.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                guard !overflow, !carry else { return nil }
                number = sum
                hasNumber = true
                continue
            case UInt8(ascii: ":"):
                guard field == 0, hasNumber else { return nil }
                versionGroup = number
                field = 1
            case UInt8(ascii: "="):
                guard field == 1, hasNumber else { return nil }
                method = number
                field = 2
            case UInt8(ascii: "."):
                guard field == 2, hasNumber else { return nil }
                move = number
                field = 3
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: " "):
                guard field >= 2, hasNumber else { return nil }
                if field == 2 { move = number } else { level = number }
                guard finishMove() else { return nil }
                level = 0
                field = byte == UInt8(ascii: ",") ? 2 : byte == UInt8(ascii: ";") ? 1 : 0
            default:
                return nil
            }
            number = 0
            hasNumber = false
        }
        if !text.isEmpty {
            guard field >= 2, hasNumber else { return nil }
            if field == 2 { move = number } else { level = number }
            guard finishMove() else { return nil }
        }
        return entries
    }
}

extension Learnset: Codable {
    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let learnset = Learnset(compact: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "not a learnset: \(text.prefix(40))"
                )
            )
        }
        self = learnset
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(compact)
    }
}

/// The parts of `/move/{id}` the site shows.
package struct MoveRecord: Codable, Sendable, Equatable {
    /// A machine that teaches the move in one version group.
    package struct Machine: Codable, Sendable, Equatable {
        package var versionGroup: Int
        /// `/machine/{id}`, which names the item ("tm24").
        package var machine: Int
    }

    package var id: Int
    /// API name: "thunderbolt".
    package var name: String
    /// "Thunderbolt", "Tonnerre", "１０まんボルト": in every language PokeAPI has.
    package var names: [LocalizedName]
    /// API name of its type: "electric".
    package var type: String
    var typeID: Int?
    /// "physical", "special", "status"; nil when PokeAPI says none.
    package var damageClass: String?
    var damageClassID: Int?
    package var power: Int?
    package var accuracy: Int?
    package var pp: Int?
    package var priority: Int
    /// API name: "selected-pokemon".
    package var target: String?
    var targetID: Int?
    /// 1 for generation-i.
    package var generation: Int?
    /// The percentage `$effect_chance` stands for in the effect texts.
    package var effectChance: Int?
    /// As PokeAPI writes them (with `$effect_chance` unfilled), in each language it has them in.
    package var effects: [LocalizedEffect]
    /// The newest flavor text in each language, normalised (see `FlavorText`).
    package var flavorTexts: [LocalizedName]
    package var machines: [Machine]
    /// Its values before version groups changed them, in PokeAPI's order (see `MoveHistory`).
    package var past: [PastMoveValues] = []

    /// Power and accuracy as the games show them: PokeAPI writes 0 for "none" in a few records (Dragon Cheer),
    /// where the games show a dash; no move has a power or an accuracy of 0.
    package var shownPower: Int? { power == 0 ? nil : power }
    package var shownAccuracy: Int? { accuracy == 0 ? nil : accuracy }

    /// English, as PokeAPI writes them (with `$effect_chance` unfilled).
    package var shortEffect: String? { effects.first { $0.language == "en" }?.shortEffect }
    package var effect: String? { effects.first { $0.language == "en" }?.effect }
    /// The newest English flavor text.
    package var flavorText: String? { flavorTexts.first { $0.language == "en" }?.name }

    package init(
        id: Int,
        name: String,
        names: [LocalizedName],
        type: String,
        typeID: Int? = nil,
        damageClass: String?,
        damageClassID: Int? = nil,
        power: Int?,
        accuracy: Int?,
        pp: Int?,
        priority: Int = 0,
        target: String? = nil,
        targetID: Int? = nil,
        generation: Int? = nil,
        effectChance: Int? = nil,
        shortEffect: String? = nil,
        effect: String? = nil,
        flavorText: String? = nil,
        machines: [Machine] = [],
        effects: [LocalizedEffect] = [],
        flavorTexts: [LocalizedName] = [],
        past: [PastMoveValues] = []
    ) {
        self.id = id
        self.name = name
        self.names = names
        self.type = type
        self.typeID = typeID
        self.damageClass = damageClass
        self.damageClassID = damageClassID
        self.power = power
        self.accuracy = accuracy
        self.pp = pp
        self.priority = priority
        self.target = target
        self.targetID = targetID
        self.generation = generation
        self.effectChance = effectChance
        self.effects =
            (shortEffect != nil || effect != nil
                ? [LocalizedEffect(language: "en", shortEffect: shortEffect, effect: effect)] : []) + effects
        self.flavorTexts = (flavorText.map { [LocalizedName(language: "en", name: $0)] } ?? []) + flavorTexts
        self.machines = machines
        self.past = past
    }
}

/// The parts of `/machine/{id}` the site shows: which item teaches which move in which version group.
package struct MachineRecord: Codable, Sendable, Equatable {
    package var id: Int
    /// API name of the item: "tm24", "hm01", "tr12", "tm001".
    package var item: String
    /// Where `/item/{id}/` tells what the games call the machine ("CT01", "わざマシン01").
    package var itemID: Int?
    package var move: Int
    package var versionGroup: Int

    package init(id: Int, item: String, itemID: Int? = nil, move: Int, versionGroup: Int) {
        self.id = id
        self.item = item
        self.itemID = itemID
        self.move = move
        self.versionGroup = versionGroup
    }
}

extension MoveRecord: APIDecodable {
    private struct Wire: Decodable {
        struct Flavor: Decodable {
            var flavor_text: String
            var language: NamedReference
        }
        struct MachineSlot: Decodable {
            var machine: URLReference
            var version_group: NamedReference
        }
        var id: Int
        var name: String
        var names: [WireName]?
        var type: NamedReference
        var damage_class: NamedReference?
        var power: Int?
        var accuracy: Int?
        var pp: Int?
        var priority: Int?
        var target: NamedReference?
        var generation: NamedReference?
        var effect_chance: Int?
        var effect_entries: [WireEffect]?
        var flavor_text_entries: [Flavor]?
        var machines: [MachineSlot]?
        var past_values: [WirePastMoveValues]?
    }

    package static func decodeAPI(_ data: Data) throws -> MoveRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        return MoveRecord(
            id: wire.id,
            name: wire.name,
            names: (wire.names ?? []).map(\.localized).filter { !$0.name.isEmpty },
            type: wire.type.name,
            typeID: resourceID(fromURL: wire.type.url),
            damageClass: wire.damage_class?.name,
            damageClassID: wire.damage_class.flatMap { resourceID(fromURL: $0.url) },
            power: wire.power,
            accuracy: wire.accuracy,
            pp: wire.pp,
            priority: wire.priority ?? 0,
            target: wire.target?.name,
            targetID: wire.target.flatMap { resourceID(fromURL: $0.url) },
            generation: wire.generation.flatMap { resourceID(fromURL: $0.url) },
            effectChance: wire.effect_chance,
            // A machine whose URL has no id cannot be looked up: left out rather than failing the move.
            machines: (wire.machines ?? []).compactMap { slot in
                guard let machine = resourceID(fromURL: slot.machine.url),
                    let group = resourceID(fromURL: slot.version_group.url)
                else { return nil }
                return Machine(versionGroup: group, machine: machine)
            },
            effects: LocalizedTexts.effects(
                (wire.effect_entries ?? []).map { ($0.language.name, $0.short_effect, $0.effect) }
            ),
            flavorTexts: LocalizedTexts.newestFlavor(
                (wire.flavor_text_entries ?? []).map { ($0.language.name, $0.flavor_text) }
            ),
            past: PastMoveValues.decoded(wire.past_values)
        )
    }
}

extension MachineRecord: APIDecodable {
    private struct Wire: Decodable {
        var id: Int
        var item: NamedReference
        var move: NamedReference
        var version_group: NamedReference
    }

    package static func decodeAPI(_ data: Data) throws -> MachineRecord {
        let wire = try JSONDecoder().decode(Wire.self, from: data)
        guard let move = resourceID(fromURL: wire.move.url), let group = resourceID(fromURL: wire.version_group.url)
        else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: [AnyCodingKey("move")],
                    debugDescription: "no numeric id in the move's or version group's URL"
                )
            )
        }
        return MachineRecord(
            id: wire.id,
            item: wire.item.name,
            itemID: resourceID(fromURL: wire.item.url),
            move: move,
            versionGroup: group
        )
    }
}

extension Learnset {
    /// PokeAPI's `moves` of a Pokémon: entries whose URLs carry no id (or one beyond 16 bits) are left out.
    static func decodeAPI(_ slots: [PokemonMoveSlot]) -> Learnset {
        var entries: [Entry] = []
        for slot in slots {
            guard let move = resourceID(fromURL: slot.move.url) else { continue }
            for detail in slot.version_group_details {
                guard let group = resourceID(fromURL: detail.version_group.url),
                    let method = resourceID(fromURL: detail.move_learn_method.url)
                else { continue }
                guard
                    let entry = Entry.fitting(
                        versionGroup: group,
                        method: method,
                        move: move,
                        level: max(0, detail.level_learned_at ?? 0)
                    )
                else { continue }
                entries.append(entry)
            }
        }
        return Learnset(entries)
    }
}

/// One element of `/pokemon/{id}`'s `moves`. Only the references' URLs are read: Pikachu has 1,135 of these
/// entries.
struct PokemonMoveSlot: Decodable {
    struct Detail: Decodable {
        var level_learned_at: Int?
        var move_learn_method: URLReference
        var version_group: URLReference
    }
    var move: URLReference
    var version_group_details: [Detail]
}
