import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

@testable import PokedexRender
@testable import PokedexSource

/// An in-process HTTP/1.1 server on a random loopback port that behaves like pokeapi.co for the fixtures:
/// paginated list with absolute `next`/`previous`, details, species, `/meta/`, sprite PNGs, `ETag`,
/// `Last-Modified`, `Cache-Control: public, max-age=…`, and 304 on `If-None-Match`.
///
/// Tests switch faults on per path (`inject`), count requests per path, slow every answer down (`delay`), and
/// stop the server to play "network down".
final class TestServer: Sendable {
    /// What a faulty answer does instead of the normal one.
    enum Fault: Sendable {
        /// Answer with this status (and headers), an empty JSON body.
        case status(Int, headers: [(String, String)] = [])
        /// 429 whose `Retry-After` is an HTTP date this many seconds after the answer, reckoned when answering
        /// (a date fixed in advance may already be past on a loaded machine).
        case tooManyRequestsUntil(secondsAfterAnswer: Int)
        /// Close the connection without answering.
        case reset
        /// Promise more bytes than are sent, then close.
        case truncatedBody
        /// 200 `application/json` that is not JSON.
        case malformedJSON
        /// 200 `text/html` error page, as a captive portal or a CDN would serve.
        case htmlPage
        /// Never answer.
        case hang
        /// A complete answer whose PNG is cut short (Content-Length matches: only the PNG check can tell).
        case truncatedImage
        /// A list page with no results while `count` says there are some.
        case emptyList
        /// A 200 JSON answer with this body.
        case json(String)
    }

    struct Rule: Sendable {
        var pattern: String
        var fault: Fault
        var remaining: Int
    }

    /// One request as the server saw it.
    struct Request: Sendable {
        var uri: String
        var path: String
        var ifNoneMatch: String?
        var status: Int
        var at: Date
    }

    private struct State: Sendable {
        var rules: [Rule] = []
        var requests: [Request] = []
        var dataHash = "fixture-hash-1"
        var maxAge = 86_400
        /// Replaces the whole `Cache-Control` value when set.
        var cacheControl: String?
        var delay: TimeAmount = .zero
        var hostile = false
        /// Overrides of a resource's normal body (a changed detail, say), by path.
        var bodies: [String: Data] = [:]
    }

    static let lastModified = "Tue, 01 Jul 2025 00:00:00 GMT"

    private let state = NIOLockedValueBox(State())
    private let group: MultiThreadedEventLoopGroup
    private let channel: NIOLockedValueBox<(any Channel)?>
    let port: Int

    var origin: String { "http://127.0.0.1:\(port)" }
    var apiBase: String { "\(origin)/api/v2" }

    private init(group: MultiThreadedEventLoopGroup, channel: any Channel, port: Int) {
        self.group = group
        self.channel = NIOLockedValueBox(channel)
        self.port = port
    }

    /// A server on a random free port, or on `port` (a stopped server's, to bring it back).
    static func start(port: Int = 0) async throws -> TestServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let box = NIOLockedValueBox<TestServer?>(nil)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline(withErrorHandling: true).flatMapThrowing {
                    guard let server = box.withLockedValue({ $0 }) else { throw ChannelError.ioOnClosedChannel }
                    try channel.pipeline.syncOperations.addHandler(Handler(server: server))
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        let server = TestServer(group: group, channel: channel, port: channel.localAddress?.port ?? 0)
        box.withLockedValue { $0 = server }
        return server
    }

    /// Closes the listening socket and every connection: later requests are refused. Idempotent.
    func stop() async {
        guard
            let channel = channel.withLockedValue({ current -> (any Channel)? in
                defer { current = nil }
                return current
            })
        else { return }
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    var isRunning: Bool { channel.withLockedValue { $0 != nil } }

    // MARK: Switches

    /// The next `times` requests whose path (or whole URI) is `pattern` get `fault`.
    func inject(_ fault: Fault, at pattern: String, times: Int = .max) {
        state.withLockedValue { $0.rules.append(Rule(pattern: pattern, fault: fault, remaining: times)) }
    }

    func clearFaults() {
        state.withLockedValue { $0.rules.removeAll() }
    }

    var dataHash: String {
        get { state.withLockedValue { $0.dataHash } }
        set { state.withLockedValue { $0.dataHash = newValue } }
    }

    var maxAge: Int {
        get { state.withLockedValue { $0.maxAge } }
        set { state.withLockedValue { $0.maxAge = newValue } }
    }

    var cacheControl: String? {
        get { state.withLockedValue { $0.cacheControl } }
        set { state.withLockedValue { $0.cacheControl = newValue } }
    }

    /// Every answer waits this long (for the kill test: something to interrupt).
    var delay: TimeAmount {
        get { state.withLockedValue { $0.delay } }
        set { state.withLockedValue { $0.delay = newValue } }
    }

    /// Adds a Pokémon whose name is an HTML/path injection attempt to the list and serves its detail.
    var hostile: Bool {
        get { state.withLockedValue { $0.hostile } }
        set { state.withLockedValue { $0.hostile = newValue } }
    }

    func setBody(_ data: Data, at path: String) {
        state.withLockedValue { $0.bodies[path] = data }
    }

    // MARK: Counting

    var requests: [Request] { state.withLockedValue { $0.requests } }

    func resetCounts() {
        state.withLockedValue { $0.requests.removeAll() }
    }

    /// Requests whose path (query excluded) is `path`.
    func count(_ path: String) -> Int {
        requests.filter { $0.path == path }.count
    }

    func count(where predicate: (Request) -> Bool) -> Int {
        requests.filter(predicate).count
    }

    var imageRequests: Int { count { $0.path.hasPrefix("/media/") } }
    var jsonRequests: Int { count { $0.path.hasPrefix("/api/") } }
    var notModifiedCount: Int { count { $0.status == 304 } }

    // MARK: Answering

    enum Action {
        case respond(status: HTTPResponseStatus, headers: HTTPHeaders, body: Data)
        case close
        case truncate(headers: HTTPHeaders, body: Data, promised: Int)
        case hang
    }

    fileprivate func answer(_ head: HTTPRequestHead) -> (Action, TimeAmount) {
        let uri = head.uri
        let path = String(uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        let ifNoneMatch = head.headers.first(name: "If-None-Match")
        return state.withLockedValue { state in
            var fault: Fault?
            if let index = state.rules.firstIndex(where: {
                ($0.pattern == uri || $0.pattern == path) && $0.remaining > 0
            }) {
                fault = state.rules[index].fault
                state.rules[index].remaining -= 1
            }
            let now = Date()
            let action = makeAction(
                uri: uri,
                path: path,
                ifNoneMatch: ifNoneMatch,
                fault: fault,
                now: now,
                state: state
            )
            let status: Int
            switch action {
            case .respond(let s, _, _): status = Int(s.code)
            case .truncate: status = 200
            case .close, .hang: status = 0
            }
            state.requests.append(Request(uri: uri, path: path, ifNoneMatch: ifNoneMatch, status: status, at: now))
            return (action, state.delay)
        }
    }

    private func makeAction(
        uri: String,
        path: String,
        ifNoneMatch: String?,
        fault: Fault?,
        now: Date,
        state: State
    ) -> Action {
        let resource = resource(uri: uri, path: path, state: state)
        if let fault {
            switch fault {
            case .status(let code, let extra):
                var headers = HTTPHeaders([("Content-Type", "application/json")])
                for (name, value) in extra { headers.add(name: name, value: value) }
                return .respond(status: HTTPResponseStatus(statusCode: code), headers: headers, body: Data("{}".utf8))
            case .tooManyRequestsUntil(let seconds):
                let headers = HTTPHeaders([
                    ("Content-Type", "application/json"),
                    ("Retry-After", HTTPDate.format(now.addingTimeInterval(Double(seconds)))),
                ])
                return .respond(status: .tooManyRequests, headers: headers, body: Data("{}".utf8))
            case .reset:
                return .close
            case .truncatedBody:
                let body = resource?.body ?? Data(#"{"detail": "Not found."}"#.utf8)
                let headers = resource.map { self.headers(for: $0, state: state) } ?? HTTPHeaders()
                return .truncate(headers: headers, body: body.prefix(body.count / 2), promised: body.count)
            case .malformedJSON:
                return .respond(
                    status: .ok,
                    headers: HTTPHeaders([("Content-Type", "application/json; charset=utf-8")]),
                    body: Data(#"{"id": 1, "name": "bulbasaur", "height": "#.utf8)
                )
            case .htmlPage:
                return .respond(
                    status: .ok,
                    headers: HTTPHeaders([("Content-Type", "text/html; charset=utf-8")]),
                    body: Data("<!doctype html><html><body><h1>Service unavailable</h1></body></html>".utf8)
                )
            case .hang:
                return .hang
            case .truncatedImage:
                guard let resource else { return .respond(status: .notFound, headers: HTTPHeaders(), body: Data()) }
                let cut = Resource(body: resource.body.prefix(resource.body.count - 20), contentType: "image/png")
                return .respond(status: .ok, headers: headers(for: cut, state: state), body: cut.body)
            case .emptyList:
                let body = Fixtures.encode([
                    "count": listed(state).count, "next": NSNull(), "previous": NSNull(),
                    "results": [Any](),
                ])
                return .respond(
                    status: .ok,
                    headers: headers(for: Resource(body: body, contentType: "application/json"), state: state),
                    body: body
                )
            case .json(let text):
                let resource = Resource(body: Data(text.utf8), contentType: "application/json")
                return .respond(status: .ok, headers: headers(for: resource, state: state), body: resource.body)
            }
        }
        guard let resource else {
            return .respond(
                status: .notFound,
                headers: HTTPHeaders([("Content-Type", "application/json")]),
                body: Data(#"{"detail": "Not found."}"#.utf8)
            )
        }
        let headers = headers(for: resource, state: state)
        if let ifNoneMatch, ifNoneMatch == headers.first(name: "ETag") {
            var notModified = headers
            notModified.remove(name: "Content-Type")
            notModified.replaceOrAdd(name: "Content-Length", value: "0")
            return .respond(status: .notModified, headers: notModified, body: Data())
        }
        return .respond(status: .ok, headers: headers, body: resource.body)
    }

    struct Resource {
        var body: Data
        var contentType: String
    }

    private func headers(for resource: Resource, state: State) -> HTTPHeaders {
        HTTPHeaders([
            ("Content-Type", resource.contentType),
            ("ETag", "\"\(Self.hash(resource.body))\""),
            ("Last-Modified", Self.lastModified),
            ("Cache-Control", state.cacheControl ?? "public, max-age=\(state.maxAge)"),
            ("Access-Control-Allow-Origin", "*"),
        ])
    }

    private func listed(_ state: State) -> [Fixtures.Pokemon] {
        state.hostile ? (Fixtures.pokemon + [Fixtures.hostilePokemon]).sorted { $0.id < $1.id } : Fixtures.pokemon
    }

    private func resource(uri: String, path: String, state: State) -> Resource? {
        let api = apiBase
        if let body = state.bodies[path] {
            let png = body.starts(with: [0x89, 0x50, 0x4E, 0x47])
            return Resource(body: body, contentType: png ? "image/png" : "application/json; charset=utf-8")
        }
        let parts = path.split(separator: "/").map(String.init)
        func json(_ object: Any) -> Resource {
            Resource(body: Fixtures.encode(object), contentType: "application/json; charset=utf-8")
        }
        if parts.count >= 3, parts[0] == "api", parts[1] == "v2" {
            let rest = Array(parts.dropFirst(2))
            switch (rest.count, rest.first) {
            case (1, "pokemon"):
                let query = Self.query(uri)
                let limit = query["limit"].flatMap(Int.init) ?? 20
                let offset = query["offset"].flatMap(Int.init) ?? 0
                let all = listed(state)
                let slice = offset < all.count ? Array(all[offset..<min(all.count, offset + limit)]) : []
                let next: Any =
                    offset + limit < all.count
                    ? "\(api)/pokemon?offset=\(offset + limit)&limit=\(limit)" : NSNull()
                let previous: Any =
                    offset > 0
                    ? "\(api)/pokemon?offset=\(max(0, offset - limit))&limit=\(limit)" : NSNull()
                return json([
                    "count": all.count, "next": next, "previous": previous,
                    "results": slice.map { Fixtures.ref($0.name, "\(api)/pokemon/\($0.id)/") },
                ])
            case (1, "nature"):
                let query = Self.query(uri)
                return json(
                    Fixtures.natureListJSON(
                        limit: query["limit"].flatMap(Int.init) ?? 20,
                        offset: query["offset"].flatMap(Int.init) ?? 0,
                        api: api
                    )
                )
            case (2, "nature"):
                guard let id = Int(rest[1]), let nature = Fixtures.natureJSON(id, api: api) else { return nil }
                return json(nature)
            case (2, "berry-flavor"):
                guard let id = Int(rest[1]), let flavor = Fixtures.berryFlavorJSON(id, api: api) else { return nil }
                return json(flavor)
            case (2, "pokemon"):
                guard let id = Int(rest[1]), let p = listed(state).first(where: { $0.id == id }) else { return nil }
                return json(Fixtures.detail(p, api: api, origin: origin))
            case (3, "pokemon") where rest[2] == "encounters":
                guard let id = Int(rest[1]), listed(state).contains(where: { $0.id == id }) else { return nil }
                return json(Fixtures.encountersJSON(id, api: api, hostile: state.hostile))
            case (2, "location")
            where Int(rest[1]).flatMap({ Fixtures.locationJSON($0, api: api, hostile: state.hostile) }) != nil:
                return json(Fixtures.locationJSON(Int(rest[1])!, api: api, hostile: state.hostile)!)
            case (2, "pokedex"):
                guard let id = Int(rest[1]), let dex = Fixtures.pokedexJSON(id, api: api) else { return nil }
                return json(dex)
            case (2, "location-area"):
                guard let id = Int(rest[1]), let area = Fixtures.locationAreaJSON(id, api: api, hostile: state.hostile)
                else { return nil }
                return json(area)
            case (2, let kind?) where ["encounter-method", "encounter-condition-value"].contains(kind):
                guard let id = Int(rest[1]), let named = Fixtures.encounterNamesJSON(kind, id: id, api: api) else {
                    return nil
                }
                return json(named)
            case (2, "pokemon-species"):
                guard let id = Int(rest[1]), let s = Fixtures.species(id),
                    id != Fixtures.hostileID || state.hostile
                else { return nil }
                return json(Fixtures.speciesJSON(s, api: api))
            case (2, "evolution-chain"):
                guard let id = Int(rest[1]), let root = Fixtures.chains[id] else { return nil }
                return json(Fixtures.chainJSON(id: id, root, api: api))
            case (2, "type"):
                guard let id = Int(rest[1]), let type = Fixtures.typeJSON(id: id, api: api),
                    id != Fixtures.typeID("") || state.hostile
                else { return nil }
                return json(type)
            case (2, "pokemon-form"):
                guard let id = Int(rest[1]), let form = Fixtures.formJSON(id: id, api: api) else { return nil }
                return json(form)
            case (2, "version-group"):
                guard let id = Int(rest[1]), let group = Fixtures.versionGroupJSON(id: id, api: api) else { return nil }
                return json(group)
            case (2, "move"):
                guard let id = Int(rest[1]), let move = Fixtures.moveJSON(id: id, api: api, hostile: state.hostile)
                else { return nil }
                return json(move)
            case (2, "machine"):
                guard let id = Int(rest[1]), let machine = Fixtures.machineJSON(id: id, api: api) else { return nil }
                return json(machine)
            case (2, let kind?) where ["move-learn-method", "move-target", "move-damage-class"].contains(kind):
                guard let id = Int(rest[1]), let named = Fixtures.moveNamesJSON(kind, id: id, api: api) else {
                    return nil
                }
                return json(named)
            case (2, "item") where Int(rest[1]).flatMap({ Fixtures.itemJSON(id: $0, api: api) }) != nil:
                return json(Fixtures.itemJSON(id: Int(rest[1])!, api: api)!)
            case (2, "item-pocket"):
                guard let id = Int(rest[1]), let pocket = Fixtures.itemPockets[id] else { return nil }
                return json(["id": id, "name": pocket.0, "names": Fixtures.namesJSON(pocket.1, api: api)])
            case (2, "item-category"):
                guard let category = Fixtures.itemCategoryJSON(rest[1], api: api) else { return nil }
                return json(category)
            case (2, let kind?)
            where [
                "ability", "item", "location", "region", "pokemon-habitat", "version", "egg-group",
                "growth-rate",
            ].contains(kind):
                guard let id = Int(rest[1]),
                    let named = Fixtures.namedJSON(kind, id: id, api: api, hostile: state.hostile)
                else { return nil }
                return json(named)
            case (1, "meta"):
                return json(["hash": state.dataHash, "deployed_at": "2025-07-01T00:00:00Z"])
            default:
                return nil
            }
        }
        // The items' sprites (`Fixtures.itemDetails`), drawn as the Pokémon's are.
        if path.hasPrefix("/media/items/"), path.hasSuffix(".png") {
            let name = String(path.dropFirst("/media/items/".count).dropLast(".png".count))
            guard Fixtures.itemDetails[name]?.sprite == name else { return nil }
            return Resource(body: PNGMaker.sprite(id: name.count, kind: "item"), contentType: "image/png")
        }
        for p in listed(state) {
            if let sprite = Fixtures.spritePaths(for: p)[path] {
                return Resource(body: PNGMaker.sprite(id: sprite.id, kind: sprite.kind), contentType: "image/png")
            }
            // Its cry (`Fixtures` names one per Pokémon): a whole Ogg stream of two pages.
            if path == "/media/cries/\(p.id).ogg" {
                return Resource(body: Self.cry(id: p.id), contentType: "audio/ogg")
            }
        }
        return nil
    }

    /// A short Ogg stream, different per Pokémon: two pages, the last one marked as ending the stream.
    static func cry(id: Int) -> Data {
        func page(_ body: [UInt8], last: Bool) -> [UInt8] {
            Array("OggS".utf8) + [0, last ? 0x04 : 0x02] + [UInt8](repeating: 0, count: 20) + [1, UInt8(body.count)]
                + body
        }
        return Data(page([UInt8(id % 256), 1, 2], last: false) + page([3, 4], last: true))
    }

    static func query(_ uri: String) -> [String: String] {
        guard let query = uri.split(separator: "?", maxSplits: 1).dropFirst().first else { return [:] }
        var values: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2 { values[kv[0]] = kv[1] }
        }
        return values
    }

    /// FNV-1a, hex: a stable ETag for a body.
    static func hash(_ data: Data) -> String {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in data {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01B3
        }
        return String(h, radix: 16)
    }
}

private final class Handler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: TestServer
    private var head: HTTPRequestHead?

    init(server: TestServer) {
        self.server = server
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            self.head = nil
            let (action, delay) = server.answer(head)
            if delay == .zero {
                perform(action, head: head, context: context)
            } else {
                context.eventLoop.assumeIsolated().scheduleTask(in: delay) {
                    self.perform(action, head: head, context: context)
                }
            }
        }
    }

    private func perform(_ action: TestServer.Action, head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        switch action {
        case .respond(let status, var headers, let body):
            headers.replaceOrAdd(name: "Content-Length", value: String(body.count))
            headers.replaceOrAdd(name: "Date", value: HTTPDateFormat.now())
            let keepAlive = head.isKeepAlive
            headers.replaceOrAdd(name: "Connection", value: keepAlive ? "keep-alive" : "close")
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
                promise: nil
            )
            if !body.isEmpty {
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
            }
            let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !keepAlive {
                let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
                done.whenComplete { _ in loopBound.value.close(promise: nil) }
            }
        case .close:
            context.close(promise: nil)
        case .truncate(var headers, let body, let promised):
            headers.replaceOrAdd(name: "Content-Length", value: String(promised))
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .ok, headers: headers))),
                promise: nil
            )
            let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body))))).whenComplete { _ in
                loopBound.value.close(promise: nil)
            }
        case .hang:
            break
        }
    }
}

enum HTTPDateFormat {
    static func now() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date())
    }
}
