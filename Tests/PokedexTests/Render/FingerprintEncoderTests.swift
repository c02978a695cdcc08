import Foundation
import PokedexSupport
import Testing

@testable import PokedexRender

/// The bytes `FingerprintEncoder` digests, spelled out: a tag per field, lengths and numbers as eight big-endian
/// bytes. A change to how they reach SHA-256 (the buffer in front of it) must leave every digest as it was.
struct FingerprintEncoderTests {
    struct Value: Encodable {
        var name: String
        var level: Int
        var list: [Int]
    }

    static func field(_ tag: UInt8, _ text: String) -> [UInt8] {
        [tag] + number(UInt64(text.utf8.count)) + Array(text.utf8)
    }

    static func number(_ value: UInt64) -> [UInt8] {
        withUnsafeBytes(of: value.bigEndian) { Array($0) }
    }

    @Test func digestsTheFieldsInTheirOrderWithTagsAndLengths() throws {
        // Longer than the writer's 64 KiB buffer, so that the digest crosses it.
        let long = String(repeating: "é", count: 40_000)
        let value = Value(name: long, level: 258, list: [1])
        var bytes = Self.field(0x53, "salt") + Self.field(0x7B, "")
        bytes += Self.field(0x6B, "name") + Self.field(0x73, long)
        bytes += Self.field(0x6B, "level") + [0x69] + Self.number(258)
        bytes += Self.field(0x6B, "list") + Self.field(0x5B, "") + Self.field(0x2C, "") + [0x69] + Self.number(1)
        #expect(try FingerprintEncoder.fingerprint(value, salt: "salt") == Fingerprint.of(Data(bytes)))
        #expect(try FingerprintEncoder.fingerprint(value, salt: "other") != Fingerprint.of(Data(bytes)))
    }
}
