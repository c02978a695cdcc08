import Foundation
import PokedexModel
import PokedexSource
import PokedexSupport

/// Everything the pages' contexts are made from: the model, the render settings, the theme files' published names,
/// and the code that turns them into contexts. When its digest equals the one the last build's manifest recorded,
/// every page's context is the one that build digested, so its digest is read from the manifest instead of being
/// built and encoded again (a no-op rebuild or a template edit then builds contexts only for the pages it renders).
package struct RenderInputs: Encodable, Sendable {
    /// The executable that builds contexts: a new pokedex may build them differently from the same model.
    var builder: String
    var perPage: Int
    var baseURL: String?
    /// The theme files' published names (they carry their hashes). The data script's name is left out: the script
    /// is made from the model and `perPage` alone.
    var assets: AssetsContext
    var entries: [PokemonEntry]
    var favorites: FavoritesResolution
    var dataAge: DataAge?
    /// Dictionaries in key order: their own order changes from run to run.
    var chainIDs: [Int]
    var chains: [EvolutionChainRecord]
    var typeNames: [String]
    var types: [TypeRecord]
    /// What the pages call abilities, items, places… (a renamed item changes the pages that name it).
    var names: NameBook
    /// The moves, their games and machines (a move's changed power changes its page and its learners' pages).
    var moves: MoveBook
    /// The abilities' effects and names, in id order.
    var abilities: [AbilityRecord]
    /// Where the Pokémon are found and the places.
    var places: PlaceBook
    /// The regional Pokédexes (the species' numbers in them are in `entries`).
    var regionalDexes: [PokedexRecord]
    var natures: [NatureRecord]
    var items: ItemBook
    /// The site's languages, the root's first, and the theme's words in each.
    var languages: [String]
    var strings: [ThemeStrings] = []

    init(
        _ pokedex: Pokedex,
        perPage: Int,
        baseURL: String?,
        assets: AssetsContext,
        builder: String,
        languages: [String] = ["en"]
    ) {
        self.languages = languages
        self.builder = builder
        self.perPage = perPage
        self.baseURL = baseURL
        self.assets = assets
        entries = pokedex.entries
        favorites = pokedex.favorites
        dataAge = pokedex.dataAge
        let sortedChains = pokedex.chains.sorted { $0.key < $1.key }
        chainIDs = sortedChains.map(\.key)
        chains = sortedChains.map(\.value)
        let sortedTypes = pokedex.typeChart.sorted { $0.key < $1.key }
        typeNames = sortedTypes.map(\.key)
        types = sortedTypes.map(\.value)
        names = pokedex.names
        moves = pokedex.moves
        abilities = pokedex.abilities.sorted { $0.key < $1.key }.map(\.value)
        places = pokedex.places
        regionalDexes = pokedex.regionalDexes.ordered
        natures = pokedex.natures
        items = pokedex.items
    }

    /// nil when the executable cannot be told apart from another build of it: the shortcut is then never taken.
    /// The entries (most of the bytes) are digested in `parallelism` runs at once, and the digests combined.
    func digest(parallelism: Int) async throws -> String? {
        guard !builder.isEmpty else { return nil }
        let rest = {
            var rest = self
            rest.entries = []
            return rest
        }()
        let runLength = max(1, (entries.count + parallelism - 1) / max(1, parallelism))
        let runs = stride(from: 0, to: entries.count, by: runLength).map {
            entries[$0..<min(entries.count, $0 + runLength)]
        }
        let head = try FingerprintEncoder.fingerprint(rest, salt: "render inputs")
        let digests = await concurrently(runs, limit: runs.count) { run in
            try FingerprintEncoder.fingerprint(Array(run), salt: "entries")
        }
        let parts = try [head] + digests.map { try $0.get() }
        return Fingerprint.of(parts.map { Data($0.utf8) })
    }

    /// The running executable's version and file stamp (size, modification time, inode, as `serve` watches
    /// files): any rebuild of pokedex changes it.
    package static let currentBuilder: String = {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        guard !path.isEmpty, let stamp = FileStamp.of(path, regularFilesOnly: true), stamp.error == 0 else { return "" }
        return
            "pokedex \(PokedexVersion.current) \(stamp.size) \(stamp.modifiedSeconds).\(stamp.modifiedNanoseconds) \(stamp.inode)"
    }()
}
