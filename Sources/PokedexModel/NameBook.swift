package import PokedexSource

/// What PokeAPI calls everything the site names besides Pokémon: abilities, items, places, regions, habitats,
/// moves, versions, types and species, in every language it has. The one place every page asks, in the
/// language of its pages (`language`), else in English; an API name made readable ("kings-rock" → "Kings Rock")
/// is only the fallback for a resource PokeAPI has no name for in either.
package struct NameBook: Sendable, Equatable, Encodable {
    /// PokeAPI's code of the language names are asked in: "en", "fr", "ja".
    package private(set) var language = "en"
    /// By kind, then API name.
    private var named: [NamedKind: [String: [LocalizedName]]]
    private var types: [String: [LocalizedName]]
    private var species: [String: [LocalizedName]]
    /// Version groups by API name: their generation and versions.
    private var versionGroups: [String: VersionGroupRecord]
    /// The theme's words for what PokeAPI does not name in `language`.
    package private(set) var words = ThemeWords()
    /// Abilities and moves PokeAPI calls alike in `language`, each with what tells it apart: "As One (Glastrier)".
    private var toldApart: [NamedKind: [String: String]] = [:]

    package init(
        records: [NamedKind: [NamesRecord]] = [:],
        types: [TypeRecord] = [],
        species: [SpeciesRecord] = [],
        versionGroups: [VersionGroupRecord] = []
    ) {
        var named: [NamedKind: [String: [LocalizedName]]] = [:]
        for (kind, list) in records {
            var byName: [String: [LocalizedName]] = [:]
            for record in list where byName[record.name] == nil { byName[record.name] = record.names }
            named[kind] = byName
        }
        self.named = named
        self.types = Dictionary(types.map { ($0.name, $0.names) }, uniquingKeysWith: { first, _ in first })
        self.species = Dictionary(species.map { ($0.name, $0.names) }, uniquingKeysWith: { first, _ in first })
        self.versionGroups = Dictionary(versionGroups.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        toldApart = [.ability: tellApart(.ability), .move: tellApart(.move)]
    }

    /// The same names, asked in `language`, with the theme's `words` for what PokeAPI lacks in it.
    package func localized(_ language: String, words: ThemeWords = ThemeWords()) -> NameBook {
        var copy = self
        copy.language = language
        copy.words = words
        copy.toldApart = [:]
        copy.toldApart = [.ability: copy.tellApart(.ability), .move: copy.tellApart(.move)]
        return copy
    }

    /// The name of `apiName` in `language` (PokeAPI's, else the theme's), else in English, else the API name made
    /// readable; told apart from another of its kind called alike.
    package func name(_ kind: NamedKind, _ apiName: String) -> String {
        toldApart[kind]?[apiName] ?? plainName(kind, apiName)
    }

    private func plainName(_ kind: NamedKind, _ apiName: String) -> String {
        Self.pick(named[kind]?[apiName], words.named[kind]?[apiName], language) ?? DisplayName.titleCase(apiName)
    }

    /// Names shared by several of `kind` ("as-one-glastrier" and "as-one-spectrier" are both "As One"): each with
    /// the words of its API name the others lack, a species' name where they are one ("As One (Glastrier)").
    private func tellApart(_ kind: NamedKind) -> [String: String] {
        var byName: [String: [String]] = [:]
        for apiName in (named[kind] ?? [:]).keys.sorted() {
            byName[plainName(kind, apiName), default: []].append(apiName)
        }
        var told: [String: String] = [:]
        for (name, apiNames) in byName where apiNames.count > 1 {
            for (apiName, part) in zip(apiNames, ThemeWords.partsOwn(apiNames)) {
                guard let part else { continue }
                told[apiName] = words.toldApart(
                    name,
                    by: part,
                    readable: species[part] != nil ? self.species(part) : nil
                )
            }
        }
        return told
    }

    /// The name of `apiName` in `language` itself (PokeAPI's or the theme's); nil when only English has one.
    package func own(_ kind: NamedKind, _ apiName: String) -> String? {
        if let found = named[kind]?[apiName]?.preferred(language), found.language != "en" || language == "en" {
            return found.name
        }
        return words.named[kind]?[apiName]
    }

    /// The name of `apiName` as `name` gives it, with the language it is really in when that is not `language`:
    /// the two travel together, so that no page shows a name with another's `lang`, or forgets it.
    package func text(_ kind: NamedKind, _ apiName: String) -> ShownText {
        ShownText(name(kind, apiName), language: fallback(kind, apiName))
    }

    /// A type's name as `type` gives it, with its language when that is not `language`.
    package func typeText(_ apiName: String) -> ShownText {
        ShownText(type(apiName), language: typeFallback(apiName))
    }

    /// The language `name` is really in when it is not `language` ("en" for an English fallback); nil when it is.
    private func fallback(_ kind: NamedKind, _ apiName: String) -> String? {
        words.named[kind]?[apiName] != nil ? nil : Self.fallback(named[kind]?[apiName], language)
    }

    /// Whether the name shown for `apiName` is not in `language`: an English name, or an API name made readable,
    /// on pages in another language.
    package func isForeign(_ kind: NamedKind, _ apiName: String) -> Bool {
        language != "en" && own(kind, apiName) == nil
    }

    package func isForeignType(_ apiName: String) -> Bool {
        language != "en" && words.types[apiName] == nil
            && types[apiName]?.preferred(language).map { $0.language == "en" } ?? true
    }

    package func isForeignSpecies(_ apiName: String) -> Bool {
        language != "en" && species[apiName]?.preferred(language).map { $0.language == "en" } ?? true
    }

    /// "Electric" for "electric" ("Électrik" in French).
    package func type(_ apiName: String) -> String {
        Self.pick(types[apiName], words.types[apiName], language) ?? DisplayName.titleCase(apiName)
    }

    private func typeFallback(_ apiName: String) -> String? {
        words.types[apiName] != nil ? nil : Self.fallback(types[apiName], language)
    }

    /// PokeAPI's name in `language` (or another script of it), else the theme's word, else PokeAPI's English one.
    static func pick(_ names: [LocalizedName]?, _ theme: String?, _ language: String) -> String? {
        let found = names?.preferred(language)
        if let found, found.language != "en" || language == "en" { return found.name }
        return theme ?? found?.name
    }

    /// "Mr. Mime" for "mr-mime", when a species record of it was had.
    package func species(_ apiName: String) -> String {
        species[apiName]?.preferred(language)?.name ?? DisplayName.titleCase(apiName)
    }

    /// "en" when `names` has no name in `language` and one in English; nil when it has one in `language` (or none
    /// at all, shown as an API name).
    static func fallback(_ names: [LocalizedName]?, _ language: String) -> String? {
        guard let shown = names?.preferred(language), shown.language != language else { return nil }
        return shown.language
    }

    /// Whether PokeAPI gave an English name for it (else `english` falls back to the API name made readable).
    func hasEnglish(_ kind: NamedKind, _ apiName: String) -> Bool {
        Self.english(in: named[kind]?[apiName]) != nil
    }

    func hasEnglishType(_ apiName: String) -> Bool { Self.english(in: types[apiName]) != nil }

    /// The names of `apiName` in every language PokeAPI has, in its order.
    package func names(_ kind: NamedKind, _ apiName: String) -> [LocalizedName] {
        named[kind]?[apiName] ?? []
    }

    /// The generation that introduced a version group ("sun-moon" → 7).
    package func generation(ofVersionGroup name: String) -> Int? { versionGroups[name]?.generation }

    /// "Sun, Moon" for the version group "sun-moon": its games' names.
    package func games(ofVersionGroup name: String) -> [String] {
        (versionGroups[name]?.versions ?? []).map { self.name(.version, $0.name) }
    }

    /// The API names of a version group's games.
    func versionNames(ofVersionGroup name: String) -> [String] {
        (versionGroups[name]?.versions ?? []).map(\.name)
    }

    /// In a fixed order (dictionaries have none): the render inputs' digest is made from it. Types' and species'
    /// names are left out: the render inputs hold their records already, and a no-op rebuild digests every byte.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(language)
        try container.encode(words)
        for (kind, byName) in named.sorted(by: { $0.key < $1.key }) {
            for (name, record) in byName.sorted(by: { $0.key < $1.key }) {
                try container.encode([kind.rawValue, name])
                try container.encode(record)
            }
        }
        for (_, group) in versionGroups.sorted(by: { $0.key < $1.key }) { try container.encode(group) }
    }

    static func english(in names: [LocalizedName]?) -> String? {
        names?.first { $0.language == "en" }.map(\.name).flatMap { $0.isEmpty ? nil : $0 }
    }
}

extension Pokedex {
    /// Every name the pages show that PokeAPI had no English name for, so that it is an API name made readable:
    /// "ability: as-one-glastrier". Sorted; the real data is expected to give none, or a known few.
    package var nameFallbacks: [String] {
        var missing = Set<String>()
        func check(_ kind: NamedKind, _ name: String?) {
            if let name, !names.hasEnglish(kind, name) { missing.insert("\(kind.rawValue): \(name)") }
        }
        for entry in entries {
            for ability in entry.record.abilities { check(.ability, ability.name) }
            for type in entry.record.types where !names.hasEnglishType(type) { missing.insert("type: \(type)") }
            check(.habitat, entry.species?.habitat)
            check(.growthRate, entry.species?.growthRate?.name)
            for group in entry.species?.eggGroups ?? [] { check(.eggGroup, group.name) }
            for version in Set(entry.species?.entries.map(\.version.name) ?? []) { check(.version, version) }
            if entry.isForm,
                entry.form.flatMap({ NameBook.english(in: $0.names) ?? NameBook.english(in: $0.formNames) }) == nil
            {
                missing.insert("form: \(entry.record.name)")
            }
            for version in entry.introducedIn.map(names.versionNames(ofVersionGroup:)) ?? []
            where !names.hasEnglish(.version, version) {
                missing.insert("version: \(version)")
            }
        }
        for chain in chains.values {
            for reference in chain.references { check(reference.kind, reference.name) }
        }
        for move in moves.moves.values {
            check(.move, move.name)
            if !names.hasEnglishType(move.type) { missing.insert("type: \(move.type)") }
            check(.moveTarget, move.target)
            check(.moveDamageClass, move.damageClass)
        }
        return missing.sorted()
    }
}

extension DataSet {
    /// What the pages call everything they name.
    package var nameBook: NameBook {
        var records = named.mapValues { records in records.keys.sorted().compactMap { records[$0] } }
        records[.move] = moves.sorted { $0.key < $1.key }.map { _, move in
            NamesRecord(id: move.id, name: move.name, names: move.names)
        }
        records[.ability] = abilities.sorted { $0.key < $1.key }.map { _, ability in
            NamesRecord(id: ability.id, name: ability.name, names: ability.names)
        }
        records[.nature] = natures.sorted { $0.key < $1.key }.map(\.value.namesRecord)
        records[.item] = items.sorted { $0.key < $1.key }.map(\.value.namesRecord)
        records[.itemCategory] = itemCategories.values.sorted { $0.id < $1.id }.map(\.namesRecord)
        return NameBook(
            records: records,
            types: types.keys.sorted().compactMap { types[$0] },
            species: species.keys.sorted().compactMap { species[$0] },
            versionGroups: versionGroups.keys.sorted().compactMap { versionGroups[$0] }
        )
    }
}

/// A text a page shows, with the language it is really in when that is not the page's (an English name on a French
/// page, for its `lang` attribute).
package struct ShownText: Sendable, Equatable {
    package var text: String
    /// The BCP 47 tag of its language ("en", "ja-Hrkt") when it is not the page's; nil when it is.
    package var lang: String?

    package init(_ text: String, lang: String? = nil) {
        self.text = text
        self.lang = lang
    }

    /// `text` in PokeAPI's language `language` (nil: the page's).
    package init(_ text: String, language: String?) {
        self.init(text, lang: language.map { SiteLanguage.named($0)?.tag ?? $0 })
    }

    /// The same text changed (capitalised…), in the same language.
    package func map(_ transform: (String) -> String) -> ShownText { ShownText(transform(text), lang: lang) }

    /// The language of a list of them: theirs when they are all in the same other language, else the page's (a
    /// list in two languages is said in the page's).
    package static func lang(of parts: [ShownText]) -> String? {
        guard let first = parts.first?.lang, parts.allSatisfy({ $0.lang == first }) else { return nil }
        return first
    }
}
