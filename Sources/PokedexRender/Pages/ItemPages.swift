import Foundation
import PokedexModel
import PokedexSource
import PokedexSupport

/// The items with a page (every item the other pages name: evolution items, held items, Mega Stones, machines),
/// their slugs, and who holds, uses or is taught by each, looked up once per language.
struct ItemCatalog: Sendable {
    /// By name in the pages' language.
    let ordered: [ItemRecord]
    /// `items/<slug>.html` by item id.
    let slugs: [Int: String]
    /// The items, looked up by API name: evolution conditions, Mega Stones and machines name them so.
    let book: ItemBook
    /// Indices into the Pokédex's entries, in site order, by item id: who holds it in the wild, who evolves using
    /// or holding it, and the Megas it is the stone of.
    let holders: [Int: [Int]]
    let evolvers: [Int: [Int]]
    let megas: [Int: [Int]]

    static let folder = "items"
    static let indexPath = "items/index.html"

    static func pagePath(_ slug: String) -> String { "\(folder)/\(slug).html" }

    init(_ pokedex: Pokedex) {
        let book = pokedex.items
        let withPages = book.items.keys.sorted().compactMap { book.items[$0] }
        let names = pokedex.names
        ordered = PageNaming.byName(
            withPages,
            name: { names.name(.item, $0.name) },
            id: \.id,
            language: names.language
        )
        slugs = PageNaming.slugs(withPages.map { ($0.id, $0.name) }, fallback: "item")
        self.book = book
        let itemID = { (name: String) in book.item(named: name)?.id }
        var holders: [Int: [Int]] = [:]
        var megas: [Int: [Int]] = [:]
        // A species' Pokémon that stands for it in the evolution lists: its default one, else its first form.
        var standing: [Int: Int] = [:]
        for (index, entry) in pokedex.entries.enumerated() {
            for held in entry.record.heldItems where book.items[held.item] != nil {
                if holders[held.item]?.last != index { holders[held.item, default: []].append(index) }
            }
            if case .stone(let stone) = entry.megaTrigger, let id = itemID(stone) {
                megas[id, default: []].append(index)
            }
            let species = entry.record.speciesID
            if let current = standing[species], pokedex.entries[current].record.isDefault || !entry.record.isDefault {
                continue
            }
            standing[species] = index
        }
        var evolvers: [Int: Set<Int>] = [:]
        for chain in pokedex.chains.values {
            for stage in chain.chain.stages {
                guard let index = standing[stage.speciesID] else { continue }
                for condition in stage.conditions {
                    for name in [condition.item, condition.heldItem].compactMap({ $0 }) {
                        if let item = itemID(name) { evolvers[item, default: []].insert(index) }
                    }
                }
            }
        }
        self.holders = holders
        self.megas = megas
        self.evolvers = evolvers.mapValues { $0.sorted() }
    }

    /// The item's page from a page one folder deep; nil when it has none.
    func href(_ apiName: String) -> String? {
        book.item(named: apiName).flatMap { slugs[$0.id] }.map { "../\(Self.pagePath($0))" }
    }
}

/// An item's page and the items index.
extension SiteRenderer {
    /// The item's picture from a page one folder deep: its copy, its sprite's URL, or none.
    func itemPicture(_ item: ItemRecord, pokedex: Pokedex) -> ItemPictureContext? {
        switch pokedex.items.pictures[item.id] ?? .placeholder {
        case .local(let path, let width, let height):
            ItemPictureContext(src: "../" + siteUp + path, width: width, height: height)
        case .remote(let url):
            ItemPictureContext(src: url, width: Self.itemSpriteSize, height: Self.itemSpriteSize)
        case .placeholder:
            nil
        }
    }

    /// PokeAPI writes some items' long effects as definitions ("Used on a party Pokémon\n:   Evolves…"): one
    /// sentence each, "Used on a party Pokémon: Evolves…".
    static func definitionsInline(_ text: String) -> String {
        text.replacingOccurrences(of: #"[ \t]*\n:[ \t]+"#, with: ": ", options: .regularExpression)
    }

    /// PokeAPI's item sprites are 30 × 30 (the games' bag icons).
    static let itemSpriteSize = 30

    /// The category's name in the pages' language (PokeAPI names them in English and French only; the theme's
    /// `[names_item_category]` where it has them), and its pocket's.
    func itemCategory(_ item: ItemRecord, pokedex: Pokedex) -> (category: ShownText?, pocket: ShownText?) {
        let names = pokedex.names
        guard let link = item.category else { return (nil, nil) }
        let category = names.text(.itemCategory, link.name).map(Self.capitalised)
        let pocket = pokedex.items.category(of: item)?.pocket.map { pocket in
            names.text(.itemPocket, pocket.name).map(Self.capitalised)
        }
        return (category, pocket)
    }

    func itemPage(
        _ item: ItemRecord,
        catalog: ItemCatalog,
        pokedex: Pokedex,
        catalogs: Catalogs,
        previous: ItemRecord?,
        next: ItemRecord?
    ) -> ItemPageContext {
        let names = pokedex.names
        let entries = pokedex.entries
        let places = pokedex.places
        let chosen = item.effects.preferred(language.code)
        let machineMoves = pokedex.moves.machineMoves[item.name] ?? []
        // A machine's number teaches other moves in other games: the newest game's text would describe one of them.
        let flavor = machineMoves.isEmpty ? item.flavorTexts.preferred(language.code) : nil
        let effect = Self.paragraphs(chosen?.effect.map(Self.definitionsInline))
        let (category, pocket) = itemCategory(item, pokedex: pokedex)
        let holders = (catalog.holders[item.id] ?? []).map { index -> ItemHolderContext in
            let entry = entries[index]
            let line = places.heldItems(entry.record).first { $0.item == item.id }
            let rarities = (line?.rarities ?? []).map {
                t(
                    "pokemon.rarity",
                    ["n": String($0.rarity), "games": gamesLabel($0.versions, places: places, names: names)]
                )
            }
            return ItemHolderContext(cell: miniCell(entry), rarities: names.words.list(rarities))
        }
        // The newest games' move first.
        let taughtIn = machineMoves.map { taught in
            (taught, taught.versionGroups.compactMap { pokedex.moves.games[$0] }.sorted { $0.order < $1.order })
        }
        .sorted { ($0.1.last?.order ?? 0) > ($1.1.last?.order ?? 0) }
        let teaches = taughtIn.compactMap { taught, games -> ItemMachineContext? in
            guard let move = pokedex.moves.moves[taught.move] else { return nil }
            let versions = games.flatMap { places.groupVersions[$0.id] ?? [] }
            return ItemMachineContext(
                move: names.name(.move, move.name),
                moveLang: names.text(.move, move.name).lang,
                href: catalogs.moves.slugs[move.id].map { "../\(MoveCatalog.pagePath($0))" },
                games: versions.isEmpty
                    ? names.words.list(games.map(\.label))
                    : gamesLabel(versions, places: places, names: names)
            )
        }
        func link(_ other: ItemRecord?) -> LinkContext? {
            other.flatMap { other in
                catalog.slugs[other.id].map { LinkContext(href: "\($0).html", label: names.name(.item, other.name)) }
            }
        }
        let rows = Self.nameRows(item.names, strings: strings, language: language.code)
        let evolvers = miniCells(catalog.evolvers[item.id] ?? [], entries: entries)
        let megas = miniCells(catalog.megas[item.id] ?? [], entries: entries)
        return ItemPageContext(
            id: item.id,
            slug: catalog.slugs[item.id] ?? "",
            name: names.name(.item, item.name),
            nameLang: names.text(.item, item.name).lang,
            picture: itemPicture(item, pokedex: pokedex),
            category: category?.text,
            categoryLang: category?.lang,
            pocket: pocket?.text,
            pocketLang: pocket?.lang,
            price: item.cost.flatMap { $0 > 0 ? t("items.price_value", ["n": grouped($0)]) : nil },
            fling: item.flingPower.map(String.init),
            shortEffect: chosen?.shortEffect,
            effect: effect,
            hasEffect: chosen?.shortEffect != nil || effect != nil,
            effectLang: fallbackTag(chosen?.language),
            flavorText: flavor?.name,
            flavorLang: fallbackTag(flavor?.language),
            holders: holders,
            holderCount: holders.count,
            hasHolders: !holders.isEmpty,
            evolvers: evolvers,
            hasEvolvers: !evolvers.isEmpty,
            megas: megas,
            hasMegas: !megas.isEmpty,
            teaches: teaches,
            hasTeaches: !teaches.isEmpty,
            names: rows,
            hasNames: !rows.isEmpty,
            previous: link(previous),
            next: link(next)
        )
    }

    /// An item's line in the index, in the best text the pages' language has: a machine's moves ("Teaches Fire
    /// Spin, Snore… ", named in every language), else PokeAPI's short effect in the language, else the games'
    /// description in it, else the English short effect or description. Nil when it has none.
    func itemSummary(_ item: ItemRecord, pokedex: Pokedex) -> ShownText? {
        let names = pokedex.names
        let taught = (pokedex.moves.machineMoves[item.name] ?? []).map { taught in
            (move: taught.move, newest: taught.versionGroups.compactMap { pokedex.moves.games[$0]?.order }.max() ?? 0)
        }
        let moves = taught.sorted { $0.newest > $1.newest }.compactMap { pokedex.moves.moves[$0.move] }
        if !moves.isEmpty {
            let parts = moves.map {
                names.text(.move, $0.name)
            }
            return ShownText(
                t("items.summary_teaches", ["moves": names.words.list(parts.map(\.text))]),
                lang: ShownText.lang(of: parts)
            )
        }
        let effect = item.effects.preferred(language.code).flatMap { effect in
            effect.shortEffect.map { LocalizedName(language: effect.language, name: $0) }
        }
        let flavor = item.flavorTexts.preferred(language.code)
        let own = [effect, flavor].compactMap { $0 }.first { $0.language != "en" || language.code == "en" }
        return (own ?? effect ?? flavor).map { ShownText($0.name, lang: fallbackTag($0.language)) }
    }

    /// Every item with a page, by category (in the pages' language's order), each by name.
    func itemsIndex(_ catalog: ItemCatalog, pokedex: Pokedex) -> ItemsIndexContext {
        let names = pokedex.names
        var groups: [Int: [ItemRecord]] = [:]
        for item in catalog.ordered { groups[item.category?.id ?? 0, default: []].append(item) }
        let labelled = groups.map { id, items -> (label: ShownText, id: Int, items: [ItemRecord]) in
            let label = itemCategory(items[0], pokedex: pokedex).category ?? ShownText(t("items.other"), lang: nil)
            return (label, id, items)
        }
        // By name, the machines' category last: hundreds of TMs would push every other item a long way down.
        let byName = PageNaming.byName(labelled, name: { $0.label.text }, id: \.id, language: names.language)
        let isMachines = { (group: (label: ShownText, id: Int, items: [ItemRecord])) in
            pokedex.items.categories[group.id]?.pocket?.name == ItemCategoryRecord.machinesPocket
        }
        let ordered = byName.filter { !isMachines($0) } + byName.filter(isMachines)
        let categories = ordered.map { group in
            let rows = group.items.map { item in
                let summary = itemSummary(item, pokedex: pokedex)
                return ItemRowContext(
                    id: item.id,
                    href: "\(catalog.slugs[item.id] ?? "").html",
                    name: names.name(.item, item.name),
                    nameLang: names.text(.item, item.name).lang,
                    picture: itemPicture(item, pokedex: pokedex),
                    summary: summary?.text ?? "—",
                    summaryLang: summary?.lang
                )
            }
            let key = pokedex.items.categories[group.id].map(\.name).flatMap { Slug.isClean($0) ? $0 : nil }
            return ItemCategoryGroupContext(
                key: key ?? "category-\(group.id)",
                label: group.label.text,
                labelLang: group.label.lang,
                count: rows.count,
                rows: rows
            )
        }
        return ItemsIndexContext(
            count: catalog.ordered.count,
            note: t("items.note", ["count": grouped(catalog.ordered.count)]),
            categories: categories
        )
    }

    /// The items index and a page per item.
    func itemPages(_ pokedex: Pokedex, site: SiteContext, assets: AssetsContext, catalogs: Catalogs) -> [PageJob] {
        let catalog = catalogs.items
        guard !catalog.ordered.isEmpty else { return [] }
        var jobs: [PageJob] = []
        let path = ItemCatalog.indexPath
        jobs.append(
            PageJob(path: path, template: "items") { [self] in
                var context = sectionBase(
                    site: site,
                    kind: .items,
                    path: path,
                    title: t("title.items"),
                    description: t("description.items", ["count": grouped(catalog.ordered.count)]),
                    assets: assets
                )
                context.itemsIndex = itemsIndex(catalog, pokedex: pokedex)
                return context
            }
        )
        jobs += neighbourPages(
            catalog.ordered,
            paths: catalog.ordered.map { ItemCatalog.pagePath(catalog.slugs[$0.id] ?? "") },
            template: "item"
        ) { [self] item, previous, next, path in
            let page = itemPage(
                item,
                catalog: catalog,
                pokedex: pokedex,
                catalogs: catalogs,
                previous: previous,
                next: next
            )
            let description =
                [page.shortEffect, page.flavorText].compactMap { $0 }.first
                ?? t("description.item", ["name": page.name])
            var context = sectionBase(
                site: site,
                kind: .item,
                path: path,
                title: t("title.item", ["name": page.name]),
                socialTitle: page.name,
                description: description,
                assets: assets
            )
            context.item = page
            return context
        }
        return jobs
    }
}
