import Foundation
import Testing

@testable import PokedexModel

/// The stats a Pokémon can have at a level, by the games' formulas, against figures fans know: the table
/// Tests/scripts/fixtures/stat-range-cases.json, which compare.js's formula (compare.test.mjs) passes too.
@Suite struct StatRangeTests {
    struct Case: Decodable {
        var why: String
        var stat: String
        var base: Int
        var level: Int
        var pokemon: String
        var min: Int
        var max: Int
    }

    @Test func theSharedCasesHold() throws {
        struct Table: Decodable { var cases: [Case] }
        let url = packageRoot.appendingPathComponent("Tests/scripts/fixtures/stat-range-cases.json")
        let cases = try JSONDecoder().decode(Table.self, from: Data(contentsOf: url)).cases
        #expect(cases.count >= 10)
        for item in cases {
            let range = StatRange(stat: item.stat, base: item.base, level: item.level, pokemon: item.pokemon)
            #expect(range == StatRange(min: item.min, max: item.max), "\(item.why)")
        }
    }

    @Test func fansCompareAtLevels50And100() {
        #expect(StatRange.levels == [50, 100])
    }
}
