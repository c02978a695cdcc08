import Foundation

/// The kinds of file the cache keeps whole beside their metadata: the artwork and sprites (PNG), the animated
/// sprites of Black and White (GIF), and the cries (Ogg Vorbis). A download is kept only when it is complete, so
/// that a cut connection never lands in the cache, nor in the site that copies from it.
package enum MediaFormat: String, Sendable, CaseIterable {
    case png
    case gif
    case ogg

    /// By a URL's ending: nil for any other kind of file.
    package static func of(url: String) -> MediaFormat? {
        let lower = url.lowercased()
        return allCases.first { lower.hasSuffix("." + $0.rawValue) }
    }

    package var fileExtension: String { rawValue }

    /// Whether `data` is a whole file of this format, checked block by block.
    func isComplete(_ data: Data) -> Bool {
        switch self {
        case .png: PNGImage.isComplete(data)
        case .gif: GIFStructure.isComplete([UInt8](data))
        case .ogg: OggStructure.isComplete([UInt8](data))
        }
    }

    /// The size of a cached file and its pixel size (0 × 0 for a cry), from its first and last bytes: nil when it is
    /// missing or does not begin and end as this format does. Files are written whole (rename), so a file that
    /// begins and ends right is the one checked block by block when it was downloaded.
    func inspect(file: URL) throws -> PNGImage.FileShape? {
        switch self {
        case .png:
            return try PNGImage.inspect(file: file)
        case .gif:
            return try PNGImage.ends(of: file, minimum: 14, head: 10, tail: 1) { byteCount, identity, head, tail in
                guard GIFStructure.hasSignature(head), tail == [GIFStructure.trailer] else { return nil }
                let width = Int(head[6]) | Int(head[7]) << 8
                let height = Int(head[8]) | Int(head[9]) << 8
                return PNGImage.FileShape(byteCount: byteCount, width: width, height: height, identity: identity)
            }
        case .ogg:
            return try PNGImage.ends(of: file, minimum: 14, head: 4, tail: 0) { byteCount, identity, head, _ in
                guard head == OggStructure.capture else { return nil }
                return PNGImage.FileShape(byteCount: byteCount, width: 0, height: 0, identity: identity)
            }
        }
    }
}

/// GIF89a's blocks, walked to the trailer.
enum GIFStructure {
    static let trailer: UInt8 = 0x3B

    static func hasSignature(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 6 && (Array(bytes[0..<6]) == Array("GIF89a".utf8) || Array(bytes[0..<6]) == Array("GIF87a".utf8))
    }

    static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard hasSignature(bytes), bytes.count >= 14 else { return false }
        var offset = 13
        if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 0x07) + 1) }
        /// Skips data sub-blocks up to their zero-length terminator; false when the file ends first.
        func skipSubBlocks() -> Bool {
            while offset < bytes.count {
                let size = Int(bytes[offset])
                offset += 1 + size
                if size == 0 { return true }
            }
            return false
        }
        while offset < bytes.count {
            switch bytes[offset] {
            case trailer:
                return offset == bytes.count - 1
            case 0x21:  // extension: introducer, label, sub-blocks
                offset += 2
                guard skipSubBlocks() else { return false }
            case 0x2C:  // image: descriptor, local colour table, LZW code size, sub-blocks
                guard offset + 10 <= bytes.count else { return false }
                let flags = bytes[offset + 9]
                offset += 10
                if flags & 0x80 != 0 { offset += 3 << (Int(flags & 0x07) + 1) }
                offset += 1
                guard skipSubBlocks() else { return false }
            default:
                return false
            }
        }
        return false
    }
}

/// Ogg's pages, walked to the last one, which must say it ends the stream.
enum OggStructure {
    static let capture: [UInt8] = Array("OggS".utf8)

    static func isComplete(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        var endsStream = false
        while offset < bytes.count {
            guard offset + 27 <= bytes.count, Array(bytes[offset..<(offset + 4)]) == capture else { return false }
            let segments = Int(bytes[offset + 26])
            guard offset + 27 + segments <= bytes.count else { return false }
            let body = bytes[(offset + 27)..<(offset + 27 + segments)].reduce(0) { $0 + Int($1) }
            endsStream = bytes[offset + 5] & 0x04 != 0
            offset += 27 + segments + body
        }
        return offset == bytes.count && endsStream && !bytes.isEmpty
    }
}
