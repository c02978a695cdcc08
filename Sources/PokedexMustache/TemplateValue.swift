/// A template's context as one closed value tree: what `TemplateValueEncoder` makes of an `Encodable` value,
/// and all the engine ever reads. Data only: Mustache's lambdas do not apply (a context is never code).
package enum TemplateValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([TemplateValue])
    case object(TemplateObject)

    /// What a section tests: `false`, null and the empty list are false; everything else, the empty string and
    /// 0 included, is true (as in swift-mustache, which pokedex's themes were written for).
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .list(let items): !items.isEmpty
        default: true
        }
    }

    /// An unambiguous serialisation for digests: a tag per kind, lengths and numbers as 8 big-endian bytes, so
    /// that no two different trees give the same bytes (`[["a"], "b"]` and `[["a", "b"]]`, absent and null).
    package func writeDigestBytes(into bytes: inout [UInt8]) {
        switch self {
        case .null:
            bytes.append(0x6E)
        case .bool(let value):
            bytes.append(0x62)
            bytes.append(value ? 1 : 0)
        case .int(let value):
            bytes.append(0x69)
            Self.append(UInt64(bitPattern: Int64(value)), to: &bytes)
        case .double(let value):
            bytes.append(0x64)
            Self.append(value.bitPattern, to: &bytes)
        case .string(let value):
            bytes.append(0x73)
            Self.append(value, to: &bytes)
        case .list(let items):
            bytes.append(0x5B)
            Self.append(UInt64(items.count), to: &bytes)
            for item in items { item.writeDigestBytes(into: &bytes) }
        case .object(let object):
            bytes.append(0x7B)
            Self.append(UInt64(object.count), to: &bytes)
            for index in 0..<object.count {
                Self.append(object.keys[index], to: &bytes)
                object.values[index].writeDigestBytes(into: &bytes)
            }
        }
    }

    private static func append(_ number: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: number.bigEndian) { bytes.append(contentsOf: $0) }
    }

    /// Through `withUTF8`, one copy of contiguous bytes: appending a `String.UTF8View` goes through the generic
    /// sequence path, and was most of a page fingerprint's time.
    private static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            append(UInt64(utf8.count), to: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }
}

/// Keys and values in the order they were encoded. Contexts have a few dozen keys at most, so a lookup is a
/// linear scan of short strings, cheaper than hashing them.
package struct TemplateObject: Sendable, Equatable {
    package private(set) var keys: [String]
    package private(set) var values: [TemplateValue]
    /// The lengths of its keys, a bit each (`lengthBit`): a lookup skips an object without the key's length
    /// without reading it. Most lookups climb the stack to the page's words (`t.…`), past objects that never
    /// have their key; scanning them was the engine's largest cost.
    package private(set) var keyLengths: UInt64 = 0

    package init() {
        keys = []
        values = []
    }

    /// A key's bit in `keyLengths`: its UTF-8 length, 63 and longer sharing the last.
    @inline(__always)
    static func lengthBit(_ key: String) -> UInt64 {
        lengthBit(length: key.utf8.count)
    }

    @inline(__always)
    static func lengthBit(length: Int) -> UInt64 {
        1 << UInt64(min(length, 63))
    }

    /// Empty, with room for `capacity` keys.
    package init(capacity: Int) {
        keys = []
        values = []
        keys.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    package init(_ pairs: [(String, TemplateValue)]) {
        keys = pairs.map(\.0)
        values = pairs.map(\.1)
        for key in keys { keyLengths |= Self.lengthBit(key) }
    }

    package var count: Int { keys.count }

    package subscript(key: String) -> TemplateValue? {
        // Lengths first: most keys of a scan differ in length, and a length costs no comparison of characters
        // (`==` on two different strings showed in a build's profile: Benchmarks/README.md). Equal strings have
        // equal UTF-8 lengths.
        let length = key.utf8.count
        guard keyLengths & Self.lengthBit(length: length) != 0 else { return nil }
        for index in keys.indices where keys[index].utf8.count == length && keys[index] == key { return values[index] }
        return nil
    }

    /// Sets `key`, replacing a value already there.
    package mutating func set(_ key: String, _ value: TemplateValue) {
        if let index = keys.firstIndex(of: key) {
            values[index] = value
        } else {
            append(key, value)
        }
    }

    /// Appends without looking for the key: for encoders, which write each key once.
    package mutating func append(_ key: String, _ value: TemplateValue) {
        keys.append(key)
        values.append(value)
        keyLengths |= Self.lengthBit(key)
    }
}
