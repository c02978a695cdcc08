package import Foundation
import PokedexSupport

/// One entry of the favorites file: a Pokémon name (`"pikachu"`, `"#025"`) or an id (`25`).
package enum FavoriteReference: Codable, Sendable, Hashable, CustomStringConvertible {
    case id(Int)
    case name(String)

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let id = try? container.decode(Int.self) {
            self = .id(id)
        } else if let name = try? container.decode(String.self) {
            self = .name(name)
        } else {
            throw DecodingError.typeMismatch(
                FavoriteReference.self,
                .init(codingPath: decoder.codingPath, debugDescription: "expected a Pokémon name or id")
            )
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .id(let id): try container.encode(id)
        case .name(let name): try container.encode(name)
        }
    }

    package var description: String {
        switch self {
        case .id(let id): return String(id)
        case .name(let name): return name
        }
    }

    /// The id this entry names outright: `25`, `"25"`, `"#025"`.
    package var explicitID: Int? {
        switch self {
        case .id(let id): return id
        case .name(let name):
            var text = name.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("#") { text.removeFirst() }
            guard !text.isEmpty, text.allSatisfy(\.isASCII), let id = Int(text), id > 0 else { return nil }
            return id
        }
    }

    /// The lower-cased name to look up, for entries that are not ids.
    package var lookupName: String? {
        guard explicitID == nil, case .name(let name) = self else { return nil }
        return name.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "-")
    }
}

/// The favorites file: a JSON array of names or ids, e.g. `["pikachu", 6]`. Read strictly (a malformed file is
/// never overwritten) and written atomically in the order the user gave.
package struct FavoritesFile: Sendable, Equatable {
    package var entries: [FavoriteReference]

    package init(entries: [FavoriteReference] = []) {
        self.entries = entries
    }

    /// Reads `path`; a missing file is an empty list.
    package static func load(path: String) throws -> FavoritesFile {
        let data: Data
        do {
            guard FileManager.default.fileExists(atPath: path) else { return FavoritesFile() }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw PokedexError.file(.favorites, path, error)
        }
        return try parse(data, path: path)
    }

    package static func parse(_ data: Data, path: String) throws -> FavoritesFile {
        // A byte-order mark, as some Windows editors save UTF-8, is not part of the JSON.
        let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return FavoritesFile() }
        // Foundation's parser is lenient (it takes `["pikachu",]`) and gives no position: a strict scan first.
        if let location = JSONLocation.find(in: data) {
            throw PokedexError(
                .favorites,
                path,
                .invalidInput("malformed JSON at line \(location.line), column \(location.column)"),
                hint: "the favorites file is a JSON array of names or ids, e.g. [\"pikachu\", 6]; it was left untouched"
            )
        }
        do {
            return FavoritesFile(entries: try JSONDecoder().decode([FavoriteReference].self, from: data))
        } catch let error as DecodingError {
            throw PokedexError(
                .favorites,
                path,
                .invalidInput(describe(error, in: data)),
                hint: "the favorites file is a JSON array of names or ids, e.g. [\"pikachu\", 6]; it was left untouched"
            )
        } catch {
            throw PokedexError(.favorites, path, .invalidInput(PokedexError.describe(error)))
        }
    }

    /// The file's bytes: one entry per line, so that hand edits and diffs stay readable.
    package func serialized() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let lines = entries.map { entry -> String in
            // Encoding a string or an integer cannot fail.
            let data = (try? encoder.encode(entry)) ?? Data("null".utf8)
            return "  " + String(decoding: data, as: UTF8.self)
        }
        let body = lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n"
        return Data(body.utf8)
    }

    package func save(path: String) throws {
        do {
            try AtomicFile.write(serialized(), to: URL(fileURLWithPath: path))
        } catch {
            throw PokedexError.file(.favorites, path, error)
        }
    }

    /// A decoding error told as the user needs it: line and column of the fault.
    static func describe(_ error: DecodingError, in data: Data) -> String {
        switch error {
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { String(describing: $0) } ?? context.debugDescription
            if let location = JSONLocation.find(in: data) {
                return
                    "malformed JSON at line \(location.line), column \(location.column): \(JSONLocation.summary(underlying))"
            }
            return "malformed JSON: \(JSONLocation.summary(underlying))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            if context.codingPath.isEmpty { return "expected a JSON array of names or ids" }
            let index = context.codingPath.first?.intValue ?? 0
            let location = JSONLocation.ofElement(index, in: data)
            let position = location.map { " (line \($0.line), column \($0.column))" } ?? ""
            return "entry \(index + 1)\(position) is neither a name nor an id"
        default:
            return String(describing: error)
        }
    }
}

/// Finds where a JSON text stops being valid, for messages with a line and column.
enum JSONLocation {
    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    static func summary(_ text: String) -> String {
        text.count > 160 ? String(text.prefix(160)) + "…" : text
    }

    /// The position of the first byte a strict JSON scanner rejects, or nil when the text is valid.
    static func find(in data: Data) -> Position? {
        var scanner = Scanner(bytes: Array(data))
        do {
            scanner.skipWhitespace()
            try scanner.value(depth: 0)
            scanner.skipWhitespace()
            if scanner.index < scanner.bytes.count { return scanner.position(of: scanner.index) }
            return nil
        } catch {
            return scanner.position(of: min(scanner.index, scanner.bytes.count))
        }
    }

    /// The position of the `index`th element of a top-level array.
    static func ofElement(_ index: Int, in data: Data) -> Position? {
        var scanner = Scanner(bytes: Array(data))
        scanner.skipWhitespace()
        guard scanner.peek == UInt8(ascii: "[") else { return nil }
        scanner.index += 1
        var element = 0
        while true {
            scanner.skipWhitespace()
            if element == index { return scanner.position(of: scanner.index) }
            guard (try? scanner.value(depth: 1)) != nil else { return nil }
            scanner.skipWhitespace()
            guard scanner.peek == UInt8(ascii: ",") else { return nil }
            scanner.index += 1
            element += 1
        }
    }

    private struct Invalid: Error {}

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        func position(of offset: Int) -> Position {
            var line = 1
            var column = 1
            var i = 0
            while i < offset && i < bytes.count {
                if bytes[i] == 0x0A {
                    line += 1
                    column = 1
                } else if bytes[i] & 0xC0 != 0x80 {
                    column += 1
                }
                i += 1
            }
            return Position(line: line, column: column)
        }

        mutating func skipWhitespace() {
            while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        mutating func expect(_ literal: String) throws {
            for byte in literal.utf8 {
                guard peek == byte else { throw Invalid() }
                index += 1
            }
        }

        mutating func value(depth: Int) throws {
            guard depth < 512, let byte = peek else { throw Invalid() }
            switch byte {
            case UInt8(ascii: "["):
                index += 1
                skipWhitespace()
                if peek == UInt8(ascii: "]") {
                    index += 1
                    return
                }
                while true {
                    skipWhitespace()
                    try value(depth: depth + 1)
                    skipWhitespace()
                    if peek == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    if peek == UInt8(ascii: "]") {
                        index += 1
                        return
                    }
                    throw Invalid()
                }
            case UInt8(ascii: "{"):
                index += 1
                skipWhitespace()
                if peek == UInt8(ascii: "}") {
                    index += 1
                    return
                }
                while true {
                    skipWhitespace()
                    try string()
                    skipWhitespace()
                    try expect(":")
                    skipWhitespace()
                    try value(depth: depth + 1)
                    skipWhitespace()
                    if peek == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    if peek == UInt8(ascii: "}") {
                        index += 1
                        return
                    }
                    throw Invalid()
                }
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try expect("true")
            case UInt8(ascii: "f"): try expect("false")
            case UInt8(ascii: "n"): try expect("null")
            default: try number()
            }
        }

        mutating func string() throws {
            guard peek == UInt8(ascii: "\"") else { throw Invalid() }
            index += 1
            while let byte = peek {
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return
                }
                if byte < 0x20 { throw Invalid() }
                if byte == UInt8(ascii: "\\") { index += 1 }
                index += 1
            }
            throw Invalid()
        }

        mutating func number() throws {
            let start = index
            if peek == UInt8(ascii: "-") { index += 1 }
            while let byte = peek,
                (byte >= 48 && byte <= 57) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
                    || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            {
                index += 1
            }
            if index == start || (index == start + 1 && bytes[start] == UInt8(ascii: "-")) { throw Invalid() }
        }
    }
}
