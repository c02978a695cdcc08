import Foundation
package import PokedexSource
import PokedexSupport

/// A game as the pages name it: a version group ("scarlet-violet") called by its versions ("Scarlet & Violet").
package struct Game: Sendable, Equatable, Encodable {
    /// `/version-group/{id}`.
    package var id: Int
    /// API name: "scarlet-violet".
    package var name: String
    /// "Scarlet & Violet": its versions' English names.
    package var label: String
    /// PokeAPI's `order`: the newest game has the highest.
    package var order: Int
    package var generation: Int?
}

/// How a move is learned, as the Moves section groups it.
package enum LearnMethodKind: Sendable, Equatable, Comparable {
    case levelUp
    case machine
    case egg
    case tutor
    /// Any other method PokeAPI names ("form-change", "light-ball-egg"…), by its id.
    case other(Int)

    init(apiName: String?, id: Int) {
        switch apiName {
        case "level-up": self = .levelUp
        case "machine": self = .machine
        case "egg": self = .egg
        case "tutor": self = .tutor
        default: self = .other(id)
        }
    }

    /// "level-up", "machine", "egg", "tutor", "other": for CSS classes and scripts.
    package var key: String {
        switch self {
        case .levelUp: "level-up"
        case .machine: "machine"
        case .egg: "egg"
        case .tutor: "tutor"
        case .other: "other"
        }
    }
}

/// One move a Pokémon learns by one method in one game.
package struct LearnedMove: Sendable, Equatable {
    package var move: MoveRecord
    /// Level-up moves: the level (0: on evolution).
    package var level: Int
    /// Machine moves: "TM24", "HM01", "TR12" ("CT24" in French, "わざマシン24" in Japanese); nil when the machine
    /// is not known.
    package var machine: String?
    /// The machine's item, by API name ("tm24"): what machines are ordered by, whatever the language.
    package var machineItem: String? = nil
}

/// The moves learned one way in one game: "Level up", then its moves in order.
package struct LearnGroup: Sendable, Equatable {
    package var kind: LearnMethodKind
    /// `/move-learn-method/{id}`.
    package var method: Int
    /// "Level up", "TM / HM", "Egg moves", "Tutor", or PokeAPI's own words ("Form Change").
    package var label: String
    package var moves: [LearnedMove]
}

/// Every move the site shows, the games they are learned in and the machines that teach them; one place answers
/// what a move is called, what it does and who learns it where.
package struct MoveBook: Sendable, Equatable {
    struct Method: Sendable, Equatable, Encodable {
        /// API name: "level-up".
        var name: String
        /// English name: "Level up".
        var label: String
    }

    /// By id.
    package private(set) var moves: [Int: MoveRecord]
    /// Machine item by move id, then version group id: "tm24".
    private var machineItems: [Int: [Int: String]]
    /// What each machine teaches: by item API name ("tm24"), the moves with the version groups it teaches each in
    /// (a TM's number teaches different moves in different games).
    package private(set) var machineMoves: [String: [MachineMove]]
    /// The kinds of machine ("tm", "hm", "tr") each version group has, by its id.
    private var machineKinds: [Int: Set<String>]
    /// What the pages' language calls each machine, by item API name ("tm01" → "CT01"); an item not here is its
    /// API name in capitals ("TM01"), as English says it.
    private var machineNames: [String: String] = [:]
    /// What the language calls each kind of machine ("tm" → "CT", "わざマシン"), when its items say.
    private var machineKindNames: [String: String] = [:]
    /// By version group id.
    package private(set) var games: [Int: Game]
    /// By method id.
    private var methods: [Int: Method]
    /// What games and methods are named from, to name them again in another language (`localized(_:)`).
    private var versionGroupRecords: [Int: VersionGroupRecord] = [:]
    private var methodRecords: [NamesRecord] = []
    /// The language the labels are in (PokeAPI's code).
    private var language = "en"
    /// Each move's place in the order lists give moves of the same level or machine: by its name in the book's
    /// language without case, accents or width ("Éclair" among the E's in French), then as written, then by id.
    /// Made once per language: the names folded and compared for every row of every page showed in a render's
    /// profile (Benchmarks/README.md).
    private var nameRanks: [Int: Int] = [:]

    package init(
        moves: [Int: MoveRecord] = [:],
        machines: [Int: MachineRecord] = [:],
        versionGroups: [Int: VersionGroupRecord] = [:],
        names: NameBook = NameBook(),
        methods: [NamesRecord] = []
    ) {
        self.moves = moves
        var items: [Int: [Int: String]] = [:]
        for machine in machines.values.sorted(by: { $0.id < $1.id }) {
            items[machine.move, default: [:]][machine.versionGroup] =
                items[machine.move]?[machine.versionGroup] ?? machine.item
        }
        machineItems = items
        machineMoves = Self.machineMoves(items)
        var kinds: [Int: Set<String>] = [:]
        for machine in machines.values {
            kinds[machine.versionGroup, default: []].insert(Self.machinePrefix(machine.item))
        }
        machineKinds = kinds
        versionGroupRecords = versionGroups
        methodRecords = methods
        self.games = Self.games(versionGroups, names: names)
        self.methods = Self.methods(methods, names: names)
        (machineNames, machineKindNames) = Self.machineNames(Set(items.values.flatMap(\.values)), names: names)
        nameRanks = Self.nameRanks(moves.values, names: names)
    }

    /// `moves` ranked by name as `nameRanks` says, whatever the builder's locale.
    static func nameRanks(_ moves: some Sequence<MoveRecord>, names: NameBook) -> [Int: Int] {
        let keyed = moves.map { move -> (folded: String, name: String, id: Int) in
            let name = names.name(.move, move.name)
            return (sortKey(name), name, move.id)
        }.sorted { ($0.folded, $0.name, $0.id) < ($1.folded, $1.name, $1.id) }
        var ranks: [Int: Int] = [:]
        ranks.reserveCapacity(keyed.count)
        for (rank, key) in keyed.enumerated() { ranks[key.id] = rank }
        return ranks
    }

    /// A name without case, accents or width, whatever the builder's locale.
    static func sortKey(_ name: String) -> String {
        name.folding(
            options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive],
            locale: Locale(identifier: "en")
        )
    }

    /// The same book with its games and learn methods named in `names`' language (their English names where
    /// PokeAPI has none in it).
    package func localized(_ names: NameBook) -> MoveBook {
        var copy = self
        copy.games = Self.games(versionGroupRecords, names: names)
        copy.methods = Self.methods(methodRecords, names: names)
        copy.language = names.language
        (copy.machineNames, copy.machineKindNames) = Self.machineNames(
            Set(machineItems.values.flatMap(\.values)),
            names: names
        )
        copy.nameRanks = Self.nameRanks(moves.values, names: names)
        return copy
    }

    /// The machines' names in `names`' language where PokeAPI has them ("CT01", "わざマシン01": digits as ASCII,
    /// as the site writes numbers), and each kind's name without its number.
    static func machineNames(_ items: Set<String>, names: NameBook) -> ([String: String], [String: String]) {
        guard names.language != "en" else { return ([:], [:]) }
        var byItem: [String: String] = [:]
        var byKind: [String: String] = [:]
        for item in items.sorted() {
            guard let own = names.own(.item, item) else { continue }
            let said = asciiDigits(own)
            byItem[item] = said
            let kind = machinePrefix(item)
            let stem = String(said.reversed().drop { $0.isASCII && ($0.isNumber || $0 == " ") }.reversed())
            if byKind[kind] == nil, !stem.isEmpty, stem != said { byKind[kind] = stem }
        }
        return (byItem, byKind)
    }

    /// "わざマシン０１" → "わざマシン01": full-width digits as ASCII.
    static func asciiDigits(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    (0xFF10...0xFF19).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFF10 + 0x30)! : scalar
                }
            )
        )
    }

    static func games(_ versionGroups: [Int: VersionGroupRecord], names: NameBook) -> [Int: Game] {
        var games: [Int: Game] = [:]
        for group in versionGroups.values {
            let labels = group.versions.map { names.name(.version, $0.name) }
            var label = labels.isEmpty ? DisplayName.titleCase(group.name) : names.words.games(labels)
            // Japan's own Red, Green and Blue share their English names with the games released abroad.
            if group.name.hasSuffix("-japan") { label = Placeholders.fill(names.words.japanOnly, ["games": label]) }
            games[group.id] = Game(
                id: group.id,
                name: group.name,
                label: label,
                order: group.order ?? group.id,
                generation: group.generation
            )
        }
        return games
    }

    static func methods(_ methods: [NamesRecord], names: NameBook) -> [Int: Method] {
        var byID: [Int: Method] = [:]
        for method in methods {
            byID[method.id] = Method(name: method.name, label: names.name(.moveLearnMethod, method.name))
        }
        return byID
    }

    package func game(_ id: Int) -> Game {
        games[id] ?? Game(id: id, name: "version-group-\(id)", label: "Version group \(id)", order: id, generation: nil)
    }

    /// The games of `learnset` that have moves the site knows, newest first.
    package func games(of learnset: Learnset) -> [Game] {
        learnset.versionGroups.filter { group in learnset.entries(in: group).contains { moves[$0.move] != nil } }
            .map(game).sorted { $0.order != $1.order ? $0.order > $1.order : $0.id > $1.id }
    }

    /// The game the Moves section opens on: the newest in which the Pokémon learns moves by level up, else the
    /// newest in which it learns any.
    package func defaultGame(of learnset: Learnset) -> Game? {
        let games = games(of: learnset)
        return games.first { game in
            learnset.entries(in: game.id).contains { kind(ofMethod: $0.method) == .levelUp && moves[$0.move] != nil }
        } ?? games.first
    }

    package func kind(ofMethod id: Int) -> LearnMethodKind {
        LearnMethodKind(apiName: methods[id]?.name, id: id)
    }

    /// "Level up", "TM / HM", "Egg moves", "Tutor", or PokeAPI's English name of any other method.
    package func label(ofMethod id: Int, in game: Int? = nil) -> String {
        let kind = kind(ofMethod: id)
        // Another language says PokeAPI's names of the methods; English keeps the site's own ("Egg moves").
        if language != "en", kind != .machine, let own = methods[id]?.label { return own }
        switch kind {
        case .levelUp: return "Level up"
        case .machine:
            // Says which machines this game has: "TM / HM" in the older games, "TM / TR" in Sword & Shield.
            let prefixes = game.flatMap { machineKinds[$0] } ?? []
            let said = Self.machineKindOrder.filter(prefixes.contains).map { machineKindNames[$0] ?? $0.uppercased() }
            return said.isEmpty ? machineKindNames["tm"] ?? "TM" : said.joined(separator: " / ")
        case .egg: return "Egg moves"
        case .tutor: return "Tutor"
        case .other: return methods[id]?.label ?? "Method \(id)"
        }
    }

    /// "TM24" for the machine that teaches `move` in `versionGroup`, when known ("CT24" in French).
    package func machine(move: Int, versionGroup: Int) -> String? {
        machineItems[move]?[versionGroup].map { machineNames[$0] ?? $0.uppercased() }
    }

    /// The machine's item ("tm24"): its order whatever the language calls it.
    package func machineItem(move: Int, versionGroup: Int) -> String? {
        machineItems[move]?[versionGroup]
    }

    /// A move a machine teaches, with the version groups it teaches it in.
    package struct MachineMove: Sendable, Equatable {
        package var move: Int
        package var versionGroups: [Int]
    }

    /// What each machine teaches, by item API name ("tm24"), made once from `machineItems` (every item page asks).
    static func machineMoves(_ machineItems: [Int: [Int: String]]) -> [String: [MachineMove]] {
        var byItem: [String: [Int: [Int]]] = [:]
        for (move, groups) in machineItems {
            for (group, item) in groups { byItem[item, default: [:]][move, default: []].append(group) }
        }
        return byItem.mapValues { moves in
            moves.sorted { $0.key < $1.key }.map { MachineMove(move: $0.key, versionGroups: $0.value.sorted()) }
        }
    }

    /// TMs, then HMs, then TRs.
    static let machineKindOrder = ["tm", "hm", "tr"]

    /// The names of the kinds of machine in their order ("CT", "CS", "DT"): the moves script's order for the labels
    /// it is given.
    package var machineKindLabels: [String] {
        Self.machineKindOrder.map { machineKindNames[$0] ?? $0.uppercased() }
    }

    /// "tm" of "tm24" (machine items are ASCII: no Unicode letter tables needed).
    static func machinePrefix(_ item: String) -> String {
        String(decoding: item.utf8.prefix { $0 >= 65 && $0 <= 90 || $0 >= 97 && $0 <= 122 }, as: UTF8.self).lowercased()
    }

    /// TMs, then HMs, then TRs, each by number; unknown machines last. From the item's API name ("tm24").
    static func machineOrder(_ label: String?) -> (Int, Int, String) {
        guard let label else { return (9, 0, "") }
        let prefix = machinePrefix(label)
        let number = Int(label.dropFirst(prefix.count)) ?? Int.max
        return (["tm": 0, "hm": 1, "tr": 2][prefix] ?? 3, number, label)
    }

    /// The moves of `learnset` in `game`, grouped by method (level up, machines, egg, tutor, then any other by
    /// id): level-up moves by level, machines by number, the rest by name. Moves the site does not know are left out.
    package func groups(of learnset: Learnset, in game: Int, names: NameBook) -> [LearnGroup] {
        var byMethod: [Int: [LearnedMove]] = [:]
        for entry in learnset.entries(in: game) {
            guard let move = moves[entry.move] else { continue }
            let isMachine = kind(ofMethod: entry.method) == .machine
            byMethod[entry.method, default: []].append(
                LearnedMove(
                    move: move,
                    level: entry.level,
                    machine: isMachine ? machine(move: entry.move, versionGroup: game) : nil,
                    machineItem: isMachine ? machineItem(move: entry.move, versionGroup: game) : nil
                )
            )
        }
        // Names in another language than the book's are ranked here, for these moves only.
        let ranks =
            names.language == language
            ? nameRanks
            : Self.nameRanks(byMethod.values.joined().map(\.move), names: names)
        return byMethod.sorted { a, b in
            let (ka, kb) = (kind(ofMethod: a.key), kind(ofMethod: b.key))
            return ka != kb ? ka < kb : a.key < b.key
        }.map { method, learned in
            let kind = kind(ofMethod: method)
            // Each move's sort key made once, not in every comparison (a page sorts a few hundred moves).
            let keyed = learned.map { learned -> (key: (Int, Int, Int), move: LearnedMove) in
                let rank = ranks[learned.move.id] ?? Int.max
                switch kind {
                case .levelUp: return ((learned.level, 0, rank), learned)
                case .machine:
                    let order = Self.machineOrder(learned.machineItem)
                    return ((order.0, order.1, rank), learned)
                default: return ((0, 0, rank), learned)
                }
            }
            let moves = keyed.sorted { $0.key < $1.key }.map(\.move)
            return LearnGroup(kind: kind, method: method, label: label(ofMethod: method, in: game), moves: moves)
        }
    }

    /// `short_effect` (or, without one, `effect`) with `$effect_chance` filled in.
    package func shortEffect(of move: MoveRecord) -> String? {
        (move.shortEffect ?? move.effect).map { Self.fill($0, chance: move.effectChance) }
    }

    /// The long `effect` with `$effect_chance` filled in, only where it says more than the short one.
    package func longEffect(of move: MoveRecord) -> String? {
        guard let effect = move.effect.map({ Self.fill($0, chance: move.effectChance) }) else { return nil }
        let short = shortEffect(of: move)
        func folded(_ text: String?) -> String {
            (text ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        return folded(effect) == folded(short) ? nil : effect
    }

    /// PokeAPI's effects say `$effect_chance%` for the move's chance; without one, "a chance".
    static func fill(_ text: String, chance: Int?) -> String {
        guard text.contains("$effect_chance") else { return text }
        if let chance { return text.replacingOccurrences(of: "$effect_chance", with: String(chance)) }
        return text.replacingOccurrences(of: "a $effect_chance% chance", with: "a chance")
            .replacingOccurrences(of: "$effect_chance%", with: "some")
            .replacingOccurrences(of: "$effect_chance", with: "some")
    }
}

/// Which exported Pokémon learn each move, in which game and how: the move pages' lists, made once for all.
package struct MoveLearners: Sendable {
    /// One exported Pokémon learning the move one way. Two 32-bit numbers: a build holds some 600,000.
    package struct Learner: Sendable, Equatable {
        private let storedEntry: Int32
        private let storedLevel: Int32
        /// Index into `Pokedex.entries`.
        package var entry: Int { Int(storedEntry) }
        package var level: Int { Int(storedLevel) }

        /// `entry` indexes an array, and a learnset's level is 16 bits (`Learnset.Entry`): both fit.
        init(entry: Int, level: Int) {
            storedEntry = Int32(clamping: entry)
            storedLevel = Int32(clamping: level)
        }
    }

    /// By move id, then version group id, then method id: the listed learners in site order (a form that only
    /// looks different learns what its species does, and is left to its species' cell).
    package private(set) var byMove: [Int: [Int: [Int: [Learner]]]]
    /// Every move some exported Pokémon learns, listed or not: the ones that get a page.
    package let moveIDs: Set<Int>

    package init(entries: [PokemonEntry], book: MoveBook) {
        // Arrays indexed by dense ids, not a table keyed by (move, game, method): the real data has 638,321
        // entries, and hashing a key for each was most of the time.
        let known = Set(book.moves.keys)
        var moves = DenseIndex(arrayBound: 1 << 16)
        var games = DenseIndex(arrayBound: 1 << 12)
        var methods = DenseIndex(arrayBound: 1 << 12)
        var learned = Set<Int>()
        // Pass 1: which games and methods there are (a slot per pair in each move's row).
        for index in entries.indices where entries[index].isListed {
            for learned in entries[index].record.learnset.entries {
                _ = games.index(of: learned.versionGroup)
                _ = methods.index(of: learned.method)
            }
        }
        let slotsPerMove = games.count * methods.count
        // Pass 2: each listed learner into its move's slot for (game, method), in site order.
        var rows: [[[Learner]]] = []
        for index in entries.indices {
            // The learnset through the array, not a copy of the whole entry.
            let learnset = entries[index].record.learnset.entries
            guard entries[index].isListed else {
                learned.formUnion(learnset.lazy.map(\.move).filter(known.contains))
                continue
            }
            for learned in learnset {
                let move: Int
                if let seen = moves.existingIndex(of: learned.move) {
                    move = seen
                } else {
                    guard known.contains(learned.move) else { continue }
                    move = moves.index(of: learned.move)
                    rows.append(Array(repeating: [], count: slotsPerMove))
                }
                let slot = games.index(of: learned.versionGroup) * methods.count + methods.index(of: learned.method)
                rows[move][slot].append(Learner(entry: index, level: learned.level))
            }
        }
        var byMove: [Int: [Int: [Int: [Learner]]]] = [:]
        for (move, row) in zip(moves.ids, rows) {
            var byGame: [Int: [Int: [Learner]]] = [:]
            for (slot, learners) in row.enumerated() where !learners.isEmpty {
                // A copy of its own size: grown by appending, the arrays kept spare room (Benchmarks/README.md).
                byGame[games.ids[slot / methods.count], default: [:]][methods.ids[slot % methods.count]] = Array(
                    learners[...]
                )
            }
            byMove[move] = byGame
        }
        self.byMove = byMove
        moveIDs = learned.union(byMove.keys)
    }

    /// Ids numbered 0, 1, 2… in the order first seen: by an array for ids below `arrayBound`, a table above.
    struct DenseIndex {
        private var small: [Int32]
        private var large: [Int: Int] = [:]
        private(set) var ids: [Int] = []
        var count: Int { ids.count }

        init(arrayBound: Int) {
            small = Array(repeating: -1, count: arrayBound)
        }

        func existingIndex(of id: Int) -> Int? {
            if id >= 0 && id < small.count { return small[id] < 0 ? nil : Int(small[id]) }
            return large[id]
        }

        mutating func index(of id: Int) -> Int {
            if let existing = existingIndex(of: id) { return existing }
            if id >= 0 && id < small.count { small[id] = Int32(ids.count) } else { large[id] = ids.count }
            ids.append(id)
            return ids.count - 1
        }
    }

    /// The games `move` is learned in, newest first.
    package func games(of move: Int, book: MoveBook) -> [Game] {
        (byMove[move] ?? [:]).keys.map(book.game).sorted { $0.order != $1.order ? $0.order > $1.order : $0.id > $1.id }
    }

    /// How many exported Pokémon learn `move` in `game`, whatever the method.
    package func count(of move: Int, in game: Int) -> Int {
        Set((byMove[move]?[game] ?? [:]).values.flatMap { $0.map(\.entry) }).count
    }
}

extension MoveBook: Encodable {
    /// In a fixed order (dictionaries have none): the render inputs' digest is made from it.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for (_, move) in moves.sorted(by: { $0.key < $1.key }) { try container.encode(move) }
        for (move, byGroup) in machineItems.sorted(by: { $0.key < $1.key }) {
            for (group, item) in byGroup.sorted(by: { $0.key < $1.key }) {
                try container.encode([String(move), String(group), item])
            }
        }
        for (_, game) in games.sorted(by: { $0.key < $1.key }) { try container.encode(game) }
        for (id, method) in methods.sorted(by: { $0.key < $1.key }) {
            try container.encode(String(id))
            try container.encode(method)
        }
    }
}
