import Foundation
import PokedexModel
import PokedexMustache
import PokedexSite
import PokedexSource
import PokedexSupport

/// Every page of the site as a job for the render stage: its path, template and how to make its context.
extension SiteRenderer {
    /// What every page of one language's copy shares, made once before its jobs.
    struct PageSetup: Sendable {
        let pokedex: Pokedex
        let catalogs: Catalogs
        let site: SiteContext
        /// Pages that load the data script (index, favorites, comparison, 404) have its name; the others do not, so
        /// that a data change does not render them again.
        let assets: AssetsContext
        let detailAssets: AssetsContext
        /// The site's description, for the social cards of pages that have none of their own.
        let about: String
        let favorites: Set<Int>
        let pageCount: Int
        /// Each Pokémon's place among the listed ones; a form that is not listed is where its species is.
        let listPlaces: [Int]
        let related: RelatedPokemon
    }

    /// Every page of the site, with its context, kind by kind: index pages, a page per Pokémon, the moves index and
    /// a page per move, the reference pages (abilities, types, the calculator), places, regional Pokédexes, items,
    /// search, the comparison, the natures, the favorites page and 404.
    func pages(_ pokedex: Pokedex, assets: AssetsContext, catalogs: Catalogs) -> [PageJob] {
        let setup = pageSetup(pokedex, assets: assets, catalogs: catalogs)
        let detailAssets = setup.detailAssets
        var jobs = indexPages(setup) + pokemonPages(setup) + movePages(setup)
        jobs += referencePages(
            pokedex,
            site: setup.site,
            assets: detailAssets,
            catalogs: catalogs,
            dataScript: assets[.data]
        )
        jobs += placePages(pokedex, site: setup.site, assets: detailAssets, catalog: catalogs.places)
        jobs += dexPages(pokedex, site: setup.site, assets: detailAssets, catalog: catalogs.dexes)
        jobs += itemPages(pokedex, site: setup.site, assets: detailAssets, catalogs: catalogs)
        jobs.append(searchPage(setup))
        if !pokedex.entries.isEmpty {
            jobs.append(comparePage(pokedex, site: setup.site, assets: assets, catalogs: catalogs))
        }
        if let natures = naturesPage(pokedex, site: setup.site, assets: detailAssets) { jobs.append(natures) }
        jobs.append(favoritesPage(setup))
        if let notFound = notFoundPage(setup) { jobs.append(notFound) }
        return jobs
    }

    func pageSetup(_ pokedex: Pokedex, assets: AssetsContext, catalogs: Catalogs) -> PageSetup {
        // The index lists species and the forms that play differently; a form that only looks different is on its
        // species' page (and its own, reached from there and from search).
        let listed = pokedex.listed
        let pageCount = Self.pageCount(pokemon: listed.count, perPage: perPage)
        let site = SiteContext(
            title: t("site.title"),
            hasMoves: !catalogs.moves.ordered.isEmpty,
            hasAbilities: !catalogs.abilities.ordered.isEmpty,
            hasTypes: !catalogs.types.ordered.isEmpty,
            hasPlaces: !catalogs.places.ordered.isEmpty,
            hasDexes: !catalogs.dexes.ordered.isEmpty,
            hasNatures: !pokedex.natures.isEmpty,
            hasItems: !catalogs.items.ordered.isEmpty,
            count: grouped(listed.count),
            pageCount: pageCount,
            perPage: perPage,
            offlineBanner: pokedex.dataAge.map(banner),
            allShown: t("list.all_shown", ["count": grouped(listed.count)]),
            generator: "pokedex \(PokedexVersion.current)",
            baseURL: baseURL
        )
        var detailAssets = assets
        detailAssets[.data] = ""
        let articles = strings.table("articles")
        return PageSetup(
            pokedex: pokedex,
            catalogs: catalogs,
            site: site,
            assets: assets,
            detailAssets: detailAssets,
            about: t("site.about", ["count": grouped(listed.count)]),
            favorites: Set(pokedex.favorites.ids),
            pageCount: pageCount,
            listPlaces: Self.listPlaces(pokedex.entries),
            related: RelatedPokemon(
                pokedex,
                typePages: catalogs.moves.typePages,
                abilities: catalogs.abilities,
                places: catalogs.places,
                items: catalogs.items,
                phrases: strings.table("evolution"),
                articles: articles.isEmpty ? nil : articles
            )
        )
    }

    /// Each entry's place among the listed ones; a form that is not listed is where its species is.
    static func listPlaces(_ entries: [PokemonEntry]) -> [Int] {
        var places: [Int] = []
        var speciesPlace: [Int: Int] = [:]
        var next = 0
        for entry in entries where entry.isListed {
            if speciesPlace[entry.record.speciesID] == nil { speciesPlace[entry.record.speciesID] = next }
            next += 1
        }
        next = 0
        for entry in entries {
            places.append(entry.isListed ? next : speciesPlace[entry.record.speciesID] ?? 0)
            if entry.isListed { next += 1 }
        }
        return places
    }

    /// `index.html` and `page/<n>.html`: the listed Pokémon, `perPage` a page.
    func indexPages(_ setup: PageSetup) -> [PageJob] {
        let (pokedex, listed, pageCount) = (setup.pokedex, setup.pokedex.listed, setup.pageCount)
        let dexOptions = setup.catalogs.dexes.ordered.map { dex in
            let name = dexName(dex)
            return DexOptionContext(value: dex.name, label: name.text, labelLang: name.lang)
        }
        return (1...pageCount).map { page in
            let path = Self.indexPath(page)
            return PageJob(path: path, template: "index") { [self] in
                let root = page == 1 ? "" : "../"
                let slice = listed[min(listed.count, (page - 1) * perPage)..<min(listed.count, page * perPage)]
                let cells = slice.enumerated().map { offset, entry in
                    cell(
                        entry,
                        root: root,
                        lazy: offset >= Self.eagerCells,
                        favorite: setup.favorites.contains(entry.id),
                        names: pokedex.names
                    )
                }
                var context = base(
                    site: setup.site,
                    root: root,
                    kind: .index,
                    path: path,
                    title: page == 1 ? t("site.title") : t("title.index_page", ["page": String(page)]),
                    social: social(
                        title: page == 1
                            ? t("site.title")
                            : t("title.index_page_of", ["page": String(page), "total": String(pageCount)]),
                        description: setup.about,
                        path: path,
                        picture: nil
                    ),
                    assets: setup.assets
                )
                context.pokemon = cells
                context.pagination = pagination(page: page, total: pageCount, root: root)
                context.dexOptions = dexOptions
                context.hasDexOptions = !dexOptions.isEmpty
                return context
            }
        }
    }

    /// `pokemon/<slug>.html`, a page per Pokémon.
    func pokemonPages(_ setup: PageSetup) -> [PageJob] {
        let (pokedex, catalogs) = (setup.pokedex, setup.catalogs)
        let (entries, neighbours) = (pokedex.entries, pokedex.neighbours)
        return entries.enumerated().map { index, entry in
            let path = Self.pokemonPagePath(entry.slug)
            return PageJob(path: path, template: "pokemon") { [self] in
                var context = base(
                    site: setup.site,
                    root: "../",
                    kind: .pokemon,
                    path: path,
                    title: t("title.pokemon", ["name": entry.displayName]),
                    social: social(
                        title: entry.displayName,
                        description: description(of: entry),
                        path: path,
                        picture: entry
                    ),
                    assets: setup.detailAssets
                )
                let (previous, next) = neighbours[index]
                context.detail = detail(
                    entry,
                    favorite: setup.favorites.contains(entry.id),
                    previous: previous.map { entries[$0] },
                    next: next.map { entries[$0] },
                    // The index page that shows it, or its species.
                    listPage: setup.listPlaces[index] / perPage + 1,
                    related: setup.related
                )
                context.detail?.moves = movesSection(
                    entry,
                    related: setup.related,
                    catalog: catalogs.moves,
                    scripts: catalogs.moveScripts
                )
                context.usesMovesScript = context.detail?.moves != nil
                context.detail?.whereToFind = whereToFind(entry, related: setup.related, places: catalogs.places)
                context.detail?.localNumbers = localNumbers(entry, pokedex: pokedex, catalog: catalogs.dexes)
                context.detail?.calculator = calculatorLinks(entry, pokedex: pokedex, types: catalogs.types)
                if context.detail?.localNumbers.isEmpty == false {
                    context.detail?.hasLocalNumbers = true
                    context.detail?.hasOrigin = true
                }
                return context
            }
        }
    }

    /// `moves/index.html` and a page per move.
    func movePages(_ setup: PageSetup) -> [PageJob] {
        let catalog = setup.catalogs.moves
        let moves = catalog.ordered
        guard !moves.isEmpty else { return [] }
        let path = MoveCatalog.indexPath
        let description = t("description.moves", ["count": grouped(setup.pokedex.listed.count)])
        let index = PageJob(path: path, template: "moves") { [self] in
            var context = sectionBase(
                site: setup.site,
                kind: .moves,
                path: path,
                title: t("title.moves"),
                description: description,
                assets: setup.detailAssets
            )
            context.movesIndex = movesIndex(catalog, scripts: setup.catalogs.moveScripts)
            context.usesMovesScript = true
            return context
        }
        // Each Pokémon's cell as the move pages show their learners, made once: Protect alone has over a thousand.
        let learnerCells = setup.pokedex.entries.map { miniCell($0) }
        let movePaths = moves.map { MoveCatalog.pagePath(catalog.slugs[$0.id] ?? "") }
        return [index]
            + neighbourPages(moves, paths: movePaths, template: "move") { [self] move, previous, next, path in
                let context = moveDetail(move, catalog: catalog, cells: learnerCells, previous: previous, next: next)
                let description =
                    [context.shortEffect, context.flavorText].compactMap { $0 }.first
                    ?? t("description.move", ["name": context.name, "type": context.type.label])
                var page = sectionBase(
                    site: setup.site,
                    kind: .move,
                    path: path,
                    title: t("title.move", ["name": context.name]),
                    socialTitle: context.name,
                    description: description,
                    assets: setup.detailAssets
                )
                page.move = context
                return page
            }
    }

    /// `search.html`: the site-wide search's page of results.
    func searchPage(_ setup: PageSetup) -> PageJob {
        PageJob(path: Self.searchPath, template: "search") { [self] in
            base(
                site: setup.site,
                root: "",
                kind: .search,
                path: Self.searchPath,
                title: t("title.search"),
                social: social(title: t("title.search"), description: setup.about, path: Self.searchPath, picture: nil),
                assets: setup.detailAssets
            )
        }
    }

    /// `favorites.html`: the favorites file's Pokémon, and what in it matched nothing.
    func favoritesPage(_ setup: PageSetup) -> PageJob {
        let (pokedex, favorites) = (setup.pokedex, setup.favorites)
        return PageJob(path: "favorites.html", template: "favorites") { [self] in
            var context = base(
                site: setup.site,
                root: "",
                kind: .favorites,
                path: "favorites.html",
                title: t("title.favorites"),
                social: social(
                    title: t("title.favorites"),
                    description: setup.about,
                    path: "favorites.html",
                    picture: nil
                ),
                assets: setup.assets
            )
            context.favorites = pokedex.entries.filter { favorites.contains($0.id) }.enumerated().map { offset, entry in
                cell(entry, root: "", lazy: offset >= Self.eagerCells, favorite: true, names: pokedex.names)
            }
            context.hasFavorites = !context.favorites.isEmpty
            context.unknownFavorites = pokedex.favorites.unknown.map {
                UnknownFavoriteContext(entry: $0.entry, suggestion: $0.suggestion)
            }
            context.hasUnknownFavorites = !context.unknownFavorites.isEmpty
            return context
        }
    }

    /// `404.html`, when the theme has its template. A host shows it for any missing path, at any depth: its links
    /// start from the base URL's path when there is one (a path, not the whole URL: on a preview deploy or under
    /// `serve` the page's own origin serves it).
    func notFoundPage(_ setup: PageSetup) -> PageJob? {
        guard theme.hasTemplate(Self.notFoundTemplate) else { return nil }
        return PageJob(path: Self.notFoundPath, template: Self.notFoundTemplate) { [self] in
            let root = LinkResolver.path(of: baseURL).map { $0 + pathPrefix } ?? ""
            var context = base(
                site: setup.site,
                root: root,
                kind: .notFound,
                path: Self.notFoundPath,
                title: t("title.not_found"),
                social: social(
                    title: t("title.not_found"),
                    description: setup.about,
                    path: Self.notFoundPath,
                    picture: nil
                ),
                assets: setup.assets
            )
            context.canonical = nil
            context.social.url = nil
            return context
        }
    }

    static let notFoundPath = "404.html"
    static let notFoundTemplate = "404"
}
