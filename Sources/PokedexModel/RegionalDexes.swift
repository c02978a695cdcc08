package import PokedexSource

/// The regional Pokédexes of the games (Kanto, Original Johto… Paldea, Kitakami), each with the species it lists in
/// its own order: from each species' numbers, so that a dex's page and a Pokémon's "Local №" say the same.
package struct RegionalDexes: Sendable {
    /// The games' regional Pokédexes that list some exported species, in PokeAPI's order (its ids follow the games).
    package var ordered: [PokedexRecord]
    /// Each one's species, by number: `[number, species id]`, by Pokédex id.
    package var members: [Int: [[Int]]]

    package init(pokedexes: [PokedexRecord] = [], species: [SpeciesRecord] = []) {
        let regional = pokedexes.filter { $0.isMainSeries && $0.name != PokedexRecord.national }
        let wanted = Set(regional.map(\.id))
        var members: [Int: [[Int]]] = [:]
        for record in species.sorted(by: { $0.id < $1.id }) {
            for pair in record.pokedexNumbers where pair.count == 2 && wanted.contains(pair[0]) {
                members[pair[0], default: []].append([pair[1], record.id])
            }
        }
        for id in members.keys { members[id]?.sort { $0.lexicographicallyPrecedes($1) } }
        self.members = members
        ordered = regional.filter { members[$0.id] != nil }.sorted { $0.id < $1.id }
    }

    /// `species`'s number in each regional Pokédex that lists it, in the dexes' order: `(dex, number)`.
    package func numbers(of species: SpeciesRecord?) -> [(dex: PokedexRecord, number: Int)] {
        guard let species else { return [] }
        var byDex: [Int: Int] = [:]
        for pair in species.pokedexNumbers where pair.count == 2 && byDex[pair[0]] == nil { byDex[pair[0]] = pair[1] }
        return ordered.compactMap { dex in byDex[dex.id].map { (dex, $0) } }
    }
}
