import Foundation
import Testing

@testable import PokedexModel
@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource

/// The item pages, their index, and the links to them from evolution sentences, Mega Stones and held items.
@Suite struct ItemPagesTests {
    @Test func anItemDecodesAsPokeAPIWritesIt() throws {
        let json = """
            {"id": 213, "name": "light-ball",
             "names": [{"name": "Light Ball", "language": {"name": "en", "url": "https://x/language/9/"}},
                       {"name": "", "language": {"name": "fr", "url": "https://x/language/5/"}}],
             "category": {"name": "species-specific", "url": "https://x/api/v2/item-category/18/"},
             "sprites": {"default": "https://x/sprites/items/light-ball.png"},
             "prices": [{"purchase_price": null, "sell_price": 50}, {"purchase_price": 1000, "sell_price": 500}],
             "fling_power": 30,
             "effect_entries": [{"effect": "Held by Pikachu\\n:   Doubles Attack.", "short_effect": "Doubles Attack.",
                                 "language": {"name": "en", "url": "https://x/language/9/"}}],
             "flavor_text_entries": [
                {"text": "An old\\ntext.", "language": {"name": "en", "url": "https://x/language/9/"},
                 "version_group": {"name": "x-y", "url": "https://x/version-group/15/"}},
                {"text": "A puzzling\\u000corb.", "language": {"name": "en", "url": "https://x/language/9/"},
                 "version_group": {"name": "sword-shield", "url": "https://x/version-group/20/"}}],
             "held_by_pokemon": [{"pokemon": {"name": "pikachu", "url": "https://x/api/v2/pokemon/25/"},
                                  "version_details": []}],
             "machines": [{"machine": {"url": "https://x/api/v2/machine/901/"},
                           "version_group": {"name": "red-blue", "url": "https://x/api/v2/version-group/1/"}}]}
            """
        let item = try ItemRecord.decodeAPI(Data(json.utf8))
        #expect(item.name == "light-ball" && item.names.map(\.language) == ["en"], "an empty name is no name")
        #expect(item.category?.id == 18 && item.category?.name == "species-specific")
        #expect(item.sprite == "https://x/sprites/items/light-ball.png")
        #expect(item.cost == 1000, "the newest purchase price, as `cost` is gone")
        #expect(item.flingPower == 30)
        #expect(item.effects.first?.shortEffect == "Doubles Attack.")
        // Items' flavor texts are under `text`: the newest one, its page breaks made spaces.
        #expect(item.flavorTexts.map(\.name) == ["A puzzling orb."])
        #expect(item.heldBy == [25] && item.machines == [[1, 901]])
        // A sprite that is not http(s) is no picture.
        let odd = try ItemRecord.decodeAPI(
            Data(#"{"id": 1, "name": "x", "sprites": {"default": "file:///x.png"}}"#.utf8)
        )
        #expect(odd.sprite == nil && odd.cost == nil && odd.effects.isEmpty)
        #expect(
            SiteRenderer.definitionsInline("Held by Pikachu\n:   Doubles Attack.") == "Held by Pikachu: Doubles Attack."
        )
    }

    @Test func anItemsPageHasItsPictureFactsEffectAndHolders() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates, languages: ["en", "fr"])
            let page = try env.read("items/spark-pebble.html")
            // Its sprite is copied into the site, next to the Pokémon's pictures.
            #expect(page.contains(#"<img class="item-sprite" src="../images/items/"#))
            let picture = try #require(ReferencePagesTests.attribute("class=\"item-sprite\" src", in: page))
            #expect(env.exists(String(picture.dropFirst(3))))
            #expect(page.contains("<h1>Spark Pebble</h1>"))
            #expect(page.contains("<dt>Category</dt><dd>Curiosities</dd>"))
            #expect(page.contains("<dt>Bag pocket</dt><dd>Odds and Ends</dd>"))
            #expect(page.contains("<dt>Fling power</dt><dd>30</dd>"))
            #expect(page.contains(#"<p class="effect">Sparks when held.</p>"#))
            #expect(page.contains(#"<p class="flavor">What it does, as the games say.</p>"#))
            #expect(
                page.contains(
                    #"<a href="../pokemon/pikachu.html"><img src="../images/25.png" width="12" height="12" alt="" loading="lazy"><span>Pikachu</span></a><small>7% in X, Y, Omega Ruby, Alpha Sapphire</small>"#
                )
            )
            // A price where the data has one; none said where it has not.
            #expect(try env.read("items/tiny-berry.html").contains("<dt>Price</dt><dd>₽80</dd>"))
            #expect(!page.contains("<dt>Price</dt>"))
            // The move a machine teaches, in which games.
            let machine = try env.read("items/tm24.html")
            #expect(machine.contains(#"<a href="../moves/thunderbolt.html">Thunderbolt</a>: Red, Blue"#))
            #expect(!machine.contains(#"<p class="flavor">"#), "a machine's number teaches other moves elsewhere")
            let stoneOfMega = try env.read("items/charizardite-x.html")
            #expect(stoneOfMega.contains(#"<a href="../pokemon/charizard-mega-x.html">"#))
            // In French: the names PokeAPI has in French, the others said to be English.
            let french = try env.read("fr/items/spark-pebble.html")
            #expect(french.contains("<dt>Catégorie</dt><dd>Curiosités</dd>"))
            #expect(french.contains("<dt>Poche du sac</dt><dd>Bric-à-brac</dd>"))
            #expect(french.contains(#"<img class="item-sprite" src="../../images/items/"#))
            #expect(try env.read("fr/items/tiny-berry.html").contains(#"<dd lang="en">Trinkets</dd>"#))
        }
    }

    @Test func theStonesPageListsWhoEvolvesWithIt() async throws {
        let eevee = HandBuiltPokedex.entry(id: 133, name: "eevee", types: ["normal"], chainID: 67)
        let jolteon = HandBuiltPokedex.entry(id: 135, name: "jolteon", types: ["electric"], chainID: 67)
        var pokedex = try HandBuiltPokedex.pokedex([eevee, jolteon], chains: [67: Fixtures.eevee])
        let stone = ItemRecord(id: 83, name: "thunder-stone", names: [.init(language: "en", name: "Thunder Stone")])
        let water = ItemRecord(id: 84, name: "water-stone", names: [.init(language: "en", name: "Water Stone")])
        pokedex.items = ItemBook(items: [83: stone, 84: water], categories: [])
        let catalog = ItemCatalog(pokedex)
        // Jolteon uses it; Vaporeon uses the Water Stone but is not in this Pokédex.
        #expect(catalog.evolvers[83] == [1])
        #expect(catalog.evolvers[84] == nil)
        #expect(catalog.href("thunder-stone") == "../items/thunder-stone.html" && catalog.href("fire-stone") == nil)
        let page = SiteRenderer(theme: try Theme(overrides: nil), perPage: 5, parallelism: 1).itemPage(
            stone,
            catalog: catalog,
            pokedex: pokedex,
            catalogs: try Catalogs(pokedex),
            previous: nil,
            next: water
        )
        #expect(page.evolvers.map(\.name) == ["Jolteon"] && page.hasEvolvers)
        #expect(page.next?.href == "water-stone.html" && page.picture == nil)
    }

    @Test func theIndexLinksEveryItemPageByCategoryAndThePagesLinkThem() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            let index = try env.read("items/index.html")
            let pages = Set(
                try FileManager.default.contentsOfDirectory(atPath: env.output.appendingPathComponent("items").path)
                    .filter { $0.hasSuffix(".html") && $0 != "index.html" }
            )
            #expect(pages.count == 14)
            let linked = Set(
                index.components(separatedBy: "<li data-id=\"").dropFirst().compactMap { row in
                    ReferencePagesTests.attribute("href", in: row)
                }
            )
            #expect(linked == pages, "every item page, once")
            #expect(
                index.contains(#"<section class="panel item-category" id="curiosities" data-category="curiosities""#)
            )
            // The fixtures' stones and machines have no category: they are "Other".
            #expect(index.contains(#"<span>Other</span> <span class="count">12</span>"#))
            #expect(index.contains(#"<option value="curiosities">Curiosities</option>"#))
            #expect(index.contains("assets/items."), "its search script")
            // Pikachu's page: "Use a Thunder Stone" and its held items link their pages, as Charizard's Mega Stone.
            let pikachu = try env.read("pokemon/pikachu.html")
            #expect(pikachu.contains(#"Use a <a href="../items/thunder-stone.html">Thunder Stone</a>"#))
            #expect(pikachu.contains(#"<a class="held-name" href="../items/spark-pebble.html">Spark Pebble</a>"#))
            #expect(pikachu.contains(#"<a href="../items/index.html">Items</a>"#), "the footer")
            #expect(
                try env.read("pokemon/charizard.html")
                    .contains(#"Mega Evolve holding <a href="../items/charizardite-x.html">Charizardite X</a>"#)
            )
        }
    }
}
