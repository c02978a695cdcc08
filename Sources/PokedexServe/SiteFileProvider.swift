import Foundation
import Hummingbird
import Logging
import PokedexSupport

/// The output folder as `FileMiddleware` sees it under `pokedex serve`: only regular files and folders whose real
/// path (symlinks resolved) lies inside the folder's real path, and HTML pages with the live-reload markup in them.
///
/// A file is read whole when it is looked up, from one descriptor: its headers (size, ETag) and its body then
/// always describe the same bytes, even when a rebuild replaces the file between the two. Site files are small
/// (pages, pictures, a data script), so reading them whole costs less than a second open.
struct SiteFileProvider: FileProvider {
    struct FileAttributes: Sendable, FileMiddlewareFileAttributes {
        let isFolder: Bool
        let size: Int
        /// With nanoseconds: `FileMiddleware`'s ETag is made of this and the size, and two rebuilds in one second
        /// must not share an ETag.
        let modificationDate: Date
    }

    /// A file as read at lookup: its attributes and its bytes (none for a folder).
    struct FileIdentifier: Sendable {
        let attributes: FileAttributes
        let content: ByteBuffer
    }

    /// The real path of the output folder.
    let root: String
    let logger: Logger

    /// `path` is the decoded request path. Anything that is not a readable regular file or folder inside the root
    /// is nil, which `FileMiddleware` answers as not found.
    func getFileIdentifier(_ path: String) -> FileIdentifier? {
        guard PathGuard<BasicRequestContext>.isSafeDecoded(path) else { return nil }
        guard let real = realpath(root + path, nil) else { return nil }
        let resolved = String(cString: real)
        free(real)
        guard resolved == root || resolved.hasPrefix(root + "/") else { return nil }
        do {
            return try read(resolved)
        } catch {
            logger.warning("serve: cannot read \(resolved): \(error)")
            return nil
        }
    }

    func getAttributes(id: FileIdentifier) async throws -> FileAttributes? {
        id.attributes
    }

    func loadFile(id: FileIdentifier, context: some RequestContext) async throws -> ResponseBody {
        ResponseBody(byteBuffer: id.content)
    }

    func loadFile(
        id: FileIdentifier,
        range: ClosedRange<Int>,
        context: some RequestContext
    ) async throws -> ResponseBody {
        let size = id.content.readableBytes
        guard range.lowerBound < size else { throw HTTPError(.rangeNotSatisfiable) }
        let upper = min(range.upperBound, size - 1)
        return ResponseBody(
            byteBuffer: id.content.getSlice(
                at: id.content.readerIndex + range.lowerBound,
                length: upper - range.lowerBound + 1
            )!
        )
    }

    /// Opens `path` once and takes its type, modification time and bytes from that descriptor.
    private func read(_ path: String) throws -> FileIdentifier? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw AtomicFile.posixError("cannot open \(path)")
        }
        defer { close(fd) }  // read-only
        guard let stamp = FileStamp.of(descriptor: fd) else { throw AtomicFile.posixError("cannot stat \(path)") }
        let modified = Date(timeIntervalSince1970: stamp.modifiedInterval)
        switch stamp.kind {
        case .directory:
            // A folder is a page only through its index: FileMiddleware sends `/pokemon` on to `/pokemon/`, which
            // would be a 404 after a redirect. Without an index it is not there at all.
            guard access(path + "/index.html", R_OK) == 0 else { return nil }
            return FileIdentifier(
                attributes: FileAttributes(isFolder: true, size: 0, modificationDate: modified),
                content: ByteBuffer()
            )
        case .regular:
            var bytes = try Self.readAll(fd, sizeHint: Int(stamp.size), path: path)
            if path.hasSuffix(".html") { bytes = LiveReload.inject(into: bytes) }
            return FileIdentifier(
                attributes: FileAttributes(isFolder: false, size: bytes.count, modificationDate: modified),
                content: ByteBuffer(bytes: bytes)
            )
        case .other:
            return nil
        }
    }

    private static func readAll(_ fd: Int32, sizeHint: Int, path: String) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(sizeHint, 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096))) }
            let got = bytes.withUnsafeMutableBytes { buffer in
                Platform.read(fd, buffer.baseAddress!.advanced(by: count), buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw AtomicFile.posixError("cannot read \(path)")
            }
            if got == 0 { break }
            count += got
        }
        bytes.removeSubrange(count...)
        return bytes
    }
}
