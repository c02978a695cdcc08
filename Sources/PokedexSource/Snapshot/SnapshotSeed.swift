import Foundation
package import Logging
import NIOConcurrencyHelpers
package import PokedexSupport

/// A loaded snapshot, indexed to answer the cache keys the build reads: list pages of any size, Pokémon,
/// species, evolution chains, types, forms, version groups, moves, machines, item categories, encounters, areas,
/// places, Pokédexes, natures and named resources. Its entries carry the snapshot's data hash and no validators, and are stale from the start, so the
/// build uses them as they are only when `/meta/` confirms the hash or the network cannot be had.
package final class SnapshotSeed: Sendable {
    package let snapshot: DataSnapshot
    /// Whether it is the one compiled into pokedex (the banner says "bundled").
    package let isBundled: Bool
    package let pokemon: [Int: PokemonRecord]
    package let species: [Int: SpeciesRecord]
    let chains: [Int: EvolutionChainRecord]
    let types: [Int: TypeRecord]
    package let forms: [Int: FormRecord]
    let versionGroups: [Int: VersionGroupRecord]
    let moves: [Int: MoveRecord]
    let machines: [Int: MachineRecord]
    let abilities: [Int: AbilityRecord]
    /// By API name: they are asked for by name (`item-category/mega-stones`).
    let itemCategories: [String: ItemCategoryRecord]
    let encounters: [Int: EncountersRecord]
    let areas: [Int: LocationAreaRecord]
    let locations: [Int: LocationRecord]
    let pokedexes: [Int: PokedexRecord]
    let natures: [Int: NatureRecord]
    let items: [Int: ItemRecord]
    /// The same categories as `itemCategories`, by id: the items' are asked for by id.
    let itemCategoriesByID: [Int: ItemCategoryRecord]
    /// By cache folder (`item`, `pokemon-habitat`…), then id.
    let named: [String: [Int: NamesRecord]]

    package init(_ snapshot: DataSnapshot, isBundled: Bool) {
        self.snapshot = snapshot
        self.isBundled = isBundled
        pokemon = Dictionary(snapshot.pokemon.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        species = Dictionary(snapshot.species.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        chains = Dictionary(snapshot.evolutionChains.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        types = Dictionary(snapshot.types.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        forms = Dictionary(snapshot.forms.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        versionGroups = Dictionary(snapshot.versionGroups.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        moves = Dictionary(snapshot.moves.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        machines = Dictionary(snapshot.machines.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        abilities = Dictionary(snapshot.abilities.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        itemCategories = Dictionary(
            snapshot.itemCategories.map { ($0.name, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        encounters = Dictionary(
            snapshot.encounters.compactMap { key, record in Int(key).map { ($0, record) } },
            uniquingKeysWith: { first, _ in first }
        )
        areas = Dictionary(snapshot.areas.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        locations = Dictionary(snapshot.locations.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        pokedexes = Dictionary(snapshot.pokedexes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        natures = Dictionary((snapshot.natures ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        items = Dictionary(snapshot.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        itemCategoriesByID = Dictionary(
            snapshot.itemCategories.map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        var named: [String: [Int: NamesRecord]] = [:]
        for (kind, records) in snapshot.named {
            named[kind.path] = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
        self.named = named
    }

    /// The entry for `key` as the cache would hold it, fetched from `url`; nil when the snapshot has none.
    func entry<Body>(key: String, url: String, as type: Body.Type) -> CacheEntry<Body>? {
        let body: Any?
        if key.hasPrefix("list/"), let (limit, offset) = CacheStore.parseListKey(String(key.dropFirst(5)) + ".json") {
            let list = snapshot.list
            let start = min(offset, list.count)
            body = ListPage(count: list.count, results: Array(list[start..<min(list.count, start + limit)]))
        } else if let id = Self.id(in: key, prefix: "pokemon/") {
            body = pokemon[id]
        } else if let id = Self.id(in: key, prefix: "species/") {
            body = species[id]
        } else if let id = Self.id(in: key, prefix: "evolution-chain/") {
            body = chains[id]
        } else if let id = Self.id(in: key, prefix: "type/") {
            body = types[id]
        } else if let id = Self.id(in: key, prefix: "pokemon-form/") {
            body = forms[id]
        } else if let id = Self.id(in: key, prefix: "version-group/") {
            body = versionGroups[id]
        } else if let id = Self.id(in: key, prefix: "move/") {
            body = moves[id]
        } else if let id = Self.id(in: key, prefix: "machine/") {
            body = machines[id]
        } else if let id = Self.id(in: key, prefix: "ability/") {
            body = abilities[id]
        } else if let id = Self.id(in: key, prefix: "encounters/") {
            // A Pokémon the snapshot holds but left out of `encounters` is found nowhere.
            body = encounters[id] ?? (pokemon[id] != nil ? EncountersRecord(encounters: []) : nil)
        } else if let id = Self.id(in: key, prefix: "location-area/") {
            body = areas[id]
        } else if let id = Self.id(in: key, prefix: "location/") {
            body = locations[id]
        } else if let id = Self.id(in: key, prefix: "pokedex/") {
            body = pokedexes[id]
        } else if key == DataSetLoader.natureListKey, let all = snapshot.natures, !all.isEmpty {
            body = ListPage(count: all.count, results: all.map { ListPage.Entry(id: $0.id, name: $0.name) })
        } else if let id = Self.id(in: key, prefix: "nature/") {
            body = natures[id]
        } else if let id = Self.id(in: key, prefix: "item/") {
            body = items[id]
        } else if let id = Self.id(in: key, prefix: Self.itemCategoryPrefix) {
            body = itemCategoriesByID[id]
        } else if key.hasPrefix(Self.itemCategoryPrefix) {
            body = itemCategories[String(key.dropFirst(Self.itemCategoryPrefix.count))]
        } else if let slash = key.firstIndex(of: "/"), let records = named[String(key[..<slash])],
            let id = Int(key[key.index(after: slash)...])
        {
            body = records[id]
        } else {
            body = nil
        }
        guard let value = body as? Body else { return nil }
        let metadata = CacheMetadata(
            url: url,
            storedAt: snapshot.createdAt,
            maxAge: nil,
            etag: nil,
            lastModified: nil,
            dataHash: snapshot.dataHash
        )
        return CacheEntry(metadata: metadata, body: value)
    }

    static let itemCategoryPrefix = "item-category/"

    private static func id(in key: String, prefix: String) -> Int? {
        guard key.hasPrefix(prefix), let id = Int(key.dropFirst(prefix.count)), id > 0 else { return nil }
        return id
    }
}

/// The snapshot a build may seed from, read on first use: a warm build never decodes it. A snapshot that cannot be
/// read (truncated, of another version) is reported once and the build goes on without it.
package final class SnapshotProvider: Sendable {
    let choice: SnapshotChoice
    private let logger: Logger
    private let state = NIOLockedValueBox<Result<SnapshotSeed?, PokedexError>?>(nil)

    package init(_ choice: SnapshotChoice, logger: Logger) {
        self.choice = choice
        self.logger = logger
    }

    /// The seed, or nil when snapshots are off or this one is unusable.
    package var seed: SnapshotSeed? {
        switch load() {
        case .success(let seed): return seed
        case .failure: return nil
        }
    }

    /// Why the snapshot could not be used, once something asked for it.
    package var failure: PokedexError? {
        guard case .failure(let error) = state.withLockedValue({ $0 }) else { return nil }
        return error
    }

    private func load() -> Result<SnapshotSeed?, PokedexError> {
        state.withLockedValue { state in
            if let state { return state }
            let result: Result<SnapshotSeed?, PokedexError>
            do {
                switch choice {
                case .off: result = .success(nil)
                case .bundled: result = .success(SnapshotSeed(try DataSnapshot.bundled(), isBundled: true))
                case .file(let path):
                    result = .success(SnapshotSeed(try DataSnapshot.read(path: path), isBundled: false))
                }
            } catch let error as PokedexError {
                logger.warning("\(error.description); going on without it")
                result = .failure(error)
            } catch {
                let wrapped = PokedexError(.snapshot, nil, .other(PokedexError.describe(error)))
                logger.warning("\(wrapped.description); going on without it")
                result = .failure(wrapped)
            }
            state = result
            return result
        }
    }
}
