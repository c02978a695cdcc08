package import Foundation
import PokedexSupport

/// What a copy of the site in another language shows in English: every element the pages mark `lang="en"` (a name
/// or text PokeAPI and the theme have only in English), counted by its text. The language switcher's "English"
/// and the Names section's English row are English by right, not fallbacks, and are left out.
package struct EnglishFallbacks: Sendable, Equatable, Codable {
    /// A short text (a name, a word) and how many elements show it.
    package struct Word: Sendable, Equatable, Codable {
        package var text: String
        package var count: Int
    }

    /// Elements marked English.
    package var elements = 0
    /// Names and words (up to `wordLimit` characters, not a sentence), most frequent first.
    package var words: [Word] = []
    /// Sentences and longer texts (effects, flavor texts, Pokédex entries): how many elements, and how many
    /// distinct texts.
    package var texts = 0
    package var distinctTexts = 0
    /// By kind of page ("pokemon", "item", "items-index"…): what its pages show in English, the page that shows
    /// the most first. CI holds each kind's most to a budget per language.
    package var kinds: [String: Kind] = [:]

    /// The English elements of one kind of page.
    package struct Kind: Sendable, Equatable, Codable {
        package var pages = 0
        package var elements = 0
        /// The most elements one page of the kind shows, and that page (its path in the copy).
        package var most = 0
        package var mostPage = ""

        mutating func add(page: String, elements count: Int) {
            pages += 1
            elements += count
            if count > most || (count == most && (mostPage.isEmpty || page < mostPage)) {
                (most, mostPage) = (count, page)
            }
        }
    }

    /// The kind of the page at `path` in a copy of the site: its folder's kind for a page of one thing
    /// ("pokemon/pikachu.html" → "pokemon", "items/light-ball.html" → "item"), "<folder>-index" for a folder's
    /// index, "index" for the paged index, the page's own name for the others ("compare", "calculator").
    static func kind(of path: String) -> String {
        let parts = path.split(separator: "/").map(String.init)
        let file = String((parts.last ?? path).dropLast(".html".count))
        guard parts.count == 2 else { return file == "index" ? "index" : file }
        let one = [
            "pokemon": "pokemon", "moves": "move", "abilities": "ability", "types": "type", "items": "item",
            "locations": "place", "pokedexes": "dex", "page": "index",
        ]
        switch (parts[0], file) {
        case ("page", _): return "index"
        case ("types", "calculator"): return "calculator"
        case (let folder, "index"): return folder + "-index"
        case (let folder, _): return one[folder] ?? folder
        }
    }

    /// Longer than this, a text is counted among `texts` rather than listed.
    static let wordLimit = 40

    /// A sentence or a long text rather than a name: "Prevents sleep.", an effect, an entry.
    static func isText(_ text: String) -> Bool {
        text.count > wordLimit || [".", "!", "?", ":", "。"].contains { text.hasSuffix($0) }
    }

    package init() {}

    /// The fallbacks of one page's markup, merged into `counts` (text → elements); how many it has.
    @discardableResult
    static func scan(_ html: [UInt8], into counts: inout [String: Int]) -> Int {
        var elements = 0
        let marker = Array(#"lang="en""#.utf8)
        let namesStart = Array(#"<dl class="names">"#.utf8)
        // The Names section: every language's name in its own language, English's among them.
        var names = html.count..<html.count
        if let start = html.firstRange(of: namesStart) {
            names =
                start
                .lowerBound..<(html[start.upperBound...].firstRange(of: Array("</dl>".utf8))?.upperBound ?? html.count)
        }
        var from = 0
        while let found = html[from...].firstRange(of: marker) {
            from = found.upperBound
            if names.contains(found.lowerBound) { continue }
            // The start tag it is in: its name, and whether it is the language switcher's link (hreflang).
            guard let open = html[..<found.lowerBound].lastIndex(of: UInt8(ascii: "<")),
                let close = html[found.upperBound...].firstIndex(of: UInt8(ascii: ">"))
            else { continue }
            let tag = html[open..<close]
            if tag.firstRange(of: Array("hreflang=".utf8)) != nil { continue }
            let name = Array(tag.dropFirst().prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: ">") })
            guard !name.isEmpty, name != Array("html".utf8) else { continue }
            let text = Self.text(html, after: close + 1, closing: name)
            if !text.isEmpty {
                counts[text, default: 0] += 1
                elements += 1
            }
        }
        return elements
    }

    /// The text of the element whose start tag ends before `start`, up to its end tag (elements of the same name
    /// inside it nested): tags dropped, entities decoded, white space folded.
    static func text(_ html: [UInt8], after start: Int, closing name: [UInt8]) -> String {
        let endTag = Array("</".utf8) + name
        let startTag = Array("<".utf8) + name
        var depth = 1
        var at = start
        var end = html.count
        while at < html.count {
            guard let next = html[at...].firstIndex(of: UInt8(ascii: "<")) else { break }
            let rest = html[next...]
            if rest.starts(with: endTag), Self.endsName(html, next + endTag.count) {
                depth -= 1
                if depth == 0 {
                    end = next
                    break
                }
            } else if rest.starts(with: startTag), Self.endsName(html, next + startTag.count) {
                depth += 1
            }
            at = next + 1
        }
        var text: [UInt8] = []
        var inTag = false
        for byte in html[start..<end] {
            if byte == UInt8(ascii: "<") {
                inTag = true
                text.append(UInt8(ascii: " "))
                continue
            }
            if byte == UInt8(ascii: ">") {
                inTag = false
                continue
            }
            if !inTag { text.append(byte) }
        }
        let decoded = String(decoding: text, as: UTF8.self)
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
        return decoded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func endsName(_ html: [UInt8], _ index: Int) -> Bool {
        index >= html.count || [UInt8(ascii: " "), UInt8(ascii: ">"), UInt8(ascii: "\n")].contains(html[index])
    }

    /// The summary of `counts`.
    init(counts: [String: Int]) {
        for (text, count) in counts {
            elements += count
            if Self.isText(text) {
                texts += count
                distinctTexts += 1
            } else {
                words.append(Word(text: text, count: count))
            }
        }
        words.sort { $0.count != $1.count ? $0.count > $1.count : $0.text < $1.text }
    }

    /// Every page of the copy of the site in `folder` (`fr/`; the site root for the first language, whose
    /// `skipping` folders are the other languages' copies).
    package static func of(folder: URL, skipping: Set<String> = []) throws -> EnglishFallbacks {
        var counts: [String: Int] = [:]
        var kinds: [String: Kind] = [:]
        let keys: [URLResourceKey] = [.isDirectoryKey]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys) else {
            return EnglishFallbacks()
        }
        let base = folder.standardizedFileURL.path
        for case let url as URL in walker {
            let relative = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            if let top = relative.split(separator: "/").first, skipping.contains(String(top)) {
                walker.skipDescendants()
                continue
            }
            guard url.pathExtension == "html" else { continue }
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw PokedexError.file(.output, url.path, error)
            }
            let found = scan([UInt8](data), into: &counts)
            kinds[kind(of: relative), default: Kind()].add(page: relative, elements: found)
        }
        var fallbacks = EnglishFallbacks(counts: counts)
        fallbacks.kinds = kinds
        return fallbacks
    }
}
