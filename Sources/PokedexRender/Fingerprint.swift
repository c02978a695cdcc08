import Crypto
import Foundation
import PokedexMustache
import PokedexSupport

extension Fingerprint {
    /// Of a page's value tree (see `TemplateValue.writeDigestBytes`), after `salt`.
    static func of(_ tree: TemplateValue, salt: String) -> String {
        let hash = HashSink()
        var writer = DigestWriter(sink: hash)
        writer.append(text: salt)
        tree.writeDigestBytes(into: &writer)
        writer.finish()
        return hex(hash.hasher.finalize())
    }
}

/// SHA-256 over the bytes a `DigestWriter` hands on: over pieces, the same digest as over their concatenation.
private final class HashSink: DigestSink {
    var hasher = SHA256()

    func update(_ bytes: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: bytes)
    }
}

/// Fingerprints an `Encodable` value by feeding every key and value straight into SHA-256, in encoding order:
/// what `JSONEncoder` would describe, without building or sorting JSON (with it, fingerprints were a large share of
/// the render: Benchmarks/README.md).
/// Synthesized `Encodable` conformances list every stored property, so no field can be forgotten.
struct FingerprintEncoder {
    static func fingerprint(_ value: some Encodable, salt: String) throws -> String {
        let sink = EncodedDigest()
        sink.add(tag: 0x53, salt)
        try value.encode(to: DigestEncoder(sink: sink, codingPath: []))
        return sink.finish()
    }
}

/// The running digest's input, shared by the containers of one encoding (reference type: containers are values).
/// Bytes go through a `DigestWriter`'s buffer into SHA-256: a call per field costs far more, and the whole model's
/// bytes gathered at once (the render inputs' digest) were a large part of a full build's peak memory
/// (Benchmarks/README.md).
private final class EncodedDigest {
    private let hash = HashSink()
    private var writer: DigestWriter

    init() {
        writer = DigestWriter(sink: hash)
    }

    /// Tag, length and bytes: no two different sequences of fields feed the same bytes.
    func add(tag: UInt8, _ text: String) {
        writer.append(tag)
        writer.append(text: text)
    }

    /// Tag and eight big-endian bytes.
    func add(tag: UInt8, _ number: Int64) {
        writer.append(tag)
        writer.append(number: UInt64(bitPattern: number))
    }

    func finish() -> String {
        writer.finish()
        return Fingerprint.hex(hash.hasher.finalize())
    }
}

private struct DigestEncoder: Encoder {
    let sink: EncodedDigest
    /// Always empty: a digest cannot fail, so a path would only cost an allocation per key.
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        sink.add(tag: 0x7B, "")  // "{"
        return KeyedEncodingContainer(Keyed<Key>(sink: sink, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.add(tag: 0x5B, "")  // "["
        return Unkeyed(sink: sink, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(sink: sink, codingPath: codingPath)
    }

    /// Values other containers hand over: strings, numbers and booleans by tag, anything else by its own encoding.
    static func encode<T: Encodable>(_ value: T, sink: EncodedDigest, codingPath: [any CodingKey]) throws {
        // Type identity first: a failed `as?` cast costs a runtime conformance search, and nested contexts would
        // fail four of them each.
        if T.self == String.self {
            sink.add(tag: 0x73, value as! String)
        } else if T.self == Int.self {
            sink.add(tag: 0x69, Int64(value as! Int))
        } else if T.self == Bool.self {
            sink.add(tag: 0x62, (value as! Bool) ? 1 : 0)
        } else if T.self == Double.self {
            sink.add(tag: 0x64, Int64(bitPattern: (value as! Double).bitPattern))
        } else {
            try value.encode(to: DigestEncoder(sink: sink, codingPath: codingPath))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: EncodedDigest
        var codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws {
            sink.add(tag: 0x6B, key.stringValue)
            sink.add(tag: 0x6E, "")
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            sink.add(tag: 0x6B, key.stringValue)
            try DigestEncoder.encode(value, sink: sink, codingPath: codingPath)
        }

        // A nil optional is recorded as such rather than skipped (every key is digested before its value, so
        // skipping would be unambiguous too; recording keeps the digest's shape obvious).
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type,
            forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            sink.add(tag: 0x6B, key.stringValue)
            return DigestEncoder(sink: sink, codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            sink.add(tag: 0x6B, key.stringValue)
            return DigestEncoder(sink: sink, codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { DigestEncoder(sink: sink, codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { DigestEncoder(sink: sink, codingPath: codingPath) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let sink: EncodedDigest
        var codingPath: [any CodingKey]
        var count = 0

        mutating func encodeNil() throws {
            count += 1
            sink.add(tag: 0x6E, "")
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            count += 1
            sink.add(tag: 0x2C, "")  // element separator, so [[a], b] and [[a, b]] differ
            try DigestEncoder.encode(value, sink: sink, codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            count += 1
            return DigestEncoder(sink: sink, codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            return DigestEncoder(sink: sink, codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { DigestEncoder(sink: sink, codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let sink: EncodedDigest
        var codingPath: [any CodingKey]

        mutating func encodeNil() throws { sink.add(tag: 0x6E, "") }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try DigestEncoder.encode(value, sink: sink, codingPath: codingPath)
        }
    }
}
