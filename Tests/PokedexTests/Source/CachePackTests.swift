import Foundation
import Testing

@testable import PokedexPipeline
@testable import PokedexSource
@testable import PokedexSupport

/// The cache's compact store: the same values as the JSON entries, used only while their files are unchanged,
/// and made anew from the JSON when it cannot be read.
@Suite struct CachePackTests {
    /// Every JSON entry a build wrote, read once as JSON and once from the pack the build left: equal values.
    @Test func thePackHoldsWhatTheJSONEntriesHold() async throws {
        try await withEnvironment { env in
            try await env.build()
            let plain = CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger)
            let packed = try plain.withPack()
            let pack = try #require(packed.pack)
            let keys = try Self.jsonKeys(in: plain.folder)
            // A slot for every entry of the cache: the resources, the images' metadata.
            let slots = try #require(CachePack.index(try Data(contentsOf: plain.packFile)))
            // (The thumbnails' index is the thumbnailer's own file, not an entry.)
            #expect(Set(slots.keys) == Set(keys.filter { !$0.hasPrefix("thumbnails/") }))
            #expect(keys.count > CacheTests.jsonResources + CacheTests.images - 1)
            func same<Body: Codable & Sendable & Equatable>(_ prefix: String, _ type: Body.Type) throws -> Int {
                var compared = 0
                for key in keys where key.hasPrefix(prefix + "/") {
                    let fromJSON = try #require(try plain.read(key, as: type))
                    let fromPack = try #require(try packed.read(key, as: type))
                    #expect(fromPack.body == fromJSON.body, "\(key)")
                    #expect(fromPack.metadata == fromJSON.metadata, "\(key)")
                    compared += 1
                }
                return compared
            }
            #expect(try same("pokemon", PokemonRecord.self) == 12)
            #expect(try same("species", SpeciesRecord.self) == 9)
            #expect(try same("evolution-chain", EvolutionChainRecord.self) == 9)
            #expect(try same("move", MoveRecord.self) == 9)
            #expect(try same("machine", MachineRecord.self) == 5)
            #expect(try same("type", TypeRecord.self) == 11)
            #expect(try same("ability", AbilityRecord.self) == 23)
            #expect(try same("pokemon-form", FormRecord.self) == 4)
            #expect(try same("version-group", VersionGroupRecord.self) == 6)
            #expect(try same("item", ItemRecord.self) == 14)
            // The Mega Stones' category by name, the 2 the items shown whole are in by id.
            #expect(try same("item-category", ItemCategoryRecord.self) == 3)
            #expect(try same("encounters", EncountersRecord.self) == 12)
            #expect(try same("location-area", LocationAreaRecord.self) == 6)
            #expect(try same("location", LocationRecord.self) == 4)
            #expect(try same("nature", NatureRecord.self) == 3)
            // Every one of them from the pack, none learned from JSON.
            #expect(pack.counts.served == 12 + 9 + 9 + 9 + 5 + 11 + 23 + 4 + 6 + 14 + 3 + 12 + 6 + 4 + 3)
            #expect(pack.counts.learned == 0)
            #expect(try pack.close() == false)
        }
    }

    @Test func anEntryWhoseFileChangedIsReadFromTheFile() async throws {
        try await withEnvironment { env in
            try await env.build()
            let plain = CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger)
            var entry = try #require(try plain.read("pokemon/25", as: PokemonRecord.self))
            entry.body.name = "pikachu-edited"
            try plain.write(entry, key: "pokemon/25")

            let packed = try plain.withPack()
            let pack = try #require(packed.pack)
            #expect(try packed.read("pokemon/25", as: PokemonRecord.self)?.body.name == "pikachu-edited")
            #expect(try packed.read("pokemon/1", as: PokemonRecord.self)?.body.name == "bulbasaur")
            #expect(pack.counts.served == 1)
            #expect(pack.counts.learned == 1)
            #expect(try pack.close())

            // The pack written again holds the new entry, and serves it without reading the JSON.
            let reread = try plain.withPack()
            #expect(try reread.read("pokemon/25", as: PokemonRecord.self)?.body.name == "pikachu-edited")
            #expect(reread.pack?.counts.served == 1)
            #expect(reread.pack?.counts.learned == 0)
        }
    }

    @Test func anEntryReadAsAnotherTypeIsNotServedFromThePack() async throws {
        try await withEnvironment { env in
            try await env.build()
            let packed = try CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger).withPack()
            // The same key as a type whose shape does not fit: the JSON says so (nil), not a misread slot.
            #expect(try packed.read("pokemon/25", as: TypeRecord.self) == nil)
            #expect(packed.pack?.counts.served == 0)
        }
    }

    /// A pack cut short by hand while a build has it open: that build reads the entries it lost as JSON (under a
    /// mapping, the first of them would have stopped the process with SIGBUS), and does not write a pack from it.
    @Test func aPackCutShortWhileOpenServesWhatItStillHoldsAndTheRestAsJSON() async throws {
        try await withEnvironment { env in
            try await env.build()
            let plain = CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger)
            let whole = try Data(contentsOf: plain.packFile)
            let slots = try #require(CachePack.index(whole))
            let packed = try plain.withPack()
            let pack = try #require(packed.pack)
            // Cut in place (not replaced), halfway through the Pokémon: the open pack now ends there.
            let pokemon = slots.filter { $0.key.hasPrefix("pokemon/") }.sorted {
                $0.value.body.lowerBound < $1.value.body.lowerBound
            }
            #expect(pokemon.count == 12)
            let half = pokemon[pokemon.count / 2].value.body.lowerBound
            let handle = try FileHandle(forWritingTo: plain.packFile)
            try handle.truncate(atOffset: UInt64(half))
            try handle.close()
            let (early, late) = (pokemon[0].key, pokemon[pokemon.count - 1].key)
            let earlyRecord = try #require(try packed.read(early, as: PokemonRecord.self))
            let lateRecord = try #require(try packed.read(late, as: PokemonRecord.self))
            #expect(earlyRecord.body == (try plain.read(early, as: PokemonRecord.self))?.body)
            #expect(lateRecord.body == (try plain.read(late, as: PokemonRecord.self))?.body)
            #expect(pack.counts.served == 1)
            #expect(pack.counts.learned == 1)
            // Writing it again would copy slots it no longer holds: refused, so the next build makes it anew.
            #expect(throws: PokedexError.self) { try pack.close() }
            #expect(try Data(contentsOf: plain.packFile).count == half)
        }
    }

    /// A pack cut short (a full disk, a copy interrupted) or of another format is set aside: the build reads the
    /// JSON, makes the same site, and writes the pack whole again.
    @Test(arguments: ["torn", "foreign", "empty"])
    func anUnreadablePackIsMadeAnewFromTheJSON(_ damage: String) async throws {
        try await withEnvironment { env in
            try await env.build()
            let store = CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger)
            let whole = try Data(contentsOf: store.packFile)
            let page = try env.read("pokemon/pikachu.html")
            switch damage {
            case "torn": try whole.prefix(whole.count / 2).write(to: store.packFile)
            case "foreign": try Data("PKDXPACK\u{2}\0\0\0".utf8 + whole.dropFirst(12)).write(to: store.packFile)
            default: try Data().write(to: store.packFile)
            }
            #expect(CachePack.index(try Data(contentsOf: store.packFile)) == nil)
            try FileManager.default.removeItem(at: env.output)

            let summary = try await env.build()
            #expect(summary.network.requests == 0)
            #expect(try env.read("pokemon/pikachu.html") == page)
            let rewritten = try Data(contentsOf: store.packFile)
            #expect(rewritten == whole)
        }
    }

    static func jsonKeys(in folder: URL) throws -> [String] {
        let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
            .sorted()
    }
}

/// The compact form itself: what it round-trips, and bytes it did not write.
@Suite struct CompactCoderTests {
    struct Sample: Codable, Equatable {
        enum Kind: String, Codable { case one, two }
        var text: String
        var number: Int
        var big: Int64
        var small: Int8
        var unsigned: UInt64
        var ratio: Double
        var flag: Bool
        var missing: String?
        var present: Int?
        var list: [Int]
        var nested: [[String]]
        var byName: [String: Double]
        var byNumber: [Int: String]
        var kind: Kind
        var children: [Sample]
    }

    static let sample = Sample(
        text: "Pokémon \u{00AD}\u{000C}<b>&\"'\t",
        number: -25,
        big: .min,
        small: -128,
        unsigned: .max,
        ratio: 0.1 + 0.2,
        flag: true,
        missing: nil,
        present: 0,
        list: [1, 2, 3],
        nested: [[], ["ピカチュウ", ""]],
        byName: ["weight": 6.0, "": -0.0],
        byNumber: [25: "pikachu", -1: "none"],
        kind: .two,
        children: [
            Sample(
                text: "",
                number: 0,
                big: 0,
                small: 0,
                unsigned: 0,
                ratio: .infinity,
                flag: false,
                missing: "here",
                present: nil,
                list: [],
                nested: [],
                byName: [:],
                byNumber: [:],
                kind: .one,
                children: []
            )
        ]
    )

    @Test func roundTripsWhatJSONWould() throws {
        let bytes = try CompactCoder.encode(Self.sample)
        let back = try bytes.withUnsafeBytes { try CompactCoder.decode(Sample.self, from: $0) }
        #expect(back == Self.sample)
        // The cache's own shapes that encode themselves: a flavor entry as one string, a learnset as text.
        let flavor = SpeciesRecord.FlavorEntry(
            text: "It stores\u{000C}electricity.",
            version: .init(id: 1, name: "red"),
            language: "en"
        )
        let flavorBytes = try CompactCoder.encode([flavor])
        #expect(
            try flavorBytes.withUnsafeBytes { try CompactCoder.decode([SpeciesRecord.FlavorEntry].self, from: $0) } == [
                flavor
            ]
        )
    }

    /// A flavor entry's one-string form: the head's three parts exactly, the text whole (tabs and spaces in it too).
    @Test func flavorEntryLinesAreReadExactly() throws {
        let entry = SpeciesRecord.FlavorEntry.parse("25 sword fr\tIl stocke\tde l’électricité. ")
        #expect(
            entry
                == SpeciesRecord.FlavorEntry(
                    text: "Il stocke\tde l’électricité. ",
                    version: .init(id: 25, name: "sword"),
                    language: "fr"
                )
        )
        #expect(SpeciesRecord.FlavorEntry.parse("1 red en\t")?.text == "")
        for malformed in [
            "1 red en", "1 red\ttext", "1 red en x\ttext", "one red en\ttext", " red en\ttext",
            "1\tred en",
        ] {
            #expect(SpeciesRecord.FlavorEntry.parse(malformed) == nil, "\(malformed)")
        }
    }

    /// An array's count and its bytes must agree, either way.
    @Test func anArrayWhoseCountDisagreesIsRefused() throws {
        let bytes = try CompactCoder.encode([1, 2, 3])
        #expect(try bytes.withUnsafeBytes { try CompactCoder.decode([Int].self, from: $0) } == [1, 2, 3])
        // The tag, the byte count, then the element count.
        for count: UInt8 in [2, 4] {
            var damaged = bytes
            damaged[5] = count
            #expect(throws: DecodingError.self) {
                try damaged.withUnsafeBytes { try CompactCoder.decode([Int].self, from: $0) }
            }
        }
        // A type that reads its own unkeyed container until the count says it has ended.
        struct Numbers: Decodable {
            var numbers: [Int] = []
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                while !container.isAtEnd { numbers.append(try container.decode(Int.self)) }
            }
        }
        var overcounted = bytes
        overcounted[5] = 4
        #expect(throws: DecodingError.self) {
            try overcounted.withUnsafeBytes { try CompactCoder.decode(Numbers.self, from: $0) }
        }
    }

    /// Keys are looked up by name: a type that reads them in another order, or skips some, still decodes.
    @Test func readsKeysInAnyOrder() throws {
        struct Reversed: Decodable, Equatable {
            var kind: String
            var number: Int
            enum CodingKeys: String, CodingKey { case kind, number }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                number = try container.decode(Int.self, forKey: .number)
                kind = try container.decode(String.self, forKey: .kind)
            }
        }
        let back = try CompactCoder.encode(Self.sample).withUnsafeBytes {
            try CompactCoder.decode(Reversed.self, from: $0)
        }
        #expect(back.number == -25 && back.kind == "two")
    }

    /// Every prefix and a flipped byte anywhere are refused with a thrown error, never a crash or a wrong value
    /// taken for a right one where the shape breaks.
    @Test func bytesItDidNotWriteAreRefused() throws {
        let bytes = try CompactCoder.encode(Self.sample)
        for length in 0..<bytes.count {
            #expect(throws: DecodingError.self) {
                try Array(bytes.prefix(length)).withUnsafeBytes { try CompactCoder.decode(Sample.self, from: $0) }
            }
        }
        var refused = 0
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0xFF
            do {
                _ = try damaged.withUnsafeBytes { try CompactCoder.decode(Sample.self, from: $0) }
            } catch {
                refused += 1
            }
        }
        // Most flips break the shape; one inside a string's bytes or a number is a different value, which the
        // pack's stamps (not the form) guard against.
        #expect(refused > bytes.count / 4)
    }
}
