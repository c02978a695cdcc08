import AsyncHTTPClient
import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import PokedexOutput
import PokedexSource
import Testing

@testable import PokedexPipeline
@testable import PokedexServe
@testable import PokedexSupport

/// `pokedex serve` over real sockets: a site built from the fixtures, served on a free loopback port, read with an
/// HTTP client (and, for paths a client would tidy up, a raw socket).
@Suite struct ServeTests {
    @Test func pagesAreServedWithTheReloadScriptWhichTheFilesOnDiskDoNotHold() async throws {
        try await withEnvironment { env in
            try await withServe(env, templates: GoldenTests.templates) { serve in
                let (index, body) = try await serve.get("/index.html")
                #expect(index.status == .ok)
                #expect(index.headers["content-type"].first?.hasPrefix("text/html") == true)
                #expect(body.contains(#"<meta name="pokedex-serve" content="live-reload">"#))
                #expect(body.contains(#"<script src="/__pokedex/live-reload.js" defer></script>"#))
                // Before </head>, after the page's own head.
                let script = try #require(body.range(of: "/__pokedex/live-reload.js"))
                let headEnd = try #require(body.range(of: "</head>"))
                #expect(script.lowerBound < headEnd.lowerBound)
                let onDisk = try env.read("index.html")
                #expect(!onDisk.contains("pokedex-serve") && !onDisk.contains("__pokedex"))
                #expect(body.utf8.count == onDisk.utf8.count + LiveReload.markup.utf8.count)
                #expect(try await serve.get("/").body == body)
                #expect(try await serve.get("/pokemon/pikachu.html").body.contains("/__pokedex/live-reload.js"))

                let (head, headBody) = try await serve.get("/index.html", method: .HEAD)
                #expect(head.status == .ok)
                #expect(head.headers["content-length"].first == String(body.utf8.count))
                #expect(headBody.isEmpty)

                // FileMiddleware's conditional and partial answers, on the file as served.
                let etag = try #require(index.headers["etag"].first)
                #expect(
                    try await serve.get("/index.html", headers: ["If-None-Match": etag]).response.status == .notModified
                )
                // By ETag only: a date also matches a copy of the file kept from another server (without the markup).
                let dated = ["If-Modified-Since": "Fri, 01 Jan 2100 00:00:00 GMT"]
                #expect(try await serve.get("/index.html", headers: dated).response.status == .ok)
                let (part, partBody) = try await serve.get("/index.html", headers: ["Range": "bytes=0-14"])
                #expect(part.status == .partialContent)
                #expect(partBody == String(body.prefix(15)))
                #expect(index.headers["cache-control"].first == "no-cache")

                let style = try env.hashed("assets/style.css")
                let (css, _) = try await serve.get("/" + style)
                #expect(css.status == .ok)
                #expect(css.headers["content-type"].first?.hasPrefix("text/css") == true)
                let cssOnDisk = try env.read(style)
                #expect(try await serve.get("/" + style).body == cssOnDisk)

                let (reloadScript, scriptBody) = try await serve.get(LiveReload.scriptPath)
                #expect(reloadScript.status == .ok)
                #expect(reloadScript.headers["content-type"].first?.hasPrefix("text/javascript") == true)
                #expect(scriptBody.contains("new EventSource('/__pokedex/events')"))
                #expect(!env.exists("__pokedex"))
            }
        }
    }

    @Test func onlyGETAndHEADAreAnswered() async throws {
        try await withEnvironment { env in
            try await withServe(env) { serve in
                for method in [HTTPMethod.POST, .PUT, .DELETE, .PATCH] {
                    let (response, _) = try await serve.get("/index.html", method: method)
                    #expect(response.status == .methodNotAllowed, "\(method)")
                    #expect(response.headers["allow"].first == "GET, HEAD")
                }
                #expect(try await serve.get(LiveReload.eventsPath, method: .POST).response.status == .methodNotAllowed)
                #expect(env.exists("index.html"))
            }
        }
    }

    @Test func nothingOutsideTheOutputFolderIsServed() async throws {
        try await withEnvironment { env in
            let secret = "secret-\(UUID().uuidString)"
            try Data(secret.utf8).write(to: env.root.appendingPathComponent("secret.txt"))
            try await withServe(env) { serve in
                // Links in the output folder that lead out of it.
                try FileManager.default.createSymbolicLink(
                    atPath: env.output.appendingPathComponent("leak.txt").path,
                    withDestinationPath: env.root.appendingPathComponent("secret.txt").path
                )
                try FileManager.default.createSymbolicLink(
                    atPath: env.output.appendingPathComponent("up").path,
                    withDestinationPath: env.root.path
                )
                let refused = [
                    "/../Package.swift", "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/%2e%2e/etc/passwd",
                    "/pokemon%2f..%2f..%2fsecret.txt", "/pokemon/%2e%2e/%2e%2e/secret.txt", "/pokemon/../../secret.txt",
                    "/..%5csecret.txt", "//etc/passwd", "/%2fetc/passwd", "/leak.txt", "/up/secret.txt",
                    "/.pokedex-manifest.json", "/index.html%00.txt",
                    "http://127.0.0.1/../secret.txt",
                ]
                for target in refused {
                    let answer = try await rawRequest(port: serve.port, target: target)
                    #expect(answer.status == 404, "\(target): \(answer.head)")
                    #expect(!answer.body.contains(secret), "\(target)")
                }
                // The same files by their plain names are served.
                #expect(try await rawRequest(port: serve.port, target: "/index.html").status == 200)
                #expect(try await rawRequest(port: serve.port, target: "/pokemon/pikachu.html").status == 200)
            }
        }
    }

    @Test func foldersServeTheirIndexAndMissingFilesTheSitesNotFoundPage() async throws {
        try await withEnvironment { env in
            try await withServe(env) { serve in
                let extra = env.output.appendingPathComponent("extra")
                try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
                try Data("<html><head></head><body>extra index</body></html>".utf8).write(
                    to: extra.appendingPathComponent("index.html")
                )
                let (folder, folderBody) = try await serve.get("/extra/")
                #expect(folder.status == .ok)
                #expect(folderBody.contains("extra index") && folderBody.contains(LiveReload.scriptPath))
                let (redirect, _) = try await serve.get("/extra")
                #expect(redirect.status == .movedPermanently)
                #expect(redirect.headers["location"].first == "/extra/")
                // A folder without index.html: not there at all, with or without its slash (no redirect first).
                #expect(try await serve.get("/pokemon/").response.status == .notFound)
                #expect(try await serve.get("/pokemon").response.status == .notFound)

                // Without a 404.html (the theme makes one; remove it): a plain 404.
                try FileManager.default.removeItem(at: env.output.appendingPathComponent("404.html"))
                let (missing, missingBody) = try await serve.get("/no-such-page.html")
                #expect(missing.status == .notFound)
                #expect(missingBody == "404 Not Found\n")

                try Data("<!doctype html><html><head><title>Lost</title></head><body>not here</body></html>".utf8)
                    .write(to: env.output.appendingPathComponent("404.html"))
                let (page, pageBody) = try await serve.get("/no-such-page.html")
                #expect(page.status == .notFound)
                #expect(page.headers["content-type"].first?.hasPrefix("text/html") == true)
                #expect(pageBody.contains("not here") && pageBody.contains(LiveReload.scriptPath))
                #expect(try await serve.get("/pokemon/").body.contains("not here"))
                #expect(try await rawRequest(port: serve.port, target: "/../secret.txt").body.contains("not here"))
                let (head, headBody) = try await serve.get("/missing", method: .HEAD)
                #expect(head.status == .notFound && headBody.isEmpty)
            }
        }
    }

    @Test func aTemplateOrFavoritesEditReloadsTheOpenPages() async throws {
        try await withEnvironment { env in
            try await withServe(env) { serve in
                let events = try await serve.events()
                try await events.wait(for: "build")
                let template = env.testTheme.appendingPathComponent("index.mustache")
                try Data(TestTheme.index.replacingOccurrences(of: "<ul>", with: "<ul class=\"edited\">").utf8).write(
                    to: template
                )
                try await events.wait(for: "reload")
                #expect(try await serve.get("/index.html").body.contains("class=\"edited\""))
                #expect(try env.read("index.html").contains("class=\"edited\""))
                #expect(serve.summaries.count >= 2)

                try env.writeFavorites(#"["pikachu"]"#)
                try await events.wait(for: "reload", count: 2)
                #expect(try await serve.get("/favorites.html").body.contains("Pikachu"))
                // A reload is not sent for nothing: the events so far are one build and two reloads.
                #expect(events.names.filter { $0 == "reload" }.count == 2)
                #expect(!events.names.contains("error"))
            }
        }
    }

    @Test func aBrokenTemplateShowsItsErrorKeepsTheLastGoodSiteAndAFixReloads() async throws {
        try await withEnvironment { env in
            try await withServe(env) { serve in
                let events = try await serve.events()
                try await events.wait(for: "build")
                let good = try await serve.get("/index.html").body
                let goodOnDisk = try env.read("index.html")
                let template = env.testTheme.appendingPathComponent("index.mustache")
                // An unclosed section, on line 5.
                try Data(TestTheme.index.replacingOccurrences(of: "{{/pokemon}}", with: "").utf8).write(to: template)
                try await events.wait(for: "error")
                let message = try #require(events.data(of: "error").first)
                #expect(message.contains(template.path + ":"), "\(message)")
                #expect(
                    message.range(of: #"index\.mustache:\d+:\d+"#, options: .regularExpression) != nil,
                    "\(message)"
                )
                #expect(serve.failures.contains { $0.description == message })

                // The last good build is still there, on disk and served.
                #expect(try await serve.get("/index.html").body == good)
                #expect(try env.read("index.html") == goodOnDisk)
                // A page opened now is told at once.
                let late = try await serve.events()
                try await late.wait(for: "error")
                #expect(late.names.first == "build")

                try Data(TestTheme.index.utf8).write(to: template)
                try await events.wait(for: "reload")
                try await late.wait(for: "reload")
                let fresh = try await serve.events()
                try await fresh.wait(for: "build")
                // The state is sent before anything else: a healthy build sends no error after it.
                try await Task.sleep(for: .milliseconds(200))
                #expect(fresh.names == ["build"])
                #expect(try await serve.get("/index.html").body == good)
            }
        }
    }

    /// A template edit renders from the model `serve` kept (no cache read, no request), a style edit from the
    /// same model with its render inputs made again, and either way the site is byte for byte what a fresh build
    /// with that theme makes.
    @Test func aThemeEditRendersFromTheKeptModelAsAFreshBuildWould() async throws {
        try await withEnvironment { env in
            try await withServe(env) { serve in
                let events = try await serve.events()
                try await events.wait(for: "build")
                let template = env.testTheme.appendingPathComponent("index.mustache")
                try Data(TestTheme.index.replacingOccurrences(of: "<ul>", with: "<ul class=\"edited\">").utf8).write(
                    to: template
                )
                try await events.wait(for: "reload")
                let templateEdit = try #require(serve.summaries.last)
                #expect(templateEdit.stages.first?.name == "model kept from the last build")
                #expect(templateEdit.network.requests == 0)
                #expect(templateEdit.pagesRendered < templateEdit.pokemon)
                try await expectSameAsFreshBuild(env, "after a template edit")

                let style = env.testTheme.appendingPathComponent("assets/style.css")
                try FileManager.default.createDirectory(
                    at: style.deletingLastPathComponent(),
                    withIntermediateDirectories: true
                )
                try Data("body { color: rebeccapurple }\n".utf8).write(to: style)
                try await events.wait(for: "reload", count: 2)
                let styleEdit = try #require(serve.summaries.last)
                #expect(styleEdit.stages.first?.name == "model kept from the last build")
                try await expectSameAsFreshBuild(env, "after a style edit")
            }
        }
    }

    /// A config, favorites or cache change is not a theme edit: the rebuild reads the cache and makes the model
    /// again, and the site is byte for byte what a fresh build with those settings makes.
    @Test func aConfigFavoritesOrCacheChangeRebuildsAsAFreshBuildWould() async throws {
        try await withEnvironment { env in
            let (config, options, remake) = try perPageConfig(env)
            try await withServe(env, options: options, remake: remake, configFile: config.path) { serve in
                let events = try await serve.events()
                try await events.wait(for: "build")
                try Data(TestTheme.index.replacingOccurrences(of: "<ul>", with: "<ul class=\"edited\">").utf8).write(
                    to: env.testTheme.appendingPathComponent("index.mustache")
                )
                try await events.wait(for: "reload")
                #expect(serve.summaries.last?.stages.first?.name == "model kept from the last build")

                try Data("per-page = 3\n".utf8).write(to: config)
                try await events.wait(for: "reload", count: 2)
                #expect(serve.summaries.last?.stages.first?.name != "model kept from the last build")
                try await expectSameAsFreshBuild(env, "after a config change", perPage: 3)

                try env.writeFavorites(#"["pikachu", "eevee"]"#)
                try await events.wait(for: "reload", count: 3)
                #expect(serve.summaries.last?.stages.first?.name != "model kept from the last build")
                try await expectSameAsFreshBuild(env, "after a favorites change", perPage: 3)

                // The cache changed under serve (another build wrote it, say): the next theme edit builds in full.
                let entry = try #require(
                    pathsBelow(env.cache).first { $0.hasSuffix(".json") && $0.contains("pokemon") }
                )
                try FileManager.default.setAttributes(
                    [.modificationDate: Date(timeIntervalSinceNow: -60)],
                    ofItemAtPath: env.cache.appendingPathComponent(entry).path
                )
                try Data(TestTheme.index.replacingOccurrences(of: "<ul>", with: "<ul class=\"again\">").utf8).write(
                    to: env.testTheme.appendingPathComponent("index.mustache")
                )
                try await events.wait(for: "reload", count: 4)
                #expect(serve.summaries.last?.stages.first?.name != "model kept from the last build")
                try await expectSameAsFreshBuild(env, "after the cache changed", perPage: 3)
            }
        }
    }

    @Test func aBrokenThemeAtStartIsReportedAndServedAround() async throws {
        try await withEnvironment { env in
            let template = env.testTheme.appendingPathComponent("pokemon.mustache")
            try Data("{{#detail}}\n<h1>{{name}}\n".utf8).write(to: template)
            try await withServe(env) { serve in
                #expect(serve.summaries.isEmpty)
                #expect(serve.failures.count == 1)
                let events = try await serve.events()
                try await events.wait(for: "error")
                #expect(try #require(events.data(of: "error").first).contains("pokemon.mustache:"))
                try Data(TestTheme.pokemon.utf8).write(to: template)
                try await events.wait(for: "reload")
                #expect(try await serve.get("/pokemon/pikachu.html").response.status == .ok)
            }
        }
    }

    @Test func aConfigEditRebuildsWithItsSettingsAndAMalformedOneIsShown() async throws {
        try await withEnvironment { env in
            let (config, options, remake) = try perPageConfig(env)
            try await withServe(env, options: options, remake: remake, configFile: config.path) { serve in
                let events = try await serve.events()
                try await events.wait(for: "build")
                #expect(env.exists("page/3.html"))
                try Data("per-page = 50\n".utf8).write(to: config)
                try await events.wait(for: "reload")
                #expect(!env.exists("page/2.html"))

                try Data("per-page = [\n".utf8).write(to: config)
                try await events.wait(for: "error")
                #expect(try #require(events.data(of: "error").first).contains("pokedex.toml:"))
            }
        }
    }

    @Test func aPortInUseIsAClearError() async throws {
        try await withEnvironment { env in
            try await withServe(env) { serve in
                let second = SiteServer(
                    configuration: SiteServer.Configuration(port: serve.port),
                    options: env.options(),
                    remakeOptions: { env.options() },
                    logger: quietLogger
                ) { _ in }
                let error = await #expect(throws: PokedexError.self) { try await second.run(stopOnSignals: false) }
                #expect(error?.stage == .serve)
                #expect(error?.exitCode == 1)
                #expect(error?.description.contains("127.0.0.1:\(serve.port)") == true)
                #expect(error?.description.contains("already in use") == true)
                // The first one is unharmed.
                let (index, _) = try await serve.get("/index.html")
                #expect(index.status == .ok)
            }
        }
    }

    @Test func stoppingEndsTheEventStreams() async throws {
        try await withEnvironment { env in
            let events = try await withServe(env) { serve in
                let events = try await serve.events()
                try await events.wait(for: "build")
                return events
            }
            // withServe returned: the server stopped although a page was still listening.
            try await eventually("the event stream to end") { events.ended }
        }
    }
}

/// The parts of `pokedex serve` that need no socket.
@Suite struct ServeLogicTests {
    @Test func thePathGuardLetsOnlyPlainPathsBelowTheRootThrough() {
        for path in ["/", "/index.html", "/page/2.html", "/pokemon/", "/assets/style.css", "/a%20b.html", "/caf%C3%A9"]
        {
            #expect(PathGuard<BasicRequestContext>.isSafe(path), "\(path)")
        }
        for path in [
            "", "index.html", "/../x", "/a/../x", "/./x", "/%2e%2e/x", "/%2E%2E/x", "/.%2e/x", "/a%2fb",
            "/a%2F..%2Fb", "/a%5cb", "/a\\b", "//etc/passwd", "/a//b", "/.hidden", "/x%00", "/%zz",
            "/a/.git/config",
        ] {
            #expect(!PathGuard<BasicRequestContext>.isSafe(path), "\(path)")
        }
    }

    @Test func theMarkupGoesBeforeTheFirstHeadEndOrAtTheEnd() {
        func inject(_ page: String) -> String {
            String(decoding: LiveReload.inject(into: Array(page.utf8)), as: UTF8.self)
        }
        #expect(
            inject("<html><head><title>x</title></head><body></body></html>")
                == "<html><head><title>x</title>\(LiveReload.markup)</head><body></body></html>"
        )
        #expect(inject("<HTML><HEAD></HEAD></HTML>") == "<HTML><HEAD>\(LiveReload.markup)</HEAD></HTML>")
        #expect(inject("<p>no head</p>") == "<p>no head</p>\(LiveReload.markup)")
        #expect(inject("") == LiveReload.markup)
        #expect(inject("</hea") == "</hea" + LiveReload.markup)
    }

    @Test func changesAreAddedRemovedOrDifferentFiles() {
        let a = FileStamp(size: 1, modifiedSeconds: 10, modifiedNanoseconds: 0, inode: 1)
        var before = WatchSnapshot()
        before.files = ["/t/index.mustache": a, "/t/old.mustache": a, "/f.json": a]
        var after = before
        #expect(after.changes(since: before).isEmpty)
        after.files["/t/old.mustache"] = nil
        after.files["/t/new.mustache"] = a
        after.files["/t/index.mustache"]?.modifiedNanoseconds = 1
        after.files["/f.json"]?.inode = 2
        #expect(after.changes(since: before) == ["/f.json", "/t/index.mustache", "/t/new.mustache", "/t/old.mustache"])
    }

    @Test func aRebuildWaitsForAQuietPollOrTheLongestDelay() {
        var schedule = RebuildSchedule(maxDelay: .seconds(2))
        let start = ContinuousClock.now
        // (milliseconds since start, whether the poll saw a change, whether to build)
        let polls: [(Int, Bool, Bool)] = [
            (0, false, false), (300, true, false), (600, false, true), (900, false, false),
            // Changes that do not stop: a build after the longest delay, then waiting again.
            (1000, true, false), (2000, true, false), (3000, true, true), (3300, true, false),
        ]
        for (milliseconds, changed, build) in polls {
            let decided = schedule.observe(changed: changed, at: start + .milliseconds(milliseconds))
            #expect(decided == build, "at \(milliseconds) ms")
        }
    }

    @Test func theWatchListIsTheThemeFolderTheFavoritesAndTheConfig() async throws {
        try await withEnvironment { env in
            let root = env.root
            let theme = env.testTheme
            // Droppings the theme ignores are not watched either.
            try Data("x".utf8).write(to: theme.appendingPathComponent(".index.mustache.swp"))
            try Data("x".utf8).write(to: theme.appendingPathComponent("index.mustache~"))
            let options = BuildOptions(
                output: "Output",
                cache: "cache",
                templates: "theme",
                favorites: "favorites.json",
                currentDirectory: root.path
            )
            let list = WatchList(options: options, configFile: root.appendingPathComponent("pokedex.toml").path)
            #expect(list.folders == [theme.path])
            #expect(list.files == [env.favorites.path, root.appendingPathComponent("pokedex.toml").path])
            let snapshot = list.snapshot()
            #expect(
                Set(snapshot.files.keys)
                    == Set(
                        [
                            "index.mustache", "pokemon.mustache", "favorites.mustache", "404.mustache",
                            "move.mustache", "moves.mustache", "ability.mustache",
                            "abilities.mustache", "type.mustache", "types.mustache", "search.mustache",
                            "location.mustache", "locations.mustache", "pokedex.mustache", "pokedexes.mustache",
                            "calculator.mustache", "compare.mustache", "natures.mustache", "item.mustache",
                            "items.mustache",
                            "assets/placeholder.svg",
                            "assets/site.css",
                        ].map { theme.appendingPathComponent($0).path }
                    )
            )
            // A file that appears is a change.
            try env.writeFavorites("[]")
            #expect(list.snapshot().changes(since: snapshot) == [env.favorites.path])
        }
    }

    @Test func aNewListenerIsToldTheStateThenEachChange() async throws {
        let broadcaster = ReloadBroadcaster()
        let first = await broadcaster.subscribe()
        await broadcaster.buildSucceeded(changedSite: false)
        await broadcaster.buildFailed("render: /t/index.mustache:5:1: template error: x\n  hint: y")
        let second = await broadcaster.subscribe()
        await broadcaster.buildSucceeded(changedSite: false)
        await broadcaster.close()
        var firstEvents: [String] = []
        for await text in first.events { firstEvents.append(text) }
        var secondEvents: [String] = []
        for await text in second.events { secondEvents.append(text) }
        let id0 = firstEvents[0].components(separatedBy: "data: ")[1].prefix { $0 != "\n" }
        #expect(firstEvents.count == 3)
        #expect(firstEvents[0] == "retry: 1000\nevent: build\ndata: \(id0)\n\n")
        #expect(
            firstEvents[1]
                == "event: error\ndata: render: /t/index.mustache:5:1: template error: x\ndata:   hint: y\n\n"
        )
        #expect(firstEvents[2].hasPrefix("event: reload\ndata: ") && !firstEvents[2].contains(id0))
        #expect(secondEvents.count == 3)
        #expect(secondEvents[0] == firstEvents[0])
        #expect(secondEvents[1] == firstEvents[1])
        #expect(secondEvents[2] == firstEvents[2])
        #expect(await broadcaster.clientCount == 0)
    }
}

// MARK: Running `pokedex serve` in a test

/// A `pokedex serve` on a free loopback port, what it reported, and a client for it.
final class ServeRun: Sendable {
    let port: Int
    let client: HTTPClient
    private let reported: NIOLockedValueBox<[ServeEvent]>

    init(port: Int, client: HTTPClient, reported: NIOLockedValueBox<[ServeEvent]>) {
        self.port = port
        self.client = client
        self.reported = reported
    }

    var summaries: [BuildSummary] {
        reported.withLockedValue {
            $0.compactMap { if case .built(let summary) = $0 { return summary } else { return nil } }
        }
    }

    var failures: [PokedexError] {
        reported.withLockedValue {
            $0.compactMap { if case .failed(let error) = $0 { return error } else { return nil } }
        }
    }

    func get(
        _ path: String,
        method: HTTPMethod = .GET,
        headers: [String: String] = [:]
    ) async throws
        -> (response: HTTPClientResponse, body: String)
    {
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)\(path)")
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await client.execute(request, timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 16 << 20)
        return (response, String(buffer: body))
    }

    /// The events endpoint, read in the background as a page would.
    func events() async throws -> EventLog {
        let response = try await client.execute(
            HTTPClientRequest(url: "http://127.0.0.1:\(port)\(LiveReload.eventsPath)"),
            timeout: .seconds(600)
        )
        #expect(response.status == .ok)
        #expect(response.headers["content-type"].first?.hasPrefix("text/event-stream") == true)
        return EventLog(response.body)
    }
}

/// The events of one events connection, as they arrive.
final class EventLog: Sendable {
    private struct State {
        var text = ""
        var events: [(name: String, data: String)] = []
        var ended = false
    }

    private let state = NIOLockedValueBox(State())

    init(_ body: HTTPClientResponse.Body) {
        Task { [state] in
            do {
                for try await chunk in body {
                    state.withLockedValue { state in
                        state.text += String(buffer: chunk)
                        while let end = state.text.range(of: "\n\n") {
                            let block = state.text[..<end.lowerBound]
                            state.text = String(state.text[end.upperBound...])
                            var name: String?
                            var data: [String] = []
                            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                                if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
                            }
                            if let name { state.events.append((name, data.joined(separator: "\n"))) }
                        }
                    }
                }
            } catch {
                // The connection ended badly: ended all the same.
            }
            state.withLockedValue { $0.ended = true }
        }
    }

    var names: [String] { state.withLockedValue { $0.events.map(\.name) } }
    var ended: Bool { state.withLockedValue { $0.ended } }

    func data(of name: String) -> [String] {
        state.withLockedValue { $0.events.filter { $0.name == name }.map(\.data) }
    }

    /// Waits (generously: a rebuild on a loaded machine) until `count` events named `name` have arrived.
    func wait(for name: String, count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await eventually("\(count) \"\(name)\" event(s), got \(names)", sourceLocation: sourceLocation) {
            self.names.filter { $0 == name }.count >= count
        }
    }
}

struct TimedOut: Error {}

/// Polls `condition` until it holds, for up to `timeout`. Ten minutes, not two: `swift test` runs every suite at
/// once and the cores are shared fairly, so the builds of every test finish together near the end of the run. On a
/// 2-core machine that ran the whole suite in 220 s, the serve tests' first builds were still waiting their share
/// after 120 s and failed. What never happens still fails.
func eventually(
    _ what: @autoclosure () -> String,
    timeout: Duration = .seconds(600),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while try await !condition() {
        guard clock.now < deadline else {
            Issue.record("timed out waiting for \(what())", sourceLocation: sourceLocation)
            throw TimedOut()
        }
        try await Task.sleep(for: .milliseconds(50))
    }
}

/// Runs `pokedex serve` for `env` (its fixture server, its folders, its test theme unless `templates`), polling
/// often, until `body` returns; then stops it and checks that it stopped cleanly.
func withServe<T: Sendable>(
    _ env: TestEnvironment,
    templates: URL? = nil,
    options: BuildOptions? = nil,
    remake: (@Sendable () throws -> BuildOptions)? = nil,
    configFile: String? = nil,
    _ body: (ServeRun) async throws -> T
) async throws -> T {
    let options = options ?? env.options(templates: templates)
    let reported = NIOLockedValueBox<[ServeEvent]>([])
    let server = SiteServer(
        configuration: SiteServer.Configuration(
            port: 0,
            configFile: configFile,
            pollInterval: .milliseconds(100),
            maxRebuildDelay: .seconds(1)
        ),
        options: options,
        remakeOptions: remake ?? { options },
        logger: quietLogger
    ) { event in reported.withLockedValue { $0.append(event) } }
    let outcome = NIOLockedValueBox<Result<Void, any Error>?>(nil)
    let running = Task {
        do {
            try await server.run(stopOnSignals: false)
            outcome.withLockedValue { $0 = .success(()) }
        } catch {
            outcome.withLockedValue { $0 = .failure(error) }
        }
    }
    var port: Int?
    do {
        try await eventually("the server to listen") {
            if case .failure(let error) = outcome.withLockedValue({ $0 }) { throw error }
            port = reported.withLockedValue { events in
                events.lazy.compactMap { event -> Int? in
                    guard case .serving(let url) = event else { return nil }
                    return URLComponents(string: url)?.port
                }.first
            }
            return port != nil
        }
    } catch {
        await server.stop()
        await running.value
        throw error
    }
    let client = HTTPClient(configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
    let run = ServeRun(port: port!, client: client, reported: reported)
    let result: Result<T, any Error>
    do {
        result = .success(try await body(run))
    } catch {
        result = .failure(error)
    }
    await server.stop()
    await running.value
    try await client.shutdown()
    if case .failure(let error) = outcome.withLockedValue({ $0 }) {
        Issue.record("serve did not stop cleanly: \(error)")
    }
    return try result.get()
}

/// One HTTP/1.1 request sent as written (a client would normalise `..` and decode `%2e`), over a plain socket.
/// The socket blocks, so it gets a thread of its own: blocking a thread of the task pool (two, on two cores) could
/// starve the server it is talking to.
func rawRequest(port: Int, target: String) async throws -> (status: Int, head: String, body: String) {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try blockingRequest(port: port, target: target) }) }.start()
    }
}

private func blockingRequest(port: Int, target: String) throws -> (status: Int, head: String, body: String) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw AtomicFile.posixError("socket") }
    defer { close(fd) }
    var timeout = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else { throw AtomicFile.posixError("connect") }
    let request = Array("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
    guard send(fd, request, request.count, 0) == request.count else { throw AtomicFile.posixError("send") }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = recv(fd, &buffer, buffer.count, 0)
        if count < 0 { throw AtomicFile.posixError("recv") }
        if count == 0 { break }
        received += buffer[0..<count]
    }
    let text = String(decoding: received, as: UTF8.self)
    let parts = text.components(separatedBy: "\r\n\r\n")
    let head = parts[0]
    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    return (status, head, parts.dropFirst().joined(separator: "\r\n\r\n"))
}

/// Expects the served site to be, file for file and byte for byte (the manifest aside), what a fresh build with
/// the same settings makes into a folder of its own.
func expectSameAsFreshBuild(
    _ env: TestEnvironment,
    _ when: String,
    perPage: Int = 5,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let fresh = env.root.appendingPathComponent("fresh-\(UUID().uuidString.prefix(8))")
    var options = env.options(perPage: perPage)
    options.output = fresh.path
    _ = try await SiteBuilder(options: options, logger: quietLogger).run()
    let served = try snapshot(env.output).filter { $0.key != OutputFolder.manifestName }
    let built = try snapshot(fresh).filter { $0.key != OutputFolder.manifestName }
    let differing = Set(served.keys).union(built.keys).filter { served[$0] != built[$0] }.sorted()
    #expect(differing.isEmpty, "\(when): \(differing.prefix(10)) differ", sourceLocation: sourceLocation)
    #expect(served.count == built.count, "\(when)", sourceLocation: sourceLocation)
}

/// A config file saying `per-page = 5`, the options of `env`, and the settings as `pokedex serve` reads them again at
/// each rebuild: here, only per-page comes from the file.
func perPageConfig(
    _ env: TestEnvironment
) throws -> (config: URL, options: BuildOptions, remake: @Sendable () throws -> BuildOptions) {
    let config = env.root.appendingPathComponent(SiteConfig.fileName)
    try Data("per-page = 5\n".utf8).write(to: config)
    let options = env.options()
    let remake: @Sendable () throws -> BuildOptions = {
        var remade = options
        let file = try SiteConfig.load(explicit: config.path, currentDirectory: env.root.path)
        remade.perPage = file.values.perPage ?? remade.perPage
        return remade
    }
    return (config, options, remake)
}
