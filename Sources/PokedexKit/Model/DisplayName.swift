/// How a Pokémon is called on the site.
public enum DisplayName {
    /// The English species name for default forms ("Farfetch’d", "Mr. Mime"); for other forms, the species name
    /// and what the form's API name adds to it ("charizard-mega-x" → "Charizard (Mega X)").
    public static func of(_ pokemon: PokemonRecord, species: SpeciesRecord?) -> String {
        let speciesName = species?.englishName ?? titleCase(pokemon.speciesName)
        if pokemon.isDefault { return speciesName }
        let prefix = pokemon.speciesName + "-"
        guard pokemon.name.hasPrefix(prefix), pokemon.name.count > prefix.count else {
            return pokemon.name == pokemon.speciesName ? speciesName : "\(speciesName) (\(titleCase(pokemon.name)))"
        }
        return "\(speciesName) (\(titleCase(String(pokemon.name.dropFirst(prefix.count)))))"
    }

    /// "mega-x" → "Mega X"; also used for type, stat and ability names.
    public static func titleCase(_ apiName: String) -> String {
        apiName.split(separator: "-").map { word in
            word.prefix(1).uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    /// "#025" for 25; ids of 10001+ keep all their digits.
    public static func number(_ id: Int) -> String {
        let digits = String(id)
        return "#" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }
}
