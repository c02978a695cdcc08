import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything the pages' contexts are made from: the model, the render settings, the theme files' published names,
/// and the code that turns them into contexts. When its digest equals the one the last build's manifest recorded,
/// every page's context is the one that build digested, so its digest is read from the manifest instead of being
/// built and encoded again (a no-op rebuild or a template edit then builds contexts only for the pages it renders).
struct RenderInputs: Encodable {
    /// The executable that builds contexts: a new pokedex may build them differently from the same model.
    var builder: String
    var perPage: Int
    var baseURL: String?
    /// The theme files' published names (they carry their hashes) and the data script's.
    var assets: AssetsContext
    var entries: [PokemonEntry]
    var favorites: FavoritesResolution
    var dataAge: DataAge?
    /// Dictionaries in key order: their own order changes from run to run.
    var chainIDs: [Int]
    var chains: [EvolutionChainRecord]
    var typeNames: [String]
    var types: [TypeRecord]

    init(_ pokedex: Pokedex, perPage: Int, baseURL: String?, assets: AssetsContext, builder: String) {
        self.builder = builder
        self.perPage = perPage
        self.baseURL = baseURL
        self.assets = assets
        entries = pokedex.entries
        favorites = pokedex.favorites
        dataAge = pokedex.dataAge
        chainIDs = pokedex.chains.keys.sorted()
        chains = chainIDs.map { pokedex.chains[$0]! }
        typeNames = pokedex.typeChart.keys.sorted()
        types = typeNames.map { pokedex.typeChart[$0]! }
    }

    /// nil when the executable cannot be told apart from another build of it: the shortcut is then never taken.
    func digest() throws -> String? {
        guard !builder.isEmpty else { return nil }
        return try FingerprintEncoder.fingerprint(self, salt: "render inputs")
    }

    /// The running executable's version, size, modification time and inode: any rebuild of pokedex changes it.
    static let currentBuilder: String = {
        var info = stat()
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        guard !path.isEmpty, stat(path, &info) == 0 else { return "" }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        return "pokedex \(PokedexVersion.current) \(info.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(info.st_ino)"
    }()
}
