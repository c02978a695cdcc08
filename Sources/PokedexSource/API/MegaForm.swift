/// Mega Evolutions and what triggers them. PokeAPI links no Mega to its Mega Stone: the stones are the items of the
/// "mega-stones" category, named after their species ("charizardite-x", "scraftinite"), and only the older ones
/// say in their effect whom they are for. The names are what every stone has.
package enum MegaForm {
    /// "charizard-mega-x", "meowstic-male-mega": a Mega Evolution ("meganium" is not: the part stands alone).
    package static func isMega(_ pokemonName: String) -> Bool {
        pokemonName.split(separator: "-").dropFirst().contains("mega")
    }

    /// "x" for "charizard-mega-x" and "charizardite-x"; "" for "venusaur-mega" and "venusaurite".
    static func variant(_ name: String) -> String {
        let parts = name.split(separator: "-")
        guard parts.count > 1, let last = parts.last, last.count == 1 else { return "" }
        return String(last)
    }

    /// The Mega Stone of each Mega in `megas` (its API name and its species'), by the Mega's API name: the stone of
    /// the same variant (X, Y, Z or none) whose name begins most like the species' name, by at least four letters
    /// ("scraftinite" for "scrafty-mega", "charizardite-y" for "charizard-mega-y"). A Mega no stone fits (Rayquaza
    /// Mega Evolves by a move) has none.
    package static func stones(
        for megas: [(pokemon: String, species: String)],
        among stones: [SpeciesRecord.ResourceLink]
    ) -> [String: SpeciesRecord.ResourceLink] {
        var found: [String: SpeciesRecord.ResourceLink] = [:]
        for mega in megas where isMega(mega.pokemon) {
            let wanted = variant(mega.pokemon)
            var best: (length: Int, stone: SpeciesRecord.ResourceLink)?
            for stone in stones where variant(stone.name) == wanted {
                let length = commonPrefix(stone.name, mega.species)
                // Ties (none in the games' names) go to the first in PokeAPI's order.
                if length >= 4, length > (best?.length ?? 0) { best = (length, stone) }
            }
            found[mega.pokemon] = best?.stone
        }
        return found
    }

    static func commonPrefix(_ a: String, _ b: String) -> Int {
        zip(a.utf8, b.utf8).prefix { $0 == $1 }.count
    }
}
