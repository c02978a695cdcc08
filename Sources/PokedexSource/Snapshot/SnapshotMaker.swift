package import Foundation
package import Logging
package import PokedexSupport

/// `pokedex snapshot`: takes a data snapshot of a PokeAPI-compatible server. Every resource is revalidated (the
/// cache makes that cheap), none may come from a stale copy, and the data hash must be the same before and after,
/// so the snapshot is one consistent data set.
package struct SnapshotMaker: Sendable {
    package var apiBase: String
    package var cache: String
    package var concurrency: Int
    package var retry: RetryPolicy
    package var currentDirectory: String
    let logger: Logger
    let progress: any BuildProgress
    let now: @Sendable () -> Date

    package init(
        apiBase: String,
        cache: String,
        concurrency: Int = 8,
        retry: RetryPolicy = .standard,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        logger: Logger,
        progress: any BuildProgress = SilentProgress(),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.apiBase = apiBase
        self.cache = cache
        self.concurrency = concurrency
        self.retry = retry
        self.currentDirectory = currentDirectory
        self.logger = logger
        self.progress = progress
        self.now = now
    }

    package func make() async throws -> DataSnapshot {
        let apiBase = try APIBase.validated(apiBase)
        let concurrency = try APIBase.validatedConcurrency(concurrency)
        let store = CacheStore(root: Paths.resolve(cache, from: currentDirectory), apiBase: apiBase, logger: logger)
        // Writes the cache as a build does: one at a time.
        let lock = try await BuildLock.acquire(store.root, stage: .cache, purpose: "the cache", logger: logger)
        defer { withExtendedLifetime(lock) {} }
        let fetcher = HTTPFetcher(concurrency: concurrency, policy: retry, logger: logger)
        do {
            let snapshot = try await make(apiBase: apiBase, concurrency: concurrency, store: store, fetcher: fetcher)
            try await fetcher.shutdown()
            return snapshot
        } catch {
            do {
                try await fetcher.shutdown()
            } catch let shutdownError {
                logger.debug("HTTP client shutdown failed", metadata: ["error": "\(shutdownError)"])
            }
            throw error
        }
    }

    private func make(
        apiBase: String,
        concurrency: Int,
        store: CacheStore,
        fetcher: HTTPFetcher
    ) async throws -> DataSnapshot {
        let hashBefore = try await dataHash(fetcher: fetcher, apiBase: apiBase)
        let loader = ResourceLoader(
            store: store,
            fetcher: fetcher,
            mode: .refresh,
            apiBase: apiBase,
            snapshot: nil,
            logger: logger,
            now: now
        )
        // Large list pages: the snapshot keeps the whole list whatever page size a build asks for.
        let dataSet = DataSetLoader(
            apiBase: apiBase,
            listPageSize: 200,
            limit: nil,
            concurrency: concurrency,
            loader: loader,
            progress: progress
        )
        let data = try await dataSet.load(snapshot: SnapshotProvider(.off, logger: logger))
        guard data.missing.isEmpty else {
            throw PokedexError(
                .source,
                apiBase,
                .incomplete(missing: data.missing),
                hint: "a snapshot must be whole: run it again when the server answers"
            )
        }
        let counts = await loader.counts
        guard counts.stale == 0 else {
            throw PokedexError(
                .source,
                apiBase,
                .other(
                    "\(counts.stale) resource(s) could not be confirmed by the server, only read from the cache"
                ),
                hint: "a snapshot must be current: run it again when the server answers"
            )
        }
        let hashAfter = try await dataHash(fetcher: fetcher, apiBase: apiBase)
        guard hashBefore == hashAfter else {
            throw PokedexError(
                .source,
                apiBase + "/meta/",
                .other(
                    "the data changed while the snapshot was taken (hash \(hashBefore), then \(hashAfter))"
                ),
                hint: "run it again"
            )
        }
        let pokemon = data.list.compactMap { data.records[$0.id] }
        let species = data.species.keys.sorted().compactMap { data.species[$0] }
        return DataSnapshot(
            createdAt: now().timeIntervalSince1970.rounded(),
            source: apiBase,
            dataHash: hashAfter,
            list: data.list,
            pokemon: pokemon,
            species: species,
            evolutionChains: data.chains.keys.sorted().compactMap { data.chains[$0] },
            types: data.types.keys.sorted().compactMap { data.types[$0] },
            forms: data.forms.keys.sorted().compactMap { data.forms[$0] },
            versionGroups: data.versionGroups.keys.sorted().compactMap { data.versionGroups[$0] },
            // Places are whole `LocationRecord`s below; their names alone are not kept twice.
            named: data.named.filter { $0.key != .location }.mapValues { records in
                records.keys.sorted().compactMap { records[$0] }
            },
            moves: data.moves.keys.sorted().compactMap { data.moves[$0] },
            machines: data.machines.keys.sorted().compactMap { data.machines[$0] },
            abilities: data.abilities.keys.sorted().compactMap { data.abilities[$0] },
            itemCategories: data.itemCategories.keys.sorted().compactMap { data.itemCategories[$0] },
            encounters: data.encounters,
            areas: data.areas.keys.sorted().compactMap { data.areas[$0] },
            locations: data.locations.keys.sorted().compactMap { data.locations[$0] },
            pokedexes: data.pokedexes.keys.sorted().compactMap { data.pokedexes[$0] },
            natures: data.natures.keys.sorted().compactMap { data.natures[$0] },
            items: data.items.keys.sorted().compactMap { data.items[$0] }
        )
    }

    private func dataHash(fetcher: HTTPFetcher, apiBase: String) async throws -> String {
        let url = apiBase + "/meta/"
        let result = try await fetcher.get(url)
        guard result.status == 200 else { throw PokedexError(.source, url, .httpStatus(result.status)) }
        do {
            return try MetaRecord.decodeAPI(result.body).hash
        } catch {
            throw PokedexError(.model, url, .invalidResponse("no data hash: \(PokedexError.describe(error))"))
        }
    }

    /// Writes `snapshot` to `path` atomically (the bundled one is `Snapshot/bundled.pokedex-snapshot`, which the
    /// EmbedFiles build plugin compiles into pokedex). Returns its size in bytes.
    @discardableResult
    package static func write(_ snapshot: DataSnapshot, to path: String) throws -> Int {
        let encoded: Data
        do {
            encoded = try snapshot.encoded()
        } catch {
            throw PokedexError(.snapshot, path, .other("cannot encode the snapshot: \(PokedexError.describe(error))"))
        }
        do {
            try AtomicFile.write(encoded, to: URL(fileURLWithPath: path))
        } catch {
            throw PokedexError.file(.snapshot, path, error)
        }
        return encoded.count
    }
}
