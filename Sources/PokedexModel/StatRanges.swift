/// The stats a Pokémon can have at a level, by the games' formulas (Generation III on): the lowest with no
/// individual values, no effort values and a hindering nature; the highest with 31, 252 and a helping one.
package struct StatRange: Sendable, Equatable {
    package var min: Int
    package var max: Int

    package init(min: Int, max: Int) {
        self.min = min
        self.max = max
    }

    /// `stat`'s range at `level` from its base value. Shedinja's HP is 1 whatever its level, as the games make it.
    package init(stat: String, base: Int, level: Int, pokemon: String) {
        if stat == "hp" {
            let one = pokemon == Self.shedinja
            self.init(
                min: one ? 1 : Self.hp(base: base, level: level, individual: 0, effort: 0),
                max: one ? 1 : Self.hp(base: base, level: level, individual: 31, effort: 252)
            )
        } else {
            self.init(
                min: Self.other(base: base, level: level, individual: 0, effort: 0, nature: 90),
                max: Self.other(base: base, level: level, individual: 31, effort: 252, nature: 110)
            )
        }
    }

    /// The levels fans compare at: 50 (the games' battles) and 100.
    package static let levels = [50, 100]

    static let shedinja = "shedinja"

    /// ⌊(2·base + IV + ⌊EV/4⌋) · level / 100⌋ + level + 10.
    static func hp(base: Int, level: Int, individual: Int, effort: Int) -> Int {
        (2 * base + individual + effort / 4) * level / 100 + level + 10
    }

    /// ⌊(⌊(2·base + IV + ⌊EV/4⌋) · level / 100⌋ + 5) · nature / 100⌋, the nature 90, 100 or 110 per cent.
    static func other(base: Int, level: Int, individual: Int, effort: Int, nature: Int) -> Int {
        ((2 * base + individual + effort / 4) * level / 100 + 5) * nature / 100
    }
}
