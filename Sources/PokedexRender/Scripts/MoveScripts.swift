import Foundation
import PokedexModel
import PokedexSource
import PokedexSupport

/// The moves' scripts of one build, by site path: every move's figures, every move's names, and each Pokémon's
/// learnset (by Pokémon id). Their names carry their content's hash.
struct MoveScripts: Sendable {
    var moves: String
    var names: String
    var learnsets: [Int: String]
    /// Every script's path and bytes, in a fixed order.
    var files: [(path: String, data: Data)]

    static let movesScript = "assets/pokedex-moves.js"
    static let namesScript = "assets/pokedex-move-names.js"
    static let learnsetFolder = "learnsets"

    /// `learnsetFiles`: the learnset scripts, when already made for another language (they are the same files).
    init(_ pokedex: Pokedex, catalog: MoveCatalog, learnsetFiles: [LearnsetFile]? = nil) throws {
        let moves = try Self.moves(catalog)
        self.moves = SiteRenderer.hashedName(Self.movesScript, moves)
        let names = try Self.names(catalog)
        self.names = SiteRenderer.hashedName(Self.namesScript, names)
        let learnsetFiles = try learnsetFiles ?? Self.learnsetFiles(pokedex)
        learnsets = Dictionary(learnsetFiles.map { ($0.id, $0.path) }, uniquingKeysWith: { first, _ in first })
        files =
            [(self.moves, moves), (self.names, names)]
            + learnsetFiles.compactMap { file in file.data.map { (file.path, $0) } }
    }

    /// One Pokémon's learnset script: the same file, at the site root, for every language.
    struct LearnsetFile: Sendable {
        var id: Int
        var path: String
        /// nil once sent: the site's stream holds the bytes until they are written, so the render need not.
        var data: Data?
    }

    /// The learnset script of every Pokémon that learns something in some game.
    static func learnsetFiles(_ pokedex: Pokedex) throws -> [LearnsetFile] {
        try pokedex.entries.filter { pokedex.moves.defaultGame(of: $0.record.learnset) != nil }.map { entry in
            let data = try learnset(entry)
            return LearnsetFile(
                id: entry.id,
                path: SiteRenderer.hashedName("\(learnsetFolder)/\(entry.slug).js", data),
                data: data
            )
        }
    }

    /// `window.POKEDEX_MOVES`, version 1: what the game picker needs to build another game's tables.
    ///   types: [[name, label, page]…] (page: the type's page from the site root, "" without one); categories: [[name, label]…]
    ///   moves: {id: [slug, name, type index, category index, power, accuracy, pp]} (null where PokeAPI has none)
    ///   machines: {move id: {version group id: "TM24"}}
    ///   methods: {method id: [kind, label]} ("level-up", "machine", "egg", "tutor", "other"); machineLabels:
    ///   {version group id: "TM / HM"} (the machine group's label in that game)
    ///   machineKinds: what the pages' language calls TMs, HMs and TRs, in that order (["CT", "CS", "DT"]): machines
    ///   are ordered by kind, then number
    ///   eras: {move id: [[[version group id…], type index, power, accuracy, pp]…]}: the values of a move whose
    ///   values changed, in the older games (today's are its row), so that an older game's learnset shows them
    struct MovesPayload: Encodable {
        var version = 1
        var types: [[String]]
        var categories: [[String]]
        var moves: [String: MoveRow]
        var machines: [String: [String: String]]
        var methods: [String: [String]]
        var machineLabels: [String: String]
        var machineKinds: [String]
        var eras: [String: [EraRow]]
    }

    /// A move's values in some older games: `[[version group id…], type index, power, accuracy, pp]`.
    struct EraRow: Encodable {
        var games: [Int]
        var type: Int
        var power: Int?
        var accuracy: Int?
        var pp: Int?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(games)
            try container.encode(type)
            try container.encode(power)
            try container.encode(accuracy)
            try container.encode(pp)
        }
    }

    struct MoveRow: Encodable {
        var slug: String
        var name: String
        var type: Int
        var category: Int
        var power: Int?
        var accuracy: Int?
        var pp: Int?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(slug)
            try container.encode(name)
            try container.encode(type)
            try container.encode(category)
            try container.encode(power)
            try container.encode(accuracy)
            try container.encode(pp)
        }
    }

    static func moves(_ catalog: MoveCatalog) throws -> Data {
        var types: [TypeContext] = []
        var categories: [CategoryContext] = []
        var rows: [String: MoveRow] = [:]
        var machines: [String: [String: String]] = [:]
        let games = catalog.book.games.keys.sorted()
        var eras: [String: [EraRow]] = [:]
        for move in catalog.ordered {
            // The type page's path from the site root, "" without one.
            let type = SiteRenderer.typeContext(move.type, names: catalog.names, pages: catalog.typePages, root: "")
            let category = catalog.category(move)
            if !types.contains(where: { $0.name == type.name }) { types.append(type) }
            if !categories.contains(where: { $0.name == category.name }) { categories.append(category) }
            rows[String(move.id)] = MoveRow(
                slug: catalog.slugs[move.id] ?? "",
                name: catalog.label(move),
                type: types.firstIndex { $0.name == type.name }!,
                category: categories.firstIndex { $0.name == category.name }!,
                power: move.shownPower,
                accuracy: move.shownAccuracy,
                pp: move.pp
            )
            if let older = catalog.eras[move.id] {
                eras[String(move.id)] = older.map { era in
                    let type = SiteRenderer.typeContext(
                        era.type,
                        names: catalog.names,
                        pages: catalog.typePages,
                        root: ""
                    )
                    if !types.contains(where: { $0.name == type.name }) { types.append(type) }
                    return EraRow(
                        games: era.groups,
                        type: types.firstIndex { $0.name == type.name }!,
                        power: era.power == 0 ? nil : era.power,
                        accuracy: era.accuracy == 0 ? nil : era.accuracy,
                        pp: era.pp
                    )
                }
            }
            for game in games {
                if let machine = catalog.book.machine(move: move.id, versionGroup: game) {
                    machines[String(move.id), default: [:]][String(game)] = machine
                }
            }
        }
        var methods: [String: [String]] = [:]
        var machineLabels: [String: String] = [:]
        for entry in catalog.learners.byMove.values {
            for (game, byMethod) in entry {
                for method in byMethod.keys where methods[String(method)] == nil {
                    methods[String(method)] = [
                        catalog.book.kind(ofMethod: method).key, catalog.book.label(ofMethod: method),
                    ]
                }
                if machineLabels[String(game)] == nil,
                    let machine = byMethod.keys.first(where: { catalog.book.kind(ofMethod: $0) == .machine })
                {
                    machineLabels[String(game)] = catalog.book.label(ofMethod: machine, in: game)
                }
            }
        }
        let payload = MovesPayload(
            types: types.map { [$0.name, $0.label, $0.href] },
            categories: categories.map { [$0.name, $0.label] },
            moves: rows,
            machines: machines,
            methods: methods,
            machineLabels: machineLabels,
            machineKinds: catalog.book.machineKindLabels,
            eras: eras
        )
        return try DataScript.script("POKEDEX_MOVES", payload, path: movesScript)
    }

    /// `window.POKEDEX_MOVE_NAMES`, version 1: {languages: [[code, label, bcp47]…], entries: [[[move id], name,
    /// mask, name, mask…]…]}, as the Pokémon names script writes them.
    static func names(_ catalog: MoveCatalog) throws -> Data {
        var codes: [String] = []
        for move in catalog.ordered {
            for name in move.names where !codes.contains(name.language) { codes.append(name.language) }
        }
        let entries = catalog.ordered.map { DataScript.NamesEntry(ids: [$0.id], names: $0.names, languages: codes) }
        let payload = DataScript.NamesPayload(
            version: 1,
            languages: codes.map(DataScript.language),
            entries: entries.filter { !$0.names.isEmpty }
        )
        return try DataScript.script("POKEDEX_MOVE_NAMES", payload, path: namesScript)
    }

    /// `window.POKEDEX_LEARNSET = {version: 1, id, learnset}`: the Pokémon's moves in every game, in the cache's
    /// compact form (`Learnset.compact`: `vg:method=move.level,move;method=move vg:…`).
    struct LearnsetPayload: Encodable {
        var version = 1
        var id: Int
        var learnset: String
    }

    static func learnset(_ entry: PokemonEntry) throws -> Data {
        try learnsetScript(
            id: entry.id,
            compact: entry.record.learnset.compact,
            path: "\(learnsetFolder)/\(entry.slug).js"
        )
    }

    /// `DataScript.script` of a `LearnsetPayload`. A learnset's compact form is numbers and separators only, which
    /// JSON and a script take as they are: then the same bytes without an encoder per file (a build writes 1,300).
    static func learnsetScript(id: Int, compact: String, path: String) throws -> Data {
        let plain = compact.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "."),
                UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "-"):
                true
            default: false
            }
        }
        guard plain else {
            return try DataScript.script("POKEDEX_LEARNSET", LearnsetPayload(id: id, learnset: compact), path: path)
        }
        return Data("window.POKEDEX_LEARNSET = {\"id\":\(id),\"learnset\":\"\(compact)\",\"version\":1};\n".utf8)
    }
}
