import Foundation
import PokedexModel
import PokedexSource
import PokedexSupport

/// The types with a page: every type an exported Pokémon or a move with a page has, in the games' order.
struct TypeCatalog: Sendable {
    let ordered: [String]
    /// Indices into the Pokédex's entries by type.
    let pokemon: [String: [Int]]
    /// The moves of each type that have a page, in the moves index's order.
    let moves: [String: [MoveRecord]]
    /// The chart of each era, oldest first, today's last (made once: every Pokémon page asks it).
    let eras: [GenerationSpan<[String: TypeRecord]>]

    static let folder = "types"
    static let indexPath = "types/index.html"
    static let calculatorPath = "types/calculator.html"

    static func pagePath(_ type: String) -> String { "\(folder)/\(type).html" }

    init(_ pokedex: Pokedex, moves catalog: MoveCatalog) {
        var pokemon: [String: [Int]] = [:]
        for (index, entry) in pokedex.entries.enumerated() where entry.isListed {
            for type in entry.record.types where pokemon[type]?.last != index {
                pokemon[type, default: []].append(index)
            }
        }
        var moves: [String: [MoveRecord]] = [:]
        for move in catalog.ordered { moves[move.type, default: []].append(move) }
        self.pokemon = pokemon
        self.moves = moves
        ordered = catalog.typePages.sorted(by: TypeMatchups.gameOrder)
        eras = TypeChartEras.eras(pokedex.typeChart, latest: pokedex.latestGeneration)
    }

    var linked: Set<String> { Set(ordered) }
}

/// A type's page and the type chart.
extension SiteRenderer {
    func typePage(
        _ type: String,
        catalog: TypeCatalog,
        moves: MoveCatalog,
        pokedex: Pokedex,
        previous: String?,
        next: String?
    ) -> TypePageContext {
        let names = pokedex.names
        let linked = catalog.linked
        func badge(_ name: String) -> TypeContext { Self.typeContext(name, names: names, pages: linked) }
        func relation(_ key: String, _ label: String, _ multiplier: String, _ types: [String]) -> TypeRelationContext {
            TypeRelationContext(
                key: key,
                label: label,
                multiplier: multiplier,
                types: types.map(badge),
                hasTypes: !types.isEmpty
            )
        }
        let attacking = TypeMatchups.attacking(type, chart: pokedex.typeChart)
        let defending = TypeMatchups(types: [type], chart: pokedex.typeChart)
        let attack = [
            relation("x2", t("types.super_effective"), "×2", attacking.double),
            relation("x05", t("types.not_very_effective"), "×½", attacking.half),
            relation("x0", t("types.no_effect_on"), "×0", attacking.none),
        ]
        let defence = [
            relation("x2", t("pokemon.weak_to"), "×2", defending.double),
            relation("x05", t("pokemon.resists"), "×½", defending.half),
            relation("x0", t("pokemon.immune_to"), "×0", defending.immune),
        ]
        let rows = (catalog.moves[type] ?? []).map { moves.row($0, from: TypeCatalog.folder) }
        let cells = miniCells(catalog.pokemon[type] ?? [], entries: pokedex.entries)
        return TypePageContext(
            type: badge(type),
            attack: attack,
            defence: defence,
            pokemonCount: cells.count,
            pokemon: cells,
            moveCount: rows.count,
            moves: rows,
            hasMoves: !rows.isEmpty,
            previous: previous.map { LinkContext(href: "\($0).html", label: names.type($0)) },
            next: next.map { LinkContext(href: "\($0).html", label: names.type($0)) }
        )
    }

    /// The 18 × 18 chart: a row per attacking type, a column per defending type.
    func typeChart(_ catalog: TypeCatalog, pokedex: Pokedex) -> TypeChartContext {
        let names = pokedex.names
        let types = catalog.ordered.filter { pokedex.typeChart[$0] != nil }
        let linked = catalog.linked
        let rows = types.map { attacker in
            let cells = types.map { defender -> ChartCellContext in
                let factor =
                    TypeMatchups.multiplier(attacking: attacker, defending: defender, chart: pokedex.typeChart) ?? 1
                let (text, key, said): (String, String, String) =
                    switch factor {
                    case 0: ("0", "x0", t("types.said_none"))
                    case 0.5: ("½", "x05", t("types.said_half"))
                    case 2: ("2", "x2", t("types.said_double"))
                    default: ("", "x1", t("types.said_normal"))
                    }
                return ChartCellContext(
                    text: text,
                    title: t(
                        "types.cell_title",
                        [
                            "attacker": names.type(attacker),
                            "defender": names.type(defender), "said": said,
                        ]
                    ),
                    key: key,
                    isNormal: text.isEmpty
                )
            }
            return ChartRowContext(type: Self.typeContext(attacker, names: names, pages: linked), cells: cells)
        }
        let older = olderCharts(catalog, pokedex: pokedex)
        return TypeChartContext(
            types: types.map { Self.typeContext($0, names: names, pages: linked) },
            rows: rows,
            olderEras: older,
            hasOlderEras: !older.isEmpty
        )
    }

    /// The type calculator's data: the chart as characters, and the abilities that change it which some exported
    /// Pokémon has, by name in the page's language. `every`: every type of the chart some exported Pokémon has, not
    /// only those with a page (the comparison's).
    func calculator(_ catalog: TypeCatalog, pokedex: Pokedex, every: Bool = false) -> CalculatorContext {
        let names = pokedex.names
        let candidates =
            every
            ? Set(catalog.ordered).union(pokedex.entries.flatMap(\.record.types)).sorted(by: TypeMatchups.gameOrder)
            : catalog.ordered
        // The script splits the names at spaces: clean API names only.
        let types = candidates.filter { pokedex.typeChart[$0] != nil && Slug.isClean($0) }
        let chart = Self.encodedChart(types, chart: pokedex.typeChart)
        let held = Set(pokedex.abilities.values.map(\.name))
        let offered = DamageRule.all.enumerated().filter { held.contains($0.element.ability) }
        let byName = PageNaming.byName(
            offered,
            name: { names.name(.ability, $0.element.ability) },
            id: \.offset,
            language: names.language
        )
        let abilities = byName.map(\.element).map { rule in
            CalculatorAbilityContext(
                name: rule.ability,
                label: names.name(.ability, rule.ability),
                labelLang: names.text(.ability, rule.ability).lang,
                rule: rule.encoded
            )
        }
        return CalculatorContext(
            types: types.map { Self.typeContext($0, names: names, pages: catalog.linked) },
            typeNames: types.joined(separator: " "),
            chart: chart,
            abilities: abilities
        )
    }

    /// `chart` over `types` as the calculator reads it: a row per attacking type, space-separated, a character per
    /// defending type ("0" no effect, "h" half, "1" normal, "2" double).
    static func encodedChart(_ types: [String], chart: [String: TypeRecord]) -> String {
        types.map { attacker in
            String(
                types.map { defender -> Character in
                    switch TypeMatchups.multiplier(attacking: attacker, defending: defender, chart: chart) {
                    case 0: "0"
                    case 0.5: "h"
                    case 2: "2"
                    default: "1"
                    }
                }
            )
        }
        .joined(separator: " ")
    }

    /// The calculator's eras: the older charts (Generation I; Generations II–V on PokeAPI's data), newest first.
    func calculatorEras(_ catalog: TypeCatalog, pokedex: Pokedex, into context: inout CalculatorContext) {
        let spans = catalog.eras
        context.latest = spans.last?.last ?? 0
        guard let today = spans.last else { return }
        context.todayLabel = generations(today.first, today.last)
        context.eras = spans.dropLast().reversed().map { span in
            let types = catalog.ordered.filter { span.value[$0] != nil && Slug.isClean($0) }
            return CalculatorEraContext(
                first: span.first,
                last: span.last,
                label: generations(span.first, span.last),
                typeNames: types.joined(separator: " "),
                chart: Self.encodedChart(types, chart: span.value)
            )
        }
    }

    /// The older games in which `entry`'s matchups were not today's (its types then, under that era's chart), each
    /// a link to the calculator with them: Clefairy's Normal in Generation I and in Generations II–V.
    func olderMatchups(
        _ entry: PokemonEntry,
        pokedex: Pokedex,
        types catalog: TypeCatalog
    ) -> [CalculatorEraLinkContext] {
        guard catalog.eras.count > 1 || !entry.record.past.types.isEmpty else { return [] }
        let today = TypeMatchups(types: entry.record.types, chart: pokedex.typeChart)
        let first = entry.generation ?? 1
        var runs: [GenerationSpan<[String]>] = []
        for era in catalog.eras.dropLast() where era.last >= first {
            // Within an era, a run per set of types it had (Clefairy: Normal through V).
            for run in GenerationSpan.runs(max(era.first, first)...era.last, { entry.record.types(inGeneration: $0) }) {
                let types = run.value.filter { era.value[$0] != nil && Slug.isClean($0) }
                // Only what the era's attacking types did: no Fairy move in Generations II–V is no difference.
                guard !types.isEmpty,
                    TypeMatchups(types: types, chart: era.value) != today.attackers(in: Set(era.value.keys))
                else { continue }
                runs.append(GenerationSpan(first: run.first, last: run.last, value: types))
            }
        }
        return runs.enumerated().map { index, run in
            CalculatorEraLinkContext(
                href: "../\(TypeCatalog.calculatorPath)#def=\(run.value.joined(separator: ","))&gen=\(run.first)",
                label: generations(run.first, run.last),
                separator: index + 1 < runs.count ? pokedex.names.words.listSeparator : ""
            )
        }
    }

    /// The older eras on the chart page: each pair of types whose multiplier differed from today's.
    func olderCharts(_ catalog: TypeCatalog, pokedex: Pokedex) -> [ChartEraContext] {
        let spans = catalog.eras
        let names = pokedex.names
        func said(_ factor: Double) -> String {
            switch factor {
            case 0.5: "×½"
            case 0.25: "×¼"
            default: "×" + String(Int(factor))
            }
        }
        return spans.dropLast().reversed().compactMap { span in
            let types = catalog.ordered.filter { span.value[$0] != nil }
            var changes: [ChartChangeContext] = []
            for attacker in types {
                for defender in types {
                    let then = TypeMatchups.multiplier(attacking: attacker, defending: defender, chart: span.value) ?? 1
                    let now =
                        TypeMatchups.multiplier(attacking: attacker, defending: defender, chart: pokedex.typeChart) ?? 1
                    guard then != now else { continue }
                    changes.append(
                        ChartChangeContext(
                            attacker: Self.typeContext(attacker, names: names, pages: catalog.linked),
                            defender: Self.typeContext(defender, names: names, pages: catalog.linked),
                            then: said(then),
                            now: said(now)
                        )
                    )
                }
            }
            guard !changes.isEmpty else { return nil }
            return ChartEraContext(
                label: generations(span.first, span.last),
                calculatorHref: "calculator.html#gen=\(span.first)",
                changes: changes
            )
        }
    }

    /// The calculator with `entry`'s types, and with each of its abilities that changes what they take; nil
    /// without a calculator (no type has a page) or without types in the chart.
    func calculatorLinks(_ entry: PokemonEntry, pokedex: Pokedex, types catalog: TypeCatalog) -> CalculatorLinksContext?
    {
        let types = entry.record.types.filter { pokedex.typeChart[$0] != nil && Slug.isClean($0) }
        guard !catalog.ordered.isEmpty, !types.isEmpty else { return nil }
        let href = "../\(TypeCatalog.calculatorPath)#def=\(types.joined(separator: ","))"
        let ruled = Set(DamageRule.all.map(\.ability))
        var seen: Set<String> = []
        let abilities = entry.record.abilities.map(\.name).filter {
            ruled.contains($0) && seen.insert($0).inserted
        }
        let names = pokedex.names
        let olderEras = olderMatchups(entry, pokedex: pokedex, types: catalog)
        return CalculatorLinksContext(
            href: href,
            olderEras: olderEras,
            hasOlderEras: !olderEras.isEmpty,
            abilities: abilities.enumerated().map { index, ability in
                CalculatorAbilityLinkContext(
                    href: "\(href)&ability=\(ability)",
                    label: names.name(.ability, ability),
                    labelLang: names.text(.ability, ability).lang,
                    separator: index + 1 < abilities.count ? names.words.listSeparator : ""
                )
            },
            hasAbilities: !abilities.isEmpty
        )
    }
}

extension SiteRenderer {
    /// The type chart, the calculator and a page per type.
    func typePages(
        _ pokedex: Pokedex,
        site: SiteContext,
        assets: AssetsContext,
        catalogs: Catalogs,
        dataScript: String
    ) -> [PageJob] {
        var jobs: [PageJob] = []
        let types = catalogs.types
        if !types.ordered.isEmpty {
            let path = TypeCatalog.indexPath
            let description = t("description.types", ["count": String(types.ordered.count)])
            jobs.append(
                PageJob(path: path, template: "types") { [self] in
                    var context = sectionBase(
                        site: site,
                        kind: .types,
                        path: path,
                        title: t("title.types"),
                        description: description,
                        assets: assets
                    )
                    context.typeChart = typeChart(types, pokedex: pokedex)
                    return context
                }
            )
            let calculatorPath = TypeCatalog.calculatorPath
            jobs.append(
                PageJob(path: calculatorPath, template: "calculator") { [self] in
                    var context = sectionBase(
                        site: site,
                        kind: .calculator,
                        path: calculatorPath,
                        title: t("title.calculator"),
                        description: t("description.calculator"),
                        assets: assets
                    )
                    var calculator = calculator(types, pokedex: pokedex)
                    calculator.dataScript = dataScript
                    calculatorEras(types, pokedex: pokedex, into: &calculator)
                    context.calculator = calculator
                    return context
                }
            )
        }
        jobs += neighbourPages(types.ordered, paths: types.ordered.map(TypeCatalog.pagePath), template: "type") {
            [self] type, previous, next, path in
            let page = typePage(
                type,
                catalog: types,
                moves: catalogs.moves,
                pokedex: pokedex,
                previous: previous,
                next: next
            )
            let label = page.type.label
            var context = sectionBase(
                site: site,
                kind: .type,
                path: path,
                title: t("title.type", ["name": label]),
                socialTitle: t("title.type_social", ["name": label]),
                description: t(
                    "description.type",
                    ["name": label, "pokemon": String(page.pokemonCount), "moves": String(page.moveCount)]
                ),
                assets: assets
            )
            context.typePage = page
            context.usesMovesScript = page.hasMoves
            return context
        }
        return jobs
    }
}
