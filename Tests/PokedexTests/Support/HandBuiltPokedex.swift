import AsyncAlgorithms
import Foundation
import PokedexSite

@testable import PokedexModel
@testable import PokedexRender
@testable import PokedexSource
@testable import PokedexSupport

/// Pokédexes made in code for render tests of Pokémon the test server does not serve (Eevee, Wurmple, Gengar…):
/// one default Pokémon per species, with the fixture chains and the fixture type chart.
enum HandBuiltPokedex {
    /// A default Pokémon of species `id` named `name`, of `types`, in chain `chainID`, with a remote picture.
    static func entry(
        id: Int,
        name: String,
        types: [String],
        chainID: Int?,
        english: String? = nil,
        names: [SpeciesRecord.LocalizedName] = [],
        varieties: [SpeciesRecord.Variety]? = nil,
        sprites: PokemonRecord.Sprites? = nil
    ) -> PokemonEntry {
        let artwork = "https://img.invalid/artwork/\(id).png"
        let record = PokemonRecord(
            id: id,
            name: name,
            speciesID: id,
            speciesName: name,
            isDefault: true,
            baseExperience: 100,
            height: 10,
            weight: 100,
            types: types,
            typeIDs: types.map(Fixtures.typeID),
            stats: [.init(name: "hp", value: 50)],
            abilities: [.init(name: "run-away", isHidden: false)],
            sprites: sprites ?? .init(officialArtwork: artwork, home: nil, frontDefault: nil)
        )
        let species = SpeciesRecord(
            id: id,
            name: name,
            englishName: english ?? DisplayName.titleCase(name),
            generation: 1,
            habitat: nil,
            names: names,
            evolutionChainID: chainID,
            varieties: varieties ?? [.init(id: id, name: name, isDefault: true)]
        )
        return PokemonEntry(
            record: record,
            species: species,
            displayName: DisplayName.of(record, species: species),
            slug: Slug.make(name: name, id: id),
            image: .remote(url: artwork)
        )
    }

    static func pokedex(_ entries: [PokemonEntry], chains: [Int: Fixtures.Stage]) throws -> Pokedex {
        var records: [Int: EvolutionChainRecord] = [:]
        for (id, stage) in chains { records[id] = try Fixtures.chainRecord(id: id, stage) }
        return Pokedex(
            entries: entries,
            favorites: FavoritesResolution(),
            dataAge: nil,
            chains: records,
            typeChart: try Fixtures.typeRecords()
        )
    }

    /// The detail pages' contexts by slug, and the rendered pages by slug, with the built-in theme.
    static func render(_ pokedex: Pokedex) async throws -> (details: [String: DetailContext], pages: [String: String]) {
        let renderer = SiteRenderer(theme: try Theme(overrides: nil), perPage: 5, parallelism: 1)
        var assets = AssetsContext()
        assets[.data] = "assets/data.js"
        assets[.favorites] = "assets/favorites.js"
        var details: [String: DetailContext] = [:]
        for job in try renderer.pages(pokedex, assets: assets) {
            if let detail = job.context.detail { details[detail.slug] = detail }
        }
        var pages: [String: String] = [:]
        for file in try await renderer.render(pokedex).files where file.path.hasPrefix("pokemon/") {
            if case .bytes(let data) = file.content {
                pages[String(file.path.dropFirst("pokemon/".count).dropLast(".html".count))] = String(
                    decoding: data,
                    as: UTF8.self
                )
            }
        }
        return (details, pages)
    }
}

extension SiteRenderer {
    /// Every page of the site with its context, the moves' catalog and scripts made as `render` makes them.
    func pages(_ pokedex: Pokedex, assets: AssetsContext) throws -> [PageJob] {
        pages(pokedex, assets: assets, catalogs: try Catalogs(pokedex))
    }
}

/// What a render sent, collected: the files of the site in memory, as only tests want them.
struct CollectedSite {
    var summary: RenderedSite
    var files: [SiteFile]
    var movePages: Int { summary.pages[.move] }
}

extension SiteRenderer {
    /// Renders `pokedex` and collects every file it sends, in the order sent.
    func render(_ pokedex: Pokedex, ledger: (any SiteLedger)? = nil) async throws -> CollectedSite {
        let stream = SiteFileStream()
        async let summary = stream.producing { try await render(pokedex, ledger: ledger, into: stream) }
        var files: [SiteFile] = []
        for try await batch in stream.lane(0) { files += batch }
        return CollectedSite(summary: try await summary, files: files)
    }
}
