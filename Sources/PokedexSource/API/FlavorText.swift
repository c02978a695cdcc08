import Foundation

/// PokeAPI's flavor texts keep the line breaks of the game screens they came from: `\n` and `\f` (page
/// breaks) where a space was meant, and soft hyphens (U+00AD) where a word was split across lines. Its Scarlet and
/// Violet texts write some breaks as the two characters `\` and `n`.
enum FlavorText {
    static func normalise(_ text: String) -> String {
        // Foundation's `contains` and `replacingOccurrences` search through NSString (a visible share of a cold build's
        // CPU over every text: Benchmarks/README.md): they run only where a byte search finds what they look for.
        let raw = holds(text, "\\n") ? text.replacingOccurrences(of: "\\n", with: "\n") : text
        var output = ""
        output.reserveCapacity(raw.unicodeScalars.count)
        var pendingSpace = false
        var afterSoftHyphen = false
        for scalar in raw.unicodeScalars {
            switch scalar {
            case "\u{AD}":
                // A word split across lines: drop the hyphen and the break that follows it.
                afterSoftHyphen = true
            case "\n", "\u{0C}", "\r", "\t", " ", "\u{A0}", "\u{2028}", "\u{2029}":
                if !afterSoftHyphen { pendingSpace = true }
            default:
                // Japanese and Chinese put no space between words: their line breaks join.
                if pendingSpace && !output.isEmpty
                    && !(isUnspaced(output.unicodeScalars.last!) && isUnspaced(scalar))
                {
                    output.append(" ")
                }
                pendingSpace = false
                afterSoftHyphen = false
                output.unicodeScalars.append(scalar)
            }
        }
        // Generation I–III texts shout the brand name.
        return holds(output, "POK") ? output.replacingOccurrences(of: "POKéMON", with: "Pokémon") : output
    }

    /// Whether `needle`'s UTF-8 bytes occur in `text`'s. A loop of its own: the standard library's generic
    /// `firstRange(of:)` was far slower over the data's texts (Benchmarks/README.md).
    static func holds(_ text: String, _ needle: StaticString) -> Bool {
        var text = text
        // `withUTF8Buffer` reads either of a StaticString's forms; `utf8Start` traps on the one-scalar form.
        return needle.withUTF8Buffer { wanted in
            text.withUTF8 { bytes in
                guard bytes.count >= wanted.count, let first = wanted.first else { return false }
                var start = 0
                while start + wanted.count <= bytes.count {
                    if bytes[start] == first, bytes[start..<(start + wanted.count)].elementsEqual(wanted) {
                        return true
                    }
                    start += 1
                }
                return false
            }
        }
    }

    /// Kana, CJK ideographs and full-width forms and punctuation (not Hangul: Korean spaces its words).
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF: true
        default: false
        }
    }
}
