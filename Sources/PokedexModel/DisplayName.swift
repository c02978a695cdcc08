package import PokedexSource

/// How a Pokémon is called on the site.
package enum DisplayName {
    /// The English species name for default forms ("Farfetch’d", "Mr. Mime"); for other forms, the species name
    /// and what the form's API name adds to it ("charizard-mega-x" → "Charizard (Mega X)").
    /// A form with a record is called by its English name from PokeAPI ("Alolan Raichu", "Mega Charizard Y"), or
    /// by its species' and the form's own English name ("Koraidon (Limited Build)").
    /// In another `language`, the same from its names in that language, else in English.
    package static func of(
        _ pokemon: PokemonRecord,
        species: SpeciesRecord?,
        form: FormRecord? = nil,
        language: String = "en"
    ) -> String {
        let speciesName = language == "en" ? species?.englishName : species?.names.preferred(language)?.name
        if !pokemon.isDefault, let form {
            if let name = form.names.preferred(language)?.name { return name }
            if let part = form.formNames.preferred(language)?.name, let speciesName {
                return composed(speciesName, part, language: language)
            }
        }
        return of(
            pokemonName: pokemon.name,
            isDefault: pokemon.isDefault,
            speciesName: pokemon.speciesName,
            englishName: speciesName
        )
    }

    /// A form's names in every language: its own where PokeAPI has one, else its species' with the form's part
    /// ("Koraidon (Limited Build)"), in the species' order of languages and then the form's.
    package static func names(of form: FormRecord, species: SpeciesRecord?) -> [LocalizedName] {
        let speciesNames = species?.names ?? []
        var order: [String] = []
        for language in speciesNames.map(\.language) + form.names.map(\.language) + form.formNames.map(\.language)
        where !order.contains(language) { order.append(language) }
        func first(_ list: [LocalizedName], _ language: String) -> String? {
            list.first { $0.language == language && !$0.name.isEmpty }?.name
        }
        return order.compactMap { language in
            if let own = first(form.names, language) { return LocalizedName(language: language, name: own) }
            if let part = first(form.formNames, language), let name = first(speciesNames, language) {
                return LocalizedName(language: language, name: composed(name, part, language: language))
            }
            return nil
        }
    }

    /// The same from names alone: a species' varieties are known by name before (or without) their records.
    package static func of(
        pokemonName: String,
        isDefault: Bool,
        speciesName apiSpeciesName: String,
        englishName: String?
    ) -> String {
        let speciesName = englishName ?? titleCase(apiSpeciesName)
        if isDefault { return speciesName }
        let prefix = apiSpeciesName + "-"
        guard pokemonName.hasPrefix(prefix), pokemonName.count > prefix.count else {
            return pokemonName == apiSpeciesName ? speciesName : "\(speciesName) (\(titleCase(pokemonName)))"
        }
        return "\(speciesName) (\(titleCase(String(pokemonName.dropFirst(prefix.count)))))"
    }

    /// What a form's API name adds to its species': "totem-alola" for "raticate-totem-alola", "" for a species'
    /// default Pokémon (or a name that does not start with its species').
    package static func formPart(_ pokemon: PokemonRecord) -> String {
        let prefix = pokemon.speciesName + "-"
        guard !pokemon.isDefault, pokemon.name.hasPrefix(prefix) else { return "" }
        return String(pokemon.name.dropFirst(prefix.count))
    }

    /// "Koraidon (Limited Build)"; a part that already says the species ("メガフシギバナ", as PokeAPI's Japanese
    /// form names do) alone.
    static func composed(_ speciesName: String, _ part: String, language: String = "en") -> String {
        if part.contains(speciesName) { return part }
        // Japanese and Chinese write their own parentheses, without a space: "ミミッキュ（ばけたすがた）".
        return fullWidthParentheses.contains(language) ? "\(speciesName)（\(part)）" : "\(speciesName) (\(part))"
    }

    static let fullWidthParentheses: Set<String> = ["ja", "ja-hrkt", "zh-hans", "zh-hant"]

    /// "mega-x" → "Mega X"; also used for type, stat and ability names.
    package static func titleCase(_ apiName: String) -> String {
        apiName.split(separator: "-").map { word in
            word.prefix(1).uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    /// "#0025" for 25: the national Pokédex's four digits (1,025 species and counting).
    package static func number(_ id: Int) -> String {
        let digits = String(id)
        return "#" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
