import PokedexMustache
import Testing

@testable import PokedexModel
@testable import PokedexRender

/// The trees the TemplateTrees plugin writes for the contexts that declare `TemplateTree` are the ones their
/// `encode(to:)` writes: same keys, same order, same values, an absent optional a null; every stored property,
/// typed or inferred, is a key.
struct ContextTreeTests {
    static let type = TypeContext(name: "electric", label: "Électrik", href: "../types/electric.html", isLinked: true)
    static let image = ImageContext(
        src: "../images/25.png",
        width: 475,
        height: 475,
        alt: "Pikachu",
        fallback: "../assets/placeholder.svg",
        thumbnail: "../images/25-96.webp",
        srcset: "../images/25-96.webp 96w, ../images/25.png 475w",
        isLocal: true,
        isRemote: false,
        isPlaceholder: false,
        lazy: true
    )
    static let row = MoveRowContext(
        id: 85,
        slug: "thunderbolt",
        href: "../moves/thunderbolt.html",
        name: "Tonnerre",
        type: type,
        category: CategoryContext(name: "special", label: "Spéciale", categoryLang: "en"),
        power: "90",
        accuracy: "100",
        pp: "15",
        hasDetail: true,
        detail: "Évo.",
        detailTitle: "À l’évolution",
        detailSort: 0,
        generation: "I",
        generationNumber: 1,
        moveNameLang: "en"
    )
    static let cell = CellContext(
        id: 25,
        number: "#025",
        name: "Pikachu",
        slug: "pikachu",
        href: "pikachu.html",
        image: image,
        types: [type, TypeContext(name: "steel", label: "Acier")],
        isFavorite: true,
        nameLang: "en"
    )
    static let learner = LearnerCellContext(
        href: "../pokemon/raichu.html",
        name: "Raichu",
        src: "../images/26-96.webp",
        width: 96,
        height: 96,
        note: "Lv. 36"
    )
    static let link = LinkContext(href: "../abilities/static.html", label: "Statik")
    static let localizedName = LocalizedNameContext(
        language: "ja",
        label: "Japanese",
        lang: "ja",
        name: "ピカチュウ",
        spellings: [
            SpellingContext(name: "ピカチュウ", lang: "ja-Hrkt"),
            SpellingContext(name: "Pikachu", lang: "ja-Latn"),
        ]
    )

    static let learnGroup = LearnGroupContext(
        key: "level-up",
        method: 1,
        label: "Par niveau",
        count: 2,
        detailHeading: "N.",
        sortedByDetail: true,
        moves: [row, row]
    )
    static let learnerGroup = LearnerGroupContext(
        key: "machine",
        method: 4,
        label: "CT",
        machine: "CT126",
        count: 1,
        cells: [learner]
    )

    static func expectSameTree<T: TemplateValueConvertible>(_ value: T) throws {
        #expect(value.templateValue == (try TemplateValueEncoder.throughEncoder(value)), "\(T.self)")
    }

    /// Every stored property of a value whose optionals are all set is a key of its tree: a new field shows here.
    static func expectEveryField(_ value: any TemplateValueConvertible) {
        guard case .object(let object) = value.templateValue else {
            Issue.record("\(Swift.type(of: value)) makes no object")
            return
        }
        let fields = Mirror(reflecting: value).children.compactMap(\.label)
        #expect(object.keys == fields, "\(Swift.type(of: value))")
    }

    @Test func eachMakesTheTreeItsEncoderWrites() throws {
        try Self.expectSameTree(Self.type)
        try Self.expectSameTree(Self.image)
        try Self.expectSameTree(Self.row)
        try Self.expectSameTree(Self.row.category)
        try Self.expectSameTree(Self.cell)
        try Self.expectSameTree(Self.learner)
        try Self.expectSameTree(Self.link)
        try Self.expectSameTree(Self.localizedName)
        try Self.expectSameTree(Self.learnGroup)
        try Self.expectSameTree(Self.learnerGroup)
        Self.expectEveryField(Self.learnGroup)
        Self.expectEveryField(Self.learnerGroup)
        Self.expectEveryField(Self.learner)
        Self.expectEveryField(Self.link)
        Self.expectEveryField(Self.localizedName)
        Self.expectEveryField(Self.localizedName.spellings[0])
        Self.expectEveryField(Self.type)
        Self.expectEveryField(Self.image)
        Self.expectEveryField(Self.row)
        Self.expectEveryField(Self.row.category)
        Self.expectEveryField(Self.cell)
    }

    /// Every page's context, of every kind, makes the tree its encoder writes, down to its last value: page contexts
    /// make their trees without the encoder too.
    @Test func everyPageMakesItsEncodersTreeAtEveryLevel() throws {
        let theme = try Theme(overrides: nil)
        for baseURL in [nil, "https://example.com/dex/"] {
            for job in try EngineOracleTests.everyKindOfPage(theme: theme, baseURL: baseURL) {
                let context = job.makeContext()
                let encoded = try TemplateValueEncoder.throughEncoder(context, everyLevel: true)
                #expect(context.flaggedTree == context.kind.flagged(encoded), "\(job.path)")
            }
        }
    }

    @Test func anAbsentOptionalIsANullAsTheEncoderWritesIt() throws {
        var row = Self.row
        (row.detailTitle, row.generationNumber, row.moveNameLang) = (nil, nil, nil)
        row.category.categoryLang = nil
        try Self.expectSameTree(row)
        guard case .object(let object) = row.templateValue else {
            Issue.record("no object")
            return
        }
        #expect(
            object["detailTitle"] == .null && object["generationNumber"] == .null && object["moveNameLang"] == .null
        )
        var cell = Self.cell
        (cell.nameLang, cell.image.srcset) = (nil, nil)
        try Self.expectSameTree(cell)
        var learner = Self.learner
        learner.note = nil
        try Self.expectSameTree(learner)
        var learnGroup = Self.learnGroup
        learnGroup.detailHeading = nil
        try Self.expectSameTree(learnGroup)
        var learnerGroup = Self.learnerGroup
        learnerGroup.machine = nil
        try Self.expectSameTree(learnerGroup)
    }

    /// The encoder takes a context's own tree wherever the context sits: in a list, under a key.
    @Test func theEncoderUsesTheTreeTheContextMakes() throws {
        struct Group: Encodable {
            var label: String
            var moves: [MoveRowContext]
        }
        let encoded = try TemplateValueEncoder().encode(Group(label: "Level up", moves: [Self.row, Self.row]))
        guard case .object(let object) = encoded, case .list(let rows)? = object["moves"] else {
            Issue.record("no rows")
            return
        }
        #expect(rows == [Self.row.templateValue, Self.row.templateValue])
    }

    static let stat = StatContext(
        name: "special-attack",
        label: "Attaque Spéciale",
        short: "Atq. Spé.",
        value: 50,
        percent: 20
    )
    static let ability = AbilityContext(
        name: "static",
        label: "Statik",
        isHidden: false,
        href: "../abilities/static.html",
        isLinked: true,
        shortEffect: "Peut paralyser.",
        effectLang: "en",
        labelLang: "en"
    )
    static let training = TrainingContext(
        effortYield: "2 Vitesse",
        captureRate: "190",
        baseFriendship: "50",
        baseExperience: "112",
        growthRate: "Moyenne",
        growthRateLang: "en"
    )
    static let breeding = BreedingContext(
        eggGroups: "Champ, Fée",
        genderRatio: "50 % ♂",
        eggCycles: "10",
        eggGroupsLang: "en"
    )
    static let encounterLine = EncounterLineContext(
        places: [
            EncounterPlaceContext(
                name: "Mt. Moon",
                nameLang: "en",
                href: "../locations/mt-moon.html",
                area: " (B1F)",
                areaLang: "en",
                separator: ", "
            )
        ],
        how: "En marchant",
        howLang: "en",
        levels: "N. 3 à 5",
        chance: "5 %",
        conditions: "Le jour",
        conditionsLang: "en"
    )
    static let whereToFind = WhereContext(
        games: [EncounterGamesContext(games: "Rouge, Bleu", lines: [encounterLine])],
        moreGames: [EncounterGamesContext(games: "Jaune", lines: [encounterLine])],
        hasMoreGames: true,
        uncovered: "PokeAPI n’a pas de lieux pour Écarlate.",
        nowhere: "Introuvable.",
        firstStage: link,
        heldItems: [
            HeldItemContext(name: "Baie Oran", nameLang: "en", rarities: "50 % dans X", href: "../items/baie-oran.html")
        ],
        hasHeldItems: true,
        allPlaces: "../locations/index.html"
    )
    static let entry = EntryContext(text: "Il stocke l’électricité.", games: "Rouge, Bleu")
    static let measure = MeasureContext(metric: "0,4 m", imperial: "1′04″")
    static let run = TextRunContext(
        text: "Mont Couronné",
        isForeign: true,
        lang: "en",
        href: "../locations/mt-coronet.html",
        hasLink: true
    )
    static let form = FormContext(
        id: 10080,
        number: "#025",
        name: "Pikachu Rockeur",
        href: "pikachu-rock-star.html",
        isLinked: true,
        isDefault: false,
        image: image,
        formNameLang: "en"
    )
    static let picture = PictureContext(
        id: "shiny",
        label: "Chromatique",
        src: "../images/25-shiny.png",
        width: 475,
        height: 475,
        alt: "Pikachu chromatique",
        isSelected: false,
        isSprite: false
    )
    static let game = GameOptionContext(id: 25, label: "Écarlate et Violet", isSelected: true)
    static let movesSection = MovesSectionContext(
        game: "Écarlate et Violet",
        gameID: 25,
        games: [game],
        hasGameChoice: false,
        learnsetScript: "../assets/learnsets/pikachu.1a2b.js",
        movesScript: "../assets/moves.3c4d.js",
        groups: [learnGroup],
        borrowedNote: "Ceux de Pikachu.",
        blankGroup: learnGroup
    )
    static let move = MoveContext(
        id: 85,
        slug: "thunderbolt",
        name: "Tonnerre",
        type: type,
        category: CategoryContext(name: "special", label: "Spéciale"),
        power: "90",
        accuracy: "100",
        pp: "15",
        priority: "0",
        target: "Un Pokémon",
        generation: "Génération I",
        effectChance: "10 %",
        shortEffect: "Peut paralyser.",
        effect: ["Inflige des dégâts.", "Peut paralyser."],
        hasEffect: true,
        flavorText: "Une décharge.",
        learnedIn: "Écarlate et Violet",
        learnerCount: 1,
        learnerGroups: [learnerGroup],
        otherGames: [GameCountContext(label: "Rouge et Bleu", count: 3)],
        hasOtherGames: true,
        names: [localizedName],
        hasNames: true,
        previous: link,
        next: link,
        effectLang: "en",
        flavorLang: "en",
        nameLang: "en",
        targetLang: "en"
    )

    /// The Pokémon and move pages' contexts: as the renderer makes them (a chain with its conditions, matchups,
    /// stats, abilities, pictures), then with every optional they may hold set, then with each of those absent.
    @Test func pageContextsMakeTheTreeTheirEncoderWrites() async throws {
        let eevee = HandBuiltPokedex.entry(id: 133, name: "eevee", types: ["normal"], chainID: 67)
        let jolteon = HandBuiltPokedex.entry(id: 135, name: "jolteon", types: ["electric"], chainID: 67)
        let (details, _) = try await HandBuiltPokedex.render(
            try HandBuiltPokedex.pokedex([eevee, jolteon], chains: [67: Fixtures.eevee])
        )
        let made = try #require(details["jolteon"])
        try Self.expectSameTree(made)
        let evolution = try #require(made.evolution)
        #expect(!made.matchups.isEmpty && !made.stats.isEmpty && evolution.stages.first?.evolvesTo.isEmpty == false)

        var detail = made
        (detail.previous, detail.next, detail.genus, detail.flavorText) = (
            Self.link, Self.link, "Pokémon Foudre", "Il crépite."
        )
        (detail.generation, detail.habitat, detail.moves, detail.breeding) = (
            "Génération I", "Prairie", Self.movesSection, Self.breeding
        )
        (detail.entries, detail.moreEntries, detail.entriesNote) = ([Self.entry], [Self.entry], "En anglais")
        (detail.nameLang, detail.genusLang, detail.flavorLang, detail.entriesLang, detail.habitatLang) = (
            "en", "en", "en", "en", "en"
        )
        (detail.forms, detail.pictures, detail.names, detail.abilities) = (
            [Self.form], [Self.picture], [Self.localizedName], [Self.ability]
        )
        (detail.training, detail.height, detail.weight, detail.stats) = (
            Self.training, Self.measure, Self.measure, [Self.stat]
        )
        detail.whereToFind = Self.whereToFind
        var stage = try #require(evolution.stages.first)
        stage.howToEvolveRuns = [Self.run]
        stage.setNameLang("en")
        detail.evolution?.stages = [stage]
        try Self.expectSameTree(detail)
        try Self.expectSameTree(Self.move)
        for value in [
            detail, Self.move, Self.stat, Self.ability, Self.training, Self.breeding, Self.entry, Self.measure,
            Self.run,
            Self.form, Self.picture, Self.game, Self.movesSection, evolution, stage, made.matchups[0],
            made.matchups[0].tiers[0], GameCountContext(label: "Rouge", count: 1), Self.whereToFind,
            Self.whereToFind.games[0], Self.encounterLine, Self.encounterLine.places[0], Self.whereToFind.heldItems[0],
        ] as [any TemplateValueConvertible] {
            // Each on its own: inside another's encoding, its own tree stands in for what its encoder writes.
            try Self.expectSameTree(value)
            Self.expectEveryField(value)
        }

        // Each optional absent: a null, as the encoder writes it.
        (detail.previous, detail.next, detail.genus, detail.flavorText, detail.generation, detail.habitat) = (
            nil, nil, nil, nil, nil, nil
        )
        (detail.moves, detail.breeding, detail.entriesNote, detail.nameLang, detail.genusLang) = (
            nil, nil, nil, nil, nil
        )
        (detail.flavorLang, detail.entriesLang, detail.habitatLang, detail.evolution) = (nil, nil, nil, nil)
        detail.whereToFind = nil
        detail.abilities = [AbilityContext(name: "static", label: "Statik", isHidden: true)]
        detail.training = TrainingContext(
            effortYield: nil,
            captureRate: nil,
            baseFriendship: nil,
            baseExperience: "",
            growthRate: nil
        )
        detail.forms = [
            FormContext(
                id: 1,
                number: "#001",
                name: "Bulbizarre",
                href: "",
                isLinked: false,
                isDefault: true,
                image: Self.image
            )
        ]
        detail.height = MeasureContext(metric: "1 m", imperial: nil)
        try Self.expectSameTree(detail)
        for value in detail.abilities + [detail.training, detail.forms[0], detail.height]
            as [any TemplateValueConvertible]
        {
            try Self.expectSameTree(value)
        }
        var section = Self.movesSection
        section.borrowedNote = nil
        try Self.expectSameTree(section)
        try Self.expectSameTree(BreedingContext(eggGroups: nil, genderRatio: nil, eggCycles: nil))
        var move = Self.move
        (move.target, move.generation, move.effectChance, move.shortEffect, move.effect, move.flavorText) = (
            nil, nil, nil, nil, nil, nil
        )
        (move.previous, move.next, move.effectLang, move.flavorLang, move.nameLang, move.targetLang) = (
            nil, nil, nil, nil, nil, nil
        )
        try Self.expectSameTree(move)
    }
}
