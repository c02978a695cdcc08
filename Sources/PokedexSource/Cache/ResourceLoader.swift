package import Foundation
package import Logging
import NIOHTTP1
package import PokedexSupport

/// How the build may use the network.
package enum FetchMode: String, Sendable, CaseIterable {
    /// Fresh entries cost nothing; stale ones are revalidated; failures fall back to the cached copy.
    case normal
    /// Every entry is revalidated whatever its age.
    case refresh
    /// The network is never touched; the cache must serve everything.
    case offline
}

/// Where a loaded resource came from.
enum Provenance: Sendable, Equatable {
    /// Downloaded in full (200).
    case fetched
    /// The server confirmed the cached copy (304).
    case revalidated
    /// Served from the cache within its max-age: no request.
    case fresh
    /// Stale by age, but PokeAPI's data hash is the one the entry was fetched under: no request.
    case unchangedDataHash
    /// The network could not confirm it; the cached copy from `storedAt` was used.
    case stale(storedAt: Double, reason: String)
    /// Nothing cached and the network could not confirm it: the data snapshot taken at `createdAt` was used.
    case snapshot(createdAt: Double)
}

package struct Loaded<Value: Sendable>: Sendable {
    package var value: Value
    var provenance: Provenance
}

/// Tallies of provenance over a build, for the summary line and the offline banner.
package struct LoadCounts: Sendable, Equatable {
    package var fetched = 0
    package var revalidated = 0
    package var fromCache = 0
    package var unchangedDataHash = 0
    package var stale = 0
    /// The oldest `storedAt` among stale entries used.
    package var oldestStale: Double?
    /// The URLs served from a stale entry, in the order they were served (the report sorts them).
    package var staleURLs: [String] = []
    /// Resources the data snapshot served unconfirmed (the network could not be had).
    package var snapshot = 0
    /// When that snapshot was taken.
    package var snapshotDate: Double?
    /// Seconds since 1970: the earliest moment an entry used goes stale (nil: none had a max-age, or none was
    /// used). Until then a rebuild would ask the server nothing.
    package var freshUntil: Double?
    /// Resources that failed every attempt and were asked again after the others of their kind, and how many of
    /// them that second pass had.
    package var askedAgain = 0
    package var recoveredAgain = 0

    /// Notes that an entry used stays fresh until `expiry`.
    mutating func expires(_ expiry: Double) {
        freshUntil = min(freshUntil ?? expiry, expiry)
    }

    mutating func add(_ provenance: Provenance, url: String) {
        switch provenance {
        case .fetched: fetched += 1
        case .revalidated: revalidated += 1
        case .fresh: fromCache += 1
        case .unchangedDataHash: unchangedDataHash += 1
        case .stale(let storedAt, _):
            stale += 1
            staleURLs.append(url)
            oldestStale = min(oldestStale ?? storedAt, storedAt)
        case .snapshot(let createdAt):
            snapshot += 1
            snapshotDate = createdAt
        }
    }

    package init(
        oldestStale: Double? = nil,
        staleURLs: [String] = [],
        snapshotDate: Double? = nil,
        freshUntil: Double? = nil
    ) {
        self.oldestStale = oldestStale
        self.staleURLs = staleURLs
        self.snapshotDate = snapshotDate
        self.freshUntil = freshUntil
    }
}

actor LoadTally {
    private(set) var counts = LoadCounts()
    func expires(_ expiry: Double) { counts.expires(expiry) }
    func askedAgain(_ asked: Int, recovered: Int) {
        counts.askedAgain += asked
        counts.recoveredAgain += recovered
    }
    func add(_ provenance: Provenance, url: String, metadata: CacheMetadata?) {
        counts.add(provenance, url: url)
        // An entry without a max-age is stale at once: nothing stays fresh.
        if let metadata { counts.expires(metadata.storedAt + Double(metadata.maxAge ?? 0)) } else { counts.expires(0) }
    }
}

/// What `/meta/` said: the data set's hash, and for how long the answer holds.
struct DataHashAnswer: Sendable, Equatable {
    var hash: String
    var maxAge: Int?
}

/// PokeAPI's `/meta/` hash, asked once per build and only when the network is needed anyway.
actor DataHashGate {
    private var task: Task<DataHashAnswer?, Never>?
    private let fetch: @Sendable () async -> DataHashAnswer?

    init(fetch: @escaping @Sendable () async -> DataHashAnswer?) {
        self.fetch = fetch
    }

    func current() async -> DataHashAnswer? {
        if let task { return await task.value }
        let task = Task { await fetch() }
        self.task = task
        return await task.value
    }
}

/// Cache first, network when needed: decides per resource whether to use the cached copy, revalidate it,
/// download it, or fall back to it when the network fails. Only complete, well-formed answers are stored.
package final class ResourceLoader: Sendable {
    package let store: CacheStore
    private let fetcher: HTTPFetcher?
    package let mode: FetchMode
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let tally = LoadTally()
    private let dataHash: DataHashGate
    /// Serves what the cache lacks, stale, until `/meta/` confirms it or the network cannot be had.
    private let snapshot: SnapshotProvider?
    /// Where cache writes run (they are flushed to disk, which blocks).
    private let blocking: BlockingWork

    package init(
        store: CacheStore,
        fetcher: HTTPFetcher?,
        mode: FetchMode,
        apiBase: String,
        snapshot: SnapshotProvider? = nil,
        logger: Logger,
        now: @escaping @Sendable () -> Date = Date.init,
        blocking: BlockingWork = .inline
    ) {
        self.store = store
        self.blocking = blocking
        self.snapshot = snapshot
        self.fetcher = fetcher
        self.mode = mode
        self.now = now
        self.logger = logger
        let metaURL = apiBase + "/meta/"
        dataHash = DataHashGate { [fetcher, logger] in
            guard let fetcher, mode != .offline else { return nil }
            do {
                let result = try await fetcher.get(metaURL)
                guard result.status == 200 else { return nil }
                let control = CacheControl(result.headers.first(name: "Cache-Control"))
                return DataHashAnswer(
                    hash: try MetaRecord.decodeAPI(result.body).hash,
                    maxAge: control.noCache || control.noStore ? 0 : control.maxAge
                )
            } catch {
                logger.debug("no data hash", metadata: ["url": "\(metaURL)", "error": "\(error)"])
                return nil
            }
        }
    }

    /// Notes a second pass over resources that failed: how many were asked again, how many it had.
    package func askedAgain(_ asked: Int, recovered: Int) async {
        await tally.askedAgain(asked, recovered: recovered)
    }

    package var counts: LoadCounts {
        get async { await tally.counts }
    }

    /// What went over the wire so far.
    package var networkCounts: FetchCounts {
        get async { await fetcher?.counts ?? FetchCounts() }
    }

    /// A JSON resource, decoded into its projection and checked by `validate` before it may be cached.
    package func json<T: APIDecodable>(
        _ type: T.Type,
        url: String,
        key: String,
        validate: @escaping @Sendable (T) throws -> Void = { _ in }
    ) async throws -> Loaded<T> {
        let cached: Cached<T>?
        if let entry = try store.read(key, as: T.self) {
            cached = Cached(metadata: entry.metadata, value: entry.body, fromSnapshot: false)
        } else if let entry = snapshot?.seed?.entry(key: key, url: url, as: T.self) {
            cached = Cached(metadata: entry.metadata, value: entry.body, fromSnapshot: true)
        } else {
            cached = nil
        }
        return try await resolve(
            url: url,
            cached: cached,
            useDataHash: true,
            accept: { result in
                try Self.checkJSONContentType(result, url: url)
                let value: T
                do {
                    // Control and bidi characters made safe in every string first (`APIText`).
                    value = try T.decodeAPI(APIText.cleanJSON(result.body))
                } catch let error as DecodingError {
                    let (path, detail) = error.jsonPathAndDetail
                    if case .dataCorrupted = error, path.isEmpty {
                        throw PokedexError(.model, url, .invalidResponse("malformed JSON (\(result.body.count) bytes)"))
                    }
                    throw PokedexError(.model, url, .decoding(path: path, detail: detail))
                }
                try validate(value)
                return value
            },
            persist: { metadata, value in try self.store.write(CacheEntry(metadata: metadata, body: value), key: key) }
        )
    }

    /// A picture or a cry (`format`), stored only when complete, and answered by file (see `CachedImage`). A 404 is thrown as
    /// `.httpStatus(404)` so callers can try another sprite, and remembered for a day like any cacheable answer
    /// (RFC 9111 lets a cache keep a 404), so a warm build asks nothing and an offline one decides the same way.
    package func image(url: String, key: String, format: MediaFormat = .png) async throws -> Loaded<CachedImage> {
        let absentKey = key + ".absent"
        let absent = try store.read(absentKey, as: String.self).flatMap { $0.body == url ? $0 : nil }
        if let absent, mode == .offline || (mode == .normal && absent.metadata.isFresh(at: now())) {
            // Known missing for as long as the answer is fresh: the next build asks again after that.
            await tally.expires(mode == .offline ? 0 : absent.metadata.storedAt + Double(absent.metadata.maxAge ?? 0))
            throw PokedexError(.source, url, .httpStatus(404))
        }
        let cached = try store.readImage(key, format: format).flatMap { $0.metadata.url == url ? $0 : nil }
        let store = self.store
        do {
            let loaded = try await resolve(
                url: url,
                cached: cached.map {
                    Cached(metadata: $0.metadata, value: ImageBody.onDisk($0.image), fromSnapshot: false)
                },
                useDataHash: false,
                accept: { result in
                    guard format.isComplete(result.body) else {
                        throw PokedexError(
                            .source,
                            url,
                            .invalidResponse(
                                "not a complete \(format.rawValue.uppercased()) (\(result.body.count) bytes)"
                            )
                        )
                    }
                    return ImageBody.downloaded(result.body)
                },
                persist: { metadata, body in
                    switch body {
                    case .downloaded(let bytes):
                        try store.writeImage(bytes, metadata: metadata, key: key, format: format)
                    case .onDisk(let image): try store.renewImage(image, metadata: metadata, key: key)
                    }
                }
            )
            switch loaded.value {
            case .onDisk(let image):
                return Loaded(value: image, provenance: loaded.provenance)
            case .downloaded:
                // Just stored; read back by file like any cached image.
                let file = store.imageFile(key, format: format)
                let shape: PNGImage.FileShape?
                do {
                    shape = try format.inspect(file: file)
                } catch {
                    throw PokedexError.file(.cache, file.path, error)
                }
                guard let shape else {
                    throw PokedexError(.cache, file.path, .fileSystem("the image just stored cannot be read back"))
                }
                return Loaded(value: CachedImage(file: file, shape: shape), provenance: loaded.provenance)
            }
        } catch let error as PokedexError {
            if case .httpStatus(404) = error.reason {
                let metadata = CacheMetadata(
                    url: url,
                    storedAt: now().timeIntervalSince1970,
                    maxAge: 86_400,
                    etag: nil,
                    lastModified: nil,
                    dataHash: nil
                )
                try store.write(CacheEntry(metadata: metadata, body: url), key: absentKey)
                await tally.expires(metadata.storedAt + Double(metadata.maxAge ?? 0))
            } else if absent != nil {
                await tally.expires(0)
                // Known missing, and the server cannot say otherwise now: still missing.
                throw PokedexError(.source, url, .httpStatus(404))
            }
            throw error
        }
    }

    /// An image as `resolve` handles it: the cached file, or the bytes just downloaded (not yet stored).
    private enum ImageBody: Sendable {
        case onDisk(CachedImage)
        case downloaded(Data)
    }

    /// A copy to serve or revalidate: from the cache, or from the data snapshot when the cache has none.
    private struct Cached<Value: Sendable>: Sendable {
        var metadata: CacheMetadata
        var value: Value
        var fromSnapshot: Bool
    }

    private func resolve<Value: Sendable>(
        url: String,
        cached: Cached<Value>?,
        useDataHash: Bool,
        accept: @Sendable (HTTPResult) throws -> Value,
        persist: @escaping @Sendable (CacheMetadata, Value) throws -> Void
    ) async throws -> Loaded<Value> {
        let now = self.now()
        /// The copy at hand, when the network cannot confirm it.
        func fallback(_ cached: Cached<Value>, reason: String) async -> Loaded<Value> {
            if cached.fromSnapshot {
                return await record(
                    cached.value,
                    .snapshot(createdAt: cached.metadata.storedAt),
                    url: url,
                    metadata: nil
                )
            }
            return await record(
                cached.value,
                .stale(storedAt: cached.metadata.storedAt, reason: reason),
                url: url,
                metadata: nil
            )
        }
        if let cached, mode != .refresh {
            let metadata = cached.metadata
            if metadata.isFresh(at: now) { return await record(cached.value, .fresh, url: url, metadata: metadata) }
            if mode == .offline { return await fallback(cached, reason: "offline") }
            if useDataHash, let entryHash = metadata.dataHash, let current = await dataHash.current(),
                entryHash == current.hash
            {
                if cached.fromSnapshot {
                    // Confirmed by the server: from now on it is a cache entry like any other.
                    var confirmed = metadata
                    confirmed.storedAt = self.now().timeIntervalSince1970
                    confirmed.maxAge = current.maxAge
                    try await persisting(confirmed, cached.value, with: persist)
                }
                // Fresh by the data hash, not by age: the next build asks `/meta/` again.
                return await record(cached.value, .unchangedDataHash, url: url, metadata: nil)
            }
        }
        guard let fetcher, mode != .offline else {
            throw PokedexError(
                .cache,
                url,
                .notCached,
                hint: "run once with the network (without --offline) to fill the cache"
            )
        }

        // Validators only for a copy the server gave us: a snapshot entry has none.
        let validated = cached.flatMap { $0.fromSnapshot ? nil : $0 }
        do {
            let result = try await fetcher.get(url, headers: validated?.metadata.conditionalHeaders ?? [])
            let hash = useDataHash ? await dataHash.current()?.hash : nil
            let control = CacheControl(result.headers.first(name: "Cache-Control"))
            if result.status == 304, let validated {
                var renewed = validated.metadata
                renewed.storedAt = self.now().timeIntervalSince1970
                // no-cache / no-store: keep the copy (it still serves as a fallback) but revalidate it every time.
                renewed.maxAge = control.noCache || control.noStore ? 0 : (control.maxAge ?? validated.metadata.maxAge)
                renewed.etag = result.headers.first(name: "ETag") ?? validated.metadata.etag
                renewed.dataHash = hash
                try await persisting(renewed, validated.value, with: persist)
                return await record(validated.value, .revalidated, url: url, metadata: renewed)
            }
            guard result.status == 200 else {
                // A transient status the attempts or the time ran out on says so: "HTTP 500 after 8 attempts".
                if let ended = result.ended {
                    throw PokedexError(.source, url, .network("HTTP \(result.status) \(ended)"))
                }
                throw PokedexError(.source, url, .httpStatus(result.status))
            }
            let value = try accept(result)
            let metadata = CacheMetadata(
                url: url,
                storedAt: self.now().timeIntervalSince1970,
                maxAge: control.noStore || control.noCache ? 0 : control.maxAge,
                etag: result.headers.first(name: "ETag"),
                lastModified: result.headers.first(name: "Last-Modified"),
                dataHash: hash
            )
            try await persisting(metadata, value, with: persist)
            return await record(value, .fetched, url: url, metadata: metadata)
        } catch let error as PokedexError where error.stage != .cache {
            // The cached copy is never deleted for a failed refresh: it serves until a good answer replaces it.
            guard let cached else { throw error }
            logger.info("using stale cache entry", metadata: ["url": "\(url)", "why": "\(error.reason)"])
            return await fallback(cached, reason: error.description)
        }
    }

    /// `persist` on the blocking threads.
    private func persisting<Value: Sendable>(
        _ metadata: CacheMetadata,
        _ value: Value,
        with persist: @escaping @Sendable (CacheMetadata, Value) throws -> Void
    ) async throws {
        try await blocking.run { try persist(metadata, value) }
    }

    private func record<Value>(
        _ value: Value,
        _ provenance: Provenance,
        url: String,
        metadata: CacheMetadata?
    ) async -> Loaded<Value> {
        await tally.add(provenance, url: url, metadata: metadata)
        return Loaded(value: value, provenance: provenance)
    }

    /// An HTML error page served with 200 must not pass for data.
    static func checkJSONContentType(_ result: HTTPResult, url: String) throws {
        guard let type = result.headers.first(name: "Content-Type")?.lowercased() else { return }
        if !type.contains("json") {
            throw PokedexError(.source, url, .invalidResponse("expected JSON, got \(type)"))
        }
    }
}
