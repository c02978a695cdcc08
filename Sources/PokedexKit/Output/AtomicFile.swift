import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file writes that a kill at any instant cannot tear: the bytes go to a temporary file in the same
/// folder, are flushed to disk, and the temporary file is renamed over the target (rename is atomic on POSIX).
public enum AtomicFile {
    /// Marks temporary files so that a later run can sweep what a killed run left behind.
    public static let temporaryMarker = ".pokedex-tmp-"

    public static func write(_ data: Data, to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(
            "." + url.lastPathComponent + temporaryMarker + UUID().uuidString.prefix(8))
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw posixError("cannot create \(temporary.path)") }
        var closed = false
        defer {
            if !closed { close(fd) }
        }
        do {
            try data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = Glibc.write(fd, buffer.baseAddress!.advanced(by: offset), buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw posixError("cannot write \(temporary.path)")
                    }
                    offset += written
                }
            }
            guard fsync(fd) == 0 else { throw posixError("cannot flush \(temporary.path)") }
            closed = true
            guard close(fd) == 0 else { throw posixError("cannot close \(temporary.path)") }
            guard rename(temporary.path, url.path) == 0 else { throw posixError("cannot rename onto \(url.path)") }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// Writes only when the content differs, so unchanged pages keep their modification time.
    /// Returns whether the file was written.
    @discardableResult
    public static func writeIfChanged(_ data: Data, to url: URL) throws -> Bool {
        if let existing = FileManager.default.contents(atPath: url.path), existing == data { return false }
        try write(data, to: url)
        return true
    }

    /// Removes the temporary files a killed run left anywhere below `folder`. Returns how many.
    @discardableResult
    public static func sweepTemporaries(in folder: URL) throws -> Int {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return 0 }
        var removed = 0
        for case let relative as String in enumerator where relative.contains(temporaryMarker) {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(relative))
            removed += 1
        }
        return removed
    }

    static func posixError(_ message: String) -> NSError {
        let code = errno
        return NSError(domain: NSPOSIXErrorDomain, code: Int(code), userInfo: [
            NSLocalizedDescriptionKey: "\(message): \(String(cString: strerror(code)))",
        ])
    }
}
