import Foundation
import Testing

@testable import PokedexModel
@testable import PokedexRender
@testable import PokedexSource
@testable import PokedexSupport

/// The detail page's evolution chain, type matchups, other forms, picture switcher, origin and names.
@Suite struct DetailPageTests {
    typealias Stage = EvolutionStageContext

    /// Every stage, depth first.
    static func flatten(_ stages: [Stage]) -> [Stage] {
        stages.flatMap { [$0] + flatten($0.evolvesTo) }
    }

    static func types(_ tier: MatchupTierContext?) -> [String] { tier?.types.map(\.name) ?? [] }

    static func tier(_ detail: DetailContext, _ multiplier: String) -> MatchupTierContext? {
        detail.matchups.flatMap(\.tiers).first { $0.multiplier == multiplier }
    }

    // MARK: Hand-built Pokédexes

    @Test func eeveeBranchesEightWaysWithTheirConditions() async throws {
        let eevee = HandBuiltPokedex.entry(id: 133, name: "eevee", types: ["normal"], chainID: 67)
        let jolteon = HandBuiltPokedex.entry(id: 135, name: "jolteon", types: ["electric"], chainID: 67)
        let (details, pages) = try await HandBuiltPokedex.render(
            try HandBuiltPokedex.pokedex([eevee, jolteon], chains: [67: Fixtures.eevee])
        )
        let evolution = try #require(details["eevee"]?.evolution)
        #expect(evolution.evolves)
        let root = try #require(evolution.stages.first)
        #expect(evolution.stages.count == 1 && root.name == "Eevee" && root.isCurrent && root.isThisPage)
        #expect(!root.hasCondition && root.howToEvolve == "")
        #expect(
            root.evolvesTo.map(\.name) == [
                "Vaporeon", "Jolteon", "Flareon", "Espeon", "Umbreon", "Leafeon",
                "Glaceon", "Sylveon",
            ]
        )
        #expect(
            root.evolvesTo.map(\.howToEvolve) == [
                "Use a Water Stone", "Use a Thunder Stone", "Use a Fire Stone", "High friendship, daytime",
                "High friendship, nighttime", "Level up near a special rock or use a Leaf Stone",
                "Level up near a special rock or use an Ice Stone",
                "Level up knowing a Fairy-type move, high affection or high friendship",
            ]
        )
        #expect(root.evolvesTo.allSatisfy { $0.hasCondition && !$0.hasEvolutions && !$0.isCurrent })
        // Only Jolteon is exported: the only linked branch, with its picture; the others have the placeholder.
        #expect(root.evolvesTo.filter(\.isLinked).map(\.href) == ["jolteon.html"])
        #expect(root.evolvesTo.filter { !$0.isLinked }.allSatisfy { $0.image.isPlaceholder && $0.href == "" })
        #expect(root.evolvesTo[1].image.src == "https://img.invalid/artwork/135.png")

        // Drawn as one stage with a list of eight, each with its condition in words.
        let page = try #require(pages["eevee"])
        let nested = try #require(page.range(of: #"<ol class="stage-next">"#))
        #expect(page[nested.upperBound...].components(separatedBy: #"<li class="stage"#).count - 1 == 8)
        #expect(
            page.contains(
                #"<span class="vh">Evolves by: </span><span class="how-text">High friendship, nighttime</span></p>"#
            )
        )
        #expect(page.contains(#"<div class="stage-card"><a class="stage-link" href="eevee.html" aria-current="page">"#))
        #expect(page.contains(#"<a class="stage-link" href="jolteon.html">"#))
        #expect(!page.contains(#"href="vaporeon.html""#))
        // Jolteon's page marks Jolteon, not Eevee.
        let other = try #require(details["jolteon"]?.evolution?.stages.first)
        #expect(!other.isCurrent && other.evolvesTo.filter(\.isCurrent).map(\.name) == ["Jolteon"])
    }

    @Test func taurosDoesNotEvolve() async throws {
        let tauros = HandBuiltPokedex.entry(id: 128, name: "tauros", types: ["normal"], chainID: 60)
        let (details, pages) = try await HandBuiltPokedex.render(
            try HandBuiltPokedex.pokedex([tauros], chains: [60: Fixtures.tauros])
        )
        let evolution = try #require(details["tauros"]?.evolution)
        #expect(!evolution.evolves)
        let page = try #require(pages["tauros"])
        #expect(page.contains("This Pokémon does not evolve."))
        #expect(!page.contains(#"<ol class="evolution">"#))
        // No chain at all (not fetched): no section, rather than a claim.
        let (unknown, unknownPages) = try await HandBuiltPokedex.render(
            try HandBuiltPokedex.pokedex([tauros], chains: [:])
        )
        #expect(unknown["tauros"]?.evolution == nil)
        #expect(unknownPages["tauros"]?.contains("evolution-title") == false)
    }

    @Test func wurmpleSplitsIntoTwoBranchesOfTwoStages() async throws {
        let wurmple = HandBuiltPokedex.entry(id: 265, name: "wurmple", types: ["bug"], chainID: 135)
        let dustox = HandBuiltPokedex.entry(id: 269, name: "dustox", types: ["bug", "poison"], chainID: 135)
        let (details, pages) = try await HandBuiltPokedex.render(
            try HandBuiltPokedex.pokedex([wurmple, dustox], chains: [135: Fixtures.wurmple])
        )
        let root = try #require(details["dustox"]?.evolution?.stages.first)
        #expect(root.evolvesTo.map(\.name) == ["Silcoon", "Cascoon"])
        #expect(root.evolvesTo.map { $0.evolvesTo.map(\.name) } == [["Beautifly"], ["Dustox"]])
        #expect(root.evolvesTo.map(\.howToEvolve) == ["Level 7", "Level 7"])
        #expect(root.evolvesTo.flatMap(\.evolvesTo).map(\.howToEvolve) == ["Level 10", "Level 10"])
        let current = Self.flatten([root]).filter(\.isCurrent)
        #expect(current.map(\.name) == ["Dustox"] && current.allSatisfy(\.isThisPage))
        #expect(root.isLinked && root.href == "wurmple.html")
        // Nested lists: two branches, each with its own list of one.
        let page = try #require(pages["dustox"])
        #expect(page.components(separatedBy: #"<ol class="stage-next">"#).count - 1 == 3)
        #expect(page.contains(#"aria-current="page""#))
    }

    @Test func gengarIsImmuneToNormalAndFighting() async throws {
        let gengar = HandBuiltPokedex.entry(id: 94, name: "gengar", types: ["ghost", "poison"], chainID: 46)
        let (details, pages) = try await HandBuiltPokedex.render(
            try HandBuiltPokedex.pokedex([gengar], chains: [46: Fixtures.gastly])
        )
        let detail = try #require(details["gengar"])
        #expect(Self.types(Self.tier(detail, "×0")) == ["normal", "fighting"])
        #expect(Self.types(Self.tier(detail, "×2")) == ["ground", "psychic", "ghost", "dark"])
        #expect(Self.types(Self.tier(detail, "×¼")) == ["poison", "bug"])
        #expect(Self.types(Self.tier(detail, "×½")) == ["grass", "fairy"])
        #expect(Self.tier(detail, "×4") == nil)
        #expect(detail.matchups.map(\.label) == ["Weak to", "Resists", "Immune to"])
        #expect(detail.evolution?.stages.first?.evolvesTo.first?.evolvesTo.first?.howToEvolve == "Trade")
        let page = try #require(pages["gengar"])
        #expect(page.contains(#"<dt class="matchup-immune">Immune to</dt>"#))
        #expect(page.contains(#"<li class="type type-normal">Normal</li><li class="type type-fighting">Fighting</li>"#))
    }

    @Test func onlyNonEmptyMatchupGroupsAreShown() {
        var matchups = TypeMatchups(types: [], chart: [:])
        #expect(SiteRenderer.matchups(matchups).isEmpty)
        matchups.half = ["fire"]
        matchups.immune = ["<b>bold</b>"]
        let groups = SiteRenderer.matchups(matchups)
        #expect(groups.map(\.name) == ["resists", "immune"])
        #expect(groups.map { $0.tiers.map(\.multiplier) } == [["×½"], ["×0"]])
        // A type name that is not a clean slug never becomes a class.
        #expect(groups[1].tiers[0].types.map(\.name) == ["unknown"])
    }

    @Test func hostileNamesInChainsFormsAndLanguagesAreEscaped() async throws {
        let hostile = Fixtures.hostileName
        let evil = HandBuiltPokedex.entry(
            id: 900,
            name: "evil",
            types: ["normal"],
            chainID: 900,
            english: hostile,
            names: [.init(language: hostile, name: hostile), .init(language: "ja-hrkt", name: "イービル")],
            varieties: [
                .init(id: 900, name: "evil", isDefault: true), .init(id: 901, name: hostile, isDefault: false),
            ],
            sprites: .init(
                officialArtwork: "https://img.invalid/artwork/900.png",
                home: nil,
                frontDefault: nil,
                officialArtworkShiny: "javascript:alert(3)",
                frontShiny: "https://img.invalid/\"><script>"
            )
        )
        let chain = Fixtures.Stage(
            speciesID: 900,
            name: "evil",
            next: [
                Fixtures.Stage(speciesID: 902, name: hostile, details: [Fixtures.detail(hostile, ["item": hostile])])
            ]
        )
        let (details, pages) = try await HandBuiltPokedex.render(
            try HandBuiltPokedex.pokedex([evil], chains: [900: chain])
        )
        let page = try #require(pages["evil"])
        for needle in ["<script>alert", "<img src=x", "javascript:alert", "\"><script>"] {
            #expect(!page.contains(needle), "\(needle)")
        }
        #expect(page.contains("&lt;script&gt;alert(2)&lt;/script&gt;"))
        let detail = try #require(details["evil"])
        // A language code that is no language tag gets `lang=""`; a known one its label and tag (kana under
        // Japanese, in its own script's tag).
        #expect(detail.names.map(\.lang) == ["", "ja"])
        #expect(detail.names.map(\.label) == [hostile, "Japanese"])
        #expect(detail.names[1].spellings.map(\.lang) == ["ja-Hrkt"])
        #expect(page.contains(#"<dt>Japanese</dt><dd lang="ja"><span lang="ja-Hrkt">イービル</span></dd>"#))
        #expect(detail.forms.map(\.isLinked) == [false])
        // Only http(s) URLs become pictures; whatever else they hold is escaped in the page (checked above).
        #expect(!detail.pictures.contains { $0.id == "shiny-artwork" })
    }

    @Test func originAndNamesInEveryLanguage() async throws {
        let names = [
            "ja-hrkt", "ja-roma", "ko", "zh-hant", "fr", "de", "es", "it", "en", "ja", "zh-hans", "es-419", "xx",
        ]
        .map { SpeciesRecord.LocalizedName(language: $0, name: "N-\($0)") }
        var eevee = HandBuiltPokedex.entry(id: 133, name: "eevee", types: ["normal"], chainID: nil, names: names)
        eevee.species?.generation = 4
        eevee.species?.habitat = "rough-terrain"
        let (details, pages) = try await HandBuiltPokedex.render(try HandBuiltPokedex.pokedex([eevee], chains: [:]))
        let detail = try #require(details["eevee"])
        #expect(detail.generation == "Generation IV" && detail.habitat == "Rough Terrain" && detail.hasOrigin)
        // English (the page's language) first, then PokeAPI's order; Japanese in one row, kana, kanji and romaji.
        #expect(
            detail.names.map(\.label) == [
                "English", "Japanese", "Korean", "Chinese (traditional)", "French", "German", "Spanish", "Italian",
                "Chinese (simplified)", "Spanish (Latin America)", "xx",
            ]
        )
        #expect(
            detail.names.map(\.lang) == [
                "en", "ja", "ko", "zh-Hant", "fr", "de", "es", "it", "zh-Hans", "es-419", "xx",
            ]
        )
        #expect(detail.names[1].spellings.map(\.name) == ["N-ja-hrkt", "N-ja", "N-ja-roma"])
        #expect(detail.names[1].spellings.map(\.lang) == ["ja-Hrkt", "ja", "ja-Latn"])
        let page = try #require(pages["eevee"])
        #expect(page.contains("<dd>Generation IV</dd>") && page.contains("<dd>Rough Terrain</dd>"))
        #expect(
            page.contains(
                #"<dt>Chinese (traditional)</dt><dd lang="zh-Hant"><span lang="zh-Hant">N-zh-hant</span></dd>"#
            )
        )
        #expect(SiteRenderer.romanNumeral(9) == "IX" && SiteRenderer.romanNumeral(1) == "I")
    }

    // MARK: The fixture server's data set

    @Test func charizardAndItsMegaFormLinkBothWaysAndShareTheChain() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            let charizard = try env.read("pokemon/charizard.html")
            let mega = try env.read("pokemon/charizard-mega-x.html")
            // Other forms: cards with their thumbnail, name and number, linked both ways.
            #expect(
                charizard.contains(#"<a class="form-card" href="charizard-mega-x.html"><img src="../images/10034.png""#)
            )
            #expect(
                charizard.contains(#"alt="Mega Charizard X""#)
                    && charizard.contains(#"<span class="form-num">#0006</span>"#)
            )
            #expect(mega.contains(#"<a class="form-card" href="charizard.html"><img src="../images/6.png""#))
            #expect(!charizard.contains(#"<a class="form-card" href="charizard.html">"#))

            // Rock ×4 for Fire and Flying; Ground ×0.
            #expect(
                charizard.contains(
                    #"<span class="multiplier" title="4 times the damage">×4</span><ul class="types"><li class="type type-rock">Rock</li></ul>"#
                )
            )
            #expect(
                charizard.contains(
                    #"<span class="multiplier" title="0 times the damage">×0</span><ul class="types"><li class="type type-ground">Ground</li></ul>"#
                )
            )

            // Charmander and Charmeleon are outside the exported set: named, pictured by the placeholder, unlinked.
            for page in [charizard, mega] {
                #expect(page.contains(#"<span class="stage-name" aria-hidden="true">Charmander</span>"#))
                #expect(page.contains(#"<span class="stage-name" aria-hidden="true">Charmeleon</span>"#))
                #expect(!page.contains("charmander.html") && !page.contains("charmeleon.html"))
                #expect(page.contains("Level 16") && page.contains("Level 36"))
                #expect(
                    page.contains(#"<img src="../assets/placeholder.svg" width="475" height="475" alt="Charmander""#)
                )
            }
            // The Mega is a box after Charizard's, with its stone, and its own page marks it (not its species).
            #expect(
                charizard.contains(
                    #"<div class="stage-card"><a class="stage-link" href="charizard.html" aria-current="page">"#
                )
            )
            #expect(mega.contains(#"<div class="stage-card"><a class="stage-link" href="charizard.html">"#))
            #expect(
                mega.contains(
                    #"<div class="stage-card"><a class="stage-link" href="charizard-mega-x.html" aria-current="page">"#
                )
            )
            #expect(
                charizard.contains(#"Mega Evolve holding <a href="../items/charizardite-x.html">Charizardite X</a>"#)
            )
            // Generation and names.
            #expect(charizard.contains("<dd>Generation I</dd>") && charizard.contains("<dd>Mountain</dd>"))
            #expect(mega.contains("<dd>Generation VI (X, Y)</dd>"))
            #expect(charizard.contains(#"<dt>Japanese</dt><dd lang="ja"><span lang="ja-Hrkt">リザードン</span></dd>"#))
            #expect(charizard.contains(#"<dt>French</dt><dd lang="fr"><span lang="fr">Dracaufeu</span></dd>"#))
            #expect(mega.contains(#"<dt>French</dt><dd lang="fr"><span lang="fr">Méga-Dracaufeu X</span></dd>"#))
        }
    }

    @Test func mimikyuBustedIsImmuneAndItsSwitcherOffersOnlyItsSprites() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            let busted = try env.read("pokemon/mimikyu-busted.html")
            // Ghost and Fairy: Normal, Fighting (ghost) and Dragon (fairy) do nothing.
            // Each linked to its type's page where it has one (no fixture Pokémon or move is Fighting).
            #expect(
                busted.contains(
                    #"<li class="type type-normal"><a href="../types/normal.html">Normal</a></li><li class="type type-fighting">Fighting</li><li class="type type-dragon"><a href="../types/dragon.html">Dragon</a></li>"#
                )
            )
            #expect(busted.contains("This Pokémon does not evolve."))
            // Only a front sprite on PokeAPI: the page's picture is that sprite, then the shiny one.
            let choices = busted.components(separatedBy: #"<input type="radio" name="picture" value=""#).dropFirst()
                .map { String($0.prefix { $0 != "\"" }) }
            #expect(choices == ["sprite", "shiny-sprite"])
            #expect(busted.contains(#"data-width="96" data-height="96""#))

            // Charizard: all four, the extra ones referenced by URL (and never downloaded).
            let charizard = try env.read("pokemon/charizard.html")
            let all = charizard.components(separatedBy: #"<input type="radio" name="picture" value=""#).dropFirst()
                .map { String($0.prefix { $0 != "\"" }) }
            #expect(all == ["artwork", "shiny-artwork", "sprite", "shiny-sprite"])
            #expect(
                charizard.contains(#"<fieldset class="pictures" hidden data-fallback="../assets/placeholder.svg">"#)
            )
            #expect(
                charizard.contains(
                    "data-src=\"\(env.server.origin)/media/sprites/pokemon/other/official-artwork/shiny/6.png\" data-width=\"475\" data-height=\"475\""
                )
            )
            #expect(env.server.count { $0.path.contains("/shiny/") } == 0)

            // No picture at all: no switcher.
            let rockStar = try env.read("pokemon/pikachu-rock-star.html")
            #expect(!rockStar.contains(#"class="pictures""#))
        }
    }

    @Test func aChainReachingOutsideTheLimitIsShownUnlinked() async throws {
        try await withEnvironment { env in
            // The first two in list order: Bulbasaur and Charizard. Ivysaur and Venusaur are not in the set.
            try await env.build(limit: 2, templates: GoldenTests.templates)
            let bulbasaur = try env.read("pokemon/bulbasaur.html")
            #expect(bulbasaur.contains(#"<span class="stage-name" aria-hidden="true">Ivysaur</span>"#))
            #expect(!bulbasaur.contains("ivysaur.html") && !bulbasaur.contains("venusaur.html"))
            // Charizard's page no longer links its Mega form, which is outside the limit.
            let charizard = try env.read("pokemon/charizard.html")
            // (Its form record is not fetched either: it is named from its API name, pictured by the placeholder.)
            #expect(charizard.contains(#"<span class="form-card unlinked"><img src="../assets/placeholder.svg""#))
            #expect(charizard.contains(#"<span class="form-name" aria-hidden="true">Charizard (Mega X)</span>"#))
            #expect(!charizard.contains("charizard-mega-x.html"))
        }
    }
}
