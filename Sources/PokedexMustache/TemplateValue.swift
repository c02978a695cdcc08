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
        let gathered = GatheredBytes()
        var writer = DigestWriter(sink: gathered)
        writeDigestBytes(into: &writer)
        writer.finish()
        bytes.append(contentsOf: gathered.bytes)
    }

    /// The same bytes, through `writer`'s fixed buffer: a page's tree is a few hundred kilobytes of them, which
    /// gathered in a growing array cost more than the hashing (Benchmarks/README.md).
    package func writeDigestBytes(into writer: inout DigestWriter) {
        switch self {
        case .null:
            writer.append(0x6E)
        case .bool(let value):
            writer.append(0x62)
            writer.append(value ? 1 : 0)
        case .int(let value):
            writer.append(0x69)
            writer.append(number: UInt64(bitPattern: Int64(value)))
        case .double(let value):
            writer.append(0x64)
            writer.append(number: value.bitPattern)
        case .string(let value):
            writer.append(0x73)
            writer.append(text: value)
        case .list(let items):
            writer.append(0x5B)
            writer.append(number: UInt64(items.count))
            for item in items { item.writeDigestBytes(into: &writer) }
        case .object(let object):
            writer.append(0x7B)
            writer.append(number: UInt64(object.count))
            for index in 0..<object.count {
                writer.append(text: object.keys[index])
                object.values[index].writeDigestBytes(into: &writer)
            }
        }
    }
}

/// What a `DigestWriter` hands its bytes to, a buffer at a time (a hash, in order).
package protocol DigestSink: AnyObject {
    func update(_ bytes: UnsafeRawBufferPointer)
}

/// Gathers the bytes whole: for tests and small values.
package final class GatheredBytes: DigestSink {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package func update(_ bytes: UnsafeRawBufferPointer) {
        self.bytes.append(contentsOf: bytes)
    }
}

/// A fixed buffer in front of a `DigestSink`: bytes are copied in and handed on whenever it is full, and by
/// `finish`.
package struct DigestWriter: ~Copyable {
    private let buffer: UnsafeMutableRawBufferPointer
    private var count = 0
    private let sink: any DigestSink

    package init(capacity: Int = 1 << 16, sink: any DigestSink) {
        buffer = .allocate(byteCount: max(capacity, 16), alignment: 8)
        self.sink = sink
    }

    deinit {
        buffer.deallocate()
    }

    /// Hands on what is left. Bytes written after it are handed on by the next full buffer or `finish`.
    package mutating func finish() {
        flush()
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == buffer.count { flush() }
        buffer[count] = byte
        count += 1
    }

    /// Eight big-endian bytes.
    @inline(__always)
    package mutating func append(number: UInt64) {
        if buffer.count - count < 8 { flush() }
        buffer.storeBytes(of: number.bigEndian, toByteOffset: count, as: UInt64.self)
        count += 8
    }

    /// Its UTF-8 length, then its UTF-8 bytes.
    package mutating func append(text: String) {
        var text = text
        text.withUTF8 { utf8 in
            append(number: UInt64(utf8.count))
            append(bytes: UnsafeRawBufferPointer(utf8))
        }
    }

    package mutating func append(bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        if buffer.count - count < bytes.count {
            flush()
            // Larger than the whole buffer: handed on as it is.
            if bytes.count > buffer.count {
                sink.update(bytes)
                return
            }
        }
        UnsafeMutableRawBufferPointer(rebasing: buffer[count..<(count + bytes.count)]).copyMemory(from: bytes)
        count += bytes.count
    }

    private mutating func flush() {
        guard count > 0 else { return }
        sink.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        count = 0
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
