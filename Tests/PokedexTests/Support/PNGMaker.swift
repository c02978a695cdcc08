import Foundation

/// Small, valid PNGs made in code: signature, IHDR, one IDAT holding a zlib stream of stored (uncompressed)
/// deflate blocks, IEND. Solid RGB colour, so each sprite of each fixture can be told apart by size and bytes.
enum PNGMaker {
    static func make(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + width * 3))
        for _ in 0..<height {
            raw.append(0)  // filter: none
            for _ in 0..<width { raw += [red, green, blue] }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr: [UInt8] = []
        ihdr += be32(UInt32(width))
        ihdr += be32(UInt32(height))
        ihdr += [8, 2, 0, 0, 0]  // 8-bit, truecolour, deflate, adaptive filtering, no interlace
        png += chunk("IHDR", ihdr)
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return Data(png)
    }

    /// An 8-bit RGBA PNG whose pixel at (x, y) is `pixel(x, y)`: artwork-sized pictures with transparency.
    static func rgba(width: Int, height: Int, pixel: (Int, Int) -> [UInt8]) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + width * 4))
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width { raw += pixel(x, y) }
        }
        var ihdr: [UInt8] = be32(UInt32(width)) + be32(UInt32(height))
        ihdr += [8, 6, 0, 0, 0]  // 8-bit, truecolour with alpha, deflate, adaptive filtering, no interlace
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", ihdr) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
        return Data(png)
    }

    /// Artwork-like: an opaque disc of `colour` on a transparent square.
    static func artwork(side: Int = 475, colour: [UInt8] = [200, 40, 40]) -> Data {
        let centre = Double(side) / 2
        let radius = Double(side) * 0.4
        return rgba(width: side, height: side) { x, y in
            let dx = Double(x) + 0.5 - centre
            let dy = Double(y) + 0.5 - centre
            return dx * dx + dy * dy <= radius * radius ? colour + [255] : [0, 0, 0, 0]
        }
    }

    /// A PNG whose chunks are whole (it passes `PNGImage.isComplete`) but whose pixel data fails its checksum.
    static func corrupt(_ png: Data) -> Data {
        var bytes = [UInt8](png)
        // The first IDAT byte after its length and type: IHDR is 8 + 25 bytes in.
        let idatData = 8 + 25 + 8
        bytes[idatData + 10] ^= 0xFF
        return Data(bytes)
    }

    /// A distinct small image for sprite `kind` of Pokémon `id`.
    static func sprite(id: Int, kind: String) -> Data {
        let side: Int
        switch kind {
        case "official": side = 12
        case "home": side = 10
        default: side = 8
        }
        let seed = UInt32(truncatingIfNeeded: id &* 2_654_435_761)
        return make(
            width: side,
            height: side,
            red: UInt8(seed & 0xFF),
            green: UInt8((seed >> 8) & 0xFF),
            blue: UInt8((seed >> 16) & 0xFF)
        )
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let final: UInt8 = offset + length >= data.count ? 1 : 0
            out.append(final)
            out += [UInt8(length & 0xFF), UInt8(length >> 8)]
            out += [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        out += be32(adler32(data))
        return out
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return be32(UInt32(data.count)) + typeBytes + data + be32(crc32(typeBytes + data))
    }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
