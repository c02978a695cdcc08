package import PokedexSource

/// Where a file of the site's media is: a copy in the site, by its path from the site's root, or PokeAPI's URL.
package enum MediaPlace: Sendable, Equatable, Encodable {
    case site(String)
    case web(String)

    /// What a page `root` below the site's root writes in its `src`.
    package func href(root: String) -> String {
        switch self {
        case .site(let path): root + path
        case .web(let url): url
        }
    }
}

/// Where a Pokémon's sprites of every game and its cries are: copied into the site with `--images local`, else
/// referenced by URL. Pictures are shared by every language of the site (`images/games/`, `sounds/cries/`).
package struct PokemonMedia: Sendable, Equatable, Encodable {
    /// The folder its games' sprites are under (`GameSprites.path`); nil when it has none.
    package var gallery: MediaPlace?
    /// The sprites PokeAPI lists but the server had not (404): left out of the gallery, by path.
    package var absent: Set<String> = []
    package var latestCry: MediaPlace?
    package var legacyCry: MediaPlace?

    package init(
        gallery: MediaPlace? = nil,
        absent: Set<String> = [],
        latestCry: MediaPlace? = nil,
        legacyCry: MediaPlace? = nil
    ) {
        self.gallery = gallery
        self.absent = absent
        self.latestCry = latestCry
        self.legacyCry = legacyCry
    }

    /// Everything by URL, as `--images remote` has it.
    package static func web(_ record: PokemonRecord) -> PokemonMedia {
        PokemonMedia(
            gallery: record.gameSprites.safeGames.isEmpty
                ? nil
                : record.gameSprites.root.flatMap { PokemonRecord.Sprites.isUsable($0) ? MediaPlace.web($0) : nil },
            latestCry: record.cries.latest.map(MediaPlace.web),
            legacyCry: record.cries.legacy.map(MediaPlace.web)
        )
    }

    /// The site's folders for copies.
    package static let galleryFolder = "images/games/"
    package static let criesFolder = "sounds/cries/"

    /// "sounds/cries/legacy/25.ogg".
    package static func cryPath(id: Int, legacy: Bool) -> String {
        criesFolder + (legacy ? "legacy/" : "latest/") + "\(id).ogg"
    }
}

/// A Pokémon's sprites in every game, as its page's gallery shows them: by generation, each game's front and
/// shiny (animated where the game was), and the rest (back, female, gray, transparent, the still frames of the
/// animated ones) a toggle away.
package struct SpriteGallery: Sendable, Equatable {
    package struct Picture: Sendable, Equatable {
        /// Below the gallery's folder: "generation-i/red-blue/shiny/25.png".
        package var path: String
        package var variant: GameSprites.Variant
    }

    package struct Shelf: Sendable, Equatable {
        /// "red-blue", "gold": a version group's API name or a version's.
        package var game: String
        package var generation: Int
        /// The front sprite, animated where the game had it.
        package var front: Picture?
        /// The shiny one, the same way.
        package var shiny: Picture?
        /// Everything else, in the variants' order.
        package var more: [Picture]
    }

    package struct Generation: Sendable, Equatable {
        package var generation: Int
        package var shelves: [Shelf]
    }

    package var generations: [Generation]

    /// The version group a game's sprite folder is named after, where the two spellings differ: the folder
    /// "omegaruby-alphasapphire" is the version group "omega-ruby-alpha-sapphire".
    package static func versionGroup(ofFolder folder: String) -> String {
        ["omegaruby-alphasapphire": "omega-ruby-alpha-sapphire"][folder] ?? folder
    }

    package var isEmpty: Bool { generations.isEmpty }
    package var pictureCount: Int {
        generations.reduce(0) { sum, generation in
            sum
                + generation.shelves.reduce(0) {
                    $0 + ($1.front == nil ? 0 : 1) + ($1.shiny == nil ? 0 : 1) + $1.more.count
                }
        }
    }

    /// `absent`: sprites the server had not, left out.
    package init(_ sprites: GameSprites, absent: Set<String> = []) {
        var byGeneration: [Int: [Shelf]] = [:]
        for game in sprites.safeGames {
            guard let generation = game.generation else { continue }
            let pictures = GameSprites.Variant.all.filter(game.has).map { variant in
                Picture(path: sprites.path(game, variant), variant: variant)
            }
            .filter { !absent.contains($0.path) }
            func shown(shiny: Bool) -> Picture? {
                let fronts = pictures.filter { !$0.variant.isBack && !$0.variant.isFemale && !$0.variant.isPalette }
                    .filter { $0.variant.isShiny == shiny }
                return fronts.first { $0.variant.isAnimated } ?? fronts.first
            }
            let front = shown(shiny: false)
            let shiny = shown(shiny: true)
            let more = pictures.filter { $0 != front && $0 != shiny }
            guard front != nil || shiny != nil || !more.isEmpty else { continue }
            byGeneration[generation, default: []].append(
                Shelf(game: game.game, generation: generation, front: front, shiny: shiny, more: more)
            )
        }
        generations = byGeneration.keys.sorted().map { Generation(generation: $0, shelves: byGeneration[$0] ?? []) }
    }
}
