import CPokedexShims
package import Foundation

/// Whole-file writes that a kill at any instant cannot tear: the bytes go to a temporary file in the same
/// folder and the temporary file is renamed over the target (rename is atomic on POSIX). A durable write also
/// flushes the bytes to disk before the rename, so that a power cut cannot leave an empty file either: the cache
/// is written that way. Site files are not: a rerun rewrites them.
package enum AtomicFile {
    /// Marks temporary files so that a later run can sweep what a killed run left behind.
    static let temporaryMarker = ".pokedex-tmp-"

    package static func write(_ data: Data, to url: URL, durable: Bool = true, folderExists: Bool = false) throws {
        try replace(url, durable: durable, folderExists: folderExists) { fd, temporary in
            try data.withUnsafeBytes { try writeAll($0, to: fd, path: temporary.path) }
        }
    }

    /// Like `write(_:to:)`, for bytes made as they are written: `fill` hands each piece to the sink it is given.
    package static func write(
        to url: URL,
        durable: Bool = true,
        folderExists: Bool = false,
        fill: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        try replace(url, durable: durable, folderExists: folderExists) { fd, temporary in
            try fill { try writeAll($0, to: fd, path: temporary.path) }
        }
    }

    /// Fills a new temporary file beside `url` (its folder created if need be, unless the caller made it) with
    /// `fill`, flushes it when `durable`, and renames it over `url`; on any failure the temporary file is removed.
    private static func replace(
        _ url: URL,
        durable: Bool,
        folderExists: Bool = false,
        fill: (Int32, URL) throws -> Void
    ) throws {
        let folder = url.deletingLastPathComponent()
        if !folderExists { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let temporary = folder.appending(
            path: "." + url.lastPathComponent + temporaryMarker + UUID().uuidString.prefix(8),
            directoryHint: .notDirectory
        )  // no `stat` (see `CacheStore.url`)
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw posixError("cannot create \(temporary.path)") }
        var closed = false
        defer {
            if !closed { close(fd) }
        }
        do {
            try fill(fd, temporary)
            if durable { guard fsync(fd) == 0 else { throw posixError("cannot flush \(temporary.path)") } }
            closed = true
            guard close(fd) == 0 else { throw posixError("cannot close \(temporary.path)") }
            guard rename(temporary.path, url.path) == 0 else { throw posixError("cannot rename onto \(url.path)") }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// Writes all of `bytes` to `fd`, resuming after short writes and interruptions.
    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Platform.write(fd, bytes.baseAddress!.advanced(by: offset), bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw posixError("cannot write \(path)")
            }
            offset += written
        }
    }

    /// Writes only when the content differs, so unchanged pages keep their modification time.
    /// Returns whether the file was written.
    @discardableResult
    package static func writeIfChanged(
        _ data: Data,
        to url: URL,
        durable: Bool = true,
        folderExists: Bool = false
    ) throws -> Bool {
        if let existing = FileManager.default.contents(atPath: url.path), existing == data { return false }
        try write(data, to: url, durable: durable, folderExists: folderExists)
        return true
    }

    /// Writes `data` over the file at `url` in place: the same inode and its blocks, no temporary file, no rename
    /// (on ext4 a new inode per page and the old one freed cost ten times the writes: 0.7 s against 0.07 s for
    /// 3,816 pages of 26 kB). Only for a site file whose path the build's journal names before the write: a kill
    /// can tear it, and the next build, reading the journal, writes it again. A file with other hard links (a
    /// copy made with `cp -l` must not change with it), a symbolic link, a read-only file or no file at all is
    /// replaced whole as `writeIfChanged` does. Unchanged bytes are not written, so the modification time stays; a failed write
    /// removes the file rather than leave part of it. Returns whether the file was written.
    package static func overwrite(_ data: Data, at url: URL) throws -> Bool {
        let path = url.path
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else {
            // No file, a symbolic link, or a file the user made read-only (which a rename still replaces, as before).
            guard [ENOENT, ELOOP, EACCES, EPERM].contains(errno) else { throw posixError("cannot open \(path)") }
            return try writeIfChanged(data, to: url, durable: false, folderExists: true)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let error = posixError("cannot stat \(path)")
            close(fd)  // only read so far
            throw error
        }
        guard info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 else {
            close(fd)  // only read so far
            return try writeIfChanged(data, to: url, durable: false, folderExists: true)
        }
        do {
            if Int(info.st_size) == data.count, try holds(fd, exactly: data, path: path) {
                close(fd)  // only read
                return false
            }
            guard lseek(fd, 0, SEEK_SET) == 0 else { throw posixError("cannot seek \(path)") }
            try data.withUnsafeBytes { try writeAll($0, to: fd, path: path) }
            if Int(info.st_size) > data.count, ftruncate(fd, off_t(data.count)) != 0 {
                throw posixError("cannot truncate \(path)")
            }
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
        guard close(fd) == 0 else {
            let error = posixError("cannot close \(path)")
            unlink(path)
            throw error
        }
        return true
    }

    /// Whether the file open at `fd` (read from its start, as many bytes as `data` has) holds `data`.
    private static func holds(_ fd: Int32, exactly data: Data, path: String) throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: data.count)
        var filled = 0
        try buffer.withUnsafeMutableBytes { buffer in
            while filled < buffer.count {
                let got = Platform.read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                if got < 0 {
                    if errno == EINTR { continue }
                    throw posixError("cannot read \(path)")
                }
                if got == 0 { break }
                filled += got
            }
        }
        return filled == data.count && buffer.withUnsafeBytes { $0.elementsEqual(data) }
    }

    /// Writes `data` straight into `url`, created or truncated: one `openat`, no temporary file, no rename. Only
    /// for a file that nothing vouches for yet (a site file the manifest does not list): a kill can tear it, and
    /// the next build, finding it unlisted, writes it again.
    package static func writeUnlisted(_ data: Data, to url: URL) throws {
        let written = try fillInPlace(url) { fd in try data.withUnsafeBytes { try writeAll($0, to: fd, path: url.path) }
        }
        if !written { try write(data, to: url, durable: false, folderExists: true) }
    }

    /// Creates or truncates `url` and fills it with `fill`; false, touching nothing, when a symbolic link someone
    /// left is at the path (never written through: the caller replaces it by rename). A failed fill (a full
    /// disk) leaves no part of the file behind; only a kill can.
    private static func fillInPlace(_ url: URL, fill: (Int32) throws -> Void) throws -> Bool {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        if fd < 0 && errno == ELOOP { return false }
        guard fd >= 0 else { throw posixError("cannot create \(url.path)") }
        do {
            try fill(fd)
        } catch {
            close(fd)
            unlink(url.path)
            throw error
        }
        guard close(fd) == 0 else {
            let error = posixError("cannot close \(url.path)")
            unlink(url.path)
            throw error
        }
        return true
    }

    /// Copies `source` to `url` the same way (temporary file, rename; not flushed), in the kernel: with
    /// `copy_file_range`, which shares the blocks where the file system can (btrfs, XFS) and never passes the
    /// bytes through user space. A copy, never a hard link: editing the copy must not change the source.
    /// Returns the bytes copied.
    @discardableResult
    package static func copy(_ source: URL, to url: URL, folderExists: Bool = false) throws -> Int {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw posixError("cannot open \(source.path)") }
        defer { close(input) }  // read-only
        var info = stat()
        guard fstat(input, &info) == 0 else { throw posixError("cannot stat \(source.path)") }
        try replace(url, durable: false, folderExists: folderExists) { fd, temporary in
            try copyAll(from: input, source: source, size: Int(info.st_size), to: fd, path: temporary.path)
        }
        return Int(info.st_size)
    }

    /// `copy` straight into `url` (see `writeUnlisted`: only for a file that nothing vouches for yet).
    /// Returns the bytes copied.
    package static func copyUnlisted(_ source: URL, to url: URL) throws -> Int {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw posixError("cannot open \(source.path)") }
        defer { close(input) }  // read-only
        var info = stat()
        guard fstat(input, &info) == 0 else { throw posixError("cannot stat \(source.path)") }
        let copied = try fillInPlace(url) { fd in
            try copyAll(from: input, source: source, size: Int(info.st_size), to: fd, path: url.path)
        }
        if !copied {
            try replace(url, durable: false, folderExists: true) { fd, temporary in
                try copyAll(from: input, source: source, size: Int(info.st_size), to: fd, path: temporary.path)
            }
        }
        return Int(info.st_size)
    }

    /// `size` bytes from `input` to `fd` in the kernel, by hand where the file systems cannot.
    private static func copyAll(from input: Int32, source: URL, size: Int, to fd: Int32, path: String) throws {
        var remaining = size
        while remaining > 0 {
            let copied = pokedex_copy_file_range(input, fd, remaining)
            if copied > 0 {
                remaining -= copied
                continue
            }
            if copied == 0 { throw posixError("\(source.path) ended early") }
            if errno == EINTR { continue }
            // Not supported between these file systems (older kernels: EXDEV) or at all: copy by hand.
            guard [EXDEV, ENOSYS, EOPNOTSUPP, EINVAL].contains(errno) else {
                throw posixError("cannot copy \(source.path) to \(path)")
            }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while remaining > 0 {
                let got = buffer.withUnsafeMutableBytes { Platform.read(input, $0.baseAddress, $0.count) }
                if got < 0 {
                    if errno == EINTR { continue }
                    throw posixError("cannot read \(source.path)")
                }
                if got == 0 { throw posixError("\(source.path) ended early") }
                try buffer.withUnsafeBytes {
                    try writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<got]), to: fd, path: path)
                }
                remaining -= got
            }
        }
    }

    /// Removes the temporary files a killed run left anywhere below `folder`. Returns how many.
    ///
    /// Walks with `readdir`, by the entry types it reports, without a `stat` per file: every build sweeps the
    /// cache (thousands of files), and Foundation's enumerator was a visible share of a warm build's time doing it
    /// (Benchmarks/README.md).
    /// Symbolic links are not followed.
    @discardableResult
    package static func sweepTemporaries(in folder: URL) throws -> Int {
        var removed = 0
        var pending = [folder.path]
        while let path = pending.popLast() {
            guard let directory = opendir(path) else {
                // The folder itself may be absent (nothing to sweep); a subfolder may vanish under us.
                if errno == ENOENT || errno == ENOTDIR { continue }
                throw posixError("cannot list \(path)")
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                // By pointer, never by copying the entry: the kernel's record ends after the name's NUL, and the
                // full 256-byte `d_name` can run past the end of the buffer (a crash at a page boundary).
                guard let namePointer = UnsafeRawPointer(entry.pointer(to: \.d_name)),
                    let typePointer = entry.pointer(to: \.d_type)
                else { continue }
                let name = String(cString: namePointer.assumingMemoryBound(to: CChar.self))
                if name == "." || name == ".." { continue }
                let child = path + "/" + name
                var type = Int32(typePointer.pointee)
                if type == Int32(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(child, &info) == 0 else { continue }
                    type = (info.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : Int32(DT_REG)
                }
                // Temporaries are hidden files: the prefix test spares the other thousands Foundation's `contains`.
                if name.hasPrefix("."), name.contains(temporaryMarker) {
                    try FileManager.default.removeItem(atPath: child)
                    removed += 1
                } else if type == Int32(DT_DIR) {
                    pending.append(child)
                }
            }
        }
        return removed
    }

    /// The size of the file at `url`, or nil when there is none.
    package static func byteCount(of url: URL) throws -> Int? {
        var info = stat()
        guard stat(url.path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw posixError("cannot stat \(url.path)")
        }
        return Int(info.st_size)
    }

    /// The file's bytes, or nil when there is no file: one `open`, where `fileExists` and `Data(contentsOf:)` made
    /// two lookups of the path (and a missing file an error value to build and drop).
    package static func contentsIfPresent(of url: URL) throws -> Data? {
        let path = url.path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw posixError("cannot open \(path)")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw posixError("cannot stat \(path)") }
        var data = Data(count: Int(info.st_size))
        var filled = 0
        try data.withUnsafeMutableBytes { buffer in
            while filled < buffer.count {
                let got = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
                if got < 0 {
                    if errno == EINTR { continue }
                    throw posixError("cannot read \(path)")
                }
                if got == 0 { break }  // shorter than it was a moment ago: what there is
                filled += got
            }
        }
        if filled < data.count { data.removeSubrange(filled...) }
        return data
    }

    package static func posixError(_ message: String) -> NSError {
        let code = errno
        return NSError(
            domain: NSPOSIXErrorDomain,
            code: Int(code),
            userInfo: [
                NSLocalizedDescriptionKey: "\(message): \(String(cString: strerror(code)))"
            ]
        )
    }
}
