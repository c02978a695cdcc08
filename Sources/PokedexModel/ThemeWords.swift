package import PokedexSource
import PokedexSupport

/// What the theme says in one language where PokeAPI says nothing (Japanese growth rates, Italian move categories,
/// the Partner Pikachu of most languages), and how the language writes lists. The render stage reads them from the
/// theme's `strings/<code>.toml`; the model only asks. PokeAPI's own word always comes first.
package struct ThemeWords: Sendable, Equatable, Encodable {
    /// By kind, then API name: "medium" → "中くらい" (a strings file's `names_growth_rate` table and its like).
    package var named: [NamedKind: [String: String]]
    /// Type names by API name (`names_type`).
    package var types: [String: String]
    /// A form's name by its whole API name ("marowak-totem"), else by what its API name adds to its species' name
    /// ("starter", "totem-alola"), with `{species}` for the species' name in the language (`form_names`).
    package var forms: [String: String]
    /// Between the items of a list: ", ", or "、" in Japanese.
    package var listSeparator: String
    /// Before the last of a list of games: " & ".
    package var lastSeparator: String
    /// Games only Japan had ("Red & Green (Japan)"): `{games}` is their names.
    package var japanOnly: String
    /// Between groups of three digits: "1,000", "1 000" in French.
    package var thousandsSeparator: String
    /// Two names PokeAPI gives alike, told apart: "{name} ({which})", "{name}（{which}）" in Japanese.
    package var toldApart: String
    /// What tells them apart, by the part of their API names only one has ("male" → "オス"): `told_apart`.
    package var apart: [String: String]
    /// What an area adds to its place's name, by the part of its API name after the place's ("b1f" → "B1F",
    /// "max-den-c" → "マックスレイドの巣穴C"): `names_location_area`.
    package var areas: [String: String]

    package init(
        named: [NamedKind: [String: String]] = [:],
        types: [String: String] = [:],
        forms: [String: String] = [:],
        listSeparator: String = ", ",
        lastSeparator: String = " & ",
        japanOnly: String = "{games} (Japan)",
        thousandsSeparator: String = ",",
        toldApart: String = "{name} ({which})",
        apart: [String: String] = [:],
        areas: [String: String] = [:]
    ) {
        self.named = named
        self.types = types
        self.forms = forms
        self.listSeparator = listSeparator
        self.lastSeparator = lastSeparator
        self.japanOnly = japanOnly
        self.thousandsSeparator = thousandsSeparator
        self.toldApart = toldApart
        self.apart = apart
        self.areas = areas
    }

    /// "Mega Meowstic (Male)", "メガニャオニクス（オス）": `name` and what tells it apart, the API name's part
    /// `part` ("male", "power-construct") in the theme's words, else made readable.
    package func toldApart(_ name: String, by part: String, readable: String? = nil) -> String {
        Placeholders.fill(toldApart, ["name": name, "which": apart[part] ?? readable ?? DisplayName.titleCase(part)])
    }

    /// "Red, Blue & Yellow", "赤、緑 & 青": the last joined by `lastSeparator`.
    package func games(_ labels: [String]) -> String {
        guard labels.count > 1 else { return labels.first ?? "" }
        return labels.dropLast().joined(separator: listSeparator) + lastSeparator + labels.last!
    }

    /// 1000 → "1,000", "1 000" in French.
    package func grouped(_ value: Int) -> String {
        (value < 0 ? "-" : "") + Self.grouped(String(value.magnitude), by: thousandsSeparator)
    }

    /// "1000" → "1,000": `separator` between groups of three digits, from the right.
    static func grouped(_ digits: String, by separator: String) -> String {
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return result
    }

    /// For each of several API names given the same name ("meowstic-m-mega", "meowstic-f-mega"), the words of it
    /// the others lack ("m", "f"), joined by "-"; nil for one that has none of its own.
    static func partsOwn(_ apiNames: [String]) -> [String?] {
        let parts = apiNames.map { Set($0.split(separator: "-").map(String.init)) }
        return apiNames.enumerated().map { position, apiName in
            let others = parts.enumerated().filter { $0.offset != position }.map(\.element)
            let own = apiName.split(separator: "-").map(String.init).filter { word in
                !others.allSatisfy { $0.contains(word) }
            }
            return own.isEmpty ? nil : own.joined(separator: "-")
        }
    }

    /// "Field, Fairy", "りくじょう、ようせい".
    package func list(_ items: [String]) -> String { items.joined(separator: listSeparator) }

    /// In a fixed order (dictionaries have none): pages' digests read it.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for (kind, words) in named.sorted(by: { $0.key < $1.key }) {
            for (key, word) in words.sorted(by: { $0.key < $1.key }) {
                try container.encode([kind.rawValue, key, word])
            }
        }
        for (key, word) in types.sorted(by: { $0.key < $1.key }) { try container.encode(["type", key, word]) }
        for (key, word) in forms.sorted(by: { $0.key < $1.key }) { try container.encode(["form", key, word]) }
        for (key, word) in apart.sorted(by: { $0.key < $1.key }) { try container.encode(["apart", key, word]) }
        for (key, word) in areas.sorted(by: { $0.key < $1.key }) { try container.encode(["area", key, word]) }
        try container.encode([listSeparator, lastSeparator, japanOnly, thousandsSeparator, toldApart])
    }
}
