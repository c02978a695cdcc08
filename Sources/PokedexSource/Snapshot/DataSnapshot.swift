import CompressNIO
package import Foundation
import NIOCore
import NIOFoundationEssentialsCompat
import PokedexSupport

/// A compact copy of the whole Pokédex as the cache projects it (list, Pokémon with their learnsets, species,
/// evolution chains, types, forms, moves, machines and the names the pages show; what the site shows and nothing
/// more), with PokeAPI's data hash and the date it was taken. It seeds an empty cache, so a first build
/// needs no JSON from the network when the server's data hash is the snapshot's, and none at all offline.
///
/// On disk: gzip of one JSON document whose `format` and `version` are checked before anything else is trusted.
package struct DataSnapshot: Codable, Sendable, Equatable {
    package static let format = "pokedex-snapshot"

    package var format: String
    /// The cache projection version the records are in (`CacheStore.formatVersion`).
    package var version: String
    /// Seconds since 1970 when the snapshot was taken.
    var createdAt: Double
    /// The API base it was taken from, for the record.
    package var source: String
    /// PokeAPI's `/meta/` hash of the data set the records come from.
    package var dataHash: String
    /// The whole Pokémon list, in the API's order.
    package var list: [ListPage.Entry]
    package var pokemon: [PokemonRecord]
    package var species: [SpeciesRecord]
    package var evolutionChains: [EvolutionChainRecord]
    package var types: [TypeRecord]
    /// The forms of the non-default Pokémon, and the version groups that introduced them.
    package var forms: [FormRecord]
    package var versionGroups: [VersionGroupRecord]
    /// Abilities, items (machines and Mega Stones too), places, regions, habitats, versions and move methods the
    /// pages name, for their names.
    package var named: [NamedKind: [NamesRecord]]
    /// Every move an exported Pokémon learns, and the machines that teach them.
    package var moves: [MoveRecord]
    package var machines: [MachineRecord]
    /// Every ability an exported Pokémon has.
    package var abilities: [AbilityRecord]
    /// Item categories the pages draw on, by API name ("mega-stones": what makes each Mega).
    package var itemCategories: [ItemCategoryRecord]
    /// Where each Pokémon is found, by Pokémon id as a string (JSON keys); those found nowhere are left out.
    package var encounters: [String: EncountersRecord]
    /// The areas and places the encounters and evolution sentences name.
    package var areas: [LocationAreaRecord]
    package var locations: [LocationRecord]
    /// The Pokédexes the species are numbered in.
    package var pokedexes: [PokedexRecord]
    /// Every nature (their flavours' names are in `named`); nil in a snapshot taken before pokedex read them, which
    /// still seeds the rest.
    package var natures: [NatureRecord]?
    /// The items the pages name, whole (names, category, picture, effects, holders, machines).
    package var items: [ItemRecord]

    package init(
        createdAt: Double,
        source: String,
        dataHash: String,
        list: [ListPage.Entry],
        pokemon: [PokemonRecord],
        species: [SpeciesRecord],
        evolutionChains: [EvolutionChainRecord],
        types: [TypeRecord],
        forms: [FormRecord] = [],
        versionGroups: [VersionGroupRecord] = [],
        named: [NamedKind: [NamesRecord]] = [:],
        moves: [MoveRecord] = [],
        machines: [MachineRecord] = [],
        abilities: [AbilityRecord] = [],
        itemCategories: [ItemCategoryRecord] = [],
        encounters: [Int: EncountersRecord] = [:],
        areas: [LocationAreaRecord] = [],
        locations: [LocationRecord] = [],
        pokedexes: [PokedexRecord] = [],
        natures: [NatureRecord] = [],
        items: [ItemRecord] = []
    ) {
        self.format = Self.format
        self.version = CacheStore.formatVersion
        self.createdAt = createdAt
        self.source = source
        self.dataHash = dataHash
        self.list = list
        self.pokemon = pokemon
        self.species = species
        self.evolutionChains = evolutionChains
        self.types = types
        self.forms = forms
        self.versionGroups = versionGroups
        self.named = named
        self.moves = moves
        self.machines = machines
        self.abilities = abilities
        self.itemCategories = itemCategories
        self.encounters = Dictionary(uniqueKeysWithValues: encounters.map { (String($0.key), $0.value) })
        self.areas = areas
        self.locations = locations
        self.pokedexes = pokedexes
        self.natures = natures
        self.items = items
    }

    package var date: Date { Date(timeIntervalSince1970: createdAt) }

    // MARK: The file

    package func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var json = ByteBuffer(data: try encoder.encode(self))
        let compressed = try json.compress(with: .gzip(configuration: .init(compressionLevel: 9)))
        return Data(buffer: compressed)
    }

    /// Reads a snapshot file's bytes; `origin` names it in errors. Truncated or corrupt data, another format, or a
    /// projection version other than the cache's are refused with a reason.
    package static func decode(_ data: Data, origin: String) throws -> DataSnapshot {
        func refuse(_ why: String) -> PokedexError {
            PokedexError(.snapshot, origin, .invalidInput(why))
        }
        var buffer = ByteBuffer(data: data)
        let json: ByteBuffer
        do {
            json = try buffer.decompress(with: .gzip())
        } catch {
            throw refuse("truncated or corrupt snapshot (\(data.count) bytes: \(error))")
        }
        let bytes = Data(buffer: json)
        // gzip ends with the uncompressed size (mod 2^32): a file cut in its trailer still inflates, so check it.
        guard data.count >= 18, Self.trailerSize(data) == UInt32(truncatingIfNeeded: bytes.count) else {
            throw refuse("truncated or corrupt snapshot (\(data.count) bytes: the gzip trailer does not match)")
        }
        struct Header: Decodable {
            var format: String?
            var version: String?
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: bytes)
        } catch {
            throw refuse("truncated or corrupt snapshot (not a JSON document)")
        }
        guard header.format == Self.format else {
            throw refuse("not a pokedex snapshot (format \(header.format.map { "\"\($0)\"" } ?? "missing"))")
        }
        guard header.version == CacheStore.formatVersion else {
            throw refuse(
                "snapshot of projection version \(header.version ?? "?"), this pokedex reads \(CacheStore.formatVersion)"
            )
        }
        do {
            return try JSONDecoder().decode(DataSnapshot.self, from: bytes)
        } catch let error as DecodingError {
            let (path, detail) = error.jsonPathAndDetail
            throw refuse("unexpected JSON at \(path.isEmpty ? "(root)" : path): \(detail)")
        }
    }

    private static func trailerSize(_ data: Data) -> UInt32 {
        data.suffix(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// Reads the snapshot file at `path`.
    package static func read(path: String) throws -> DataSnapshot {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw PokedexError.file(.snapshot, path, error)
        }
        return try decode(data, origin: path)
    }

    /// When the snapshot compiled into pokedex was taken, and PokeAPI's data hash it holds (`pokedex --version`).
    package static func bundledStamp() throws -> (date: Date, dataHash: String) {
        struct Stamp: Decodable {
            var createdAt: Double
            var dataHash: String
        }
        var buffer = ByteBuffer(data: try bundledFile())
        do {
            let stamp = try JSONDecoder().decode(Stamp.self, from: Data(buffer: try buffer.decompress(with: .gzip())))
            return (Date(timeIntervalSince1970: stamp.createdAt), stamp.dataHash)
        } catch {
            throw PokedexError(.snapshot, "(bundled snapshot)", .invalidInput("unreadable: \(error)"))
        }
    }

    /// The snapshot compiled into pokedex.
    package static func bundled() throws -> DataSnapshot {
        try decode(try bundledFile(), origin: "(bundled snapshot)")
    }

    /// The bytes of `Snapshot/bundled.pokedex-snapshot`, as the EmbedFiles plugin compiled them in.
    private static func bundledFile() throws -> Data {
        guard let data = Data(base64Encoded: BundledSnapshot.base64, options: .ignoreUnknownCharacters) else {
            throw PokedexError(.snapshot, "(bundled snapshot)", .invalidInput("the bundled snapshot is not base64"))
        }
        return data
    }
}
