import Foundation
package import Logging
package import PokedexModel
package import PokedexSource
import PokedexSupport

/// The Pokémon the cache knows for one API base: every cached list page (of any page size) merged, with display
/// names from the cached pokemon and species records when there are some. What `pokedex favorites` checks names
/// and ids against, without touching the network.
package struct CachedCatalog: Sendable {
    package let catalog: FavoritesCatalog
    /// How many Pokémon the API said its list holds (from the most recently stored page).
    package let total: Int
    /// The API base the cache was read for, for messages.
    package let apiBase: String
    /// The list is the data snapshot's: no build has cached the server's yet.
    package let isSnapshot: Bool

    package init(catalog: FavoritesCatalog, total: Int, apiBase: String, isSnapshot: Bool = false) {
        self.catalog = catalog
        self.total = total
        self.apiBase = apiBase
        self.isSnapshot = isSnapshot
    }

    /// How many Pokémon the cached pages name.
    var cachedCount: Int { catalog.items.count }

    /// Whether the cached pages cover the whole list, so that a name it does not know is truly unknown.
    package var isComplete: Bool { cachedCount >= total }

    /// The catalog for `store`'s API base; nil when no list page is cached for it.
    package static func load(from store: CacheStore, apiBase: String) throws -> CachedCatalog? {
        let pages = try store.cachedListPages()
        guard !pages.isEmpty else { return nil }

        // Newest pages first: when two pages disagree on an id (the list shifted between fetches), the newest wins,
        // and the newest page's count is the list's size.
        let newestFirst = pages.sorted { $0.entry.metadata.storedAt > $1.entry.metadata.storedAt }
        var names: [Int: String] = [:]
        for page in newestFirst {
            for item in page.entry.body.results where item.id > 0 && names[item.id] == nil {
                names[item.id] = item.name
            }
        }
        let total = newestFirst[0].entry.body.count

        var species: [Int: SpeciesRecord?] = [:]
        // Missing or unreadable entries are nil (CacheStore.read); only a real I/O failure throws.
        let items = try names.sorted(by: { $0.key < $1.key }).map { id, name -> FavoritesCatalog.Item in
            guard let record = try store.read("pokemon/\(id)", as: PokemonRecord.self)?.body, record.id == id else {
                return .init(id: id, name: name, displayName: DisplayName.titleCase(name))
            }
            if species[record.speciesID] == nil {
                species[record.speciesID] = .some(
                    try store.read("species/\(record.speciesID)", as: SpeciesRecord.self)?.body
                )
            }
            // A form is called as the site calls it ("Alolan Raichu") once a build has cached its form record.
            let form =
                record.isDefault
                ? nil : try record.formID.flatMap { try store.read("pokemon-form/\($0)", as: FormRecord.self)?.body }
            return .init(
                id: id,
                name: name,
                displayName: DisplayName.of(record, species: species[record.speciesID] ?? nil, form: form),
                number: record.speciesID,
                isForm: !record.isDefault
            )
        }
        return CachedCatalog(catalog: FavoritesCatalog(items), total: total, apiBase: apiBase)
    }

    /// Reads the catalog of the cache folder `cache` for `apiBase` (paths relative to `currentDirectory`); with
    /// nothing cached, the data snapshot's list stands in for it, as it does for `pokedex build`.
    package static func load(
        cache: String,
        apiBase: String,
        snapshot: SnapshotChoice = .off,
        logger: Logger = quietLogger,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) throws -> CachedCatalog? {
        let base = normalisedAPIBase(apiBase)
        if let cached = try load(
            from: store(cache: cache, apiBase: base, logger: logger, currentDirectory: currentDirectory),
            apiBase: base
        ) {
            return cached
        }
        return SnapshotProvider(snapshot, logger: logger).seed.map { fromSnapshot($0, apiBase: base) }
    }

    /// The catalog of a data snapshot: its whole list, with display names from its records.
    static func fromSnapshot(_ seed: SnapshotSeed, apiBase: String) -> CachedCatalog {
        let list = seed.snapshot.list
        let items = list.map { entry -> FavoritesCatalog.Item in
            guard let record = seed.pokemon[entry.id] else {
                return .init(id: entry.id, name: entry.name, displayName: DisplayName.titleCase(entry.name))
            }
            let form = record.isDefault ? nil : record.formID.flatMap { seed.forms[$0] }
            return .init(
                id: entry.id,
                name: entry.name,
                displayName: DisplayName.of(record, species: seed.species[record.speciesID], form: form),
                number: record.speciesID,
                isForm: !record.isDefault
            )
        }
        return CachedCatalog(catalog: FavoritesCatalog(items), total: list.count, apiBase: apiBase, isSnapshot: true)
    }

    /// The cache store `pokedex build --cache cache --api apiBase` uses.
    package static func store(
        cache: String,
        apiBase: String,
        logger: Logger = quietLogger,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> CacheStore {
        CacheStore(
            root: Paths.resolve(cache, from: currentDirectory),
            apiBase: normalisedAPIBase(apiBase),
            logger: logger
        )
    }

    /// Says nothing: an unreadable cache entry just counts as missing.
    package static var quietLogger: Logger {
        Logger(label: "pokedex.favorites") { _ in SwiftLogNoOpLogHandler() }
    }

    /// The API base as `pokedex build` keys its cache folder: no trailing slash.
    package static func normalisedAPIBase(_ apiBase: String) -> String {
        var base = apiBase.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
