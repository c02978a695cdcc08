import Foundation
import Testing
@testable import PokedexKit

/// The index's data scripts: `pokedex-data.js` (positional rows with types, generation and stats, for filters and
/// sort) and `pokedex-names.js` (the names in every language, loaded by search).
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
    static func picture(_ script: String, id: Int) throws -> (image: String, width: Int, height: Int, thumbnails: [Int]) {
        let payload = try #require(try json(Data(script.utf8), "POKEDEX_DATA") as? [String: Any])
        let rows = try #require(payload["pokemon"] as? [[Any]])
        let row = try #require(rows.first { $0[0] as? Int == id })
        let shape = try #require(payload["pic"] as? [Any])
        let own = row.count > 6 ? row[6] as? [Any] : nil
        let parts = own ?? ["images/\(id).png"] + shape
        return (try #require(parts[0] as? String), try #require(parts[1] as? Int), try #require(parts[2] as? Int),
                try #require(parts[3] as? [Int]))
    }

    /// Compact JSON of a value parsed from a script, to compare with a literal.
    static func text(_ value: Any?) throws -> String {
        let value = try #require(value)
        return String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.withoutEscapingSlashes]),
                      as: UTF8.self)
    }

    static func pokedex() throws -> Pokedex {
        var entries = try ModelTests.entries()
        // Most pictures local, at the usual path, with thumbnails; one of another size, one remote.
        for index in entries.indices {
            let id = entries[index].id
            entries[index].image = .local(path: "images/\(id).png", width: 475, height: 475)
            entries[index].thumbnails = [Thumbnail(path: "images/\(id)-256.webp", width: 256, height: 256),
                                         Thumbnail(path: "images/\(id)-384.webp", width: 384, height: 384)]
        }
        let typeNull = try #require(entries.firstIndex { $0.id == 772 })
        entries[typeNull].image = .local(path: "images/772.png", width: 96, height: 96)
        entries[typeNull].thumbnails = []
        let pikachu = try #require(entries.firstIndex { $0.id == 25 })
        entries[pikachu].image = .remote(url: "https://example.com/25.png")
        entries[pikachu].thumbnails = []
        return Pokedex(entries: entries, favorites: FavoritesResolution(ids: [6]), dataAge: nil)
    }

    @Test func theDataScriptIsPositionalRowsWithTypesGenerationAndStats() throws {
        let pokedex = try Self.pokedex()
        let data = try DataScript.make(pokedex, perPage: 5, namesScript: "assets/pokedex-names.12345678.js")
        let payload = try #require(try Self.json(data, "POKEDEX_DATA") as? [String: Any])
        #expect(payload["version"] as? Int == 2)
        #expect(payload["names"] as? String == "assets/pokedex-names.12345678.js")
        #expect(payload["favorites"] as? [Int] == [6])
        #expect(payload["pageCount"] as? Int == SiteRenderer.pageCount(pokemon: pokedex.entries.count, perPage: 5))
        let types = try #require(payload["types"] as? [String])
        #expect(Set(types).count == types.count)
        // The usual picture: the commonest shape, 475×475 with two thumbnails.
        #expect(try Self.text(payload["pic"]) == "[475,475,[256,384]]")
        let rows = try #require(payload["pokemon"] as? [[Any]])
        #expect(rows.map { $0[0] as? Int } == pokedex.entries.map(\.id))
        for (row, entry) in zip(rows, pokedex.entries) {
            #expect(row[1] as? String == entry.slug)
            #expect(row[2] as? String == entry.displayName)
            #expect((row[3] as? [Int])?.map { types[$0] } == entry.record.types)
            #expect(row[4] as? Int == (entry.species?.generation ?? 0))
            let stats = Dictionary(entry.record.stats.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
            #expect(row[5] as? [Int] == DataScript.statNames.map { stats[$0] ?? 0 }, "\(entry.slug)")
        }
        func row(_ id: Int) throws -> [Any] { try #require(rows.first { $0[0] as? Int == id }) }
        // Charizard: Fire and Flying, generation 1, and its Mega form takes its species' generation.
        #expect((try row(6)[3] as? [Int])?.map { types[$0] } == ["fire", "flying"])
        #expect(try row(6)[4] as? Int == 1)
        #expect(try row(10034)[4] as? Int == 1)
        #expect(try row(772)[4] as? Int == 7)
        #expect(try row(10143)[4] as? Int == 7)
        #expect(try row(6)[5] as? [Int] == [78, 84, 78, 109, 85, 100])
        // The usual picture is left out; the others carry [image, w, h, [widths]].
        #expect(try row(6).count == 6)
        #expect(try row(772).count == 7)
        #expect(try Self.text(try row(772)[6]) == #"["images/772.png",96,96,[]]"#)
        #expect(try Self.text(try row(25)[6]) == #"["https://example.com/25.png",475,475,[]]"#)
        // No keys per Pokémon, no number (app.js derives it from the id).
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("\"slug\"") && !text.contains("#006"))
    }

    @Test func theNamesScriptHasEveryLanguageOncePerSpeciesWithItsForms() throws {
        let pokedex = try Self.pokedex()
        let names = try DataScript.names(pokedex)
        let payload = try #require(try Self.json(names, "POKEDEX_NAMES") as? [String: Any])
        #expect(payload["version"] as? Int == 1)
        let species = try #require(payload["species"] as? [[Any]])
        func entry(_ id: Int) throws -> (ids: [Int], names: [String]) {
            let found = try #require(species.first { ($0[0] as? [Int])?.contains(id) == true })
            return (found[0] as? [Int] ?? [], found.dropFirst().compactMap { $0 as? String })
        }
        // Every language the species has, each spelling once ("Pikachu" is the English and the French name).
        for pokemon in pokedex.entries {
            guard let record = pokemon.species else { continue }
            if record.names.isEmpty {
                #expect(!species.contains { ($0[0] as? [Int])?.contains(pokemon.id) == true }, "\(record.name)")
                continue
            }
            let expected = record.names.map(\.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            #expect(try entry(pokemon.id).names == expected, "\(record.name)")
        }
        #expect(try entry(25).names == ["ピカチュウ", "Pikachu"])
        #expect(try entry(669).names.contains("Flabébé"))
        // Forms under their species, once.
        #expect(try entry(6).ids == [6, 10034])
        #expect(try entry(10034).ids == [6, 10034])
        let allIDs = species.flatMap { $0[0] as? [Int] ?? [] }
        #expect(allIDs.count == Set(allIDs).count)
    }

    @Test func hostileNamesStayInsideTheScript() throws {
        var entries = try ModelTests.entries()
        var records: [Int: PokemonRecord] = [Fixtures.hostileID: try ModelTests.record(Fixtures.hostileID)]
        records[Fixtures.hostileID]?.name = Fixtures.hostileName
        let species = [Fixtures.hostileID: try ModelTests.species(Fixtures.hostileID)]
        entries += Pokedex.entries(list: [.init(id: Fixtures.hostileID, name: Fixtures.hostileName)], records: records,
                                   species: species, images: [:])
        let pokedex = Pokedex(entries: entries, favorites: FavoritesResolution(), dataAge: nil)
        let lineBreaker = "a\u{2028}b"
        var withBreaker = pokedex
        withBreaker.entries[withBreaker.entries.count - 1].species?.names.append(.init(language: "xx", name: lineBreaker))
        for script in [try DataScript.names(withBreaker),
                       try DataScript.make(withBreaker, perPage: 5, namesScript: "assets/pokedex-names.1.js")] {
            let text = String(decoding: script, as: UTF8.self)
            #expect(!text.contains("<") && !text.contains("\u{2028}") && !text.contains("\u{2029}"))
            #expect(text.contains("\\u003cscript>alert(2)\\u003c/script>"))
        }
        // Still the same names once parsed.
        let payload = try #require(try Self.json(try DataScript.names(withBreaker), "POKEDEX_NAMES") as? [String: Any])
        let hostile = try #require((payload["species"] as? [[Any]])?.first { ($0[0] as? [Int]) == [Fixtures.hostileID] })
        #expect(hostile.dropFirst().compactMap { $0 as? String } == [Fixtures.hostileName, lineBreaker])
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
