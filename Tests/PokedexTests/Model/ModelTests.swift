import Foundation
import Testing

@testable import PokedexModel
@testable import PokedexSource
@testable import PokedexSupport

/// Decoding PokeAPI's JSON into the projections, and everything derived from them for display.
@Suite struct ModelTests {
    static let api = "http://127.0.0.1:1/api/v2"
    static let origin = "http://127.0.0.1:1"

    static func record(_ id: Int) throws -> PokemonRecord {
        let fixture = try #require((Fixtures.pokemon + [Fixtures.hostilePokemon]).first { $0.id == id })
        return try PokemonRecord.decodeAPI(Fixtures.encode(Fixtures.detail(fixture, api: api, origin: origin)))
    }

    static func species(_ id: Int) throws -> SpeciesRecord {
        let fixture = try #require(Fixtures.species(id))
        return try SpeciesRecord.decodeAPI(Fixtures.encode(Fixtures.speciesJSON(fixture, api: api)))
    }

    static func displayName(_ id: Int) throws -> String {
        let record = try record(id)
        return DisplayName.of(record, species: try species(record.speciesID))
    }

    // MARK: Decoding

    @Test func detailProjectionKeepsWhatTheSiteShows() throws {
        let bulbasaur = try Self.record(1)
        #expect(bulbasaur.id == 1)
        #expect(bulbasaur.name == "bulbasaur")
        #expect(bulbasaur.speciesID == 1)
        #expect(bulbasaur.speciesName == "bulbasaur")
        #expect(bulbasaur.isDefault)
        #expect(bulbasaur.baseExperience == 64)
        #expect(bulbasaur.height == 7)
        #expect(bulbasaur.weight == 69)
        #expect(bulbasaur.types == ["grass", "poison"])
        #expect(
            bulbasaur.stats.map(\.name) == ["hp", "attack", "defense", "special-attack", "special-defense", "speed"]
        )
        #expect(bulbasaur.stats.map(\.value) == [45, 49, 49, 65, 65, 45])
        #expect(
            bulbasaur.abilities == [
                .init(name: "overgrow", isHidden: false, id: Fixtures.referenceID("overgrow"), slot: 1),
                .init(name: "chlorophyll", isHidden: true, id: Fixtures.referenceID("chlorophyll"), slot: 3),
            ]
        )
        #expect(bulbasaur.formID == 1)
        #expect(
            bulbasaur.sprites.officialArtwork == "\(Self.origin)/media/sprites/pokemon/other/official-artwork/1.png"
        )
        #expect(bulbasaur.sprites.home == "\(Self.origin)/media/sprites/pokemon/other/home/1.png")
        #expect(bulbasaur.sprites.frontDefault == "\(Self.origin)/media/sprites/pokemon/1.png")
        #expect(bulbasaur.sprites.candidates.count == 3)
    }

    @Test func movesAreKeptAsACompactLearnset() throws {
        let fixture = try #require(Fixtures.pokemon.first { $0.name == "pikachu" })
        let wire = Fixtures.encode(Fixtures.detail(fixture, api: Self.api, origin: Self.origin))
        #expect(String(decoding: wire, as: UTF8.self).contains("\"thunderbolt\""))
        let record = try PokemonRecord.decodeAPI(wire)
        // Ids only, in the learnset's one string: no names, no URLs.
        let projection = try JSONEncoder().encode(record)
        let text = String(decoding: projection, as: UTF8.self)
        #expect(!text.contains("thunderbolt") && !text.contains("move-learn-method"))
        #expect(record.learnset.entries.count == Fixtures.learnsets[25]!.count)
        #expect(
            record.learnset.entries(in: Fixtures.scarletViolet).contains(
                Learnset.Entry(versionGroup: Fixtures.scarletViolet, method: Fixtures.levelUp, move: 85, level: 36)
            )
        )
        #expect(projection.count * 3 < wire.count, "the projection should be a fraction of the detail")
    }

    @Test func nullsAndMissingSprites() throws {
        let busted = try Self.record(10143)
        #expect(busted.baseExperience == nil)
        #expect(!busted.isDefault)
        #expect(busted.speciesID == 778)
        #expect(busted.sprites.officialArtwork == nil)
        #expect(busted.sprites.home == nil)
        #expect(busted.sprites.candidates == ["\(Self.origin)/media/sprites/pokemon/10143.png"])

        let rockStar = try Self.record(10080)
        #expect(rockStar.sprites.candidates.isEmpty)
        #expect(rockStar.speciesID == 25)
    }

    @Test func spriteURLsThatAreNotHTTPAreNeverCandidates() throws {
        let hostile = try Self.record(Fixtures.hostileID)
        #expect(hostile.sprites.officialArtwork == "javascript:alert(3)")
        #expect(hostile.sprites.candidates.isEmpty)
    }

    @Test func speciesProjectionIsEnglishAndNormalised() throws {
        let bulbasaur = try Self.species(1)
        #expect(bulbasaur.englishName == "Bulbasaur")
        #expect(bulbasaur.genus == "Seed Pokémon")
        // The newest English entry, not the older one nor the Japanese one after it.
        #expect(
            bulbasaur.flavorText
                == "A seed sleeps on its back. It wakes as the Pokémon grows and soaks up sunlight all day."
        )
        #expect(try Self.species(29).englishName == "Nidoran♀")
        #expect(try Self.species(29).flavorText == "Small, but its barbs are poisonous.")
    }

    @Test func listPageTakesIDsFromURLs() throws {
        let json = """
            {"count": 1302, "next": "https://pokeapi.co/api/v2/pokemon?offset=2&limit=2", "previous": null,
             "results": [{"name": "bulbasaur", "url": "https://pokeapi.co/api/v2/pokemon/1/"},
                         {"name": "mr-mime-galar", "url": "https://pokeapi.co/api/v2/pokemon/10168/"}]}
            """
        let page = try ListPage.decodeAPI(Data(json.utf8))
        #expect(page.count == 1302)
        #expect(page.results == [.init(id: 1, name: "bulbasaur"), .init(id: 10168, name: "mr-mime-galar")])
    }

    @Test func decodingErrorsNameTheJSONPath() throws {
        let bad =
            #"{"count": 2, "results": [{"name": "a", "url": "https://pokeapi.co/api/v2/pokemon/1/"}, {"name": "b", "url": "https://pokeapi.co/api/v2/pokemon/x/"}]}"#
        #expect(throws: DecodingError.self) { try ListPage.decodeAPI(Data(bad.utf8)) }
        do {
            _ = try ListPage.decodeAPI(Data(bad.utf8))
        } catch let error as DecodingError {
            #expect(error.jsonPathAndDetail.path == "results[1].url")
        }

        var detail = Fixtures.detail(Fixtures.pokemon[0], api: Self.api, origin: Self.origin)
        var stats = detail["stats"] as! [[String: Any]]
        stats[1]["base_stat"] = "forty-nine"
        detail["stats"] = stats
        do {
            _ = try PokemonRecord.decodeAPI(Fixtures.encode(detail))
            Issue.record("decoded a string base_stat")
        } catch let error as DecodingError {
            #expect(error.jsonPathAndDetail.path == "stats[1].base_stat")
        }

        detail = Fixtures.detail(Fixtures.pokemon[0], api: Self.api, origin: Self.origin)
        detail.removeValue(forKey: "height")
        do {
            _ = try PokemonRecord.decodeAPI(Fixtures.encode(detail))
            Issue.record("decoded a detail without height")
        } catch let error as DecodingError {
            #expect(error.jsonPathAndDetail.path == "height")
            #expect(error.jsonPathAndDetail.detail == "missing key")
        }
    }

    // MARK: Display

    @Test(arguments: [
        (1, "Bulbasaur"), (83, "Farfetch’d"), (29, "Nidoran♀"), (122, "Mr. Mime"), (10168, "Mr. Mime (Galar)"),
        (772, "Type: Null"), (669, "Flabébé"), (10034, "Charizard (Mega X)"), (10080, "Pikachu (Rock Star)"),
        (10143, "Mimikyu (Busted)"),
    ])
    func displayNames(id: Int, expected: String) throws {
        #expect(try Self.displayName(id) == expected)
    }

    /// The cache keeps a Pokédex entry as one string; entries cached as objects before still read, and a name that
    /// the string form could not carry keeps the object form.
    @Test func aPokedexEntryIsCachedAsOneStringAndReadInEitherForm() throws {
        typealias Entry = SpeciesRecord.FlavorEntry
        let entry = Entry(
            text: "When several\tof these\nPOKéMON gather, \"their\" electricity…",
            version: .init(id: 1, name: "red"),
            language: "en"
        )
        let encoded = try JSONEncoder().encode([entry])
        #expect(String(decoding: encoded, as: UTF8.self).hasPrefix(#"["1 red en\t"#))
        #expect(try JSONDecoder().decode([Entry].self, from: encoded) == [entry])
        let older = #"[{"text":"Pika!","version":{"id":40,"name":"scarlet"},"language":"ja-hrkt"}]"#
        #expect(
            try JSONDecoder().decode([Entry].self, from: Data(older.utf8))
                == [Entry(text: "Pika!", version: .init(id: 40, name: "scarlet"), language: "ja-hrkt")]
        )
        let spaced = Entry(text: "x", version: .init(id: 2, name: "blue version"), language: "en\tgb")
        let kept = try JSONEncoder().encode([spaced])
        #expect(String(decoding: kept, as: UTF8.self).hasPrefix("[{"))
        #expect(try JSONDecoder().decode([Entry].self, from: kept) == [spaced])
        for malformed in [#"["1 red\tno language"]"#, #"["red en\ttext"]"#, #"["1 red en"]"#] {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode([Entry].self, from: Data(malformed.utf8)) }
        }
    }

    @Test func displayNameWithoutSpeciesFallsBackToTheAPIName() throws {
        #expect(DisplayName.of(try Self.record(10034), species: nil) == "Charizard (Mega X)")
        #expect(DisplayName.of(try Self.record(122), species: nil) == "Mr Mime")
    }

    @Test func numbers() {
        #expect(DisplayName.number(1) == "#0001")
        #expect(DisplayName.number(25) == "#0025")
        #expect(DisplayName.number(151) == "#0151")
        #expect(DisplayName.number(1025) == "#1025")
        #expect(DisplayName.number(10001) == "#10001")
    }

    @Test func units() {
        // Bulbasaur: 7 dm, 69 hg.
        #expect(Units.metres(decimetres: 7) == "0.7 m")
        #expect(Units.kilograms(hectograms: 69) == "6.9 kg")
        #expect(Units.feetAndInches(decimetres: 7) == "2′ 04″")
        #expect(Units.pounds(hectograms: 69) == "15.2 lb")
        // Charizard: 17 dm, 905 hg.
        #expect(Units.metres(decimetres: 17) == "1.7 m")
        #expect(Units.feetAndInches(decimetres: 17) == "5′ 07″")
        #expect(Units.kilograms(hectograms: 905) == "90.5 kg")
        #expect(Units.pounds(hectograms: 905) == "199.5 lb")
        // Flabébé: 1 dm, 1 hg.
        #expect(Units.metres(decimetres: 1) == "0.1 m")
        #expect(Units.feetAndInches(decimetres: 1) == "0′ 04″")
        #expect(Units.pounds(hectograms: 1) == "0.2 lb")
        // Whole metres keep their decimal.
        #expect(Units.metres(decimetres: 20) == "2.0 m")
        #expect(Units.kilograms(hectograms: 9999) == "999.9 kg")
    }

    @Test func flavorTextNormalisation() {
        #expect(FlavorText.normalise("A seed\nsleeps.") == "A seed sleeps.")
        #expect(FlavorText.normalise("Page one.\u{0C}Page two.") == "Page one. Page two.")
        #expect(FlavorText.normalise("sun\u{AD}\nlight") == "sunlight")
        #expect(FlavorText.normalise("sun\u{AD}light") == "sunlight")
        #expect(FlavorText.normalise("  two  \n\n spaces \u{0C} ") == "two spaces")
        #expect(FlavorText.normalise("this POKéMON") == "this Pokémon")
        #expect(FlavorText.normalise("POKéMON") == "Pokémon")
        #expect(FlavorText.normalise("a POKé BALL") == "a POKé BALL")
        #expect(FlavorText.normalise("") == "")
        #expect(FlavorText.holds("a\\nb", "\\n") && !FlavorText.holds("a\nb", "\\n") && !FlavorText.holds("", "\\n"))
        #expect(FlavorText.holds("\\n", "\\n") && !FlavorText.holds("\\", "\\n") && FlavorText.holds("xPOK", "POK"))
        #expect(FlavorText.holds("é", "é") && !FlavorText.holds("e", "é"))
    }

    /// A resource's id is its URL's last non-empty part, a whole number above zero.
    @Test func resourceIDsAreTheURLsLastPart() {
        let ids: [String: Int?] = [
            "https://pokeapi.co/api/v2/pokemon/25/": 25, "https://pokeapi.co/api/v2/pokemon/25": 25,
            "https://pokeapi.co/api/v2/pokemon/25//": 25, "25": 25, "/10091/": 10091,
            "https://pokeapi.co/api/v2/pokemon/": nil, "https://pokeapi.co/api/v2/pokemon/0/": nil,
            "https://pokeapi.co/api/v2/pokemon/-3/": nil, "https://pokeapi.co/api/v2/pokemon/2a/": nil,
            "": nil, "//": nil,
        ]
        for (url, id) in ids {
            #expect(resourceID(fromURL: url) == id, "\(url)")
        }
    }

    @Test func onlyLowercaseWordsJoinedBySingleDashesAreCleanSlugs() {
        for clean in ["a", "mr-mime-galar", "porygon2", "ho-oh", String(repeating: "a", count: 100)] {
            #expect(Slug.isClean(clean), "\(clean)")
        }
        for unclean in [
            "", "-", "-mime", "mime-", "mr--mime", "Mime", "mr mime", "mr_mime", "../x", "ni\u{F1}o",
            "mime.", String(repeating: "a", count: 101),
        ] {
            #expect(!Slug.isClean(unclean), "\(unclean)")
        }
    }

    @Test func slugs() {
        #expect(Slug.make(name: "mr-mime-galar", id: 10168) == "mr-mime-galar")
        let hostile = Slug.make(name: Fixtures.hostileName, id: Fixtures.hostileID)
        #expect(Slug.isClean(String(hostile.dropLast("-999".count))))
        #expect(hostile.hasSuffix("-999"))
        #expect(!hostile.contains("."))
        #expect(!hostile.contains("/"))
        #expect(Slug.make(name: "../..", id: 7) == "pokemon-7")
        #expect(Slug.make(name: "Nidoran♀", id: 29) == "nidoran-29")
    }

    // MARK: Favorites

    @Test func favoritesFileValid() throws {
        let file = try FavoritesFile.parse(
            Data(##"["pikachu", 6, "#025", " Mr. Mime "]"##.utf8),
            path: "favorites.json"
        )
        #expect(file.entries == [.name("pikachu"), .id(6), .name("#025"), .name(" Mr. Mime ")])
        #expect(file.entries.map(\.explicitID) == [nil, 6, 25, nil])
        #expect(try FavoritesFile.parse(Data("  \n".utf8), path: "f").entries.isEmpty)
        #expect(try FavoritesFile.parse(Data("[]".utf8), path: "f").entries.isEmpty)
    }

    @Test func favoritesFileMalformedSaysWhere() throws {
        let text = "[\n  \"pikachu\",\n  \"bulbasaur\"\n  \"charmander\"\n]\n"
        let error = try #require(throws: PokedexError.self) {
            try FavoritesFile.parse(Data(text.utf8), path: "favorites.json")
        }
        #expect(error.stage == .favorites)
        #expect(error.subject == "favorites.json")
        #expect(error.description.contains("line 4, column 3"), "\(error.description)")
        #expect(error.hint?.contains("left untouched") == true)
        #expect(error.exitCode == 1)
    }

    @Test func favoritesTrailingCommaIsMalformed() throws {
        // Foundation's decoder would accept it; the file must be strict JSON so the browser and other tools read it.
        let error = try #require(throws: PokedexError.self) {
            try FavoritesFile.parse(Data("[\"pikachu\",\n]\n".utf8), path: "favorites.json")
        }
        #expect(error.description.contains("line 2, column 1"), "\(error.description)")
    }

    @Test func favoritesEntriesThatAreNeither() throws {
        let error = try #require(throws: PokedexError.self) {
            try FavoritesFile.parse(Data(#"["pikachu", true, 6]"#.utf8), path: "favorites.json")
        }
        #expect(
            error.description.contains("entry 2 (line 1, column 13) is neither a name nor an id"),
            "\(error.description)"
        )

        let object = try #require(throws: PokedexError.self) {
            try FavoritesFile.parse(Data(#"{"favorites": ["pikachu"]}"#.utf8), path: "favorites.json")
        }
        #expect(object.description.contains("expected a JSON array"), "\(object.description)")
    }

    static func entries() throws -> [PokemonEntry] {
        var records: [Int: PokemonRecord] = [:]
        for fixture in Fixtures.pokemon { records[fixture.id] = try record(fixture.id) }
        var species: [Int: SpeciesRecord] = [:]
        for fixture in Fixtures.species { species[fixture.id] = try Self.species(fixture.id) }
        let list = Fixtures.pokemon.map { ListPage.Entry(id: $0.id, name: $0.name) }
        return Pokedex.entries(list: list, records: records, species: species, images: [:])
    }

    @Test func favoritesResolution() throws {
        let entries = try Self.entries()
        let file = FavoritesFile(entries: [
            .name("pikachu"), .name("#006"), .id(10034), .name("Mr. Mime"), .name("FARFETCHD"), .name("Type: Null"),
            .name("pikachuu"), .name("bulbasuar"), .name("zzzzzzzzzz"), .id(4),
        ])
        let resolution = FavoritesResolution.resolve(file, against: entries)
        // In the site's order (a form right after its species), whatever the file's order.
        #expect(resolution.ids == [6, 10034, 25, 83, 122, 772])
        #expect(resolution.unknown.map(\.entry) == ["pikachuu", "bulbasuar", "zzzzzzzzzz", "4"])
        #expect(resolution.unknown.map(\.suggestion) == ["pikachu", "bulbasaur", nil, nil])
    }

    @Test func entriesGetUniqueCleanSlugs() throws {
        var records: [Int: PokemonRecord] = [:]
        for fixture in Fixtures.pokemon { records[fixture.id] = try Self.record(fixture.id) }
        records[Fixtures.hostileID] = try Self.record(Fixtures.hostileID)
        var list = Fixtures.pokemon.map { ListPage.Entry(id: $0.id, name: $0.name) }
        list.append(.init(id: Fixtures.hostileID, name: Fixtures.hostileName))
        let entries = Pokedex.entries(list: list, records: records, species: [:], images: [:])
        #expect(entries.count == 13)
        #expect(Set(entries.map(\.slug)).count == 13)
        for entry in entries {
            #expect(
                entry.slug.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") },
                "\(entry.slug)"
            )
        }
    }

    @Test func aBuildKeepsOnlyThePokedexEntriesItsLanguagesCanShow() {
        let red = SpeciesRecord.ResourceLink(id: 1, name: "red")
        var species = SpeciesRecord(
            id: 25,
            name: "pikachu",
            englishName: "Pikachu",
            names: [],
            evolutionChainID: nil,
            varieties: []
        )
        species.entries = ["en", "fr", "ja", "ja-hrkt", "ko", "de"].map {
            SpeciesRecord.FlavorEntry(text: "entry in \($0)", version: red, language: $0)
        }
        func kept(_ languages: [String]) -> [String] {
            species.keepingEntries(in: SpeciesRecord.entryLanguages(shownIn: languages)).entries.map(\.language)
        }
        // Japanese pages fall back to kana, then English; English pages show only English.
        #expect(kept(["ja"]) == ["en", "ja", "ja-hrkt"])
        #expect(kept(["en"]) == ["en"])
        #expect(kept(["en", "fr", "ko"]) == ["en", "fr", "ko"])
        // PokeAPI's codes in any case, as the options may hold them.
        #expect(kept(["FR"]) == ["en", "fr"])
        // What every page shows is unchanged.
        let japanese = species.keepingEntries(in: SpeciesRecord.entryLanguages(shownIn: ["ja", "fr"]))
        for language in ["ja", "fr", "en"] {
            #expect(japanese.entries(in: language) == species.entries(in: language))
            #expect(japanese.flavorText(in: language) == species.flavorText(in: language))
        }
    }

    @Test func theLoaderDropsTheEntriesNoBuiltLanguageShowsAsEachSpeciesArrives() async throws {
        try await withEnvironment { env in
            try await env.build()
            func bulbasaurEntryLanguages(_ languages: Set<String>?) async throws -> [String] {
                let store = CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger)
                let loader = ResourceLoader(
                    store: store,
                    fetcher: nil,
                    mode: .offline,
                    apiBase: env.server.apiBase,
                    logger: quietLogger
                )
                let data = try await DataSetLoader(
                    apiBase: env.server.apiBase,
                    listPageSize: 5,
                    limit: nil,
                    concurrency: 2,
                    entryLanguages: languages,
                    loader: loader
                )
                .load(snapshot: SnapshotProvider(.off, logger: quietLogger))
                return try #require(data.species[1]).entries.map(\.language)
            }
            // The snapshot keeps every language; an English site only English.
            #expect(try await bulbasaurEntryLanguages(nil) == ["en", "en", "ja"])
            #expect(try await bulbasaurEntryLanguages(SpeciesRecord.entryLanguages(shownIn: ["en"])) == ["en", "en"])
            #expect(
                try await bulbasaurEntryLanguages(SpeciesRecord.entryLanguages(shownIn: ["ja"])) == ["en", "en", "ja"]
            )
        }
    }
}
