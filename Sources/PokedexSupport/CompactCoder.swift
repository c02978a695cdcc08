import Foundation

/// A binary form of any `Codable` value, for the cache's compact store (`CachePack`): the same tree JSON would
/// hold (objects keep their keys, so any `init(from:)` reads it, in any order), with lengths up front instead of
/// text to scan. The same values are read from this form for a fraction of the CPU their cached JSON took, and for
/// less than from Foundation's binary property list (see `Benchmarks/README.md`).
///
/// Each value is a tag byte and its payload:
/// - `n` nil; `t` / `f` true / false; `i` Int64; `u` UInt64; `d` Double (all little-endian);
/// - `s` a UInt32 byte count and UTF-8;
/// - `k` an object: a UInt32 byte count of what follows, a UInt32 count, then per entry a UInt16 key length, the
///   key's UTF-8 and the value; `a` an array: the same counts, then the values.
///
/// Nothing here is trusted: a decoder meets bytes it did not write (a torn or foreign file) with a thrown
/// `DecodingError`, never a read out of bounds.
package enum CompactCoder {
    static let null: UInt8 = 0x6E, yes: UInt8 = 0x74, no: UInt8 = 0x66, signed: UInt8 = 0x69, unsigned: UInt8 = 0x75
    static let double: UInt8 = 0x64, string: UInt8 = 0x73, object: UInt8 = 0x6B, array: UInt8 = 0x61

    /// `value`'s compact form.
    package static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let root = EncodedNode()
        try value.encode(to: CompactEncoding(node: root))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        root.write(into: &bytes)
        return bytes
    }

    /// The value whose compact form `bytes` is; throws `DecodingError` on anything else.
    package static func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        let reader = CompactReader(bytes: bytes)
        let end = try reader.skip(0)
        guard end == bytes.count else { throw reader.corrupt("\(bytes.count - end) byte(s) after the value") }
        return try CompactDecoding.decode(type, reader: reader, at: 0, codingPath: [])
    }
}

// MARK: - Encoding: a tree, then its bytes (encoding runs only when the store is rewritten)

final class EncodedNode {
    enum Value {
        case null
        case bool(Bool)
        case signed(Int64)
        case unsigned(UInt64)
        case double(Double)
        case string(String)
        case object(EncodedObject)
        case array(EncodedArray)
    }
    var value: Value = .null

    func write(into bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(CompactCoder.null)
        case .bool(let flag): bytes.append(flag ? CompactCoder.yes : CompactCoder.no)
        case .signed(let number):
            bytes.append(CompactCoder.signed)
            Self.append(number, to: &bytes)
        case .unsigned(let number):
            bytes.append(CompactCoder.unsigned)
            Self.append(number, to: &bytes)
        case .double(let number):
            bytes.append(CompactCoder.double)
            Self.append(number.bitPattern, to: &bytes)
        case .string(let text):
            bytes.append(CompactCoder.string)
            var text = text
            text.withUTF8 { utf8 in
                Self.append(UInt32(utf8.count), to: &bytes)
                bytes.append(contentsOf: utf8)
            }
        case .object(let object):
            bytes.append(CompactCoder.object)
            let lengthAt = Self.placeholder(&bytes)
            Self.append(UInt32(object.entries.count), to: &bytes)
            for (key, node) in object.entries {
                var key = key
                key.withUTF8 { utf8 in
                    Self.append(UInt16(utf8.count), to: &bytes)
                    bytes.append(contentsOf: utf8)
                }
                node.write(into: &bytes)
            }
            Self.patch(&bytes, at: lengthAt)
        case .array(let array):
            bytes.append(CompactCoder.array)
            let lengthAt = Self.placeholder(&bytes)
            Self.append(UInt32(array.elements.count), to: &bytes)
            for node in array.elements { node.write(into: &bytes) }
            Self.patch(&bytes, at: lengthAt)
        }
    }

    static func append<N: FixedWidthInteger>(_ number: N, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func placeholder(_ bytes: inout [UInt8]) -> Int {
        bytes.append(contentsOf: [0, 0, 0, 0])
        return bytes.count
    }

    /// The byte count of what follows the length field at `start - 4`.
    private static func patch(_ bytes: inout [UInt8], at start: Int) {
        let length = UInt32(bytes.count - start).littleEndian
        withUnsafeBytes(of: length) { raw in
            for index in 0..<4 { bytes[start - 4 + index] = raw[index] }
        }
    }
}

final class EncodedObject {
    var entries: [(String, EncodedNode)] = []
}

final class EncodedArray {
    var elements: [EncodedNode] = []
}

struct CompactEncoding: Encoder {
    let node: EncodedNode
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // A second request for the same value's container (a superclass's encode) keeps adding to the first.
        if case .object(let object) = node.value {
            return KeyedEncodingContainer(KeyedWriter(object: object, codingPath: codingPath))
        }
        let object = EncodedObject()
        node.value = .object(object)
        return KeyedEncodingContainer(KeyedWriter(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let array) = node.value { return UnkeyedWriter(array: array, codingPath: codingPath) }
        let array = EncodedArray()
        node.value = .array(array)
        return UnkeyedWriter(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleWriter(node: node, codingPath: codingPath)
    }

    static func encode<T: Encodable>(_ value: T, into node: EncodedNode, codingPath: [any CodingKey]) throws {
        switch value {
        case let text as String: node.value = .string(text)
        case let number as Int: node.value = .signed(Int64(number))
        case let number as Double: node.value = .double(number)
        case let flag as Bool: node.value = .bool(flag)
        default: try value.encode(to: CompactEncoding(node: node, codingPath: codingPath))
        }
    }
}

struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: EncodedObject
    var codingPath: [any CodingKey]

    private func add(_ key: Key) -> EncodedNode {
        let node = EncodedNode()
        object.entries.append((key.stringValue, node))
        return node
    }

    mutating func encodeNil(forKey key: Key) throws { _ = add(key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { add(key).value = .bool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { add(key).value = .string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(key).value = .double(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(key).value = .double(Double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { add(key).value = .signed(Int64(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { add(key).value = .signed(Int64(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { add(key).value = .signed(Int64(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { add(key).value = .signed(Int64(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { add(key).value = .signed(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { add(key).value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { add(key).value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { add(key).value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { add(key).value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { add(key).value = .unsigned(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try CompactEncoding.encode(value, into: add(key), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        CompactEncoding(node: add(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        CompactEncoding(node: add(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        CompactEncoding(node: add(Key(stringValue: "super") ?? Self.anyKey), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        CompactEncoding(node: add(key), codingPath: codingPath + [key])
    }

    private static var anyKey: Key {
        // Only reached for a key type that refuses "super": any of its keys will do as a slot name.
        guard let key = Key(intValue: 0) else { preconditionFailure("a CodingKey type with neither \"super\" nor 0") }
        return key
    }
}

struct UnkeyedWriter: UnkeyedEncodingContainer {
    let array: EncodedArray
    var codingPath: [any CodingKey]
    var count: Int { array.elements.count }

    private func add() -> EncodedNode {
        let node = EncodedNode()
        array.elements.append(node)
        return node
    }

    mutating func encodeNil() throws { _ = add() }
    mutating func encode(_ value: Bool) throws { add().value = .bool(value) }
    mutating func encode(_ value: String) throws { add().value = .string(value) }
    mutating func encode(_ value: Double) throws { add().value = .double(value) }
    mutating func encode(_ value: Float) throws { add().value = .double(Double(value)) }
    mutating func encode(_ value: Int) throws { add().value = .signed(Int64(value)) }
    mutating func encode(_ value: Int8) throws { add().value = .signed(Int64(value)) }
    mutating func encode(_ value: Int16) throws { add().value = .signed(Int64(value)) }
    mutating func encode(_ value: Int32) throws { add().value = .signed(Int64(value)) }
    mutating func encode(_ value: Int64) throws { add().value = .signed(value) }
    mutating func encode(_ value: UInt) throws { add().value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { add().value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { add().value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { add().value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { add().value = .unsigned(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try CompactEncoding.encode(value, into: add(), codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        CompactEncoding(node: add(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        CompactEncoding(node: add(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        CompactEncoding(node: add(), codingPath: codingPath)
    }
}

struct SingleWriter: SingleValueEncodingContainer {
    let node: EncodedNode
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.value = .null }
    mutating func encode(_ value: Bool) throws { node.value = .bool(value) }
    mutating func encode(_ value: String) throws { node.value = .string(value) }
    mutating func encode(_ value: Double) throws { node.value = .double(value) }
    mutating func encode(_ value: Float) throws { node.value = .double(Double(value)) }
    mutating func encode(_ value: Int) throws { node.value = .signed(Int64(value)) }
    mutating func encode(_ value: Int8) throws { node.value = .signed(Int64(value)) }
    mutating func encode(_ value: Int16) throws { node.value = .signed(Int64(value)) }
    mutating func encode(_ value: Int32) throws { node.value = .signed(Int64(value)) }
    mutating func encode(_ value: Int64) throws { node.value = .signed(value) }
    mutating func encode(_ value: UInt) throws { node.value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { node.value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { node.value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { node.value = .unsigned(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { node.value = .unsigned(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try CompactEncoding.encode(value, into: node, codingPath: codingPath)
    }
}
