package import Foundation

/// What a page can show of PokeAPI's text. Control characters (C0 but tab, line feed, form feed and carriage
/// return; DEL; C1) are dropped: a page cannot show them, and a terminal that prints a report would obey them. A
/// string with explicit bidi controls (embeddings, overrides, isolates) is closed and isolated: each one left open
/// is closed at the string's end and the whole is put between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, so
/// that a right-to-left override turns around its own text only, never the title, link or sentence it is put in.
///
/// It works on an API answer's JSON before it is decoded, so every string of every record (names, API names,
/// genera, flavor texts, effects) is clean wherever it is shown, page or data script, and a record is the same
/// whichever way it came (network, cache, snapshot).
package enum APIText {
    /// FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE.
    static let isolateOpen: Unicode.Scalar = "\u{2068}"
    static let isolateClose: Unicode.Scalar = "\u{2069}"
    static let popEmbedding: Unicode.Scalar = "\u{202C}"

    /// What a scalar is to a page.
    enum Kind: Equatable {
        case text
        /// Dropped.
        case control
        /// LRE, RLE, LRO, RLO: closed by POP DIRECTIONAL FORMATTING.
        case embedding
        /// LRI, RLI, FSI: closed by POP DIRECTIONAL ISOLATE.
        case isolate
        case popEmbedding
        case popIsolate
    }

    static func kind(_ value: UInt32) -> Kind {
        switch value {
        case 0x09, 0x0A, 0x0C, 0x0D: .text
        case 0x00...0x1F, 0x7F...0x9F: .control
        case 0x202A, 0x202B, 0x202D, 0x202E: .embedding
        case 0x2066...0x2068: .isolate
        case 0x202C: .popEmbedding
        case 0x2069: .popIsolate
        default: .text
        }
    }

    /// `text` as a page can show it (see the type).
    package static func clean(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var open: [Kind] = []
        var isolated = false
        for scalar in text.unicodeScalars {
            let kind = kind(scalar.value)
            switch kind {
            case .text: scalars.append(scalar)
            case .control: continue
            case .embedding, .isolate:
                open.append(kind)
                isolated = true
                scalars.append(scalar)
            case .popEmbedding:
                // Closes the innermost embedding, not past an isolate (as the bidi algorithm reads it).
                if open.last == .embedding { open.removeLast() }
                isolated = true
                scalars.append(scalar)
            case .popIsolate:
                if let last = open.lastIndex(of: .isolate) { open.removeSubrange(last...) }
                isolated = true
                scalars.append(scalar)
            }
        }
        guard isolated else { return String(scalars) }
        var result = String.UnicodeScalarView()
        result.append(isolateOpen)
        result.append(contentsOf: scalars)
        for kind in open.reversed() { result.append(kind == .isolate ? isolateClose : popEmbedding) }
        result.append(isolateClose)
        return String(result)
    }

    /// An API answer with every JSON string in it cleaned (see `clean`); the same bytes when none needs it, which
    /// one pass over them tells (the real data has none).
    package static func cleanJSON(_ data: Data) -> Data {
        guard needsCleaning(data) else { return data }
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return data  // Not JSON: the decoder says so, with its own words.
        }
        let cleaned = clean(json: object)
        guard let bytes = try? JSONSerialization.data(withJSONObject: cleaned, options: [.fragmentsAllowed]) else {
            return data
        }
        return bytes
    }

    private static func clean(json: Any) -> Any {
        switch json {
        case let text as String: return clean(text)
        case let list as [Any]: return list.map(clean(json:))
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for (key, value) in object { result[clean(key)] = clean(json: value) }
            return result
        default: return json
        }
    }

    /// Whether `data` holds a control or bidi character, raw or as a JSON `\u` escape.
    static func needsCleaning(_ data: Data) -> Bool {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            let bytes = raw.bindMemory(to: UInt8.self)
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = bytes[index]
                switch byte {
                case 0x7F: return true
                case 0xC2 where index + 1 < count && (0x80...0x9F).contains(bytes[index + 1]): return true
                case 0xE2 where index + 2 < count:
                    let (second, third) = (bytes[index + 1], bytes[index + 2])
                    if second == 0x80 && (0xAA...0xAE).contains(third) { return true }
                    if second == 0x81 && (0xA6...0xA9).contains(third) { return true }
                case UInt8(ascii: "\\") where index + 5 < count && bytes[index + 1] == UInt8(ascii: "u"):
                    var value: UInt32 = 0
                    var valid = true
                    for offset in 2...5 {
                        guard let digit = hexDigit(bytes[index + offset]) else {
                            valid = false
                            break
                        }
                        value = value << 4 | digit
                    }
                    if valid, kind(value) != .text { return true }
                    index += 1  // past the escaped backslash or the `u`
                case UInt8(ascii: "\\"):
                    index += 1  // an escape: the next byte is not the start of one
                default: break
                }
                index += 1
            }
            return false
        }
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
