import Foundation
package import PokedexSupport

/// The data set a site is made from, through the cache: the Pokémon list, every Pokémon, its species, evolution
/// chains, types, forms, the moves they learn and the machines that teach them, the version groups of both and
/// every resource the pages name. `pokedex build`
/// and `pokedex snapshot` both load it here.
///
/// Every resource is attempted before anything is decided: one that could be had neither from the network nor from
/// the cache is named in `DataSet.missing`; a list that cannot be had at all is thrown.
package struct DataSetLoader: Sendable {
    package var apiBase: String
    /// Entries per `/pokemon?limit=` page.
    package var listPageSize: Int
    /// At most this many Pokémon, from the start of the list.
    package var limit: Int?
    /// Requests in flight (twice this for the many small resources).
    package var concurrency: Int
    /// The languages whose Pokédex entries each species keeps (`SpeciesRecord.entryLanguages(shownIn:)`); nil keeps
    /// every language. The real data holds its entries in a dozen languages, of which a one-language site shows
    /// the English ones: dropped as each species is decoded, they never add to the build's memory (what they
    /// weigh: Benchmarks/README.md).
    package var entryLanguages: Set<String>?
    let loader: ResourceLoader
    let progress: any BuildProgress

    package init(
        apiBase: String,
        listPageSize: Int,
        limit: Int?,
        concurrency: Int,
        entryLanguages: Set<String>? = nil,
        loader: ResourceLoader,
        progress: any BuildProgress = SilentProgress()
    ) {
        self.apiBase = apiBase
        self.listPageSize = listPageSize
        self.limit = limit
        self.concurrency = concurrency
        self.entryLanguages = entryLanguages
        self.loader = loader
        self.progress = progress
    }

    /// The whole data set, through the loader, stage by stage: each stage asks for what the ones before it name.
    /// `onRecord` receives each Pokémon's record as soon as it is loaded (the build starts its artwork download
    /// then).
    package func load(
        snapshot: SnapshotProvider,
        onRecord: @escaping @Sendable (PokemonRecord) -> Void = { _ in }
    ) async throws -> DataSet {
        var set = DataSet(list: try await pokemonList(snapshot: snapshot))
        await loadPokemon(into: &set, onRecord: onRecord)
        await loadMoves(into: &set)
        await loadGames(into: &set)
        await loadMachines(into: &set)
        await loadPlaces(into: &set)
        await loadMegaStones(into: &set)
        await loadNatures(into: &set)
        var wanted = namesWanted(by: set)
        await loadItems(into: &set, wanted: &wanted)
        await loadNames(into: &set, wanted: wanted)
        set.encounters = set.encounters.filter { !$0.value.encounters.isEmpty }
        return set
    }

    /// The Pokémon list; a list that cannot be had stops the build, with why the snapshot could not help.
    private func pokemonList(snapshot: SnapshotProvider) async throws -> [ListPage.Entry] {
        switch await fetchList() {
        case .success(let entries): return entries
        case .failure(var error):
            if let unusable = snapshot.failure {
                error.hint =
                    (error.hint.map { $0 + " " } ?? "") + "(the snapshot could not help: \(unusable.description))"
            }
            throw error
        }
    }

    /// Every Pokémon of the list, their species (with only the Pokédex entries the site's languages show) and
    /// their evolution chains.
    private func loadPokemon(into set: inout DataSet, onRecord: @escaping @Sendable (PokemonRecord) -> Void) async {
        set.records = await resources(
            PokemonRecord.self,
            ids: set.list.map(\.id),
            path: "pokemon",
            progress: "Pokémon",
            missing: &set.missing,
            onRecord: onRecord
        ) { $0.id }
        let entryLanguages = entryLanguages
        set.species = await resources(
            SpeciesRecord.self,
            ids: Array(Set(set.records.values.map(\.speciesID))).sorted(),
            path: "pokemon-species",
            key: "species",
            progress: "Species",
            missing: &set.missing,
            shape: { record in entryLanguages.map(record.keepingEntries(in:)) ?? record },
            id: { $0.id }
        )
        set.chains = await resources(
            EvolutionChainRecord.self,
            ids: Array(Set(set.species.values.compactMap(\.evolutionChainID))).sorted(),
            path: "evolution-chain",
            progress: "Evolution chains",
            missing: &set.missing
        ) { $0.id }
    }

    /// Every move an exported Pokémon learns in any game and those evolution conditions name, and the types of
    /// both.
    private func loadMoves(into set: inout DataSet) async {
        var moveIDs = Set(set.records.values.flatMap { $0.learnset.entries.map(\.move) })
        for reference in set.chains.values.flatMap(\.references) where reference.kind == .move {
            moveIDs.insert(reference.id)
        }
        set.moves = await resources(
            MoveRecord.self,
            ids: moveIDs.sorted(),
            path: "move",
            progress: "Moves",
            missing: &set.missing
        ) { $0.id }
        let typeIDs = Set(set.records.values.flatMap(\.typeIDs)).union(set.moves.values.compactMap(\.typeID))
        set.types = await resources(TypeRecord.self, ids: typeIDs.sorted(), path: "type", missing: &set.missing) {
            $0.id
        }
    }

    /// Names fans know: a form's own (Alolan Raichu); the Pokédexes the species are numbered in; the games of the
    /// forms, learnsets and Pokédexes; the abilities.
    private func loadGames(into set: inout DataSet) async {
        let formIDs = Array(Set(set.records.values.filter { !$0.isDefault }.compactMap(\.formID))).sorted()
        set.forms = await resources(
            FormRecord.self,
            ids: formIDs,
            path: "pokemon-form",
            progress: "Forms",
            missing: &set.missing
        ) { $0.id }
        let pokedexIDs = Set(set.species.values.flatMap { $0.pokedexNumbers.compactMap(\.first) }).sorted()
        set.pokedexes = await resources(PokedexRecord.self, ids: pokedexIDs, path: "pokedex", missing: &set.missing) {
            $0.id
        }
        let groupIDs = Set(set.forms.values.compactMap(\.versionGroupID))
            .union(set.records.values.flatMap(\.learnset.versionGroups))
            .union(set.pokedexes.values.flatMap(\.versionGroups)).sorted()
        set.versionGroups = await resources(
            VersionGroupRecord.self,
            ids: groupIDs,
            path: "version-group",
            missing: &set.missing
        ) { $0.id }
        set.abilities = await resources(
            AbilityRecord.self,
            ids: Set(set.records.values.flatMap { $0.abilities.compactMap(\.id) }).sorted(),
            path: NamedKind.ability.path,
            progress: "Abilities",
            missing: &set.missing
        ) { $0.id }
    }

    /// The machines that teach a move in a game where an exported Pokémon learns it by machine: their numbers,
    /// and their items, whose names are what each language calls them ("CT01", "わざマシン01"). The learn methods
    /// tell which method is the machine's.
    private func loadMachines(into set: inout DataSet) async {
        let learnMethods = await resources(
            NamesRecord.self,
            ids: Set(set.records.values.flatMap { $0.learnset.entries.map(\.method) }).sorted(),
            path: NamedKind.moveLearnMethod.path,
            missing: &set.missing
        ) { $0.id }
        set.named[.moveLearnMethod] = learnMethods
        let machineMethods = Set(learnMethods.values.filter { $0.name == "machine" }.map(\.id))
        // A key without an allocation: a set of two-element arrays, one allocation per machine entry of the learnsets,
        // cost the real data's build 20 ms.
        struct MoveInGame: Hashable {
            var move: Int
            var versionGroup: Int
        }
        var taught = Set<MoveInGame>()
        for record in set.records.values {
            for entry in record.learnset.entries where machineMethods.contains(entry.method) {
                taught.insert(MoveInGame(move: entry.move, versionGroup: entry.versionGroup))
            }
        }
        let machineIDs = Set(
            set.moves.values.flatMap { move in
                move.machines.filter { taught.contains(MoveInGame(move: move.id, versionGroup: $0.versionGroup)) }
                    .map(\.machine)
            }
        ).sorted()
        set.machines = await resources(
            MachineRecord.self,
            ids: machineIDs,
            path: "machine",
            progress: "Machines",
            missing: &set.missing
        ) { $0.id }
    }

    /// Where each Pokémon is found, the areas named there, and their places with those evolution sentences name.
    private func loadPlaces(into set: inout DataSet) async {
        set.encounters = await resources(
            EncountersRecord.self,
            ids: set.records.keys.sorted(),
            path: "pokemon",
            pathSuffix: "encounters",
            key: "encounters",
            progress: "Encounters",
            missing: &set.missing,
            id: nil
        )
        set.areas = await resources(
            LocationAreaRecord.self,
            ids: Set(set.encounters.values.flatMap { $0.encounters.map(\.area) }).sorted(),
            path: "location-area",
            progress: "Areas",
            missing: &set.missing
        ) { $0.id }
        var locationIDs = Set(set.areas.values.compactMap(\.location))
        for reference in set.chains.values.flatMap(\.references) where reference.kind == .location {
            locationIDs.insert(reference.id)
        }
        set.locations = await resources(
            LocationRecord.self,
            ids: locationIDs.sorted(),
            path: NamedKind.location.path,
            progress: "Places",
            missing: &set.missing
        ) { $0.id }
    }

    /// What makes each Mega: its Mega Stone, one of the category's items (matched in the model).
    private func loadMegaStones(into set: inout DataSet) async {
        guard set.records.values.contains(where: { MegaForm.isMega($0.name) }) else { return }
        switch await itemCategory(ItemCategoryRecord.megaStones) {
        case .success(let category): set.itemCategories[category.name] = category
        case .failure(let error): set.missing.append(Self.describeMissing(error))
        }
    }

    /// The natures, for their table: the list tells their ids, each its stats and flavours. Only their page needs
    /// them: one that cannot be had (offline, from a cache or snapshot older than natures) is said, not fatal, and
    /// the site is built without the table.
    private func loadNatures(into set: inout DataSet) async {
        switch await natureList() {
        case .success(let entries):
            set.natures = await resources(
                NatureRecord.self,
                ids: entries.map(\.id),
                path: NamedKind.nature.path,
                progress: "Natures",
                missing: &set.naturesMissing
            ) { $0.id }
        case .failure(let error): set.naturesMissing.append(Self.describeMissing(error))
        }
        if !set.naturesMissing.isEmpty { set.natures = [:] }
    }

    /// What the pages name and need only the names of, by kind: habitats, games, egg groups, growth rates, move
    /// targets and classes, what evolution sentences name, ways and conditions, regions, items, flavours.
    private func namesWanted(by set: DataSet) -> [NamedKind: Set<Int>] {
        var wanted: [NamedKind: Set<Int>] = [:]
        wanted[.berryFlavor] = Set(set.natures.values.flatMap(\.flavorIDs))
        wanted[.habitat] = Set(set.species.values.compactMap(\.habitatID))
        // The games of the learnsets and forms, and those whose Pokédex entries the pages quote.
        wanted[.version] = Set(set.versionGroups.values.flatMap { $0.versions.map(\.id) })
            .union(set.species.values.flatMap { $0.entries.map(\.version.id) })
        wanted[.eggGroup] = Set(set.species.values.flatMap { $0.eggGroups.map(\.id) })
        wanted[.growthRate] = Set(set.species.values.compactMap { $0.growthRate?.id })
        wanted[.moveTarget] = Set(set.moves.values.compactMap(\.targetID))
        wanted[.moveDamageClass] = Set(set.moves.values.compactMap(\.damageClassID))
        for reference in set.chains.values.flatMap(\.references) where reference.kind != .move {
            wanted[reference.kind, default: []].insert(reference.id)
        }
        let encounterRows = set.encounters.values.flatMap(\.encounters)
        wanted[.version, default: []].formUnion(encounterRows.map(\.version))
        wanted[.version, default: []].formUnion(
            set.records.values.flatMap { $0.heldItems.flatMap { $0.versions.map { $0[0] } } }
        )
        wanted[.encounterMethod] = Set(encounterRows.map(\.method))
        wanted[.encounterConditionValue] = Set(encounterRows.flatMap(\.conditions))
        wanted[.region, default: []].formUnion(set.locations.values.compactMap(\.region))
        wanted[.region, default: []].formUnion(set.pokedexes.values.compactMap(\.region))
        wanted[.item, default: []].formUnion(set.records.values.flatMap { $0.heldItems.map(\.item) })
        wanted[.item, default: []].formUnion(set.machines.values.compactMap(\.itemID))
        wanted[.item, default: []].formUnion(set.itemCategories.values.flatMap { $0.items.map(\.id) })
        return wanted
    }

    /// The items the pages name, whole (their pages show them), their categories, and those's pockets (added to
    /// `wanted`).
    private func loadItems(into set: inout DataSet, wanted: inout [NamedKind: Set<Int>]) async {
        set.items = await resources(
            ItemRecord.self,
            ids: (wanted[.item] ?? []).sorted(),
            path: NamedKind.item.path,
            progress: "Items",
            missing: &set.missing
        ) { $0.id }
        let categories = await resources(
            ItemCategoryRecord.self,
            ids: Set(set.items.values.compactMap { $0.category?.id }).sorted(),
            path: NamedKind.itemCategory.path,
            missing: &set.missing
        ) { $0.id }
        for category in categories.values where set.itemCategories[category.name] == nil {
            set.itemCategories[category.name] = category
        }
        wanted[.itemPocket] = Set(set.itemCategories.values.compactMap { $0.pocket?.id })
    }

    /// The names of everything `wanted` holds of the kinds had only for their names (the learn methods were had
    /// for the machines, the places whole).
    private func loadNames(into set: inout DataSet, wanted: [NamedKind: Set<Int>]) async {
        let kinds = NamedKind.namesOnly.filter { $0 != .moveLearnMethod }
        progress.begin("Names", total: kinds.reduce(0) { $0 + (wanted[$1]?.count ?? 0) })
        for kind in kinds {
            set.named[kind] = await resources(
                NamesRecord.self,
                ids: (wanted[kind] ?? []).sorted(),
                path: kind.path,
                missing: &set.missing,
                advance: { self.progress.advance() },
                id: { $0.id }
            )
        }
        progress.end()
        set.named[.location] = set.locations.mapValues(\.namesRecord)
    }

    /// `/<path>/<id>/` for each id, cached under `<key>/<id>` (`key` defaults to `path`), with a progress bar when
    /// `progress` names one; `onRecord` gets each record as soon as it is loaded. A resource that could not be had
    /// is described in `missing`; one whose answer is for another id is refused.
    private func resources<Record: APIDecodable>(
        _ type: Record.Type,
        ids: [Int],
        path: String,
        pathSuffix: String = "",
        key: String? = nil,
        progress label: String? = nil,
        missing: inout [String],
        onRecord: @escaping @Sendable (Record) -> Void = { _ in },
        shape: @escaping @Sendable (Record) -> Record = { $0 },
        advance: @escaping @Sendable () -> Void = {},
        id: (@Sendable (Record) -> Int)?
    ) async -> [Int: Record] {
        let key = key ?? path
        if let label { progress.begin(label, total: ids.count) }
        let load = { @Sendable (wantedID: Int) async throws -> Record in
            let url = "\(apiBase)/\(path)/\(wantedID)/\(pathSuffix)"
            let record = try await loader.json(Record.self, url: url, key: "\(key)/\(wantedID)") { record in
                guard let id, id(record) != wantedID else { return }
                throw PokedexError(.model, url, .invalidResponse("answer is for id \(id(record)), not \(wantedID)"))
            }.value
            onRecord(record)
            return shape(record)
        }
        var results = await concurrently(ids, limit: concurrency * 2) { wantedID in
            defer {
                if label != nil { self.progress.advance() }
                advance()
            }
            return try await load(wantedID)
        }
        if label != nil { progress.end() }
        // What failed every attempt is asked again once the others are in: a server's bad minute is mostly over by
        // then, and one more round of attempts makes a resource lost at a 20 % error rate a rarity of rarities.
        let failed = results.indices.filter { index in
            guard case .failure(let error) = results[index] else { return false }
            // An answer that is final (404) is not asked again.
            if let error = error as? PokedexError, case .httpStatus = error.reason { return false }
            return true
        }
        if !failed.isEmpty, loader.mode != .offline {
            let again = await concurrently(failed.map { ids[$0] }, limit: concurrency * 2) { try await load($0) }
            for (index, result) in zip(failed, again) {
                if case .failure(let error) = result, case .failure(let first) = results[index] {
                    results[index] = .failure(Self.askedTwice(first: first, again: error))
                } else {
                    results[index] = result
                }
            }
            let recovered = again.filter { if case .success = $0 { true } else { false } }.count
            await loader.askedAgain(failed.count, recovered: recovered)
        }
        var byID: [Int: Record] = [:]
        for (wantedID, result) in zip(ids, results) {
            switch result {
            case .success(let record): byID[wantedID] = record
            case .failure(let error): missing.append(Self.describeMissing(error))
            }
        }
        return byID
    }

    /// A resource that failed twice, said as both: "HTTP 500 after 8 attempts; asked again after the others:
    /// HTTP 503 after 8 attempts".
    static func askedTwice(first: any Error, again: any Error) -> any Error {
        guard var error = first as? PokedexError else { return again }
        let second = (again as? PokedexError)?.reasonDescription ?? PokedexError.describe(again)
        error.reason = .other(error.reasonDescription + "; asked again after the others: " + second)
        return error
    }

    /// Where the natures' list is cached: not under `list/`, which holds the Pokémon list's pages.
    package static let natureListKey = "nature-list"

    /// `/nature/`: one page of 100 (PokeAPI has 25), then the next ones for a server that gives fewer a page; the
    /// first cached under `natureListKey`, the others under it with their offset.
    private func natureList() async -> Result<[ListPage.Entry], PokedexError> {
        var entries: [ListPage.Entry] = []
        var url = "\(apiBase)/nature?limit=100&offset=0"
        do {
            while true {
                let key = entries.isEmpty ? Self.natureListKey : "\(Self.natureListKey)-\(entries.count)"
                let asked = url
                let page = try await loader.json(ListPage.self, url: asked, key: key) { page in
                    guard page.count >= 0, page.count <= 1000 else {
                        throw PokedexError(.source, asked, .invalidResponse("\(page.count) natures"))
                    }
                }.value
                entries += page.results
                // An empty page ends it too: a server that says more than it gives is not asked forever.
                if page.results.isEmpty || entries.count >= page.count { break }
                url = "\(apiBase)/nature?limit=100&offset=\(entries.count)"
            }
            var seen = Set<Int>()
            return .success(entries.filter { seen.insert($0.id).inserted })
        } catch let error as PokedexError {
            return .failure(error)
        } catch {
            return .failure(PokedexError(.source, url, .other(PokedexError.describe(error))))
        }
    }

    /// `/item-category/<name>/`, asked for by name (its id is PokeAPI's business), cached under that name.
    private func itemCategory(_ name: String) async -> Result<ItemCategoryRecord, PokedexError> {
        let url = "\(apiBase)/item-category/\(name)/"
        do {
            let record = try await loader.json(ItemCategoryRecord.self, url: url, key: "item-category/\(name)") {
                record in
                guard record.name == name else {
                    throw PokedexError(.model, url, .invalidResponse("answer is for \(record.name), not \(name)"))
                }
            }.value
            return .success(record)
        } catch let error as PokedexError {
            return .failure(error)
        } catch {
            return .failure(PokedexError(.source, url, .other(PokedexError.describe(error))))
        }
    }

    /// Page 1 tells the count; the other pages are then fetched concurrently.
    private func fetchList() async -> Result<[ListPage.Entry], PokedexError> {
        let perPage = listPageSize
        @Sendable func page(_ offset: Int, expectedCount: Int?) async throws -> ListPage {
            let url = "\(apiBase)/pokemon?limit=\(perPage)&offset=\(offset)"
            return try await loader.json(ListPage.self, url: url, key: "list/limit-\(perPage)-offset-\(offset)") {
                page in
                let count = expectedCount ?? page.count
                if page.results.isEmpty && offset < count {
                    throw PokedexError(
                        .source,
                        url,
                        .invalidResponse("empty list where \(count - offset) result(s) were due")
                    )
                }
            }.value
        }
        let first: ListPage
        do {
            first = try await page(0, expectedCount: nil)
        } catch {
            return .failure(Self.firstFailure(error, apiBase: apiBase))
        }
        let wanted = min(first.count, limit ?? Int.max)
        let offsets = Array(stride(from: perPage, to: wanted, by: perPage))
        let rest = await concurrently(offsets, limit: concurrency) { offset in
            try await page(offset, expectedCount: first.count)
        }
        var entries = first.results
        var missing: [String] = []
        for result in rest {
            switch result {
            case .success(let page): entries += page.results
            case .failure(let error): missing.append(Self.describeMissing(error))
            }
        }
        guard missing.isEmpty else {
            return .failure(
                PokedexError(
                    .source,
                    apiBase,
                    .incomplete(missing: missing),
                    hint: "run the build again when the server answers"
                )
            )
        }
        // A list that shifted between pages can repeat an entry: keep the first.
        var seen = Set<Int>()
        entries = entries.filter { seen.insert($0.id).inserted }
        return .success(Array(entries.prefix(wanted)))
    }

    /// The first request tells most about a bad setup: say what to do about it.
    package static func firstFailure(_ error: any Error, apiBase: String) -> PokedexError {
        guard var error = error as? PokedexError else {
            return PokedexError(.source, apiBase, .other(PokedexError.describe(error)))
        }
        if error.hint == nil {
            switch error.reason {
            case .network, .httpStatus:
                error.hint =
                    "nothing is cached for this API yet: check the connection, or pass --api (or set POKEAPI_URL) to a reachable PokeAPI server"
            case .notCached:
                error.hint = "--offline needs a cache filled by an earlier build with the same --api"
            default: break
            }
        }
        return error
    }

    static func describeMissing(_ error: any Error) -> String {
        guard let error = error as? PokedexError else { return PokedexError.describe(error) }
        var copy = error
        copy.hint = nil
        return copy.description
    }
}

/// What the source and cache stages gathered, by id.
package struct DataSet: Sendable {
    package var list: [ListPage.Entry]
    package var records: [Int: PokemonRecord] = [:]
    package var species: [Int: SpeciesRecord] = [:]
    package var chains: [Int: EvolutionChainRecord] = [:]
    /// By id.
    package var types: [Int: TypeRecord] = [:]
    /// Forms of the exported non-default Pokémon, by form id.
    package var forms: [Int: FormRecord] = [:]
    package var versionGroups: [Int: VersionGroupRecord] = [:]
    /// Abilities, items, places… by kind and id: for their names.
    package var named: [NamedKind: [Int: NamesRecord]] = [:]
    /// Every move an exported Pokémon learns (and the evolution conditions name), by id.
    package var moves: [Int: MoveRecord] = [:]
    /// The machines that teach those moves in the games the Pokémon learn them by machine, by id.
    package var machines: [Int: MachineRecord] = [:]
    /// Every ability an exported Pokémon has, by id.
    package var abilities: [Int: AbilityRecord] = [:]
    /// Item categories by API name: the Mega Stones' when some exported Pokémon is a Mega, and the items'.
    package var itemCategories: [String: ItemCategoryRecord] = [:]
    /// Where each exported Pokémon is found, by Pokémon id (none kept for those found nowhere).
    package var encounters: [Int: EncountersRecord] = [:]
    /// The areas those encounters name, by id.
    package var areas: [Int: LocationAreaRecord] = [:]
    /// Their places, and those evolution sentences name, by id.
    package var locations: [Int: LocationRecord] = [:]
    /// The Pokédexes the species are numbered in, by id.
    package var pokedexes: [Int: PokedexRecord] = [:]
    /// Every nature, by id; their flavours' names are in `named`.
    package var natures: [Int: NatureRecord] = [:]
    /// The items the pages name (evolution, held, Mega Stones, machines), by id; their pockets' names are in
    /// `named`, their categories in `itemCategories`.
    package var items: [Int: ItemRecord] = [:]

    /// The type chart by API name, as the model reads it.
    package var typeChart: [String: TypeRecord] {
        Dictionary(types.values.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
    /// Resources that could be had neither from the network nor from the cache, described.
    package var missing: [String] = []
    /// The same for the natures, which only their table needs: the build goes on without it.
    package var naturesMissing: [String] = []
}
