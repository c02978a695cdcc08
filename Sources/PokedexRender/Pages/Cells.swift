import Foundation
import PokedexModel
import PokedexMustache
import PokedexSite
import PokedexSource
import PokedexSupport

/// The index's, favorites' and search's cells: a Pokémon's number, name, picture and types.
extension SiteRenderer {
    /// The cell `app.js` clones for the cells it builds (favorites view, search and filter results): every
    /// optional part present (srcset, lazy, one type badge) so that the script only fills in or removes.
    static func blankCell(root: String) -> CellContext {
        let fallback = root + placeholderImage
        return blankCell(fallback: fallback)
    }

    static func blankCell(fallback: String) -> CellContext {
        CellContext(
            id: 0,
            number: "",
            name: "",
            slug: "",
            href: "",
            image: ImageContext(
                src: fallback,
                width: 475,
                height: 475,
                alt: "",
                fallback: fallback,
                thumbnail: fallback,
                srcset: "",
                isLocal: false,
                isRemote: false,
                isPlaceholder: true,
                lazy: true
            ),
            types: [TypeContext(name: "", label: "")],
            isFavorite: false
        )
    }

    func image(_ entry: PokemonEntry, root pageRoot: String, lazy: Bool) -> ImageContext {
        // Pictures are shared by the languages' copies, at the site root.
        let root = pageRoot + siteUp
        let fallback = root + Self.placeholderImage
        let (src, width, height, kind): (String, Int, Int, ImageKind)
        switch entry.image {
        case .local(let path, let w, let h): (src, width, height, kind) = (root + path, w, h, .local)
        case .remote(let url): (src, width, height, kind) = (url, 475, 475, .remote)
        case .placeholder: (src, width, height, kind) = (fallback, 475, 475, .placeholder)
        }
        let candidates = entry.thumbnails.map { "\(root)\($0.path) \($0.width)w" } + ["\(src) \(width)w"]
        return ImageContext(
            src: src,
            width: width,
            height: height,
            alt: entry.displayName,
            fallback: fallback,
            thumbnail: entry.thumbnails.first.map { root + $0.path } ?? src,
            srcset: entry.thumbnails.isEmpty ? nil : candidates.joined(separator: ", "),
            isLocal: kind == .local,
            isRemote: kind == .remote,
            isPlaceholder: kind == .placeholder,
            lazy: lazy
        )
    }

    private enum ImageKind { case local, remote, placeholder }

    static func types(_ entry: PokemonEntry, names: NameBook, pages: Set<String> = []) -> [TypeContext] {
        entry.record.types.map { typeContext($0, names: names, pages: pages) }
    }

    /// A type name from the API: a CSS class only when it is a clean slug; its label PokeAPI's English name; a link
    /// to its page (from a page `root` below the site root) when it is one of `pages`.
    static func typeContext(
        _ name: String,
        names: NameBook = NameBook(),
        pages: Set<String> = [],
        root: String = "../"
    ) -> TypeContext {
        let linked = pages.contains(name)
        return TypeContext(
            name: Slug.isClean(name) ? name : "unknown",
            label: names.type(name),
            href: linked ? "\(root)\(TypeCatalog.pagePath(name))" : "",
            isLinked: linked
        )
    }

    func cell(_ entry: PokemonEntry, root: String, lazy: Bool, favorite: Bool, names: NameBook) -> CellContext {
        var cell = CellContext(
            id: entry.id,
            number: entry.number,
            name: entry.displayName,
            slug: entry.slug,
            href: root + Self.pokemonPagePath(entry.slug),
            image: image(entry, root: root, lazy: lazy),
            types: Self.types(entry, names: names),
            isFavorite: favorite
        )
        cell.nameLang = entry.nameFallback.flatMap(Self.tag)
        return cell
    }
}

/// The small cells of the pages one folder deep (learners, holders, a type's Pokémon).
extension SiteRenderer {
    /// A Pokémon's thumbnail cell, linked from a page one folder deep: learners, holders, a type's Pokémon. Its
    /// picture is small: the narrowest thumbnail, or where the artwork is referenced by URL, PokeAPI's sprite
    /// (96 px for a 56 px cell, and a shorter URL on a move page of 800 cells), else the picture itself.
    func miniCell(_ entry: PokemonEntry, note: String? = nil) -> PokemonMiniCell {
        let picture = image(entry, root: "../", lazy: true)
        let narrowest = entry.thumbnails.first
        if case .remote = entry.image, let sprite = entry.record.sprites.frontDefault,
            PokemonRecord.Sprites.isUsable(sprite)
        {
            return PokemonMiniCell(
                href: "../" + SiteRenderer.pokemonPagePath(entry.slug),
                name: entry.displayName,
                src: sprite,
                width: Self.spriteSize,
                height: Self.spriteSize,
                note: note
            )
        }
        return PokemonMiniCell(
            href: "../" + SiteRenderer.pokemonPagePath(entry.slug),
            name: entry.displayName,
            src: picture.thumbnail,
            width: narrowest?.width ?? picture.width,
            height: narrowest?.height ?? picture.height,
            note: note
        )
    }

    /// Thumbnail cells for `indices` into `entries`.
    func miniCells(_ indices: [Int], entries: [PokemonEntry]) -> [PokemonMiniCell] {
        indices.map { miniCell(entries[$0]) }
    }
}
