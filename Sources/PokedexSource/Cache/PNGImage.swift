import Foundation
import PokedexSupport

/// Just enough PNG to tell a complete file from a truncated or mislabelled one, and to size `<img>` tags.
enum PNGImage {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Signature first, IHDR next, and every chunk whole up to an IEND that ends the file.
    static func isComplete(_ data: Data) -> Bool {
        let bytes = [UInt8](data)
        guard bytes.count >= 8 + 25 + 12, Array(bytes[0..<8]) == signature else { return false }
        var offset = 8
        var first = true
        while offset + 12 <= bytes.count {
            let length =
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
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
    static func size(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, Array(bytes[0..<8]) == signature else { return nil }
        func int(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        return (int(16), int(20))
    }

    /// What `inspect(file:)` learns of a PNG file without reading it all.
    struct FileShape: Sendable, Equatable {
        var byteCount: Int
        var width: Int
        var height: Int
        /// Inode, size and modification time: changes whenever the file is replaced.
        var identity: String
    }

    /// The size of a PNG file and its pixel size, from its first 24 and last 12 bytes: nil when it is missing or
    /// does not start with a PNG header and end with an IEND chunk. Files are written whole (rename), so a file
    /// that begins and ends right is the one that was checked chunk by chunk when it was downloaded.
    static func inspect(file: URL) throws -> FileShape? {
        try ends(of: file, minimum: 8 + 25 + 12, head: 24, tail: 12) { byteCount, identity, head, tail in
            guard tail == iendChunk, let size = size(Data(head)) else { return nil }
            return FileShape(byteCount: byteCount, width: size.width, height: size.height, identity: identity)
        }
    }

    /// A cached file's first `head` and last `tail` bytes, its size and identity (inode, size, modification time),
    /// read without reading the rest: nil when it is missing or shorter than `minimum`.
    static func ends(
        of file: URL,
        minimum: Int,
        head: Int,
        tail: Int,
        _ shape: (_ byteCount: Int, _ identity: String, _ head: [UInt8], _ tail: [UInt8]) -> FileShape?
    ) throws -> FileShape? {
        let fd = open(file.path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw AtomicFile.posixError("cannot open \(file.path)")
        }
        defer { close(fd) }  // read-only: nothing to lose on close
        guard let stamp = FileStamp.of(descriptor: fd) else { throw AtomicFile.posixError("cannot stat \(file.path)") }
        let byteCount = Int(stamp.size)
        guard byteCount >= max(minimum, head, tail) else { return nil }
        func read(_ count: Int, at offset: Int) throws -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            guard got == count else { throw AtomicFile.posixError("cannot read \(file.path)") }
            return bytes
        }
        let identity = "\(stamp.inode)-\(byteCount)-\(stamp.modifiedSeconds).\(stamp.modifiedNanoseconds)"
        return shape(byteCount, identity, try read(head, at: 0), try read(tail, at: byteCount - tail))
    }

    /// An empty IEND chunk: length 0, type, CRC.
    static let iendChunk: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
}
