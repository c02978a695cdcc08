/// How a Pokémon is called on the site.
public enum DisplayName {
    /// The English species name for default forms ("Farfetch’d", "Mr. Mime"); for other forms, the species name
    /// and what the form's API name adds to it ("charizard-mega-x" → "Charizard (Mega X)").
    public static func of(_ pokemon: PokemonRecord, species: SpeciesRecord?) -> String {
        of(pokemonName: pokemon.name, isDefault: pokemon.isDefault, speciesName: pokemon.speciesName,
           englishName: species?.englishName)
    }

    /// The same from names alone: a species' varieties are known by name before (or without) their records.
    public static func of(pokemonName: String, isDefault: Bool, speciesName apiSpeciesName: String,
                          englishName: String?) -> String {
        let speciesName = englishName ?? titleCase(apiSpeciesName)
        if isDefault { return speciesName }
        let prefix = apiSpeciesName + "-"
        guard pokemonName.hasPrefix(prefix), pokemonName.count > prefix.count else {
            return pokemonName == apiSpeciesName ? speciesName : "\(speciesName) (\(titleCase(pokemonName)))"
        }
        return "\(speciesName) (\(titleCase(String(pokemonName.dropFirst(prefix.count)))))"
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
