import Foundation
import PokedexModel
import PokedexMustache
import PokedexSite
import PokedexSource
import PokedexSupport

/// Every page of the site as a job for the render stage: its path, template and how to make its context.
extension SiteRenderer {
    /// Every page of the site, with its context: index pages, detail pages, the moves index and a page per move,
    /// the abilities index and a page per ability, the type chart and a page per type, search, the favorites page
    /// and 404.
    func pages(_ pokedex: Pokedex, assets: AssetsContext, catalogs: Catalogs) -> [PageJob] {
        let (catalog, moveScripts) = (catalogs.moves, catalogs.moveScripts)
        let entries = pokedex.entries
        let favorites = Set(pokedex.favorites.ids)
        // The index lists species and the forms that play differently; a form that only looks different is on its
        // species' page (and its own, reached from there and from search).
        let listed = pokedex.listed
        let pageCount = Self.pageCount(pokemon: listed.count, perPage: perPage)
        let neighbours = pokedex.neighbours
        // Each Pokémon's place among the listed ones; a form that is not listed is where its species is.
        let listPlaces: [Int] = {
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
        }()
        let site = SiteContext(
            title: t("site.title"),
            hasMoves: !catalog.ordered.isEmpty,
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
        // Detail pages do not load the data script: without its name, a data change does not render them again.
        let detailAssets = {
            var detailAssets = assets
            detailAssets.data = ""
            return detailAssets
        }()
        let about = t("site.about", ["count": grouped(listed.count)])

        var jobs: [PageJob] = []
        jobs.reserveCapacity(
            entries.count + pageCount + catalog.ordered.count + catalogs.abilities.ordered.count
                + catalogs.types.ordered.count + catalogs.items.ordered.count + 8
        )
        let articles = strings.table("articles")
        let related = RelatedPokemon(
            pokedex,
            typePages: catalog.typePages,
            abilities: catalogs.abilities,
            places: catalogs.places,
            items: catalogs.items,
            phrases: strings.table("evolution"),
            articles: articles.isEmpty ? nil : articles
        )

        let dexOptions = catalogs.dexes.ordered.map { dex in
            let name = dexName(dex)
            return DexOptionContext(value: dex.name, label: name.text, labelLang: name.lang)
        }
        for page in 1...pageCount {
            let path = Self.indexPath(page)
            jobs.append(
                PageJob(path: path, template: "index") { [self] in
                    let root = page == 1 ? "" : "../"
                    let slice = listed[min(listed.count, (page - 1) * perPage)..<min(listed.count, page * perPage)]
                    let cells = slice.enumerated().map { offset, entry in
                        cell(
                            entry,
                            root: root,
                            lazy: offset >= Self.eagerCells,
                            favorite: favorites.contains(entry.id),
                            names: pokedex.names
                        )
                    }
                    var context = base(
                        site: site,
                        root: root,
                        kind: .index,
                        path: path,
                        title: page == 1 ? t("site.title") : t("title.index_page", ["page": String(page)]),
                        social: social(
                            title: page == 1
                                ? t("site.title")
                                : t("title.index_page_of", ["page": String(page), "total": String(pageCount)]),
                            description: about,
                            path: path,
                            picture: nil
                        ),
                        assets: assets
                    )
                    context.pokemon = cells
                    context.pagination = pagination(page: page, total: pageCount, root: root)
                    context.dexOptions = dexOptions
                    context.hasDexOptions = !dexOptions.isEmpty
                    return context
                }
            )
        }

        for (index, entry) in entries.enumerated() {
            let path = Self.pokemonPagePath(entry.slug)
            jobs.append(
                PageJob(path: path, template: "pokemon") { [self] in
                    var context = base(
                        site: site,
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
                        assets: detailAssets
                    )
                    let (previous, next) = neighbours[index]
                    // The index page that shows it, or its species.
                    let place = listPlaces[index]
                    context.detail = detail(
                        entry,
                        favorite: favorites.contains(entry.id),
                        previous: previous.map { entries[$0] },
                        next: next.map { entries[$0] },
                        listPage: place / perPage + 1,
                        related: related
                    )
                    context.detail?.moves = movesSection(
                        entry,
                        related: related,
                        catalog: catalog,
                        scripts: moveScripts
                    )
                    context.usesMovesScript = context.detail?.moves != nil
                    context.detail?.whereToFind = whereToFind(entry, related: related, places: catalogs.places)
                    context.detail?.localNumbers = localNumbers(entry, pokedex: pokedex, catalog: catalogs.dexes)
                    context.detail?.calculator = calculatorLinks(entry, pokedex: pokedex, types: catalogs.types)
                    if context.detail?.localNumbers.isEmpty == false {
                        context.detail?.hasLocalNumbers = true
                        context.detail?.hasOrigin = true
                    }
                    return context
                }
            )
        }

        let moves = catalog.ordered
        if !moves.isEmpty {
            let path = MoveCatalog.indexPath
            let description = t("description.moves", ["count": grouped(listed.count)])
            jobs.append(
                PageJob(path: path, template: "moves") { [self] in
                    var context = sectionBase(
                        site: site,
                        kind: .moves,
                        path: path,
                        title: t("title.moves"),
                        description: description,
                        assets: detailAssets
                    )
                    context.movesIndex = movesIndex(catalog, scripts: moveScripts)
                    context.usesMovesScript = true
                    return context
                }
            )
        }
        // Each Pokémon's cell as the move pages show their learners, made once: Protect alone has over a thousand.
        let learnerCells = moves.isEmpty ? [] : entries.map { miniCell($0) }
        let movePaths = moves.map { MoveCatalog.pagePath(catalog.slugs[$0.id] ?? "") }
        jobs += neighbourPages(moves, paths: movePaths, template: "move") {
            [self] move, previous, next, path in
            let context = moveDetail(move, catalog: catalog, cells: learnerCells, previous: previous, next: next)
            let description =
                [context.shortEffect, context.flavorText].compactMap { $0 }.first
                ?? t("description.move", ["name": context.name, "type": context.type.label])
            var page = sectionBase(
                site: site,
                kind: .move,
                path: path,
                title: t("title.move", ["name": context.name]),
                socialTitle: context.name,
                description: description,
                assets: detailAssets
            )
            page.move = context
            return page
        }

        jobs += referencePages(pokedex, site: site, assets: detailAssets, catalogs: catalogs, dataScript: assets.data)
        jobs += placePages(pokedex, site: site, assets: detailAssets, catalog: catalogs.places)
        jobs += dexPages(pokedex, site: site, assets: detailAssets, catalog: catalogs.dexes)
        jobs += itemPages(pokedex, site: site, assets: detailAssets, catalogs: catalogs)
        jobs.append(
            PageJob(path: Self.searchPath, template: "search") { [self] in
                base(
                    site: site,
                    root: "",
                    kind: .search,
                    path: Self.searchPath,
                    title: t("title.search"),
                    social: social(title: t("title.search"), description: about, path: Self.searchPath, picture: nil),
                    assets: detailAssets
                )
            }
        )

        if !entries.isEmpty { jobs.append(comparePage(pokedex, site: site, assets: assets, catalogs: catalogs)) }
        if let natures = naturesPage(pokedex, site: site, assets: detailAssets) { jobs.append(natures) }

        let unknownFavorites = pokedex.favorites.unknown
        jobs.append(
            PageJob(path: "favorites.html", template: "favorites") { [self] in
                var context = base(
                    site: site,
                    root: "",
                    kind: .favorites,
                    path: "favorites.html",
                    title: t("title.favorites"),
                    social: social(
                        title: t("title.favorites"),
                        description: about,
                        path: "favorites.html",
                        picture: nil
                    ),
                    assets: assets
                )
                context.favorites = entries.filter { favorites.contains($0.id) }.enumerated().map { offset, entry in
                    cell(entry, root: "", lazy: offset >= Self.eagerCells, favorite: true, names: pokedex.names)
                }
                context.hasFavorites = !context.favorites.isEmpty
                context.unknownFavorites = unknownFavorites.map {
                    UnknownFavoriteContext(entry: $0.entry, suggestion: $0.suggestion)
                }
                context.hasUnknownFavorites = !context.unknownFavorites.isEmpty
                return context
            }
        )

        // A host shows it for any missing path, at any depth: its links start from the base URL's path when there
        // is one (a path, not the whole URL: on a preview deploy or under `serve` the page's own origin serves it).
        if theme.hasTemplate(Self.notFoundTemplate) {
            jobs.append(
                PageJob(path: Self.notFoundPath, template: Self.notFoundTemplate) { [self] in
                    let root = LinkResolver.path(of: baseURL).map { $0 + pathPrefix } ?? ""
                    var context = base(
                        site: site,
                        root: root,
                        kind: .notFound,
                        path: Self.notFoundPath,
                        title: t("title.not_found"),
                        social: social(
                            title: t("title.not_found"),
                            description: about,
                            path: Self.notFoundPath,
                            picture: nil
                        ),
                        assets: assets
                    )
                    context.canonical = nil
                    context.social.url = nil
                    return context
                }
            )
        }
        return jobs
    }

    static let notFoundPath = "404.html"
    static let notFoundTemplate = "404"
}
