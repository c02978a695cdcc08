import Foundation
package import PokedexSource

/// What a trainer reads off a Pokémon besides its stats: EV yield, catch rate, friendship, growth (training), and
/// egg groups, gender ratio and egg cycles (breeding), in words fans know.
package enum Profile {
    /// "2 Speed", "1 HP, 1 Attack": the stats a defeated Pokémon gives effort in, in PokeAPI's stat order; nil
    /// when it gives none (or PokeAPI does not say).
    package static func effortYield(_ stats: [PokemonRecord.Stat], label: (String) -> String) -> String? {
        let parts = stats.filter { $0.effort > 0 }.map { "\($0.effort) \(label($0.name))" }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// "50% male, 50% female" from the chance of being female in eighths; "Genderless" for −1; nil when unknown.
    package static func genderRatio(_ eighths: Int?) -> String? {
        guard let eighths, (-1...8).contains(eighths) else { return nil }
        if eighths == -1 { return "Genderless" }
        let female = Double(eighths) * 12.5
        if eighths == 0 { return "100% male" }
        if eighths == 8 { return "100% female" }
        return "\(percent(100 - female)) male, \(percent(female)) female"
    }

    /// "12.5%", "50%".
    static func percent(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))%" : "\(value)%"
    }
}

/// A Pokédex entry as the page shows it: one text and every game that prints it.
package struct PokedexEntryText: Sendable, Equatable {
    package var text: String
    /// Version API names, oldest first ("red", "blue").
    package var versions: [String]
    /// The newest of `versions`' ids: the order of entries, newest first.
    var newest: Int
}

extension PokedexEntryText {
    /// `entries` (PokeAPI's, oldest game first) with equal texts merged (they are normalised already; case and
    /// spacing aside, the games often reprint a text), newest first. `properNames` maps a Pokémon's name in capitals
    /// to its own spelling ("BULBASAUR" → "Bulbasaur"): the games of generations I–III shout the names.
    package static func merge(
        _ entries: [SpeciesRecord.FlavorEntry],
        properNames: [String: String] = [:]
    ) -> [PokedexEntryText] {
        var merged: [PokedexEntryText] = []
        var index: [String: Int] = [:]
        for var entry in entries {
            entry.text = unshout(entry.text, properNames: properNames)
            let key = comparable(entry.text)
            if let at = index[key] {
                // The newest reprint's spelling (typographic apostrophes, names no longer in capitals).
                merged[at].text = entry.text
                if !merged[at].versions.contains(entry.version.name) { merged[at].versions.append(entry.version.name) }
                merged[at].newest = max(merged[at].newest, entry.version.id)
            } else {
                index[key] = merged.count
                merged.append(
                    PokedexEntryText(text: entry.text, versions: [entry.version.name], newest: entry.version.id)
                )
            }
        }
        // Stable: two texts of the same game keep PokeAPI's order.
        return merged.enumerated().sorted { a, b in
            a.element.newest != b.element.newest ? a.element.newest > b.element.newest : a.offset < b.offset
        }.map(\.element)
    }

    /// Words in capitals that are a Pokémon's name, in that name's own spelling; every other word as it was.
    static func unshout(_ text: String, properNames: [String: String]) -> String {
        // Every name starts with two letters, so a text without two capitals in a row (most of them, and every
        // text of a script without case) has no name in capitals: it is kept without reading it word by word.
        guard !properNames.isEmpty, hasTwoCapitalsInARow(text) else { return text }
        guard text.unicodeScalars.allSatisfy(isOwnCharacter) else {
            return unshoutByCharacter(text, properNames: properNames)
        }
        // Each scalar is a character of its own here (but "\r\n", which is no word either way): words are found
        // scalar by scalar, without breaking the text into characters (much faster: Benchmarks/README.md; and this
        // runs for every Pokédex entry of generations I–IV).
        let scalars = text.unicodeScalars
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var wordStart: String.Index?
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if isWordCharacter(Character(scalar)) {
                if wordStart == nil { wordStart = index }
            } else {
                if let start = wordStart {
                    output += properSpelling(of: text[start..<index], properNames: properNames)
                    wordStart = nil
                }
                output.unicodeScalars.append(scalar)
            }
            scalars.formIndex(after: &index)
        }
        if let start = wordStart { output += properSpelling(of: text[start...], properNames: properNames) }
        return output
    }

    /// The same, a character at a time: for texts with scalars that may join the one before into a character.
    static func unshoutByCharacter(_ text: String, properNames: [String: String]) -> String {
        var output = ""
        var word = ""
        for character in text {
            if isWordCharacter(character) {
                word.append(character)
            } else {
                output += properSpelling(of: word[...], properNames: properNames)
                word = ""
                output.append(character)
            }
        }
        output += properSpelling(of: word[...], properNames: properNames)
        return output
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "’" || character == "'"
    }

    /// Below U+0300 (where the combining marks begin) and in General Punctuation but for the two joiners, every
    /// scalar begins a character and the next one begins another (but "\r\n").
    private static func isOwnCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x300
            || (0x2000...0x206F).contains(scalar.value) && scalar.value != 0x200C && scalar.value != 0x200D
    }

    private static let possessives = ["’s", "'s", "’S", "'S"]

    /// "IVYSAUR’s": the name, then its possessive as written; any other word as it is.
    private static func properSpelling(of word: Substring, properNames: [String: String]) -> Substring {
        // Names begin with a capital: a word that begins with a lower-case ASCII letter is none (most words).
        guard let first = word.utf8.first, !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return word }
        var base = word
        var possessive = ""
        for suffix in possessives where base.hasSuffix(suffix) {
            base = base.dropLast(2)
            possessive = suffix.prefix(1) + "s"
        }
        if base.count >= 3, base.contains(where: \.isUppercase), !base.contains(where: \.isLowercase),
            let proper = properNames[String(base)]
        {
            return Substring(proper + possessive)
        }
        return word
    }

    static func hasTwoCapitalsInARow(_ text: String) -> Bool {
        var previousIsCapital = false
        for scalar in text.unicodeScalars {
            let isCapital = scalar.isASCII ? ("A"..."Z").contains(scalar) : scalar.properties.isUppercase
            if isCapital && previousIsCapital { return true }
            previousIsCapital = isCapital
        }
        return false
    }

    /// The same words whatever the spacing, case or a typographic apostrophe: lower case, `’` as `'`, runs of
    /// spaces as one and none at either end (one pass over the scalars, lower-cased one at a time as
    /// `lowercased()` does, ASCII without a table: this runs for every Pokédex entry of every page).
    static func comparable(_ text: String) -> String {
        var key: [UInt8] = []
        key.reserveCapacity(text.utf8.count)
        var spaceBefore = false
        for scalar in text.unicodeScalars {
            if scalar == " " {
                spaceBefore = !key.isEmpty
                continue
            }
            if spaceBefore {
                key.append(0x20)
                spaceBefore = false
            }
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                key.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            } else if scalar == "’" {
                key.append(0x27)
            } else {
                key.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            }
        }
        return String(decoding: key, as: UTF8.self)
    }
}

extension TypeMatchups {
    /// What attacks of `type` do to each defending type of `chart`: the other side of the same damage relations
    /// (Ghost attacks: ×2 on Psychic and Ghost, ×½ on Dark, ×0 on Normal).
    package static func attacking(
        _ type: String,
        chart: [String: TypeRecord]
    ) -> (double: [String], half: [String], none: [String]) {
        var result: (double: [String], half: [String], none: [String]) = ([], [], [])
        for (defender, record) in chart.sorted(by: { gameOrder($0.key, $1.key) }) {
            if record.noDamageFrom.contains(type) {
                result.none.append(defender)
            } else if record.doubleDamageFrom.contains(type) {
                result.double.append(defender)
            } else if record.halfDamageFrom.contains(type) {
                result.half.append(defender)
            }
        }
        return result
    }

    /// The multiplier of one attacking type on one defending type: 2, 0.5, 0 or 1; nil when `chart` lacks the
    /// defender.
    package static func multiplier(attacking: String, defending: String, chart: [String: TypeRecord]) -> Double? {
        guard let record = chart[defending] else { return nil }
        if record.noDamageFrom.contains(attacking) { return 0 }
        if record.doubleDamageFrom.contains(attacking) { return 2 }
        if record.halfDamageFrom.contains(attacking) { return 0.5 }
        return 1
    }
}
