import Foundation
import Mustache  // hummingbird's swift-mustache, the engine pokedex used before its own: here an oracle only
import PokedexMustache
import Testing

@testable import PokedexModel
@testable import PokedexRender
@testable import PokedexSource

/// pokedex's own engine against swift-mustache over the same value trees: every page of a site that has every
/// kind of context (cells, details with chains, matchups, forms, pictures and names, pagination, favorites
/// known and unknown, social cards, the service worker) must come out byte for byte the same. The real site's
/// pages are compared in `realSnapshotPagesMatchTheOracle`.
@Suite struct EngineOracleTests {
    /// A value tree as swift-mustache reads contexts: objects answer `child(named:)`, lists are arrays.
    struct OracleObject: MustacheParent {
        let object: TemplateObject
        func child(named key: String) -> Any? { object[key].flatMap(OracleObject.value) }

        static func value(_ value: TemplateValue) -> Any? {
            switch value {
            case .null: nil
            case .bool(let bool): bool
            case .int(let int): int
            case .double(let double): double
            case .string(let string): string
            case .list(let list): list.map { OracleObject.value($0) as Any }
            case .object(let object): OracleObject(object: object)
            }
        }
    }

    /// swift-mustache with the built-in theme's templates.
    static func oracle() throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, text) in try Self.templateTexts() {
            library.register(try MustacheTemplate(string: text), named: name)
        }
        return library
    }

    /// The built-in theme's templates by name.
    static func templateTexts() throws -> [String: String] {
        var texts: [String: String] = [:]
        for (path, data) in EmbeddedTheme.files() where path.hasSuffix(".mustache") {
            texts[String(path.dropLast(".mustache".count))] = String(decoding: data, as: UTF8.self)
        }
        return texts
    }

    /// Renders every job with both engines and records each page that differs (its first differing line).
    static func compare(_ jobs: [PageJob], theme: Theme) throws -> Int {
        let oracle = try oracle()
        // Ours reads the words below the page's context; swift-mustache reads them from the context itself.
        let words = SiteRenderer.PageWords(theme.strings(for: "en"))
        guard case .object(let wordsObject) = words.tree, let t = wordsObject["t"] else {
            Issue.record("the words are not an object with `t`")
            return 0
        }
        var compared = 0
        for job in jobs {
            let tree = job.context.flaggedTree
            let ours = String(decoding: try theme.render(job.template, tree, globals: words.tree), as: UTF8.self)
            guard case .object(var object) = tree else {
                Issue.record("\(job.path): the context is not an object")
                continue
            }
            object.set("t", t)
            guard let theirs = oracle.render(OracleObject(object: object), withTemplate: job.template) else {
                Issue.record("\(job.path): swift-mustache rendered nothing")
                continue
            }
            if ours != theirs {
                if let folder = ProcessInfo.processInfo.environment["ORACLE_DUMP"] {
                    let name = job.path.replacingOccurrences(of: "/", with: "_")
                    try? ours.write(toFile: "\(folder)/\(name).ours", atomically: true, encoding: .utf8)
                    try? theirs.write(toFile: "\(folder)/\(name).theirs", atomically: true, encoding: .utf8)
                }
                let pair = zip(
                    ours.split(separator: "\n", omittingEmptySubsequences: false),
                    theirs.split(separator: "\n", omittingEmptySubsequences: false)
                ).first { $0 != $1 }
                Issue.record(
                    "\(job.path) differs from swift-mustache's: \(pair.map { "ours \($0.0)\ntheirs \($0.1)" } ?? "in length")"
                )
            }
            compared += 1
        }
        return compared
    }

    static func jobsOfKind(_ kind: String, _ jobs: [PageJob]) -> Int {
        jobs.count { $0.template == kind }
    }

    static let assets = {
        var assets = AssetsContext(names: [
            "assets/style.css": "assets/style.1.css", "assets/app.js": "assets/app.1.js",
        ])
        assets[.data] = "assets/data.1.js"
        assets[.favorites] = "assets/favorites.js"
        return assets
    }()

    @Test func everyKindOfPageMatchesTheOracle() throws {
        let theme = try Theme(overrides: nil)
        for baseURL in [nil, "https://example.com/dex/"] {
            let jobs = try Self.everyKindOfPage(theme: theme, baseURL: baseURL)
            #expect(try Self.compare(jobs, theme: theme) == jobs.count)
        }
    }

    /// The pages of a site that has every kind of context, and its service worker.
    static func everyKindOfPage(theme: Theme, baseURL: String?) throws -> [PageJob] {
        var entries = try ModelTests.entries()
        // One local picture with thumbnails (srcset, social image), the rest remote.
        entries[0].image = .local(path: "images/1.png", width: 475, height: 475)
        let ids = entries.prefix(3).map(\.id)
        let favorites = FavoritesResolution(
            ids: ids,
            unknown: [
                .init(entry: "missingno", suggestion: "missing"),
                .init(entry: "<b>&'\"", suggestion: nil),
            ]
        )
        var chains: [Int: EvolutionChainRecord] = [:]
        for (id, stage) in Fixtures.chains { chains[id] = try Fixtures.chainRecord(id: id, stage) }
        let pokedex = Pokedex(
            entries: entries,
            favorites: favorites,
            dataAge: .snapshot(Date(timeIntervalSince1970: 0), bundled: true),
            chains: chains,
            typeChart: try Fixtures.typeRecords()
        )
        let renderer = SiteRenderer(theme: theme, perPage: 5, baseURL: baseURL)
        return try renderer.pages(pokedex, assets: Self.assets)
            + [renderer.workerJob(fingerprints: [:], assets: Self.assets)]
    }

    /// Every page of the real site, from the bundled snapshot (1,351 Pokémon, their forms, chains, names), with
    /// local pictures and thumbnails for some, remote ones or placeholders for the others, and favorites.
    @Test func realSnapshotPagesMatchTheOracle() throws {
        let snapshot = try DataSnapshot.bundled()
        let records = Dictionary(snapshot.pokemon.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var images: [Int: ImageSource] = [:]
        var thumbnails: [String: [Thumbnail]] = [:]
        for record in snapshot.pokemon {
            switch record.id % 3 {
            case 0:
                let path = "images/\(record.id).png"
                images[record.id] = .local(path: path, width: 475, height: 475)
                thumbnails[path] = [
                    Thumbnail(path: "images/\(record.id)-128.webp", width: 128, height: 128),
                    Thumbnail(path: "images/\(record.id)-256.webp", width: 256, height: 256),
                ]
            case 1: images[record.id] = record.sprites.officialArtwork.map { .remote(url: $0) } ?? .placeholder
            default: images[record.id] = .placeholder
            }
        }
        let data = DataSet(
            list: snapshot.list,
            records: records,
            species: Dictionary(snapshot.species.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            chains: Dictionary(snapshot.evolutionChains.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            types: Dictionary(snapshot.types.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            forms: Dictionary(snapshot.forms.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            versionGroups: Dictionary(
                snapshot.versionGroups.map { ($0.id, $0) },
                uniquingKeysWith: { first, _ in first }
            ),
            named: snapshot.named.mapValues {
                Dictionary($0.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            },
            moves: Dictionary(snapshot.moves.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            machines: Dictionary(snapshot.machines.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            abilities: Dictionary(snapshot.abilities.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
            missing: []
        )
        let names = data.nameBook
        let entries = Pokedex.entries(
            list: data.list,
            records: data.records,
            species: data.species,
            images: images,
            thumbnails: thumbnails,
            forms: data.forms,
            names: names
        )
        let favorites = FavoritesResolution(ids: [25, 10100, 83, 122, 772], unknown: [])
        let moves = MoveBook(
            moves: data.moves,
            machines: data.machines,
            versionGroups: data.versionGroups,
            names: names,
            methods: (data.named[.moveLearnMethod] ?? [:]).values.sorted { $0.id < $1.id }
        )
        let pokedex = Pokedex(
            entries: entries,
            favorites: favorites,
            dataAge: nil,
            chains: data.chains,
            typeChart: data.typeChart,
            names: names,
            moves: moves,
            abilities: data.abilities
        )
        #expect(entries.count == snapshot.list.count)
        let theme = try Theme(overrides: nil)
        let renderer = SiteRenderer(theme: theme, perPage: 24, baseURL: "https://example.org/dex/")
        let jobs = try renderer.pages(pokedex, assets: Self.assets)
        // Every move page and the moves index too.
        #expect(Self.jobsOfKind("move", jobs) > 800 && Self.jobsOfKind("moves", jobs) == 1)
        #expect(try Self.compare(jobs, theme: theme) == jobs.count)
    }
}
