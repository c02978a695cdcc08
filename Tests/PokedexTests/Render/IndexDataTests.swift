import Foundation
import PokedexSite
import Testing

@testable import PokedexModel
@testable import PokedexRender
@testable import PokedexSource
@testable import PokedexSupport

/// The index's data scripts: `pokedex-data.js` (positional rows with types and generation, for filters and sort),
/// `pokedex-stats.js` (base stats, loaded by a sort by them) and `pokedex-names.js` (the names in every language,
/// loaded by search).
@Suite struct IndexDataTests {
    /// The JSON of `window.<variable> = …;`.
    static func json(_ script: Data, _ variable: String) throws -> Any {
        let text = String(decoding: script, as: UTF8.self)
        let prefix = "window.\(variable) = "
        #expect(text.hasPrefix(prefix) && text.hasSuffix(";\n"))
        let body = text.dropFirst(prefix.count).dropLast(2)
        return try JSONSerialization.jsonObject(with: Data(body.utf8))
    }

    /// A Pokémon's picture as app.js reads it from the data script: its own, or the usual one.
    static func picture(_ script: String, id: Int) throws -> (image: String, width: Int, height: Int, thumbnails: [Int])
    {
        let payload = try #require(try json(Data(script.utf8), "POKEDEX_DATA") as? [String: Any])
        let rows = try #require(payload["pokemon"] as? [[Any]])
        let row = try #require(rows.first { $0[0] as? Int == id })
        let shape = try #require(payload["pic"] as? [Any])
        let own = row.count > 7 ? row[7] as? [Any] : nil
        let pattern = try #require(shape[3] as? String)
        let parts = own ?? [pattern.replacingOccurrences(of: "{id}", with: String(id))] + shape.prefix(3)
        return (
            try #require(parts[0] as? String), try #require(parts[1] as? Int), try #require(parts[2] as? Int),
            try #require(parts[3] as? [Int])
        )
    }

    /// Compact JSON of a value parsed from a script, to compare with a literal.
    static func text(_ value: Any?) throws -> String {
        let value = try #require(value)
        return String(
            decoding: try JSONSerialization.data(withJSONObject: value, options: [.withoutEscapingSlashes]),
            as: UTF8.self
        )
    }

    static func pokedex() throws -> Pokedex {
        var entries = try ModelTests.entries()
        // Most pictures local, at the usual path, with thumbnails; one of another size, one remote.
        for index in entries.indices {
            let id = entries[index].id
            entries[index].image = .local(path: "images/\(id).png", width: 475, height: 475)
            entries[index].thumbnails = [
                Thumbnail(path: "images/\(id)-256.webp", width: 256, height: 256),
                Thumbnail(path: "images/\(id)-384.webp", width: 384, height: 384),
            ]
        }
        let typeNull = try #require(entries.firstIndex { $0.id == 772 })
        entries[typeNull].image = .local(path: "images/772.png", width: 96, height: 96)
        entries[typeNull].thumbnails = []
        let pikachu = try #require(entries.firstIndex { $0.id == 25 })
        entries[pikachu].image = .remote(url: "https://example.com/25.png")
        entries[pikachu].thumbnails = []
        return Pokedex(entries: entries, favorites: FavoritesResolution(ids: [6]), dataAge: nil)
    }

    @Test func theDataScriptIsPositionalRowsWithTypesAndGenerationAndTheStatsAScriptOfTheirOwn() throws {
        let pokedex = try Self.pokedex()
        let data = try DataScript.make(
            pokedex,
            perPage: 5,
            namesScript: "assets/pokedex-names.12345678.js",
            statsScript: "assets/pokedex-stats.87654321.js"
        )
        let payload = try #require(try Self.json(data, "POKEDEX_DATA") as? [String: Any])
        #expect(payload["version"] as? Int == 4)
        #expect(payload["names"] as? String == "assets/pokedex-names.12345678.js")
        #expect(payload["stats"] as? String == "assets/pokedex-stats.87654321.js")
        #expect(payload["favorites"] as? [Int] == [6])
        #expect(payload["pageCount"] as? Int == SiteRenderer.pageCount(pokemon: pokedex.listed.count, perPage: 5))
        let types = try #require(payload["types"] as? [String])
        #expect(Set(types).count == types.count)
        // The usual picture: the commonest shape, 475×475 with two thumbnails, at images/<id>.png.
        #expect(try Self.text(payload["pic"]) == #"[475,475,[256,384],"images/{id}.png"]"#)
        let rows = try #require(payload["pokemon"] as? [[Any]])
        #expect(rows.map { $0[0] as? Int } == pokedex.entries.map(\.id))
        for (row, entry) in zip(rows, pokedex.entries) {
            #expect(row[1] as? String == entry.slug)
            #expect(row[2] as? String == entry.displayName)
            #expect((row[3] as? [Int])?.map { types[$0] } == entry.record.types)
            #expect(row[4] as? Int == (entry.generation ?? 0))
            // The national number where it is not the id (a form's), else 0.
            #expect(row[5] as? Int == (entry.record.speciesID == entry.id ? 0 : entry.record.speciesID))
            // 0: a species; 1: a form that plays differently; 2: one that only looks different (left out of lists).
            #expect(row[6] as? Int == (!entry.isForm ? 0 : entry.isListed ? 1 : 2))
        }
        func row(_ id: Int) throws -> [Any] { try #require(rows.first { $0[0] as? Int == id }) }
        // Charizard: Fire and Flying, generation 1; its Mega form, number 6, takes its species' generation when
        // its form record is not had (these entries are made without).
        #expect((try row(6)[3] as? [Int])?.map { types[$0] } == ["fire", "flying"])
        #expect(try row(6)[4] as? Int == 1)
        #expect(try row(10034)[4] as? Int == 1)
        #expect(try row(772)[4] as? Int == 7)
        #expect(try row(10143)[4] as? Int == 7)
        // The usual picture is left out; the others carry [image, w, h, [widths]].
        #expect(try row(10034)[5] as? Int == 6 && row(10034)[6] as? Int == 1)
        #expect(try row(6).count == 7)
        #expect(try row(772).count == 8)
        #expect(try Self.text(try row(772)[7]) == #"["images/772.png",96,96,[]]"#)
        #expect(try Self.text(try row(25)[7]) == #"["https://example.com/25.png",475,475,[]]"#)
        // No keys per Pokémon, no formatted number (app.js makes "#0006" from the id), no stats.
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("\"slug\"") && !text.contains("#0006") && !text.contains("109,85,100"))
        // The stats: their own script, in site order.
        let stats = try #require(try Self.json(try DataScript.stats(pokedex), "POKEDEX_STATS") as? [String: Any])
        #expect(stats["version"] as? Int == 1)
        let statRows = try #require(stats["pokemon"] as? [[Int]])
        #expect(statRows.map { $0[0] } == pokedex.entries.map(\.id))
        #expect(statRows.first { $0[0] == 6 } == [6, 78, 84, 78, 109, 85, 100])
    }

    @Test func remotePicturesAreOnePatternWithTheirIds() throws {
        var pokedex = try Self.pokedex()
        for index in pokedex.entries.indices {
            pokedex.entries[index].image = .remote(url: "https://example.org/artwork/\(pokedex.entries[index].id).png")
            pokedex.entries[index].thumbnails = []
        }
        let type = try #require(pokedex.entries.firstIndex { $0.id == 772 })
        pokedex.entries[type].image = .placeholder
        let data = String(
            decoding: try DataScript.make(pokedex, perPage: 5, namesScript: "n.js", statsScript: "s.js"),
            as: UTF8.self
        )
        #expect(try Self.picture(data, id: 25).image == "https://example.org/artwork/25.png")
        #expect(try Self.picture(data, id: 772).image == "assets/placeholder.svg")
        // The URL once, in the pattern, not once a row.
        #expect(data.components(separatedBy: "https://example.org").count == 2)
    }

    /// The names script's entries as (ids, [(spelling, language codes)]).
    static func namesEntries(_ payload: [String: Any]) throws -> [(ids: [Int], names: [(String, [String])])] {
        let languages = try #require(payload["languages"] as? [[String]]).map { $0[0] }
        return try #require(payload["entries"] as? [[Any]]).map { entry in
            var names: [(String, [String])] = []
            var index = 1
            while index + 1 < entry.count {
                let mask = entry[index + 1] as? Int ?? 0
                names.append(
                    (
                        entry[index] as? String ?? "",
                        languages.indices.filter { mask & (1 << $0) != 0 }.map { languages[$0] }
                    )
                )
                index += 2
            }
            return (entry[0] as? [Int] ?? [], names)
        }
    }

    @Test func theNamesScriptHasEveryLanguageOncePerSpeciesAndEachFormsOwnNames() throws {
        var pokedex = try Self.pokedex()
        let charizardX = try #require(pokedex.entries.firstIndex { $0.id == 10034 })
        pokedex.entries[charizardX].formNames = [
            .init(language: "en", name: "Mega Charizard X"),
            .init(language: "fr", name: "Méga-Dracaufeu X"),
        ]
        let names = try DataScript.names(pokedex)
        let payload = try #require(try Self.json(names, "POKEDEX_NAMES") as? [String: Any])
        #expect(payload["version"] as? Int == 2)
        let languages = try #require(payload["languages"] as? [[String]])
        #expect(languages.contains(["ja-hrkt", "Japanese (kana)", "ja-Hrkt"]))
        let entries = try Self.namesEntries(payload)
        func species(_ id: Int) throws -> (ids: [Int], names: [(String, [String])]) {
            try #require(entries.first { $0.ids.first == id })
        }
        // Every language the species has, each spelling once with every language that writes it.
        for pokemon in pokedex.entries where !pokemon.isForm {
            guard let record = pokemon.species, !record.names.isEmpty else { continue }
            let expected = record.names.map(\.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            #expect(try species(pokemon.id).names.map(\.0) == expected, "\(record.name)")
        }
        #expect(try species(25).names.map(\.0) == ["ピカチュウ", "Pikachu"])
        #expect(try species(25).names[1].1 == ["fr", "en"])
        #expect(try species(669).names.map(\.0).contains("Flabébé"))
        // A species' names reach its forms; a form's own names reach it alone.
        #expect(try species(6).ids == [6, 10034])
        let own = try #require(entries.first { $0.ids == [10034] })
        #expect(own.names.map(\.0) == ["Mega Charizard X", "Méga-Dracaufeu X"])
        #expect(own.names.map(\.1) == [["en"], ["fr"]])
    }

    @Test func hostileNamesStayInsideTheScript() throws {
        var entries = try ModelTests.entries()
        var records: [Int: PokemonRecord] = [Fixtures.hostileID: try ModelTests.record(Fixtures.hostileID)]
        records[Fixtures.hostileID]?.name = Fixtures.hostileName
        let species = [Fixtures.hostileID: try ModelTests.species(Fixtures.hostileID)]
        entries += Pokedex.entries(
            list: [.init(id: Fixtures.hostileID, name: Fixtures.hostileName)],
            records: records,
            species: species,
            images: [:]
        )
        let pokedex = Pokedex(entries: entries, favorites: FavoritesResolution(), dataAge: nil)
        let lineBreaker = "a\u{2028}b"
        var withBreaker = pokedex
        withBreaker.entries[withBreaker.entries.count - 1].species?.names.append(
            .init(language: "xx", name: lineBreaker)
        )
        for script in [
            try DataScript.names(withBreaker),
            try DataScript.make(
                withBreaker,
                perPage: 5,
                namesScript: "assets/pokedex-names.1.js",
                statsScript: "assets/pokedex-stats.1.js"
            ),
        ] {
            let text = String(decoding: script, as: UTF8.self)
            #expect(!text.contains("<") && !text.contains("\u{2028}") && !text.contains("\u{2029}"))
            #expect(text.contains("\\u003cscript>alert(2)\\u003c/script>"))
        }
        // Still the same names once parsed.
        let payload = try #require(try Self.json(try DataScript.names(withBreaker), "POKEDEX_NAMES") as? [String: Any])
        let hostile = try #require(try Self.namesEntries(payload).first { $0.ids == [Fixtures.hostileID] })
        #expect(hostile.names.map(\.0) == [Fixtures.hostileName, lineBreaker])
    }

    @Test func theNamesScriptIsPublishedUnderItsHashNamedByTheDataScriptAndCachedByTheWorker() async throws {
        let pokedex = try Self.pokedex()
        let site = try await SiteRenderer(theme: try Theme(overrides: nil), perPage: 5).render(pokedex)
        func bytes(_ prefix: String) throws -> (path: String, data: Data) {
            let file = try #require(site.files.first { $0.path.hasPrefix(prefix) })
            guard case .bytes(let data) = file.content else { throw PokedexError(.render, file.path, .other("kept")) }
            return (file.path, data)
        }
        let names = try bytes("assets/pokedex-names.")
        #expect(names.path == SiteRenderer.hashedName(SiteRenderer.namesScript, names.data))
        #expect(names.data == (try DataScript.names(pokedex)))
        let data = try bytes("assets/pokedex-data.")
        let payload = try #require(try Self.json(data.data, "POKEDEX_DATA") as? [String: Any])
        #expect(payload["names"] as? String == names.path)
        #expect(String(decoding: try bytes("sw.js").data, as: UTF8.self).contains("'\(names.path)'"))
        // The index loads the data script on arrival, not the names.
        let index = String(decoding: try bytes("index.html").data, as: UTF8.self)
        #expect(index.contains(data.path) && !index.contains("pokedex-names"))
    }
}
