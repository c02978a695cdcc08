import Foundation
import PokedexModel
import PokedexSource
import PokedexSupport

/// The abilities with a page (some exported Pokémon has them), their slugs, and who has which, looked up once per
/// build.
struct AbilityCatalog: Sendable {
    /// By English name, the same order whatever the builder's locale.
    let ordered: [AbilityRecord]
    /// `abilities/<slug>.html` by ability id.
    let slugs: [Int: String]
    /// Indices into the Pokédex's entries, in site order, by ability id: those that have it as a normal ability,
    /// and as their hidden one.
    let normal: [Int: [Int]]
    let hidden: [Int: [Int]]

    static let folder = "abilities"
    static let indexPath = "abilities/index.html"

    static func pagePath(_ slug: String) -> String { "\(folder)/\(slug).html" }

    init(_ pokedex: Pokedex) {
        var normal: [Int: [Int]] = [:]
        var hidden: [Int: [Int]] = [:]
        // A form that only looks different has its species' abilities: its species' cell stands for it.
        for (index, entry) in pokedex.entries.enumerated() where entry.isListed {
            for ability in entry.record.abilities {
                guard let id = ability.id, pokedex.abilities[id] != nil else { continue }
                if ability.isHidden {
                    if hidden[id]?.last != index { hidden[id, default: []].append(index) }
                } else if normal[id]?.last != index {
                    normal[id, default: []].append(index)
                }
            }
        }
        self.normal = normal
        self.hidden = hidden
        let withPages = Set(normal.keys).union(hidden.keys).sorted().compactMap { pokedex.abilities[$0] }
        let names = pokedex.names
        ordered = PageNaming.byName(
            withPages,
            name: { names.name(.ability, $0.name) },
            id: \.id,
            language: names.language
        )
        slugs = PageNaming.slugs(withPages.map { ($0.id, $0.name) }, fallback: "ability")
    }

    /// The ability's page from a page one folder deep; nil when it has none.
    func href(_ id: Int?) -> String? {
        id.flatMap { slugs[$0] }.map { "../\(Self.pagePath($0))" }
    }
}

/// An ability's page and the abilities index.
extension SiteRenderer {
    /// PokeAPI writes a long effect's paragraphs apart by blank lines: one `<p>` each.
    static func paragraphs(_ text: String?) -> [String]? {
        text.map { text in
            text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty }
        }.flatMap { $0.isEmpty ? nil : $0 }
    }

    func abilityPage(
        _ ability: AbilityRecord,
        catalog: AbilityCatalog,
        entries: [PokemonEntry],
        names: NameBook,
        previous: AbilityRecord?,
        next: AbilityRecord?
    ) -> AbilityPageContext {
        let normal = miniCells(catalog.normal[ability.id] ?? [], entries: entries)
        let hidden = miniCells(catalog.hidden[ability.id] ?? [], entries: entries)
        var groups: [MiniGroupContext] = []
        if !normal.isEmpty {
            groups.append(
                MiniGroupContext(key: "normal", label: t("ability.as_ability"), count: normal.count, cells: normal)
            )
        }
        if !hidden.isEmpty {
            groups.append(
                MiniGroupContext(key: "hidden", label: t("ability.as_hidden"), count: hidden.count, cells: hidden)
            )
        }
        let rows = Self.nameRows(ability.names, strings: strings, language: language.code)
        let chosen = ability.effects.preferred(language.code)
        let flavor = ability.flavorTexts.preferred(language.code)
        let effect = Self.paragraphs(chosen?.effect)
        func link(_ other: AbilityRecord?) -> LinkContext? {
            other.flatMap { other in
                catalog.slugs[other.id].map { LinkContext(href: "\($0).html", label: names.name(.ability, other.name)) }
            }
        }
        return AbilityPageContext(
            id: ability.id,
            slug: catalog.slugs[ability.id] ?? "",
            name: names.name(.ability, ability.name),
            shortEffect: chosen?.shortEffect,
            effect: effect,
            hasEffect: chosen?.shortEffect != nil || effect != nil,
            flavorText: flavor?.name,
            generation: ability.generation.map { t("common.generation", ["n": numeral($0)]) },
            count: Set((catalog.normal[ability.id] ?? []) + (catalog.hidden[ability.id] ?? [])).count,
            groups: groups,
            names: rows,
            hasNames: !rows.isEmpty,
            previous: link(previous),
            next: link(next),
            effectLang: fallbackTag(chosen?.language),
            flavorLang: fallbackTag(flavor?.language),
            nameLang: names.text(.ability, ability.name).lang
        )
    }

    func abilitiesIndex(_ catalog: AbilityCatalog, names: NameBook) -> AbilitiesIndexContext {
        let rows = catalog.ordered.map { ability in
            let summary =
                abilitySummary(ability) ?? ability.flavorTexts.preferred(language.code).map { ($0.name, $0.language) }
            return AbilityRowContext(
                id: ability.id,
                href: "\(catalog.slugs[ability.id] ?? "").html",
                name: names.name(.ability, ability.name),
                summary: summary?.text ?? "—",
                summaryLang: fallbackTag(summary?.language),
                count: Set((catalog.normal[ability.id] ?? []) + (catalog.hidden[ability.id] ?? [])).count,
                generation: ability.generation.map(numeral) ?? "—",
                generationNumber: ability.generation,
                nameLang: names.text(.ability, ability.name).lang
            )
        }
        return AbilitiesIndexContext(
            count: rows.count,
            rows: rows,
            note: t("abilities.note", ["count": String(rows.count)])
        )
    }
}

extension SiteRenderer {
    /// The abilities index and a page per ability.
    func abilityPages(
        _ pokedex: Pokedex,
        site: SiteContext,
        assets: AssetsContext,
        catalog: AbilityCatalog
    )
        -> [PageJob]
    {
        var jobs: [PageJob] = []
        let entries = pokedex.entries
        let names = pokedex.names
        if !catalog.ordered.isEmpty {
            let path = AbilityCatalog.indexPath
            let description = t("description.abilities", ["count": grouped(pokedex.listed.count)])
            jobs.append(
                PageJob(path: path, template: "abilities") { [self] in
                    var context = sectionBase(
                        site: site,
                        kind: .abilities,
                        path: path,
                        title: t("title.abilities"),
                        description: description,
                        assets: assets
                    )
                    context.abilitiesIndex = abilitiesIndex(catalog, names: names)
                    return context
                }
            )
        }
        jobs += neighbourPages(
            catalog.ordered,
            paths: catalog.ordered.map { AbilityCatalog.pagePath(catalog.slugs[$0.id] ?? "") },
            template: "ability"
        ) { [self] ability, previous, next, path in
            let page = abilityPage(
                ability,
                catalog: catalog,
                entries: entries,
                names: names,
                previous: previous,
                next: next
            )
            let description =
                [page.shortEffect, page.flavorText].compactMap { $0 }.first
                ?? t("description.ability", ["name": page.name])
            var context = sectionBase(
                site: site,
                kind: .ability,
                path: path,
                title: t("title.ability", ["name": page.name]),
                socialTitle: page.name,
                description: description,
                assets: assets
            )
            context.ability = page
            return context
        }
        return jobs
    }
}
