package import Crypto
package import Foundation

/// What a site file is made from, as a SHA-256 digest (hex): the same inputs give the same fingerprint in every
/// run, so the manifest can tell an unchanged page without rendering it.
package enum Fingerprint {
    package static func of(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
    }

    /// Of several parts, each length-prefixed so that no two lists of parts digest alike.
    package static func of(_ parts: [Data]) -> String {
        var hasher = SHA256()
        for part in parts {
            withUnsafeBytes(of: UInt64(part.count).bigEndian) { hasher.update(bufferPointer: $0) }
            hasher.update(data: part)
        }
        return hex(hasher.finalize())
    }

    package static func of(_ parts: String...) -> String {
        of(parts.map { Data($0.utf8) })
    }

    package static func hex(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(64)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
