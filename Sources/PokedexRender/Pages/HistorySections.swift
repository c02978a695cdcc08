import PokedexModel
import PokedexSource

/// What older games had, on a Pokémon's page and a move's page (the readings are PokedexModel's `GameEras`).
extension SiteRenderer {
    /// The "In older games" section of `entry`'s page: nil when its types, base stats and abilities never changed
    /// in the generations it was in. `latest`: the newest generation the data knows.
    func history(_ entry: PokemonEntry, names: NameBook, latest: Int) -> HistoryContext? {
        let history = PokemonHistory(entry.record, first: entry.generation ?? 1, latest: latest)
        guard !history.isEmpty else { return nil }
        // Today's run is the page's own types: the older ones are what the section tells.
        var lines = history.types.dropLast().map { span in
            t(
                "pokemon.history_types",
                [
                    "types": span.value.map { names.type($0) }.joined(separator: " / "),
                    "generations": generations(span.first, span.last),
                ]
            )
        }
        lines += abilityLines(history, names: names)
        let stats = history.stats.count > 1 ? statEras(history.stats) : nil
        // An ability that changed only its slot or id says nothing to a fan: no section for it alone.
        guard !lines.isEmpty || stats != nil else { return nil }
        return HistoryContext(lines: lines, hasLines: !lines.isEmpty, statEras: stats)
    }

    /// "Generation IV", "Generations I–V".
    func generations(_ first: Int, _ last: Int) -> String {
        first == last
            ? t("common.generation", ["n": numeral(first)])
            : t("common.generations", ["first": numeral(first), "last": numeral(last)])
    }

    /// The abilities it gained after abilities came to the games ("Magic Guard since Generation IV"), and those it
    /// had and has no more ("Had Run Away in Generations V–VII").
    func abilityLines(_ history: PokemonHistory, names: NameBook) -> [String] {
        let spans = history.abilities.filter { $0.last >= firstGenerationWithAbilities && !$0.value.isEmpty }
        guard spans.count > 1, let today = spans.last else { return [] }
        let start = spans[0].first
        func holds(_ span: GenerationSpan<[PokemonRecord.Ability]>, _ ability: PokemonRecord.Ability) -> Bool {
            span.value.contains { $0.name == ability.name && $0.isHidden == ability.isHidden }
        }
        var lines: [String] = []
        for ability in today.value {
            var since = today.first
            for span in spans.dropLast().reversed() {
                guard holds(span, ability) else { break }
                since = span.first
            }
            guard since > start else { continue }
            lines.append(
                t(
                    ability.isHidden ? "pokemon.history_hidden_since" : "pokemon.history_ability_since",
                    ["ability": names.name(.ability, ability.name), "generation": generations(since, since)]
                )
            )
        }
        var gone: [(ability: PokemonRecord.Ability, first: Int, last: Int)] = []
        for span in spans.dropLast() {
            for ability in span.value where !today.value.contains(where: { $0.name == ability.name }) {
                if let at = gone.firstIndex(where: { $0.ability.name == ability.name }) {
                    gone[at].last = span.last
                } else {
                    gone.append((ability, span.first, span.last))
                }
            }
        }
        for (ability, first, last) in gone {
            lines.append(
                t(
                    "pokemon.history_ability_had",
                    ["ability": names.name(.ability, ability.name), "generations": generations(first, last)]
                )
            )
        }
        return lines
    }

    /// Base stats by era: today's stats in their order, Generation I's Special before Sp. Atk where an era had it.
    func statEras(_ spans: [GenerationSpan<[PokemonRecord.Stat]>]) -> HistoryStatsContext {
        let today = spans.last?.value ?? []
        var order = today.map(\.name)
        if spans.contains(where: { $0.value.contains { $0.name == "special" } }) {
            order.insert("special", at: order.firstIndex(of: "special-attack") ?? order.count)
        }
        let rows = order.map { name in
            let (label, short) = statLabel(name)
            let current = today.first { $0.name == name }?.value
            return HistoryStatRowContext(
                label: label,
                short: short,
                isAbbreviated: label != short,
                cells: spans.map { span in
                    let value = span.value.first { $0.name == name }?.value
                    return HistoryCellContext(
                        value: value.map(String.init) ?? "—",
                        isChanged: value != nil && current != nil && value != current
                    )
                }
            )
        }
        return HistoryStatsContext(
            eras: spans.map { span in
                t(
                    "pokemon.history_era",
                    [
                        "generations": span.first == span.last
                            ? numeral(span.first) : "\(numeral(span.first))–\(numeral(span.last))"
                    ]
                )
            },
            rows: rows,
            totals: spans.map { String($0.value.reduce(0) { $0 + $1.value }) }
        )
    }

    /// A move's history on its page: nil when its values never changed in the games since its generation.
    func moveHistory(_ move: MoveRecord, catalog: MoveCatalog) -> MoveHistoryContext? {
        guard !move.past.isEmpty else { return nil }
        let games = catalog.book.games
        let eras = move.history(games: Array(games.values))
        guard eras.count > 1, let today = eras.last else { return nil }
        let generationsOf = eras.map { era in
            (
                first: era.groups.first.flatMap { games[$0]?.generation },
                last: era.groups.last.flatMap { games[$0]?.generation }
            )
        }
        let rows = eras.enumerated().map { index, era in
            // A change within a generation (two runs share it): the run is named by its games.
            let (first, last) = generationsOf[index]
            let shared =
                (index > 0 && generationsOf[index - 1].last == first)
                || (index + 1 < eras.count && generationsOf[index + 1].first == last)
            let label: String
            if let first, let last, !shared {
                label = generations(first, last)
            } else {
                let named = [era.groups.first, era.groups.last].compactMap { $0 }.map { catalog.book.game($0).label }
                label = named.first == named.last ? named.first ?? "" : named.joined(separator: " – ")
            }
            return MoveEraContext(
                games: label,
                type: Self.typeContext(era.type, names: catalog.names, pages: catalog.typePages),
                typeChanged: era.type != today.type,
                power: MoveCatalog.figure(era.power == 0 ? nil : era.power),
                powerChanged: era.power != today.power,
                accuracy: MoveCatalog.figure(era.accuracy == 0 ? nil : era.accuracy),
                accuracyChanged: era.accuracy != today.accuracy,
                pp: MoveCatalog.figure(era.pp),
                ppChanged: era.pp != today.pp,
                effectChance: era.effectChance.map { t("format.percent", ["n": String($0)]) } ?? "—",
                effectChanceChanged: era.effectChance != today.effectChance,
                isToday: index == eras.count - 1
            )
        }
        return MoveHistoryContext(rows: rows, showsEffectChance: Set(eras.map(\.effectChance)).count > 1)
    }
}

/// What the moves' game picker needs to show an older game's types, base stats and abilities on a Pokémon's page.
struct GameErasContext: Sendable, Encodable, TemplateTree {
    /// "1-5:normal=Normal": each older run of generations with other types, today's left out; nil when none.
    var types: String?
    /// "1-1:hp=35,attack=55,defense=30,speed=90,special=50;2-5:…": the older runs' base stats; nil when none.
    var stats: String?
    /// What the stats table calls Generation I's Special.
    var special: String
}

extension SiteRenderer {
    /// The older eras of a Pokémon's types and stats for the game picker, and since when each of today's abilities
    /// is its own (by API name, only those it gained after abilities came to the games); nil when nothing changed.
    func gameEras(_ entry: PokemonEntry, names: NameBook, latest: Int) -> (GameErasContext, [String: Int])? {
        let first = entry.generation ?? 1
        let history = PokemonHistory(entry.record, first: first, latest: latest)
        // Before Generation III no Pokémon had an ability: a Pokémon of those games says so in them.
        guard !history.isEmpty || first < firstGenerationWithAbilities else { return nil }
        func span<Value>(_ span: GenerationSpan<Value>) -> String { "\(span.first)-\(span.last)" }
        let types = history.types.dropLast().map { era in
            // The script splits on these: a label never carries one.
            span(era) + ":"
                + era.value.map { "\($0)=\(String(names.type($0).map { ",;=:".contains($0) ? " " : $0 }))" }
                .joined(separator: ",")
        }
        let stats = history.stats.dropLast().map { era in
            span(era) + ":" + era.value.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
        }
        var since: [String: Int] = [:]
        for ability in entry.record.abilities {
            // The first generation of the last run of eras that all had it.
            var start: Int?
            for era in history.abilities.reversed() {
                guard era.value.contains(where: { $0.name == ability.name }) else { break }
                start = era.first
            }
            if let start, start > max(first, firstGenerationWithAbilities) { since[ability.name] = start }
        }
        return (
            GameErasContext(
                types: types.isEmpty ? nil : types.joined(separator: ";"),
                stats: stats.isEmpty ? nil : stats.joined(separator: ";"),
                special: statLabel("special").1
            ),
            since
        )
    }
}
