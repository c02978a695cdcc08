import Foundation

// MARK: - Decoding: straight from the bytes

/// Bounds-checked reads of a compact form. A class so that every container of one decode shares it.
final class CompactReader {
    let bytes: UnsafeRawBufferPointer

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    func corrupt(_ detail: String, _ codingPath: [any CodingKey] = []) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: "compact form: \(detail)"))
    }

    func tag(at offset: Int) throws -> UInt8 {
        guard offset >= 0, offset < bytes.count else { throw corrupt("a value runs past the end") }
        return bytes[offset]
    }

    func number<N: FixedWidthInteger>(_ type: N.Type, at offset: Int) throws -> N {
        guard offset >= 0, offset + MemoryLayout<N>.size <= bytes.count else {
            throw corrupt("a number runs past the end")
        }
        return N(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: N.self))
    }

    /// The offset just after the value at `offset`.
    func skip(_ offset: Int) throws -> Int {
        switch try tag(at: offset) {
        case CompactCoder.null, CompactCoder.yes, CompactCoder.no: return offset + 1
        case CompactCoder.signed, CompactCoder.unsigned, CompactCoder.double: return try end(offset + 1, plus: 8)
        case CompactCoder.string, CompactCoder.object, CompactCoder.array:
            return try end(offset + 5, plus: Int(number(UInt32.self, at: offset + 1)))
        case let other: throw corrupt("unknown tag \(other)")
        }
    }

    private func end(_ start: Int, plus length: Int) throws -> Int {
        guard start + length <= bytes.count else { throw corrupt("a value runs past the end") }
        return start + length
    }

    func string(at offset: Int, _ codingPath: [any CodingKey]) throws -> String {
        guard try tag(at: offset) == CompactCoder.string else { throw mismatch(String.self, at: offset, codingPath) }
        let length = Int(try number(UInt32.self, at: offset + 1))
        let end = try self.end(offset + 5, plus: length)
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(offset + 5)..<end]), as: UTF8.self)
    }

    func integer<N: FixedWidthInteger>(_ type: N.Type, at offset: Int, _ codingPath: [any CodingKey]) throws -> N {
        let value: N?
        switch try tag(at: offset) {
        case CompactCoder.signed: value = N(exactly: try number(Int64.self, at: offset + 1))
        case CompactCoder.unsigned: value = N(exactly: try number(UInt64.self, at: offset + 1))
        default: throw mismatch(N.self, at: offset, codingPath)
        }
        guard let value else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "number does not fit \(N.self)")
            )
        }
        return value
    }

    func double(at offset: Int, _ codingPath: [any CodingKey]) throws -> Double {
        switch try tag(at: offset) {
        case CompactCoder.double: return Double(bitPattern: try number(UInt64.self, at: offset + 1))
        case CompactCoder.signed: return Double(try number(Int64.self, at: offset + 1))
        case CompactCoder.unsigned: return Double(try number(UInt64.self, at: offset + 1))
        default: throw mismatch(Double.self, at: offset, codingPath)
        }
    }

    func bool(at offset: Int, _ codingPath: [any CodingKey]) throws -> Bool {
        switch try tag(at: offset) {
        case CompactCoder.yes: return true
        case CompactCoder.no: return false
        default: throw mismatch(Bool.self, at: offset, codingPath)
        }
    }

    func isNil(at offset: Int) throws -> Bool {
        try tag(at: offset) == CompactCoder.null
    }

    /// The first entry's offset, the end and the count of the object or array at `offset`.
    func container(
        at offset: Int,
        tag expected: UInt8,
        _ codingPath: [any CodingKey]
    ) throws -> (first: Int, end: Int, count: Int) {
        guard try tag(at: offset) == expected else {
            throw mismatch(expected == CompactCoder.object ? [String: Int].self : [Int].self, at: offset, codingPath)
        }
        let end = try skip(offset)
        let count = Int(try number(UInt32.self, at: offset + 5))
        return (offset + 9, end, count)
    }

    func mismatch(_ type: Any.Type, at offset: Int, _ codingPath: [any CodingKey]) -> DecodingError {
        let found = offset < bytes.count ? Character(UnicodeScalar(bytes[offset])) : "∅"
        return .typeMismatch(
            type,
            .init(codingPath: codingPath, debugDescription: "compact form holds tag \(found) here")
        )
    }

    /// The key at `offset` (an object's entry): its bytes, and where its value starts.
    func key(at offset: Int) throws -> (key: UnsafeRawBufferPointer, value: Int) {
        let length = Int(try number(UInt16.self, at: offset))
        let end = try self.end(offset + 2, plus: length)
        return (UnsafeRawBufferPointer(rebasing: bytes[(offset + 2)..<end]), end)
    }
}

struct CompactDecoding: Decoder {
    let reader: CompactReader
    let offset: Int
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let (first, end, _) = try reader.container(at: offset, tag: CompactCoder.object, codingPath)
        return KeyedDecodingContainer(KeyedReader<Key>(reader: reader, first: first, end: end, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (first, end, count) = try reader.container(at: offset, tag: CompactCoder.array, codingPath)
        return UnkeyedReader(reader: reader, cursor: first, end: end, count: count, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleReader(reader: reader, offset: offset, codingPath: codingPath)
    }

    static func decode<T: Decodable>(
        _ type: T.Type,
        reader: CompactReader,
        at offset: Int,
        codingPath: [any CodingKey]
    ) throws -> T {
        // The common leaves without a decoder each.
        if T.self == String.self, let text = try reader.string(at: offset, codingPath) as? T { return text }
        if T.self == Int.self, let number = try reader.integer(Int.self, at: offset, codingPath) as? T { return number }
        if let arrayType = T.self as? any CompactArrayDecodable.Type,
            let array = try arrayType.decodeCompact(reader: reader, at: offset, codingPath: codingPath) as? T
        {
            return array
        }
        return try T(from: CompactDecoding(reader: reader, offset: offset, codingPath: codingPath))
    }
}

/// An array read element by element from the bytes: `Array.init(from:)` would go through an unkeyed container (an
/// existential per array) and two dynamic calls per element.
protocol CompactArrayDecodable {
    static func decodeCompact(reader: CompactReader, at offset: Int, codingPath: [any CodingKey]) throws -> Self
}

extension Array: CompactArrayDecodable where Element: Decodable {
    static func decodeCompact(reader: CompactReader, at offset: Int, codingPath: [any CodingKey]) throws -> [Element] {
        let (first, end, count) = try reader.container(at: offset, tag: CompactCoder.array, codingPath)
        var elements: [Element] = []
        // The count is read, not trusted: every element takes at least a byte.
        elements.reserveCapacity(Swift.min(count, end - first))
        var cursor = first
        for _ in 0..<count {
            guard cursor < end else { throw reader.corrupt("an array holds fewer elements than it counts", codingPath) }
            elements.append(
                try CompactDecoding.decode(Element.self, reader: reader, at: cursor, codingPath: codingPath)
            )
            cursor = try reader.skip(cursor)
        }
        guard cursor == end else { throw reader.corrupt("an array holds more elements than it counts", codingPath) }
        return elements
    }
}

/// Paths in errors name the container, not the key: a path per key read would cost an array per value, and an
/// error here only sends the build back to the JSON entry.
struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: CompactReader
    let first: Int
    let end: Int
    var codingPath: [any CodingKey]

    var allKeys: [Key] {
        var keys: [Key] = []
        var offset = first
        while offset < end, let (key, value) = try? reader.key(at: offset), let next = try? reader.skip(value) {
            if let key = Key(stringValue: String(decoding: key, as: UTF8.self)) { keys.append(key) }
            offset = next
        }
        return keys
    }

    /// Where `key`'s value starts; nil when the object has no such key. A scan: objects here hold a few keys.
    private func find(_ key: Key) throws -> Int? {
        var name = key.stringValue
        return try name.withUTF8 { wanted -> Int? in
            var offset = first
            while offset < end {
                let (candidate, value) = try reader.key(at: offset)
                if candidate.elementsEqual(wanted) { return value }
                offset = try reader.skip(value)
            }
            return nil
        }
    }

    private func value(_ key: Key) throws -> Int {
        guard let offset = try find(key) else {
            throw DecodingError.keyNotFound(
                key,
                .init(codingPath: codingPath, debugDescription: "no such key in the compact form")
            )
        }
        return offset
    }

    func contains(_ key: Key) -> Bool { (try? find(key)) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try reader.isNil(at: value(key)) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try reader.bool(at: value(key), codingPath) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try reader.string(at: value(key), codingPath) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try reader.double(at: value(key), codingPath) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        Float(try reader.double(at: value(key), codingPath))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try reader.integer(type, at: value(key), codingPath)
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try reader.integer(type, at: value(key), codingPath)
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try reader.integer(type, at: value(key), codingPath)
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try reader.integer(type, at: value(key), codingPath)
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try reader.integer(type, at: value(key), codingPath)
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try reader.integer(type, at: value(key), codingPath)
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try reader.integer(type, at: value(key), codingPath)
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try reader.integer(type, at: value(key), codingPath)
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try reader.integer(type, at: value(key), codingPath)
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try reader.integer(type, at: value(key), codingPath)
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try CompactDecoding.decode(type, reader: reader, at: value(key), codingPath: codingPath)
    }

    // One scan for an optional, where the defaults would scan for `contains`, `decodeNil` and the value.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let offset = try find(key), try !reader.isNil(at: offset) else { return nil }
        return try reader.string(at: offset, codingPath)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let offset = try find(key), try !reader.isNil(at: offset) else { return nil }
        return try reader.integer(type, at: offset, codingPath)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let offset = try find(key), try !reader.isNil(at: offset) else { return nil }
        return try reader.double(at: offset, codingPath)
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let offset = try find(key), try !reader.isNil(at: offset) else { return nil }
        return try reader.bool(at: offset, codingPath)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let offset = try find(key), try !reader.isNil(at: offset) else { return nil }
        return try CompactDecoding.decode(type, reader: reader, at: offset, codingPath: codingPath)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type,
        forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try CompactDecoding(reader: reader, offset: value(key), codingPath: codingPath).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try CompactDecoding(reader: reader, offset: value(key), codingPath: codingPath).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let key = Key(stringValue: "super") else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "no \"super\" key"))
        }
        return try superDecoder(forKey: key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        CompactDecoding(reader: reader, offset: try value(key), codingPath: codingPath)
    }
}

struct UnkeyedReader: UnkeyedDecodingContainer {
    let reader: CompactReader
    var cursor: Int
    /// Where the array's bytes end: a count larger than its elements is refused, not read past.
    let end: Int
    let total: Int
    var codingPath: [any CodingKey]
    var currentIndex = 0

    init(reader: CompactReader, cursor: Int, end: Int, count: Int, codingPath: [any CodingKey]) {
        self.reader = reader
        self.cursor = cursor
        self.end = end
        self.total = count
        self.codingPath = codingPath
    }

    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    /// The next element's offset, moving past it.
    private mutating func next() throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self,
                .init(codingPath: codingPath, debugDescription: "the array has ended")
            )
        }
        guard cursor < end else { throw reader.corrupt("an array holds fewer elements than it counts", codingPath) }
        let offset = cursor
        cursor = try reader.skip(offset)
        currentIndex += 1
        return offset
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, try reader.isNil(at: cursor) else { return false }
        _ = try next()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try reader.bool(at: next(), codingPath) }
    mutating func decode(_ type: String.Type) throws -> String { try reader.string(at: next(), codingPath) }
    mutating func decode(_ type: Double.Type) throws -> Double { try reader.double(at: next(), codingPath) }
    mutating func decode(_ type: Float.Type) throws -> Float { Float(try reader.double(at: next(), codingPath)) }
    mutating func decode(_ type: Int.Type) throws -> Int { try reader.integer(type, at: next(), codingPath) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try reader.integer(type, at: next(), codingPath) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try reader.integer(type, at: next(), codingPath) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try reader.integer(type, at: next(), codingPath) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try reader.integer(type, at: next(), codingPath) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try reader.integer(type, at: next(), codingPath) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.integer(type, at: next(), codingPath) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.integer(type, at: next(), codingPath) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.integer(type, at: next(), codingPath) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.integer(type, at: next(), codingPath) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try CompactDecoding.decode(type, reader: reader, at: next(), codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try CompactDecoding(reader: reader, offset: next(), codingPath: codingPath).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try CompactDecoding(reader: reader, offset: next(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        CompactDecoding(reader: reader, offset: try next(), codingPath: codingPath)
    }
}

struct SingleReader: SingleValueDecodingContainer {
    let reader: CompactReader
    let offset: Int
    var codingPath: [any CodingKey]

    func decodeNil() -> Bool { (try? reader.isNil(at: offset)) ?? false }
    func decode(_ type: Bool.Type) throws -> Bool { try reader.bool(at: offset, codingPath) }
    func decode(_ type: String.Type) throws -> String { try reader.string(at: offset, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try reader.double(at: offset, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { Float(try reader.double(at: offset, codingPath)) }
    func decode(_ type: Int.Type) throws -> Int { try reader.integer(type, at: offset, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try reader.integer(type, at: offset, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try reader.integer(type, at: offset, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try reader.integer(type, at: offset, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try reader.integer(type, at: offset, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try reader.integer(type, at: offset, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try reader.integer(type, at: offset, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try reader.integer(type, at: offset, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try reader.integer(type, at: offset, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try reader.integer(type, at: offset, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try CompactDecoding.decode(type, reader: reader, at: offset, codingPath: codingPath)
    }
}
