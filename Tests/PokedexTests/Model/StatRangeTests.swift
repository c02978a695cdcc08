import Testing

@testable import PokedexModel

/// The stats a Pokémon can have at levels 50 and 100, by the games' formulas, against figures fans know.
@Suite struct StatRangeTests {
    @Test func pikachusRangesAtLevel100AreTheOnesFansQuote() {
        let pikachu = [("hp", 35), ("attack", 55), ("speed", 90)].map {
            StatRange(stat: $0.0, base: $0.1, level: 100, pokemon: "pikachu")
        }
        #expect(
            pikachu == [StatRange(min: 180, max: 274), StatRange(min: 103, max: 229), StatRange(min: 166, max: 306)]
        )
    }

    @Test func atLevel50TheSameFormulasHalveTheGrowth() {
        #expect(StatRange(stat: "hp", base: 35, level: 50, pokemon: "pikachu") == StatRange(min: 95, max: 142))
        #expect(StatRange(stat: "speed", base: 90, level: 50, pokemon: "pikachu") == StatRange(min: 85, max: 156))
    }

    @Test func theExtremesHoldHPsOwnFormulaAndShedinjasOne() {
        // Blissey's HP of 255, the highest base stat: 620 to 714 at 100.
        #expect(StatRange(stat: "hp", base: 255, level: 100, pokemon: "blissey") == StatRange(min: 620, max: 714))
        // Shedinja's HP is 1 at any level, whatever its base.
        for level in StatRange.levels {
            #expect(StatRange(stat: "hp", base: 1, level: level, pokemon: "shedinja") == StatRange(min: 1, max: 1))
        }
        // Its other stats follow the formula: Attack 90 at 100 is 166 to 306, as Pikachu's Speed of 90.
        #expect(StatRange(stat: "attack", base: 90, level: 100, pokemon: "shedinja") == StatRange(min: 166, max: 306))
        // A base of 5 (Chansey's Attack) at 100: the floor the games round to.
        #expect(StatRange(stat: "attack", base: 5, level: 100, pokemon: "chansey") == StatRange(min: 13, max: 119))
    }
}
