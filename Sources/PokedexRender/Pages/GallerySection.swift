import Foundation
import PokedexModel
import PokedexSource

/// A Pokémon's sprites in every game: its page's gallery, and its cries' buttons.
extension SiteRenderer {
    /// The gallery: each game's front and shiny sprite by generation, each named by its game in its `alt`
    /// ("Pikachu in Red and Blue"). The other variants (back, female, gray, transparent, still frames) are only
    /// listed, as bits, for the page's script to show on request: 64 more pictures for Pikachu would weigh 10 KB of
    /// markup on a page most visitors read for its stats.
    func gallery(_ entry: PokemonEntry, moves: MoveBook, names: NameBook) -> GalleryContext? {
        guard let place = entry.media.gallery else { return nil }
        let sprites = entry.record.gameSprites
        let gallery = SpriteGallery(sprites, absent: entry.media.absent)
        guard !gallery.isEmpty else { return nil }
        let root = place.href(root: "../" + siteUp)
        let labels = Dictionary(moves.games.values.map { ($0.name, $0.label) }, uniquingKeysWith: { first, _ in first })
        var used = Set<Int>()
        let generations = gallery.generations.map { generation in
            GalleryGenerationContext(
                label: t("common.generation", ["n": numeral(generation.generation)]),
                shelves: generation.shelves.map { shelf in
                    let game =
                        labels[SpriteGallery.versionGroup(ofFolder: shelf.game)] ?? names.name(.version, shelf.game)
                    let indices = shelf.more.compactMap { GameSprites.Variant.all.firstIndex(of: $0.variant) }
                    used.formUnion(indices)
                    func picture(_ picture: SpriteGallery.Picture?, key: String) -> GalleryPictureContext? {
                        picture.map {
                            GalleryPictureContext(
                                src: root + $0.path,
                                alt: t(key, ["name": entry.displayName, "game": game])
                            )
                        }
                    }
                    return GalleryShelfContext(
                        game: game,
                        path: shelf.shelfPath,
                        more: indices.map(String.init).joined(separator: " "),
                        front: picture(shelf.front, key: "pokemon.gallery_alt"),
                        shiny: picture(shelf.shiny, key: "pokemon.gallery_shiny_alt")
                    )
                }
            )
        }
        return GalleryContext(
            root: root,
            stem: sprites.stem,
            words: variantWords(),
            hasMore: !used.isEmpty,
            generations: generations,
            count: gallery.pictureCount
        )
    }

    /// "front|back|shiny|female|gray|transparent|animated|, ": the words the script names a toggled picture with,
    /// in the order of `GameSprites.Variant`'s flags, and what goes between them.
    func variantWords() -> String {
        ["front", "back", "shiny", "female", "gray", "transparent", "animated", "separator"]
            .map { t("pokemon.gallery_" + $0).replacingOccurrences(of: "|", with: " ") }
            .joined(separator: "|")
    }

    /// Its cries, today's first: the site's copies with `--images local`, else their URLs.
    func cries(_ entry: PokemonEntry, root pageRoot: String) -> [CryContext] {
        let root = pageRoot + siteUp
        let name = entry.displayName
        return [
            entry.media.latestCry.map {
                CryContext(
                    src: $0.href(root: root),
                    text: t("pokemon.cry"),
                    label: t("pokemon.play_cry", ["name": name]),
                    isLegacy: false
                )
            },
            entry.media.legacyCry.map {
                CryContext(
                    src: $0.href(root: root),
                    text: t("pokemon.legacy_cry"),
                    label: t("pokemon.play_legacy_cry", ["name": name]),
                    isLegacy: true
                )
            },
        ]
        .compactMap { $0 }
    }
}

extension SpriteGallery.Shelf {
    /// "generation-i/red-blue": the game's folder below the gallery's.
    var shelfPath: String {
        let picture = front ?? shiny ?? more.first
        return picture.map { String($0.path.prefix { $0 != "/" }) + "/" + game } ?? game
    }
}
