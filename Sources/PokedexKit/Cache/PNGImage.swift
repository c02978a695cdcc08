import Foundation

/// Just enough PNG to tell a complete file from a truncated or mislabelled one, and to size `<img>` tags.
public enum PNGImage {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Signature first, IHDR next, and every chunk whole up to an IEND that ends the file.
    public static func isComplete(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        guard bytes.count >= 8 + 25 + 12, Array(bytes[0..<8]) == signature else { return false }
        var offset = 8
        var first = true
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if first && type != "IHDR" { return false }
            first = false
            let next = offset + 12 + length
            guard length >= 0, next <= bytes.count else { return false }
            if type == "IEND" { return next == bytes.count }
            offset = next
        }
        return false
    }

    /// Width and height from the IHDR chunk.
    public static func size(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, Array(bytes[0..<8]) == signature else { return nil }
        func int(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        return (int(16), int(20))
    }
}
