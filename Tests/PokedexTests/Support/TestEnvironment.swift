import Foundation
import Logging
import Testing

@testable import PokedexPipeline
@testable import PokedexSource
@testable import PokedexSupport

/// Retries as the real policy does them, with waits and timeouts small enough for a test suite.
// Short delays, but timeouts a loaded machine does not reach with healthy answers: a full `swift test` runs every
// suite at once, and on 2 busy cores connecting took over 2 s and answers over 5 s (retried, so counts were off).
let fastRetry = RetryPolicy(
    maxAttempts: 3,
    baseDelay: 0.01,
    maxDelay: 0.05,
    totalBudget: 120,
    readTimeout: 20,
    connectTimeout: 10,
    attemptDeadline: 120
)

let quietLogger = Logger(label: "pokedex-tests") { _ in SwiftLogNoOpLogHandler() }

/// Where the package is: two levels above this file's folder.
let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // PokedexTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

/// One test's world: a running fixture server and a scratch folder holding the output, cache, theme and
/// favorites file.
final class TestEnvironment: Sendable {
    let server: TestServer
    let root: URL

    var output: URL { root.appendingPathComponent("Output") }
    var cache: URL { root.appendingPathComponent("cache") }
    var favorites: URL { root.appendingPathComponent("favorites.json") }
    var testTheme: URL { root.appendingPathComponent("theme") }

    init(server: TestServer, root: URL) {
        self.server = server
        self.root = root
    }

    static func makeScratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("pokedex-tests-\(UUID().uuidString.prefix(12))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Resolve symlinks (/tmp may be one) so paths compare equal to what OutputFolder resolves.
        return folder.resolvingSymlinksInPath()
    }

    /// Options for a build against this environment's server and folders. No data snapshot unless asked: the
    /// pipeline tests are about the network and the cache.
    /// `listPageSize` defaults to `perPage`: most tests count list requests and index pages alike.
    func options(
        mode: FetchMode = .normal,
        images: ImageMode = .local,
        limit: Int? = nil,
        perPage: Int = 5,
        listPageSize: Int? = nil,
        concurrency: Int = 4,
        retry: RetryPolicy = fastRetry,
        templates: URL? = nil,
        snapshot: SnapshotChoice = .off,
        baseURL: String? = nil,
        languages: [String] = ["en"]
    ) -> BuildOptions {
        var options = BuildOptions(
            apiBase: server.apiBase,
            output: output.path,
            cache: cache.path,
            templates: (templates ?? testTheme).path,
            favorites: favorites.path,
            limit: limit,
            perPage: perPage,
            listPageSize: listPageSize ?? perPage,
            concurrency: concurrency,
            mode: mode,
            images: images,
            snapshot: snapshot,
            baseURL: baseURL,
            retry: retry,
            currentDirectory: root.path
        )
        options.languages = languages
        return options
    }

    @discardableResult
    func build(
        mode: FetchMode = .normal,
        images: ImageMode = .local,
        limit: Int? = nil,
        perPage: Int = 5,
        listPageSize: Int? = nil,
        retry: RetryPolicy = fastRetry,
        templates: URL? = nil,
        snapshot: SnapshotChoice = .off,
        baseURL: String? = nil,
        languages: [String] = ["en"],
        logger: Logger = quietLogger,
        now: @escaping @Sendable () -> Date = Date.init
    ) async throws -> BuildSummary {
        let options = options(
            mode: mode,
            images: images,
            limit: limit,
            perPage: perPage,
            listPageSize: listPageSize,
            retry: retry,
            templates: templates,
            snapshot: snapshot,
            baseURL: baseURL,
            languages: languages
        )
        return try await SiteBuilder(options: options, logger: logger, now: now).run()
    }

    /// Runs a build expected to fail, returning its error.
    func failingBuild(
        mode: FetchMode = .normal,
        limit: Int? = nil,
        retry: RetryPolicy = fastRetry,
        snapshot: SnapshotChoice = .off,
        now: @escaping @Sendable () -> Date = Date.init,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> PokedexError? {
        do {
            let summary = try await build(mode: mode, limit: limit, retry: retry, snapshot: snapshot, now: now)
            Issue.record(
                "the build succeeded (\(summary.line)) where it should have failed",
                sourceLocation: sourceLocation
            )
            return nil
        } catch let error as PokedexError {
            return error
        } catch {
            Issue.record("not a PokedexError: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    func writeFavorites(_ text: String) throws {
        try Data(text.utf8).write(to: favorites)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(relative), encoding: .utf8)
    }

    /// The published path of a file whose name carries its hash: "assets/pokedex-data.js" →
    /// "assets/pokedex-data.1a2b3c4d.js" (the only such file in the site).
    func hashed(_ logical: String) throws -> String {
        let name = logical as NSString
        let folder = name.deletingLastPathComponent
        let stem = (name.lastPathComponent as NSString).deletingPathExtension
        let ext = name.pathExtension
        let matches = pathsBelow(output.appendingPathComponent(folder)).filter { file in
            guard file.hasPrefix(stem + "."), file.hasSuffix("." + ext) else { return false }
            let hash = file.dropFirst(stem.count + 1).dropLast(ext.count + 1)
            return hash.count == 8 && hash.allSatisfy(\.isHexDigit)
        }
        try #require(matches.count == 1, "\(logical): \(matches.count) hashed copies in \(folder)/")
        return folder.isEmpty ? matches[0] : "\(folder)/\(matches[0])"
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: output.appendingPathComponent(relative).path)
    }
}

/// A running server and a scratch folder for `body`; both are gone afterwards, whatever `body` did.
func withEnvironment<T>(_ body: (TestEnvironment) async throws -> T) async throws -> T {
    let server = try await TestServer.start()
    let root: URL
    do {
        root = try TestEnvironment.makeScratchFolder()
        try TestTheme.write(to: root.appendingPathComponent("theme"))
    } catch {
        await server.stop()
        throw error
    }
    let environment = TestEnvironment(server: server, root: root)
    do {
        let result = try await body(environment)
        await server.stop()
        try? FileManager.default.removeItem(at: root)
        return result
    } catch {
        await server.stop()
        try? FileManager.default.removeItem(at: root)
        throw error
    }
}

/// A clock `seconds` ahead of the real one.
func clock(ahead seconds: Double) -> @Sendable () -> Date {
    { Date().addingTimeInterval(seconds) }
}

/// One day and a bit: past the fixtures' `max-age=86400`.
let pastMaxAge: Double = 86_400 + 3_600

// MARK: Trees of files

/// Every regular file below `folder`, by relative path, with its bytes.
func snapshot(_ folder: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return files }
    for case let relative as String in enumerator {
        let url = folder.appendingPathComponent(relative)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            continue
        }
        files[relative] = try Data(contentsOf: url)
    }
    return files
}

func modificationDates(_ folder: URL) throws -> [String: Date] {
    var dates: [String: Date] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return dates }
    for case let relative as String in enumerator {
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(relative).path)
        if attributes[.type] as? FileAttributeType == .typeRegular {
            dates[relative] = attributes[.modificationDate] as? Date
        }
    }
    return dates
}

func pathsBelow(_ folder: URL) -> [String] {
    (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
}

/// A minimal theme that shows everything the pipeline tests look for, independent of the real theme
/// (which is being restyled): the real `Templates/` is exercised by the golden tests.
enum TestTheme {
    static let index = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        {{#site.offlineBanner}}<p class="offline">{{site.offlineBanner}}</p>{{/site.offlineBanner}}
        <ul>
        {{#pokemon}}<li><a href="{{href}}">{{number}} {{name}}</a> <img src="{{image.src}}" width="{{image.width}}" height="{{image.height}}" alt="{{image.alt}}">{{#types}} <span class="type-{{name}}">{{label}}</span>{{/types}}</li>
        {{/pokemon}}
        </ul>
        {{#pagination}}<nav>{{#pages}}{{^isGap}}<a href="{{href}}">{{number}}</a> {{/isGap}}{{/pages}}</nav>{{/pagination}}
        </body></html>

        """

    static let pokemon = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        {{#site.offlineBanner}}<p class="offline">{{site.offlineBanner}}</p>{{/site.offlineBanner}}
        {{#detail}}
        <h1>{{number}} {{name}}</h1>
        <img src="{{image.src}}" width="{{image.width}}" height="{{image.height}}" alt="{{image.alt}}">
        <p class="genus">{{genus}}</p>
        <p class="flavor">{{flavorText}}</p>
        <p class="exp">{{baseExperience}}</p>
        <p class="height">{{height.metric}} / {{height.imperial}}</p>
        <p class="weight">{{weight.metric}} / {{weight.imperial}}</p>
        {{#types}}<span class="type-{{name}}">{{label}}</span>{{/types}}
        {{#abilities}}<span class="ability">{{label}}</span>{{/abilities}}
        {{#stats}}<span class="stat">{{short}} {{value}}</span>{{/stats}}
        {{#previous}}<a rel="prev" href="{{href}}">{{label}}</a>{{/previous}}
        {{#next}}<a rel="next" href="{{href}}">{{label}}</a>{{/next}}
        {{/detail}}
        </body></html>

        """

    static let favorites = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        {{#site.offlineBanner}}<p class="offline">{{site.offlineBanner}}</p>{{/site.offlineBanner}}
        <ul>{{#favorites}}<li><a href="{{href}}">{{name}}</a></li>{{/favorites}}</ul>
        {{^hasFavorites}}<p>No favorites.</p>{{/hasFavorites}}
        {{#unknownFavorites}}<p class="unknown">{{entry}}{{#suggestion}} (did you mean {{suggestion}}?){{/suggestion}}</p>{{/unknownFavorites}}
        </body></html>

        """

    static let move = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        {{#move}}<h1>{{name}}</h1> <span class="type-{{type.name}}">{{type.label}}</span> <span class="cat">{{category.label}}</span>
        <p class="figures">{{power}} / {{accuracy}} / {{pp}}</p>
        {{#learnerGroups}}<ul>{{#cells}}<li><a href="{{href}}">{{name}}</a></li>{{/cells}}</ul>{{/learnerGroups}}{{/move}}
        </body></html>

        """

    static let moves = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        <table>{{#movesIndex}}{{#rows}}<tr><td><a href="{{slug}}.html">{{name}}</a></td><td>{{power}}</td></tr>{{/rows}}{{/movesIndex}}</table>
        </body></html>

        """

    static let ability = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        {{#ability}}<h1>{{name}}</h1>{{#shortEffect}}<p class="effect">{{.}}</p>{{/shortEffect}}
        {{#groups}}<ul class="{{key}}">{{#cells}}<li><a href="{{href}}">{{name}}</a></li>{{/cells}}</ul>{{/groups}}{{/ability}}
        </body></html>

        """

    static let abilities = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        <table>{{#abilitiesIndex}}{{#rows}}<tr><td><a href="{{href}}">{{name}}</a></td><td>{{summary}}</td></tr>{{/rows}}{{/abilitiesIndex}}</table>
        </body></html>

        """

    static let type = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        {{#typePage}}<h1>{{type.label}}</h1>{{#attack}}<p class="attack-{{key}}">{{#types}}{{label}} {{/types}}</p>{{/attack}}
        {{#defence}}<p class="defence-{{key}}">{{#types}}{{label}} {{/types}}</p>{{/defence}}
        <ul>{{#pokemon}}<li><a href="{{href}}">{{name}}</a></li>{{/pokemon}}</ul>{{/typePage}}
        </body></html>

        """

    static let types = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        {{#typeChart}}<table>{{#rows}}<tr><th>{{type.label}}</th>{{#cells}}<td title="{{title}}">{{text}}</td>{{/cells}}</tr>{{/rows}}</table>{{/typeChart}}
        </body></html>

        """

    static let location = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        {{#place}}<h1>{{name}}</h1>{{#region}}<p class="region">{{.}}</p>{{/region}}
        {{#games}}<h2>{{games}}</h2><ul>{{#visitors}}<li>{{#cell}}<a href="{{href}}">{{name}}</a>{{/cell}} {{how}} · {{figures}}</li>{{/visitors}}</ul>{{/games}}{{/place}}
        </body></html>

        """

    static let locations = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        {{#placesIndex}}{{#regions}}<h2>{{label}}</h2><ul>{{#places}}<li><a href="{{href}}">{{name}}</a></li>{{/places}}</ul>{{/regions}}{{/placesIndex}}
        </body></html>

        """

    static let pokedex = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        {{#dex}}<h1>{{name}}</h1><p class="games">{{games}}</p>
        <ul>{{#pokemon}}<li><a href="{{href}}">{{name}}</a> {{note}}</li>{{/pokemon}}</ul>{{/dex}}
        </body></html>

        """

    static let pokedexes = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        <table>{{#dexesIndex}}{{#rows}}<tr><td><a href="{{href}}">{{name}}</a></td><td>{{count}}</td></tr>{{/rows}}{{/dexesIndex}}</table>
        </body></html>

        """

    static let calculator = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        {{#calculator}}<form data-types="{{typeNames}}" data-chart="{{chart}}"><select>{{#abilities}}<option value="{{name}}" data-rule="{{rule}}">{{label}}</option>{{/abilities}}</select></form>{{/calculator}}
        </body></html>

        """

    static let compare = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        {{#compare}}<section data-fragment-state data-types="{{typeNames}}" data-chart="{{chart}}" data-abilities="{{root}}{{abilitiesScript}}">{{#stats}}<p data-stat="{{name}}">{{label}}</p>{{/stats}}{{#levels}}<p data-level="{{level}}">{{label}}</p>{{/levels}}</section>{{/compare}}
        </body></html>

        """

    static let natures = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        <table>{{#natures}}{{#rows}}<tr><th>{{label}}</th><td>{{raises}}</td><td>{{lowers}}</td><td>{{likes}}</td><td>{{dislikes}}</td></tr>{{/rows}}{{/natures}}</table>
        </body></html>

        """

    static let item = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        {{#item}}<h1>{{name}}</h1>{{#picture}}<img src="{{src}}" alt="">{{/picture}}<p>{{category}} · {{pocket}}</p>{{#holders}}{{#cell}}<a href="{{href}}">{{name}}</a>{{/cell}} {{rarities}}{{/holders}}{{/item}}
        </body></html>

        """

    static let items = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        {{#itemsIndex}}{{#categories}}<h2>{{label}}</h2>{{#rows}}<a href="{{href}}">{{name}}</a>{{/rows}}{{/categories}}{{/itemsIndex}}
        </body></html>

        """

    static let search = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        <p>Search. <a href="{{root}}index.html">The Pokédex</a></p>
        </body></html>

        """

    static let notFound = """
        <!doctype html>
        <html><head><meta charset="utf-8"><title>{{pageTitle}}</title></head><body>
        <p>Not found. <a href="{{root}}index.html">The Pokédex</a></p>
        </body></html>

        """

    static func write(to folder: URL) throws {
        let files = [
            "index.mustache": index, "pokemon.mustache": pokemon, "favorites.mustache": favorites,
            "404.mustache": notFound, "move.mustache": move, "moves.mustache": moves, "ability.mustache": ability,
            "abilities.mustache": abilities, "type.mustache": type, "types.mustache": types, "search.mustache": search,
            "location.mustache": location, "locations.mustache": locations, "pokedex.mustache": pokedex,
            "pokedexes.mustache": pokedexes, "calculator.mustache": calculator,
            "compare.mustache": compare, "natures.mustache": natures, "item.mustache": item,
            "items.mustache": items,
            "assets/placeholder.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"/>\n",
            "assets/site.css": "body { font-family: sans-serif; }\n",
        ]
        for (relative, text) in files {
            let url = folder.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(text.utf8).write(to: url)
        }
    }
}

extension PokedexError.Reason {
    var isIncomplete: Bool {
        if case .incomplete = self { return true }
        return false
    }

    var missing: [String] {
        if case .incomplete(let missing) = self { return missing }
        return []
    }
}
