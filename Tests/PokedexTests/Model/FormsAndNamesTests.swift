import Foundation
import Testing

@testable import PokedexModel
@testable import PokedexPipeline
@testable import PokedexSource

/// Forms as fans know them (their species' number and place, their own generation and names) and PokeAPI's names
/// for everything the pages name, through the fixture server and a theme that prints the values plainly.
@Suite struct FormsAndNamesTests {
    /// A theme whose detail page prints what these tests read, one value per line.
    static func writeTheme(to folder: URL) throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("partials"),
            withIntermediateDirectories: true
        )
        let page = """
            {{#detail}}number={{number}}
            name={{name}}
            generation={{generation}}
            habitat={{habitat}}
            abilities={{#abilities}}{{label}};{{/abilities}}
            {{#names}}names={{label}}:{{#spellings}}{{name}}@{{lang}};{{/spellings}}
            {{/names}}{{#forms}}form={{number}} {{name}} {{href}} {{image.thumbnail}}
            {{/forms}}chain={{#evolution}}{{#stages}}{{> partials/evolution-stage}}{{/stages}}{{/evolution}}
            previous={{previous.label}}
            next={{next.label}}
            {{/detail}}

            """
        try Data(page.utf8).write(to: folder.appendingPathComponent("pokemon.mustache"))
        let stage =
            "[{{name}}{{#isCurrent}}*{{/isCurrent}}{{#isLinked}}→{{href}}{{/isLinked}}{{#hasCondition}} ({{howToEvolve}}){{/hasCondition}}{{#evolvesTo}}{{> partials/evolution-stage}}{{/evolvesTo}}]"
        try Data(stage.utf8).write(to: folder.appendingPathComponent("partials/evolution-stage.mustache"))
    }

    static func values(_ page: String, _ key: String) -> [String] {
        page.split(separator: "\n").filter { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
    }

    @Test func aFormHasItsSpeciesNumberAndPlaceItsOwnGenerationNamesAndBranch() async throws {
        try await withEnvironment { env in
            let theme = env.root.appendingPathComponent("plain-theme")
            try Self.writeTheme(to: theme)
            let summary = try await env.build(templates: theme)
            let galar = try env.read("pokemon/mr-mime-galar.html")
            #expect(Self.values(galar, "number") == ["#0122"])
            #expect(Self.values(galar, "name") == ["Galarian Mr. Mime"])
            // Its own version group's generation, with that group's games.
            #expect(Self.values(galar, "generation") == ["Generation VIII (Sword, Shield)"])
            // Its species' neighbours, as a Pokédex steps.
            #expect(Self.values(galar, "previous") == ["Farfetch’d"] && Self.values(galar, "next") == ["Flabébé"])
            // Its own names, English first, Japanese as one row.
            #expect(
                Self.values(galar, "names") == [
                    "English:Galarian Mr. Mime@en;", "Japanese:バリヤード(ガラルのすがた)@ja-Hrkt;", "French:M. Mime de Galar@fr;",
                ]
            )
            // Its chain: the Galarian form a box of its own, marked as this page, with Mr. Rime under it alone (species
            // outside the exported set are named from their API names).
            #expect(
                Self.values(galar, "chain") == [
                    "[Mime Jr[Mr. Mime→mr-mime.html (Level up knowing Mimic)][Galarian Mr. Mime*→mr-mime-galar.html (Level up knowing Mimic, in Galar)[Mr Rime (Level 42)]]]"
                ]
            )
            let mrMime = try env.read("pokemon/mr-mime.html")
            #expect(Self.values(mrMime, "chain").first?.contains("[Mr. Mime*→mr-mime.html") == true)
            #expect(Self.values(mrMime, "form") == ["#0122 Galarian Mr. Mime mr-mime-galar.html ../images/10168.png"])
            // A form PokeAPI names only in parts: the species' name and the form's.
            #expect(Self.values(try env.read("pokemon/mimikyu-busted.html"), "name") == ["Mimikyu (Busted Form)"])
            #expect(Self.values(try env.read("pokemon/charizard-mega-x.html"), "name") == ["Mega Charizard X"])
            #expect(Self.values(try env.read("pokemon/charizard-mega-x.html"), "number") == ["#0006"])
            // Pikachu's chain: Raichu, or in Alola Alolan Raichu (not exported: named from its API name, unlinked).
            #expect(
                Self.values(try env.read("pokemon/pikachu.html"), "chain").first?
                    .hasSuffix("[Raichu (Use a Thunder Stone)][Raichu (Alola) (Use a Thunder Stone, in Alola)]]]")
                    == true
            )
            // PokeAPI's names for abilities and habitats; an ability without an English name is made readable and
            // listed as a fallback.
            let bulbasaur = try env.read("pokemon/bulbasaur.html")
            #expect(Self.values(bulbasaur, "habitat") == ["Grassland"])
            #expect(Self.values(try env.read("pokemon/mr-mime.html"), "abilities") == ["Soundproof;Filter;Technician;"])
            #expect(summary.nameFallbacks == ["ability: filter", "item: moon-stone"])
        }
    }

    @Test func formsFollowTheirSpeciesInTheIndexAndTheDataScript() async throws {
        try await withEnvironment { env in
            try await env.build(perPage: 100)
            let text = try env.read(env.hashed("assets/pokedex-data.js"))
            let payload = try #require(try IndexDataTests.json(Data(text.utf8), "POKEDEX_DATA") as? [String: Any])
            let rows = try #require(payload["pokemon"] as? [[Any]])
            #expect(rows.map { $0[0] as? Int } == [1, 6, 10034, 25, 10080, 29, 83, 122, 10168, 669, 772, 10143])
            // Number and form flag; a form's generation is its own (Galarian Mr. Mime 8, Mega Charizard X 6).
            let galar = try #require(rows.first { $0[0] as? Int == 10168 })
            #expect(galar[5] as? Int == 122 && galar[6] as? Int == 1 && galar[4] as? Int == 8)
            #expect(try #require(rows.first { $0[0] as? Int == 10034 })[4] as? Int == 6)
            // A species: its number is its id (0), and its form flag 0; Pikachu Rock Star only looks different (2).
            let mrMime = try #require(rows.first { $0[0] as? Int == 122 })
            #expect(mrMime[5] as? Int == 0 && mrMime[6] as? Int == 0)
            #expect(try #require(rows.first { $0[0] as? Int == 10080 })[6] as? Int == 2)
        }
    }

    @Test func twoFormsNamedAlikeSayWhatTellsThemApart() throws {
        func record(_ id: Int, _ name: String) throws -> PokemonRecord {
            var record = try ModelTests.record(10034)
            record.id = id
            record.name = name
            record.formID = id
            return record
        }
        let megaNames = FormRecord(
            id: 0,
            name: "",
            formName: "mega",
            names: [.init(language: "en", name: "Mega Meowstic")],
            formNames: [],
            versionGroup: nil,
            versionGroupID: nil
        )
        var forms: [Int: FormRecord] = [:]
        for id in [20001, 20002] { forms[id] = megaNames }
        let records = [20001: try record(20001, "meowstic-m-mega"), 20002: try record(20002, "meowstic-f-mega")]
        let entries = Pokedex.entries(
            list: [.init(id: 20001, name: "meowstic-m-mega"), .init(id: 20002, name: "meowstic-f-mega")],
            records: records,
            species: [:],
            images: [:],
            forms: forms
        )
        #expect(entries.map(\.displayName) == ["Mega Meowstic (Male)", "Mega Meowstic (Female)"])
    }

    @Test func aFormsNamesInEveryLanguageFallBackToItsSpeciesAndItsPart() throws {
        let species = try ModelTests.species(778)
        let form = FormRecord(
            id: 1,
            name: "mimikyu-busted",
            formName: "busted",
            names: [.init(language: "fr", name: "Mimiqui Démasqué")],
            formNames: [.init(language: "en", name: "Busted Form"), .init(language: "ja-hrkt", name: "ばけたすがた")],
            versionGroup: nil,
            versionGroupID: nil
        )
        let names = DisplayName.names(of: form, species: species)
        #expect(names.map(\.language) == ["ja-hrkt", "fr", "en"])
        // Japanese writes its own parentheses.
        #expect(names.map(\.name) == ["ミミッキュ（ばけたすがた）", "Mimiqui Démasqué", "Mimikyu (Busted Form)"])
    }

    @Test func aFormWithoutAnyEnglishNameIsListedAsAFallback() throws {
        let form = FormRecord(
            id: 10080,
            name: "pikachu-rock-star",
            formName: "rock-star",
            names: [.init(language: "ja-hrkt", name: "ハードロック・ピカチュウ")],
            formNames: [],
            versionGroup: nil,
            versionGroupID: nil
        )
        let entries = Pokedex.entries(
            list: [.init(id: 10080, name: "pikachu-rock-star")],
            records: [10080: try ModelTests.record(10080)],
            species: [:],
            images: [:],
            forms: [10080: form]
        )
        #expect(entries.map(\.displayName) == ["Pikachu (Rock Star)"])
        let pokedex = Pokedex(entries: entries, favorites: FavoritesResolution(), dataAge: nil)
        #expect(pokedex.nameFallbacks.contains("form: pikachu-rock-star"))
    }
}
