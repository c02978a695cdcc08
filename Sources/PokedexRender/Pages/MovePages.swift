import Foundation
import PokedexModel
import PokedexSource
import PokedexSupport

/// The moves the site shows, looked up once per build: each move with a page (some exported Pokémon learns it) and
/// its slug, and who learns what where.
struct MoveCatalog: Sendable {
    let book: MoveBook
    let names: NameBook
    /// The theme's words in the pages' language.
    var strings = SiteRenderer.builtInStrings {
        didSet { pokemonRows = Dictionary(uniqueKeysWithValues: ordered.map { ($0.id, row($0, from: "pokemon")) }) }
    }
    /// Each move's row as the Pokémon pages show it before its detail (level, machine), made once per language:
    /// made again for every row of every Pokémon page, they showed in a full render's profile (Benchmarks/README.md).
    private(set) var pokemonRows: [Int: MoveRowContext] = [:]
    let learners: MoveLearners
    /// The moves with a page, by id: their slugs (`moves/<slug>.html`).
    let slugs: [Int: String]
    /// The moves with a page, by English name.
    let ordered: [MoveRecord]
    /// The types with a page (`types/<name>.html`): every type an exported Pokémon or a move with a page has. A
    /// type's name becomes a file name: only clean slugs ("index" is the chart's).
    let typePages: Set<String>
    /// The older games' values of the moves whose values changed (today's era left out), by move id: a learnset
    /// of an older game shows the move as that game had it.
    let eras: [Int: [MoveEra]]

    /// `learners`: who learns what, when already made for another language (no language changes it).
    init(_ pokedex: Pokedex, learners: MoveLearners? = nil) {
        book = pokedex.moves
        names = pokedex.names
        self.learners = learners ?? MoveLearners(entries: pokedex.entries, book: pokedex.moves)
        let names = pokedex.names
        let withPages = self.learners.moveIDs.compactMap { pokedex.moves.moves[$0] }
        typePages = Set(pokedex.entries.flatMap(\.record.types)).union(withPages.map(\.type))
            .filter { Slug.isClean($0) && $0 != "index" }
        // The order names the moves script's bytes: never the builder's locale.
        ordered = PageNaming.byName(
            withPages,
            name: { names.name(.move, $0.name) },
            id: \.id,
            language: names.language
        )
        slugs = PageNaming.slugs(withPages.map { ($0.id, $0.name) }, fallback: "move")
        let games = Array(pokedex.moves.games.values)
        eras = Dictionary(
            uniqueKeysWithValues: withPages.filter { !$0.past.isEmpty }.compactMap { move in
                let older = move.history(games: games).dropLast()
                return older.isEmpty ? nil : (move.id, Array(older))
            }
        )
    }

    /// `row` as `game` had the move: its type, power, accuracy and PP then.
    func asInGame(_ row: MoveRowContext, move: Int, game: Int) -> MoveRowContext {
        guard let era = eras[move]?.first(where: { $0.groups.contains(game) }) else { return row }
        var row = row
        row.type = SiteRenderer.typeContext(era.type, names: names, pages: typePages)
        row.power = Self.figure(era.power == 0 ? nil : era.power)
        row.accuracy = Self.figure(era.accuracy == 0 ? nil : era.accuracy)
        row.pp = Self.figure(era.pp)
        return row
    }

    /// `moves/index.html` is the moves index: no move may take its name (`PageNaming.slugs` reserves it).
    static let folder = "moves"
    static let indexPath = "moves/index.html"

    static func pagePath(_ slug: String) -> String { "\(folder)/\(slug).html" }

    func label(_ move: MoveRecord) -> String { names.name(.move, move.name) }

    func category(_ move: MoveRecord) -> CategoryContext {
        guard let name = move.damageClass else { return CategoryContext(name: "unknown", label: "—") }
        let label = names.name(.moveDamageClass, name)
        return CategoryContext(
            name: Slug.isClean(name) ? name : "unknown",
            label: label.prefix(1).uppercased() + label.dropFirst(),
            categoryLang: names.text(.moveDamageClass, name).lang
        )
    }

    static func figure(_ value: Int?) -> String { value.map(String.init) ?? "—" }

    /// A table row for `move`, linked from a page `root` deep (`href` from the site root is `moves/<slug>.html`).
    func row(
        _ move: MoveRecord,
        from folder: String,
        detail: (text: String, title: String?, sort: Int)? = nil
    ) -> MoveRowContext {
        let slug = slugs[move.id] ?? ""
        let href = folder == Self.folder ? "\(slug).html" : "../\(Self.folder)/\(slug).html"
        var row = MoveRowContext(
            id: move.id,
            slug: slug,
            href: href,
            name: label(move),
            type: SiteRenderer.typeContext(move.type, names: names, pages: typePages),
            category: category(move),
            power: Self.figure(move.shownPower),
            accuracy: Self.figure(move.shownAccuracy),
            pp: Self.figure(move.pp),
            hasDetail: detail != nil,
            detail: detail?.text ?? "",
            detailTitle: detail?.title,
            detailSort: detail?.sort ?? 0,
            generation: move.generation.map { SiteRenderer.numeral($0, strings: strings) } ?? "—",
            generationNumber: move.generation
        )
        row.moveNameLang = names.text(.move, move.name).lang
        return row
    }

    /// `row(move, from: "pokemon", detail: detail)`, from the rows made once.
    func pokemonRow(_ move: MoveRecord, detail: (text: String, title: String?, sort: Int)? = nil) -> MoveRowContext {
        guard var made = pokemonRows[move.id] else { return row(move, from: "pokemon", detail: detail) }
        if let detail {
            made.hasDetail = true
            made.detail = detail.text
            made.detailTitle = detail.title
            made.detailSort = detail.sort
        }
        return made
    }

    /// "36", or "Evo." for a move learned on evolution (level 0).
    func levelDetail(_ level: Int) -> (text: String, title: String?, sort: Int) {
        level == 0
            ? (
                SiteRenderer.say("move.evo", strings: strings), SiteRenderer.say("move.on_evolution", strings: strings),
                0
            )
            : (String(level), nil, level)
    }

    /// The groups of one game for a Pokémon's Moves section.
    func groups(_ entry: PokemonEntry, game: Int) -> [LearnGroupContext] {
        book.groups(of: entry.record.learnset, in: game, names: names).map { group in
            var place = 0
            let rows = group.moves.map { learned -> MoveRowContext in
                place += 1
                let row: MoveRowContext
                switch group.kind {
                case .levelUp: row = pokemonRow(learned.move, detail: levelDetail(learned.level))
                case .machine: row = pokemonRow(learned.move, detail: (learned.machine ?? "—", nil, place))
                default: row = pokemonRow(learned.move)
                }
                return asInGame(row, move: learned.move.id, game: game)
            }
            return LearnGroupContext(
                key: group.kind.key,
                method: group.method,
                label: group.label,
                count: rows.count,
                detailHeading: detailHeading(group.kind),
                sortedByDetail: detailHeading(group.kind) != nil,
                moves: rows
            )
        }
    }

    func detailHeading(_ kind: LearnMethodKind) -> String? {
        switch kind {
        case .levelUp: SiteRenderer.say("move.level", strings: strings)
        case .machine: SiteRenderer.say("move.machine", strings: strings)
        default: nil
        }
    }
}

extension SiteRenderer {
    /// The Moves section of `entry`'s page: the default game's tables; nil when it learns nothing the site knows.
    /// A Mega Evolution, and a form PokeAPI lists no moves for (Gigantamax forms, the newest Megas), shows its
    /// species' default Pokémon's moves, and says so; another form opens on the game its species opens on, when it
    /// learns moves there.
    func movesSection(
        _ entry: PokemonEntry,
        related: RelatedPokemon,
        catalog: MoveCatalog,
        scripts: MoveScripts
    ) -> MovesSectionContext? {
        let book = catalog.book
        let base =
            entry.isForm ? related.defaultBySpecies[entry.record.speciesID].flatMap { $0.isForm ? nil : $0 } : nil
        var source = entry
        var note: String?
        if let base, book.defaultGame(of: base.record.learnset) != nil {
            if entry.megaTrigger != nil {
                (source, note) = (base, t("pokemon.moves_of_mega", ["base": base.displayName]))
            } else if book.defaultGame(of: entry.record.learnset) == nil {
                (source, note) = (
                    base, t("pokemon.moves_of_base", ["form": entry.displayName, "base": base.displayName])
                )
            }
        }
        let learnset = source.record.learnset
        guard var game = book.defaultGame(of: learnset) else { return nil }
        let games = book.games(of: learnset)
        if source.id == entry.id, let base, let opening = book.defaultGame(of: base.record.learnset),
            games.contains(where: { $0.id == opening.id })
        {
            game = opening
        }
        let blankRow = MoveRowContext(
            id: 0,
            slug: "",
            href: "",
            name: "",
            type: TypeContext(name: "", label: ""),
            category: CategoryContext(name: "", label: ""),
            power: "",
            accuracy: "",
            pp: "",
            hasDetail: true,
            detail: "",
            detailTitle: "",
            detailSort: 0,
            generation: "",
            generationNumber: nil
        )
        return MovesSectionContext(
            game: game.label,
            gameID: game.id,
            games: games.map {
                GameOptionContext(id: $0.id, label: $0.label, isSelected: $0.id == game.id, generation: $0.generation)
            },
            hasGameChoice: games.count > 1,
            learnsetScript: "../" + siteUp + (scripts.learnsets[source.id] ?? ""),
            movesScript: "../" + siteUp + scripts.moves,
            groups: catalog.groups(source, game: game.id),
            borrowedNote: note,
            blankGroup: LearnGroupContext(
                key: "",
                method: 0,
                label: "",
                count: 0,
                detailHeading: "",
                sortedByDetail: false,
                moves: [blankRow]
            )
        )
    }

    /// A move's page.
    /// `cells`: each entry's `miniCell`, by its index in the Pokédex's entries.
    func moveDetail(
        _ move: MoveRecord,
        catalog: MoveCatalog,
        cells: [PokemonMiniCell],
        previous: MoveRecord?,
        next: MoveRecord?
    ) -> MoveContext {
        let book = catalog.book
        let row = catalog.row(move, from: MoveCatalog.folder)
        let games = learnedGames(move, catalog: catalog)
        let newest = games.first
        let groups = newest.map { learnerGroups(move, in: $0.id, catalog: catalog, cells: cells) } ?? []
        let others = games.dropFirst().map {
            GameCountContext(label: $0.label, count: catalog.learners.count(of: move.id, in: $0.id))
        }
        let names = Self.nameRows(move.names, strings: strings, language: language.code)
        // The effects in the page's language where PokeAPI has them (French for some), else English.
        let chosen = move.effects.preferred(language.code)
        var shown = move
        shown.effects =
            chosen.map { [LocalizedEffect(language: "en", shortEffect: $0.shortEffect, effect: $0.effect)] } ?? []
        let shortEffect = book.shortEffect(of: shown)
        // PokeAPI writes the long effect's paragraphs apart by blank lines (187 moves): one `<p>` each.
        let effect = Self.paragraphs(book.longEffect(of: shown))
        let flavor = move.flavorTexts.preferred(language.code)
        let priority = move.priority > 0 ? "+\(move.priority)" : move.priority < 0 ? "\u{2212}\(-move.priority)" : "0"
        func link(_ other: MoveRecord?) -> LinkContext? {
            other.flatMap { other in
                catalog.slugs[other.id].map { LinkContext(href: "\($0).html", label: catalog.label(other)) }
            }
        }
        return MoveContext(
            id: move.id,
            slug: row.slug,
            name: row.name,
            type: row.type,
            category: row.category,
            power: row.power,
            accuracy: row.accuracy,
            pp: row.pp,
            priority: priority,
            target: move.target.map { catalog.names.name(.moveTarget, $0) },
            generation: move.generation.map { t("common.generation", ["n": numeral($0)]) },
            effectChance: move.effectChance.map { t("format.percent", ["n": String($0)]) },
            shortEffect: shortEffect,
            effect: effect,
            hasEffect: shortEffect != nil || effect != nil,
            flavorText: flavor?.name,
            learnedIn: newest?.label ?? "",
            learnerCount: newest.map { catalog.learners.count(of: move.id, in: $0.id) } ?? 0,
            learnerGroups: groups,
            otherGames: Array(others),
            hasOtherGames: !others.isEmpty,
            names: names,
            hasNames: !names.isEmpty,
            previous: link(previous),
            next: link(next),
            effectLang: fallbackTag(chosen?.language),
            flavorLang: fallbackTag(flavor?.language),
            nameLang: row.moveNameLang,
            targetLang: move.target.flatMap { catalog.names.text(.moveTarget, $0).lang },
            history: moveHistory(move, catalog: catalog)
        )
    }

    /// The games a move is learned in, the newest it is learned in by level up, machine, egg or tutor first: a game
    /// whose only way is one of its own (Champions' training) shows after it, among the others.
    func learnedGames(_ move: MoveRecord, catalog: MoveCatalog) -> [Game] {
        let book = catalog.book
        var games = catalog.learners.games(of: move.id, book: book)
        if let main = games.firstIndex(where: { game in
            (catalog.learners.byMove[move.id]?[game.id] ?? [:]).keys.contains { method in
                if case .other = book.kind(ofMethod: method) { false } else { true }
            }
        }) {
            games.insert(games.remove(at: main), at: 0)
        }
        return games
    }

    /// Who learns `move` in the version group `game`, by method (level up first), as cells.
    func learnerGroups(
        _ move: MoveRecord,
        in game: Int,
        catalog: MoveCatalog,
        cells: [PokemonMiniCell]
    ) -> [LearnerGroupContext] {
        let book = catalog.book
        guard let byMethod = catalog.learners.byMove[move.id]?[game] else { return [] }
        let methods = byMethod.sorted { a, b in
            let (ka, kb) = (book.kind(ofMethod: a.key), book.kind(ofMethod: b.key))
            return ka != kb ? ka < kb : a.key < b.key
        }
        // "Lv. 36" once per level, not once per learner.
        var levelNotes: [Int: String] = [:]
        func levelNote(_ level: Int) -> String {
            if let note = levelNotes[level] { return note }
            let note = level == 0 ? t("move.evo") : t("move.level_n", ["n": String(level)])
            levelNotes[level] = note
            return note
        }
        return methods.map { method, learnersOfMethod in
            let kind = book.kind(ofMethod: method)
            let learners = learnersOfMethod.map { learner in
                var cell = cells[learner.entry]
                if kind == .levelUp { cell.note = levelNote(learner.level) }
                return cell
            }
            return LearnerGroupContext(
                key: kind.key,
                method: method,
                label: book.label(ofMethod: method, in: game),
                machine: kind == .machine ? book.machine(move: move.id, versionGroup: game) : nil,
                count: learners.count,
                cells: learners
            )
        }
    }

    /// `moves/index.html`.
    func movesIndex(_ catalog: MoveCatalog, scripts: MoveScripts) -> MovesIndexContext {
        let rows = catalog.ordered.map { catalog.row($0, from: MoveCatalog.folder) }
        let types = Set(catalog.ordered.map(\.type)).sorted(by: TypeMatchups.gameOrder)
            .map { Self.typeContext($0, names: catalog.names) }
        let order = ["physical", "special", "status"]
        var categories: [CategoryContext] = []
        for move in catalog.ordered {
            let category = catalog.category(move)
            if !categories.contains(where: { $0.name == category.name }) { categories.append(category) }
        }
        categories.sort {
            (order.firstIndex(of: $0.name) ?? 9, $0.name) < (order.firstIndex(of: $1.name) ?? 9, $1.name)
        }
        return MovesIndexContext(
            count: rows.count,
            countLabel: t("moves.count", ["count": String(rows.count)]),
            rows: rows,
            types: types,
            categories: categories,
            namesScript: "../" + siteUp + scripts.names
        )
    }
}
