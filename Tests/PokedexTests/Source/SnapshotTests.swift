import Foundation
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import PokedexModel
@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource
@testable import PokedexSupport

/// The data snapshot: its file format, the copy compiled into pokedex, and builds seeded from it.
@Suite struct SnapshotFileTests {
    @Test func theBundledSnapshotDecodesAtTheCurrentProjectionVersion() throws {
        let snapshot = try DataSnapshot.bundled()
        #expect(snapshot.format == DataSnapshot.format)
        #expect(snapshot.version == CacheStore.formatVersion)
        #expect(snapshot.list.count == 1351)
        #expect(snapshot.pokemon.count == 1351)
        #expect(snapshot.species.count == 1025)
        #expect(snapshot.dataHash.count == 40)
        let bulbasaur = try #require(snapshot.pokemon.first { $0.id == 1 })
        #expect(bulbasaur.baseExperience == 64 && bulbasaur.height == 7 && bulbasaur.weight == 69)
        // Sprite URLs are PokeAPI's own, never a local mirror's.
        #expect(
            bulbasaur.sprites.officialArtwork?.hasPrefix("https://raw.githubusercontent.com/PokeAPI/sprites/") == true
        )
        #expect(
            snapshot.pokemon.allSatisfy { record in record.sprites.candidates.allSatisfy { $0.hasPrefix("https://") } }
        )
        #expect(snapshot.species.first { $0.id == 83 }?.englishName == "Farfetch’d")
        // Within the budget: at most 8 MB added to the binary (names and texts in every language: 4.4 MB gzip'd).
        #expect(BundledSnapshot.base64.utf8.count < 8_000_000)
        #expect(snapshot.species.first { $0.id == 25 }?.genus(in: "fr")?.name == "Pokémon Souris")
        // Where to find it: Pikachu in Viridian Forest in Red, the place by its French name, and its Light Ball.
        let forest = try #require(snapshot.locations.first { $0.name == "viridian-forest" })
        #expect(forest.names.preferred("fr")?.name == "Forêt de Jade")
        let forestAreas = Set(forest.areas)
        #expect(
            snapshot.encounters["25"]?.encounters.contains { forestAreas.contains($0.area) && $0.version == 1 } == true
        )
        #expect(snapshot.pokemon.first { $0.id == 25 }?.heldItems.contains { $0.name == "light-ball" } == true)
        // The 25 natures: Adamant raises Attack and lowers Special Attack, likes spicy and dislikes dry; five are
        // neutral; the flavours' names are kept, French among them.
        let natures = try #require(snapshot.natures)
        #expect(natures.count == 25)
        let adamant = try #require(natures.first { $0.name == "adamant" })
        #expect(adamant.increasedStat == "attack" && adamant.decreasedStat == "special-attack")
        #expect(adamant.likesFlavor?.name == "spicy" && adamant.hatesFlavor?.name == "dry")
        #expect(adamant.names.preferred("fr")?.name == "Rigide")
        #expect(natures.filter { $0.increasedStat == nil }.count == 5)
        #expect(snapshot.named[.berryFlavor]?.count == 5)
        // The 579 items the pages name, whole: the Light Ball with its French name, category, sprite, fling power,
        // effect and the 14 Pokémon that hold it; the Thunder Stone in "evolution"; a TM's machines; their 17
        // categories with their pockets, whose names are kept.
        #expect(snapshot.items.count == 579)
        let ball = try #require(snapshot.items.first { $0.name == "light-ball" })
        #expect(ball.names.preferred("fr")?.name == "Balle Lumière")
        #expect(ball.category?.name == "species-specific" && ball.flingPower == 30)
        #expect(ball.sprite?.hasSuffix("light-ball.png") == true)
        #expect(ball.effects.preferred("en")?.shortEffect?.contains("Pikachu") == true)
        #expect(ball.heldBy.count == 14 && ball.heldBy.contains(25))
        #expect(snapshot.items.first { $0.name == "thunder-stone" }?.category?.name == "evolution")
        #expect(snapshot.items.first { $0.name == "tm24" }?.machines.isEmpty == false)
        #expect(snapshot.itemCategories.count == 17)
        #expect(snapshot.itemCategories.first { $0.name == "species-specific" }?.pocket?.name == "misc")
        #expect(snapshot.named[.itemPocket]?.count == 5)
    }

    @Test func aSnapshotRoundTripsThroughItsFile() throws {
        let snapshot = Self.small
        #expect(try DataSnapshot.decode(try snapshot.encoded(), origin: "test") == snapshot)
    }

    @Test func aTruncatedSnapshotIsRefusedWithAReason() throws {
        let encoded = try Self.small.encoded()
        for cut in [encoded.count / 2, encoded.count - 4, 10] {
            let error = #expect(throws: PokedexError.self) {
                try DataSnapshot.decode(encoded.prefix(cut), origin: "s.bin")
            }
            #expect(error?.stage == .snapshot)
            #expect(
                error?.description.contains("s.bin: truncated or corrupt snapshot") == true,
                "\(String(describing: error))"
            )
        }
        let notGzip = #expect(throws: PokedexError.self) { try DataSnapshot.decode(Data("{}".utf8), origin: "s.bin") }
        #expect(notGzip?.description.contains("truncated or corrupt") == true)
    }

    @Test func aSnapshotOfAnotherVersionOrFormatIsRefused() throws {
        var other = Self.small
        other.version = "v99"
        let error = #expect(throws: PokedexError.self) { try DataSnapshot.decode(try other.encoded(), origin: "s.bin") }
        #expect(
            error?.description.contains("projection version v99, this pokedex reads \(CacheStore.formatVersion)")
                == true
        )
        other = Self.small
        other.format = "something-else"
        let format = #expect(throws: PokedexError.self) {
            try DataSnapshot.decode(try other.encoded(), origin: "s.bin")
        }
        #expect(format?.description.contains("not a pokedex snapshot") == true)
    }

    @Test func theSeedServesListPagesOfAnySizeAndRecordsByKey() throws {
        let seed = SnapshotSeed(Self.small, isBundled: false)
        let page = try #require(seed.entry(key: "list/limit-2-offset-2", url: "u", as: ListPage.self))
        #expect(page.body == ListPage(count: 3, results: [.init(id: 25, name: "pikachu")]))
        #expect(page.metadata.dataHash == "hash-1")
        #expect(page.metadata.maxAge == nil, "stale from the start: only /meta/ or a dead network makes it usable")
        #expect(seed.entry(key: "pokemon/25", url: "u", as: PokemonRecord.self)?.body.name == "pikachu")
        #expect(seed.entry(key: "species/1", url: "u", as: SpeciesRecord.self)?.body.englishName == "Bulbasaur")
        #expect(seed.entry(key: "pokemon/26", url: "u", as: PokemonRecord.self) == nil)
        #expect(seed.entry(key: "pokemon/25", url: "u", as: SpeciesRecord.self) == nil)
        #expect(seed.entry(key: "images/official/25", url: "u", as: String.self) == nil)
    }

    @Test func theBannerNamesTheSnapshotAndItsDate() {
        let date = Date(timeIntervalSince1970: 1_795_219_200)  // 2026-11-21
        #expect(
            SiteRenderer.banner(.snapshot(date, bundled: true))
                == "Offline — showing data from the bundled snapshot of 21 Nov 2026"
        )
        #expect(
            SiteRenderer.banner(.snapshot(date, bundled: false))
                == "Offline — showing data from the snapshot of 21 Nov 2026"
        )
    }

    static let small: DataSnapshot = {
        func record(_ id: Int, _ name: String) -> PokemonRecord {
            PokemonRecord(
                id: id,
                name: name,
                speciesID: id,
                speciesName: name,
                isDefault: true,
                baseExperience: nil,
                height: 1,
                weight: 1,
                types: ["normal"],
                typeIDs: [1],
                stats: [],
                abilities: [],
                sprites: .init(officialArtwork: "https://example.org/\(id).png", home: nil, frontDefault: nil)
            )
        }
        let names = [(1, "bulbasaur"), (6, "charizard"), (25, "pikachu")]
        return DataSnapshot(
            createdAt: 1_795_219_200,
            source: "https://example.org/api/v2",
            dataHash: "hash-1",
            list: names.map { ListPage.Entry(id: $0.0, name: $0.1) },
            pokemon: names.map { record($0.0, $0.1) },
            species: [
                SpeciesRecord(
                    id: 1,
                    name: "bulbasaur",
                    englishName: "Bulbasaur",
                    names: [],
                    varieties: []
                )
            ],
            evolutionChains: [],
            types: []
        )
    }()
}

/// Builds seeded from a snapshot of the test server, taken by `pokedex snapshot`'s own code.
@Suite struct SnapshotBuildTests {
    /// Takes a snapshot of `env`'s server into a file beside its folders.
    func takeSnapshot(_ env: TestEnvironment) async throws -> String {
        let maker = SnapshotMaker(
            apiBase: env.server.apiBase,
            cache: env.root.appendingPathComponent("snapshot-cache").path,
            concurrency: 4,
            retry: fastRetry,
            currentDirectory: env.root.path,
            logger: quietLogger
        )
        let snapshot = try await maker.make()
        #expect(snapshot.list.count == Fixtures.pokemon.count)
        #expect(snapshot.dataHash == env.server.dataHash)
        let path = env.root.appendingPathComponent("pokedex.snapshot").path
        try SnapshotMaker.write(snapshot, to: path)
        env.server.resetCounts()
        return path
    }

    @Test func whenTheDataHashMatchesTheFirstBuildAsksForMetaAndArtworkOnly() async throws {
        try await withEnvironment { env in
            let path = try await takeSnapshot(env)
            let summary = try await env.build(snapshot: .file(path))
            #expect(env.server.jsonRequests == 1)
            #expect(env.server.count("/api/v2/meta/") == 1)
            #expect(env.server.imageRequests > 0)
            #expect(summary.pokemon == Fixtures.pokemon.count)
            #expect(summary.loads.unchangedDataHash > Fixtures.pokemon.count)
            #expect(summary.loads.snapshot == 0)
            #expect(summary.loads.fetched == env.server.imageRequests, "only artwork is fetched")
            #expect(try !env.read("index.html").contains("Offline"))

            // Confirmed entries became ordinary cache entries: the next build asks nothing.
            env.server.resetCounts()
            let again = try await env.build(snapshot: .file(path))
            #expect(env.server.requests.isEmpty)
            #expect(again.loads.fromCache > 0)
        }
    }

    @Test func whenTheDataHashDiffersTheBuildFetchesAsWithoutASnapshot() async throws {
        try await withEnvironment { env in
            let path = try await takeSnapshot(env)
            env.server.dataHash = "fixture-hash-2"
            let summary = try await env.build(snapshot: .file(path))
            #expect(summary.loads.fetched > Fixtures.pokemon.count)
            #expect(summary.loads.unchangedDataHash == 0)
            #expect(try !env.read("index.html").contains("Offline"))
        }
    }

    @Test func withTheOriginDownTheSiteIsBuiltFromTheSnapshotWithItsBanner() async throws {
        try await withEnvironment { env in
            let path = try await takeSnapshot(env)
            await env.server.stop()
            // The standard retry policy: a refused origin that never answered is given up on at once.
            let summary = try await env.build(retry: .standard, snapshot: .file(path))
            #expect(summary.pokemon == Fixtures.pokemon.count)
            #expect(summary.loads.snapshot > 0)
            #expect(summary.network.retries <= 2 * RetryPolicy.standard.unreachableAttempts, "\(summary.line)")
            #expect(summary.line.contains("from the data snapshot"))
            let index = try env.read("index.html")
            #expect(index.contains("Offline — showing data from the snapshot of"))
            // Artwork that could not be downloaded is referenced by its URL.
            #expect(summary.imagesRemote > 0)
            #expect(index.contains(env.server.origin + "/media/"))
        }
    }

    @Test func aSnapshotTakenBeforeNaturesStillBuildsTheSiteOfflineWithoutTheirTable() async throws {
        try await withEnvironment { env in
            let path = try await takeSnapshot(env)
            #expect(try DataSnapshot.read(path: path).natures?.count == Fixtures.natures.count)
            var older = try DataSnapshot.read(path: path)
            older.natures = nil
            older.named[.berryFlavor] = nil
            try SnapshotMaker.write(older, to: path)
            let summary = try await env.build(mode: .offline, snapshot: .file(path))
            #expect(env.server.requests.isEmpty)
            #expect(summary.pokemon == Fixtures.pokemon.count)
            #expect(!env.exists("natures.html"))
            #expect(try !env.read("pokemon/pikachu.html").contains("natures.html"))
        }
    }

    @Test func offlineWithAnEmptyCacheBuildsFromTheSnapshot() async throws {
        try await withEnvironment { env in
            let path = try await takeSnapshot(env)
            let summary = try await env.build(mode: .offline, snapshot: .file(path))
            #expect(env.server.requests.isEmpty)
            #expect(summary.loads.snapshot > 0)
            #expect(try env.read("pokemon/pikachu.html").contains("Offline — showing data from the snapshot of"))
        }
    }

    @Test func withoutASnapshotAnEmptyCacheAndNoNetworkStillFail() async throws {
        try await withEnvironment { env in
            await env.server.stop()
            let error = await env.failingBuild(retry: .standard, snapshot: .off)
            #expect(error?.exitCode == 3)
        }
    }

    @Test func anUnusableSnapshotIsReportedAndTheBuildGoesOnWithTheNetwork() async throws {
        try await withEnvironment { env in
            let path = try await takeSnapshot(env)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
            let messages = LogCapture()
            let summary = try await env.build(snapshot: .file(path), logger: messages.logger)
            #expect(summary.pokemon == Fixtures.pokemon.count)
            #expect(summary.loads.fetched > 0)
            #expect(messages.lines.contains { $0.contains("truncated or corrupt snapshot") && $0.contains(path) })

            // Without the network, the build fails, and says why the snapshot could not help.
            try FileManager.default.removeItem(at: env.cache)
            await env.server.stop()
            let error = await env.failingBuild(retry: .standard, snapshot: .file(path))
            #expect(error?.exitCode == 3)
            #expect(error?.hint?.contains("truncated or corrupt snapshot") == true, "\(String(describing: error))")
        }
    }

    @Test func theFavoritesCommandsUseTheSnapshotListWhenNothingIsCached() async throws {
        try await withEnvironment { env in
            let path = try await takeSnapshot(env)
            let catalog = try #require(
                try CachedCatalog.load(
                    cache: env.cache.path,
                    apiBase: env.server.apiBase,
                    snapshot: .file(path)
                )
            )
            #expect(catalog.isComplete)
            #expect(catalog.catalog.match(.name("Mr. Mime")) == 122)
            #expect(
                try CachedCatalog.load(cache: env.cache.path, apiBase: env.server.apiBase, snapshot: .off)?.total == nil
            )
        }
    }
}

/// Collects log lines, to check what a build warned about.
final class LogCapture: Sendable {
    private let box = NIOLockedValueBox<[String]>([])

    var lines: [String] { box.withLockedValue { $0 } }

    var logger: Logger { logger(level: .warning) }

    func logger(level: Logger.Level) -> Logger {
        Logger(label: "capture") { _ in Handler(box: self.box, logLevel: level) }
    }

    struct Handler: LogHandler {
        let box: NIOLockedValueBox<[String]>
        var logLevel: Logger.Level
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            box.withLockedValue { $0.append("\(event.level): \(event.message)") }
        }
    }
}
