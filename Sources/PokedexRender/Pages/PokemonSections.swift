import Foundation
import PokedexModel
import PokedexSource

/// The other exported Pokémon a detail page refers to (chain stages, forms), found by id or species: looked up
/// once per build, not once per page.
struct RelatedPokemon: Sendable {
    let pokedex: Pokedex
    /// Exported Pokémon by id.
    let byID: [Int: PokemonEntry]
    /// The exported default Pokémon of each species, else its first exported form (a chain stage links it).
    let defaultBySpecies: [Int: PokemonEntry]
    /// Species names in the pages' language (English where PokeAPI has none) from every exported species
    /// record, by species id.
    let speciesNames: [Int: String]
    /// The language each of `speciesNames` is really in.
    let speciesNameLanguages: [Int: String]
    /// What evolution conditions call items, moves, places and the Pokémon they start from.
    let words: EvolutionWords
    /// Pokémon names in capitals → as spelt ("BULBASAUR" → "Bulbasaur"), for the Pokédex entries of old games.
    let properNames: [String: String]
    /// The exported Mega Evolutions of each species, in site order: boxes after their species' in its chain.
    let megas: [Int: [PokemonEntry]]
    /// The types and abilities with pages, for the badges' and abilities' links.
    let typePages: Set<String>
    let abilities: AbilityCatalog?
    /// The places with a page, for the places evolution sentences name.
    let places: PlaceCatalog?
    /// The items with a page, for the items evolution sentences, Mega Stones and held items name.
    let items: ItemCatalog?

    init(
        _ pokedex: Pokedex,
        typePages: Set<String> = [],
        abilities: AbilityCatalog? = nil,
        places: PlaceCatalog? = nil,
        items: ItemCatalog? = nil,
        phrases: [String: String] = [:],
        articles: [String: String]? = nil
    ) {
        self.pokedex = pokedex
        self.typePages = typePages
        self.abilities = abilities
        self.places = places
        self.items = items
        var byID: [Int: PokemonEntry] = [:]
        var defaults: [Int: PokemonEntry] = [:]
        var names: [Int: String] = [:]
        var shown: [Int: String] = [:]
        var shownIn: [Int: String] = [:]
        var megas: [Int: [PokemonEntry]] = [:]
        for entry in pokedex.entries {
            if entry.megaTrigger != nil { megas[entry.record.speciesID, default: []].append(entry) }
            byID[entry.id] = byID[entry.id] ?? entry
            // A default Pokémon wins over a form listed before it; a form stands in until then.
            let species = entry.record.speciesID
            if defaults[species] == nil || (entry.record.isDefault && defaults[species]?.record.isDefault == false) {
                defaults[species] = entry
            }
            if let species = entry.species, let english = species.englishName {
                names[species.id] = names[species.id] ?? english
                if shown[species.id] == nil {
                    let own = species.names.preferred(pokedex.language)
                    shown[species.id] = own?.name ?? english
                    shownIn[species.id] = own?.language ?? "en"
                }
            }
        }
        self.byID = byID
        self.megas = megas
        self.defaultBySpecies = defaults
        self.speciesNames = shown
        self.speciesNameLanguages = shownIn
        var proper: [String: String] = [:]
        // By species id: two names alike in capitals would otherwise take turns from run to run.
        for (_, name) in names.sorted(by: { $0.key < $1.key }) where proper[name.uppercased()] == nil {
            proper[name.uppercased()] = name
        }
        self.properNames = proper
        self.words = EvolutionWords(
            names: pokedex.names,
            pokemon: byID.mapValues(\.displayName),
            phrases: phrases,
            articles: articles
        )
    }
}

extension TextRunContext {
    /// A sentence the model marked (`ForeignText`), in runs; its foreign names are English.
    static func runs(_ marked: String, links: [String: String] = [:]) -> [TextRunContext] {
        ForeignText.runs(marked).flatMap { run in
            linked(TextRunContext(text: run.text, isForeign: run.isForeign, lang: run.isForeign ? "en" : ""), links)
        }
    }

    /// `run` split where it names one of `links` (a place's name → its page): that name a run of its own, linked.
    static func linked(_ run: TextRunContext, _ links: [String: String]) -> [TextRunContext] {
        for (name, href) in links.sorted(by: { $0.key.count > $1.key.count }) {
            guard let range = run.text.range(of: name) else { continue }
            var parts: [TextRunContext] = []
            var before = run
            before.text = String(run.text[..<range.lowerBound])
            var named = run
            (named.text, named.href, named.hasLink) = (name, href, true)
            var after = run
            after.text = String(run.text[range.upperBound...])
            if !before.text.isEmpty { parts += linked(before, links) }
            parts.append(named)
            if !after.text.isEmpty { parts += linked(after, links) }
            return parts
        }
        return [run]
    }
}

extension SiteRenderer {
    /// Detail pages live in `pokemon/`, next to each other.
    static func detailHref(_ entry: PokemonEntry) -> String { "\(entry.slug).html" }

    // MARK: Evolution chain

    /// The places `conditions` name that have a page, by their name in the sentences: "Mt. Coronet" → its page.
    func placeLinks(_ conditions: [EvolutionCondition], related: RelatedPokemon) -> [String: String] {
        guard let places = related.places else { return [:] }
        var links: [String: String] = [:]
        for apiName in Self.inOrder(conditions.compactMap(\.location)) {
            guard let location = related.pokedex.places.locations.values.first(where: { $0.name == apiName }),
                let href = places.href(location.id)
            else { continue }
            let name = related.pokedex.names.name(.location, apiName)
            if links[name] == nil { links[name] = href }
        }
        return links.merging(itemLinks(conditions.flatMap { [$0.item, $0.heldItem] }, related: related)) { place, _ in
            place
        }
    }

    /// The items named (API names) that have a page, by their name in the sentences: "Thunder Stone" → its page.
    func itemLinks(_ apiNames: [String?], related: RelatedPokemon) -> [String: String] {
        guard let items = related.items else { return [:] }
        var links: [String: String] = [:]
        for apiName in Self.inOrder(apiNames.compactMap { $0 }) {
            guard let href = items.href(apiName) else { continue }
            let name = related.pokedex.names.name(.item, apiName)
            if links[name] == nil { links[name] = href }
        }
        return links
    }

    /// Each name once, where it first comes. Two things of one name in the page's language (PokeAPI's Japanese
    /// names Masterpiece Teacup as it names Unremarkable Teacup) link to the first the sentences name: taken from a
    /// set, which one won changed from run to run, and so did the page.
    static func inOrder(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// The chain as a tree of boxes (see `EvolutionNode.branches`): a regional form its conditions make is a box of
    /// its own, a Mega Evolution a box after its species' (with its Mega Stone), and the page of a form marks that
    /// form's box.
    func evolution(_ entry: PokemonEntry, related: RelatedPokemon) -> EvolutionContext? {
        guard let chain = related.pokedex.chain(of: entry) else { return nil }
        let roots = chain.chain.branches
        let formBoxes = Set(roots.flatMap(\.all).compactMap(\.formPokemonID))
        // A form the tree has no box of is marked in the box it plays as: Totem Alolan Marowak in Alolan Marowak's,
        // not Marowak's; Gigantamax Charizard in Charizard's.
        let base = related.defaultBySpecies[entry.record.speciesID]
        let standIn =
            formBoxes.contains(entry.id) || entry.megaTrigger != nil || base?.record.types == entry.record.types
            ? nil
            : formBoxes.sorted().first { id in
                related.byID[id].map {
                    $0.record.speciesID == entry.record.speciesID && $0.record.types == entry.record.types
                } ?? false
            }
        func stage(_ box: EvolutionBranch) -> EvolutionStageContext {
            let exported = box.formPokemonID.map { related.byID[$0] } ?? related.defaultBySpecies[box.speciesID]
            let speciesName = related.speciesNames[box.speciesID] ?? related.words.names.species(box.speciesName)
            let name =
                exported?.displayName
                ?? box.formPart.map { "\(speciesName) (\(DisplayName.titleCase($0)))" } ?? speciesName
            // Stages sit below the fold: their pictures load lazily.
            let picture = exported.map { image($0, root: "../", lazy: true) } ?? placeholderPicture(alt: name)
            let isCurrent =
                box.formPokemonID.map { $0 == entry.id || $0 == standIn }
                ?? (box.speciesID == entry.record.speciesID && !formBoxes.contains(entry.id) && standIn == nil
                    && entry.megaTrigger == nil)
            var children = box.evolvesTo.map(stage)
            if box.formPokemonID == nil {
                children += (related.megas[box.speciesID] ?? []).map { megaStage($0, entry: entry, related: related) }
            }
            let condition = EvolutionNode.howToEvolve(box.conditions, related.words) ?? ""
            let links = placeLinks(box.conditions, related: related)
            var context = EvolutionStageContext(
                speciesID: box.speciesID,
                name: name,
                href: exported.map(Self.detailHref) ?? "",
                isLinked: exported != nil,
                image: picture,
                isCurrent: isCurrent,
                isThisPage: isCurrent && exported?.id == entry.id,
                isBaby: box.isBaby,
                howToEvolve: ForeignText.unmarked(condition),
                howToEvolveRuns: TextRunContext.runs(condition, links: links),
                hasCondition: !condition.isEmpty,
                evolvesTo: children,
                hasEvolutions: !children.isEmpty
            )
            context.setNameLang(
                exported.map { $0.nameFallback.flatMap(Self.tag) }
                    ?? (related.speciesNames[box.speciesID] == nil
                        ? nil : fallbackTag(related.speciesNameLanguages[box.speciesID]))
            )
            return context
        }
        let hasMegas = roots.flatMap(\.all).contains { $0.formPokemonID == nil && related.megas[$0.speciesID] != nil }
        let stages = roots.map(stage)
        func depth(_ stage: EvolutionStageContext) -> Int { 1 + (stage.evolvesTo.map(depth).max() ?? 0) }
        return EvolutionContext(
            stages: stages,
            evolves: !chain.chain.evolvesTo.isEmpty || hasMegas,
            isDeep: (stages.map(depth).max() ?? 0) >= 4
        )
    }

    /// A Mega Evolution's box, after its species', with its Mega Stone.
    func megaStage(_ mega: PokemonEntry, entry: PokemonEntry, related: RelatedPokemon) -> EvolutionStageContext {
        let condition = mega.megaTrigger?.howToEvolve(related.words) ?? ""
        let links: [String: String]
        if case .stone(let stone) = mega.megaTrigger {
            links = itemLinks([stone], related: related)
        } else {
            links = [:]
        }
        var context = EvolutionStageContext(
            speciesID: mega.record.speciesID,
            name: mega.displayName,
            href: Self.detailHref(mega),
            isLinked: true,
            image: image(mega, root: "../", lazy: true),
            isCurrent: mega.id == entry.id,
            isThisPage: mega.id == entry.id,
            isBaby: false,
            howToEvolve: ForeignText.unmarked(condition),
            howToEvolveRuns: TextRunContext.runs(condition, links: links),
            hasCondition: !condition.isEmpty,
            evolvesTo: [],
            hasEvolutions: false
        )
        context.setNameLang(mega.nameFallback.flatMap(Self.tag))
        return context
    }

    /// The placeholder for a Pokémon with no page (a box of the tree, a form), below the fold: lazily loaded.
    func placeholderPicture(alt: String) -> ImageContext {
        let placeholder = "../" + siteUp + Self.placeholderImage
        return ImageContext(
            src: placeholder,
            width: 475,
            height: 475,
            alt: alt,
            fallback: placeholder,
            thumbnail: placeholder,
            srcset: nil,
            isLocal: false,
            isRemote: false,
            isPlaceholder: true,
            lazy: true
        )
    }

    // MARK: Type matchups

    static func matchups(
        _ matchups: TypeMatchups,
        names: NameBook = NameBook(),
        pages: Set<String> = [],
        strings: ThemeStrings = builtInStrings,
        language: SiteLanguage = .english
    ) -> [MatchupGroupContext] {
        func tier(_ multiplier: String, _ factor: String, _ types: [String]) -> MatchupTierContext? {
            types.isEmpty
                ? nil
                : MatchupTierContext(
                    multiplier: multiplier,
                    factor: language.decimal(factor),
                    types: types.map { typeContext($0, names: names, pages: pages) }
                )
        }
        let groups: [(String, String, [MatchupTierContext?])] = [
            (
                "weak", say("pokemon.weak_to", strings: strings),
                [tier("×4", "4", matchups.quadruple), tier("×2", "2", matchups.double)]
            ),
            (
                "resists", say("pokemon.resists", strings: strings),
                [tier("×½", "0.5", matchups.half), tier("×¼", "0.25", matchups.quarter)]
            ),
            ("immune", say("pokemon.immune_to", strings: strings), [tier("×0", "0", matchups.immune)]),
        ]
        return groups.compactMap { name, label, tiers in
            let present = tiers.compactMap { $0 }
            return present.isEmpty ? nil : MatchupGroupContext(name: name, label: label, tiers: present)
        }
    }

    // MARK: Other forms

    /// The species' other Pokémon with their thumbnails, each called by its own name.
    func forms(_ entry: PokemonEntry, related: RelatedPokemon) -> [FormContext] {
        guard let species = entry.species else { return [] }
        return species.varieties.filter { $0.id != entry.id }.map { variety in
            if let other = related.byID[variety.id] {
                var form = FormContext(
                    id: variety.id,
                    number: other.number,
                    name: other.displayName,
                    href: Self.detailHref(other),
                    isLinked: true,
                    isDefault: variety.isDefault,
                    image: image(other, root: "../", lazy: true)
                )
                form.formNameLang = other.nameFallback.flatMap(Self.tag)
                return form
            }
            let name = DisplayName.of(
                pokemonName: variety.name,
                isDefault: variety.isDefault,
                speciesName: species.name,
                englishName: species.englishName
            )
            return FormContext(
                id: variety.id,
                number: DisplayName.number(species.id),
                name: name,
                href: "",
                isLinked: false,
                isDefault: variety.isDefault,
                image: placeholderPicture(alt: name)
            )
        }
    }

    // MARK: Picture switcher

    /// Official artwork is 475×475 on PokeAPI; sprites 96×96.
    static let artworkSize = 475
    static let spriteSize = 96

    /// The page's own picture first, then shiny artwork, front sprite and shiny sprite where PokeAPI has them as
    /// http(s) URLs. The extra ones are referenced by URL, never downloaded.
    static func pictures(
        _ entry: PokemonEntry,
        main: ImageContext,
        strings: ThemeStrings = builtInStrings
    ) -> [PictureContext] {
        func t(_ key: String, _ values: [String: String] = [:]) -> String { say(key, values, strings: strings) }
        let sprites = entry.record.sprites
        func usable(_ url: String?) -> String? { url.flatMap { PokemonRecord.Sprites.isUsable($0) ? $0 : nil } }
        // Without artwork the page's picture is the front sprite itself: offering it twice would be noise.
        let mainIsSprite =
            usable(sprites.officialArtwork) == nil && usable(sprites.home) == nil
            && usable(sprites.frontDefault) != nil && !main.isPlaceholder
        // Forms without official artwork show Pokémon HOME's render: called what it is, not "Artwork".
        let mainIsHome =
            !mainIsSprite && usable(sprites.officialArtwork) == nil && usable(sprites.home) != nil
            && !main.isPlaceholder
        let name = entry.displayName
        var pictures = [
            PictureContext(
                id: mainIsSprite ? "sprite" : mainIsHome ? "home" : "artwork",
                label: t(mainIsSprite ? "pokemon.sprite" : mainIsHome ? "pokemon.home_render" : "pokemon.artwork"),
                src: main.src,
                width: main.width,
                height: main.height,
                alt: name,
                isSelected: true,
                isSprite: mainIsSprite
            )
        ]
        guard !main.isPlaceholder else { return pictures }
        if let url = usable(sprites.officialArtworkShiny), !mainIsSprite {
            pictures.append(
                PictureContext(
                    id: "shiny-artwork",
                    label: t("pokemon.shiny_artwork"),
                    src: url,
                    width: artworkSize,
                    height: artworkSize,
                    alt: t("pokemon.shiny_alt", ["name": name]),
                    isSelected: false,
                    isSprite: false
                )
            )
        }
        if let url = usable(sprites.frontDefault), !mainIsSprite {
            pictures.append(
                PictureContext(
                    id: "sprite",
                    label: t("pokemon.sprite"),
                    src: url,
                    width: spriteSize,
                    height: spriteSize,
                    alt: t("pokemon.sprite_alt", ["name": name]),
                    isSelected: false,
                    isSprite: true
                )
            )
        }
        if let url = usable(sprites.frontShiny) {
            pictures.append(
                PictureContext(
                    id: "shiny-sprite",
                    label: t("pokemon.shiny_sprite"),
                    src: url,
                    width: spriteSize,
                    height: spriteSize,
                    alt: t("pokemon.shiny_sprite_alt", ["name": name]),
                    isSelected: false,
                    isSprite: true
                )
            )
        }
        return pictures
    }

    // MARK: Origin and names

    /// 1 → "I", 4 → "IV", 9 → "IX".
    static func romanNumeral(_ value: Int) -> String {
        guard value > 0 else { return String(value) }
        let symbols: [(Int, String)] = [
            (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
            (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
        ]
        var rest = value
        var text = ""
        for (amount, symbol) in symbols {
            while rest >= amount {
                text += symbol
                rest -= amount
            }
        }
        return text
    }

    /// PokeAPI's language codes: a readable label and a BCP 47 tag for `lang` (PokeAPI's "ja-roma" is not one).
    static let languages: [String: (label: String, tag: String)] = [
        "ja-hrkt": ("Japanese (kana)", "ja-Hrkt"), "ja": ("Japanese", "ja"),
        "ja-roma": ("Japanese (romaji)", "ja-Latn"),
        "ko": ("Korean", "ko"),
        "zh-hant": ("Chinese (traditional)", "zh-Hant"), "zh-hans": ("Chinese (simplified)", "zh-Hans"),
        "fr": ("French", "fr"), "de": ("German", "de"), "es": ("Spanish", "es"),
        "es-419": ("Spanish (Latin America)", "es-419"), "it": ("Italian", "it"), "en": ("English", "en"),
    ]

    /// Languages written in several scripts that PokeAPI lists as languages of their own: one row each, its
    /// spellings together (ピカチュウ, its kanji where they differ, Pikachu in romaji).
    static let scriptsOfOneLanguage: [String: (label: String, tag: String, codes: [String])] = [
        "ja": ("Japanese", "ja", ["ja-hrkt", "ja", "ja-roma"])
    ]

    /// The Names section: English (the page's language) first, then one row per language in PokeAPI's order.
    static func nameRows(
        _ names: [LocalizedName],
        strings: ThemeStrings = builtInStrings,
        language: String = "en"
    ) -> [LocalizedNameContext] {
        var rows: [LocalizedNameContext] = []
        var done = Set<String>()
        // The page's language first (its family: a Japanese page's kana and kanji row).
        let family = scriptsOfOneLanguage.values.first { $0.codes.contains(language) }?.codes ?? [language]
        let ordered = names.filter { family.contains($0.language) } + names.filter { !family.contains($0.language) }
        for name in ordered where !done.contains(name.language) && !name.name.isEmpty {
            if let (family, group) = scriptsOfOneLanguage.first(where: { $0.value.codes.contains(name.language) }) {
                var spellings: [SpellingContext] = []
                for code in group.codes {
                    done.insert(code)
                    for spelling in names
                    where spelling.language == code && !spelling.name.isEmpty
                        && !spellings.contains(where: { $0.name == spelling.name })
                    {
                        spellings.append(SpellingContext(name: spelling.name, lang: localizedName(spelling).lang))
                    }
                }
                rows.append(
                    LocalizedNameContext(
                        language: family,
                        label: say("language_names.\(family)", strings: strings),
                        lang: group.tag,
                        name: spellings[0].name,
                        spellings: spellings
                    )
                )
                continue
            }
            done.insert(name.language)
            var row = localizedName(name)
            if languages[name.language] != nil { row.label = say("language_names.\(name.language)", strings: strings) }
            rows.append(row)
        }
        return rows
    }

    static func localizedName(_ name: SpeciesRecord.LocalizedName) -> LocalizedNameContext {
        let known = languages[name.language]
        let lang = known?.tag ?? (looksLikeLanguageTag(name.language) ? name.language : "")
        return LocalizedNameContext(
            language: name.language,
            label: known?.label ?? name.language,
            lang: lang,
            name: name.name,
            spellings: [SpellingContext(name: name.name, lang: lang)]
        )
    }

    /// A two- or three-letter language, then subtags of letters and digits: anything else becomes `lang=""`.
    static func looksLikeLanguageTag(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count),
            first.utf8.allSatisfy({ $0 >= 97 && $0 <= 122 })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) }
        }
    }
}
