// The one file that names the C library: what differs between Glibc (Linux, tested in CI), Musl (static Linux
// builds) and Darwin (macOS, which Package.swift allows but CI does not run) stays here, as swift-nio keeps
// `st_mtim` against `st_mtimespec` inside `FileInfo`. Everywhere else, Foundation's re-export of the C library
// is enough.
import CPokedexShims

#if canImport(Glibc)
package import Glibc
#elseif canImport(Musl)
package import Musl
#elseif canImport(Darwin)
package import Darwin
#else
#error("pokedex needs a POSIX C library: Glibc, Musl or Darwin")
#endif

/// System calls whose Swift names collide with methods pokedex declares (`read`, `write`), called by module.
package enum Platform {
    /// `write(2)`: bytes written, or -1 with `errno` set.
    package static func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, bytes, count)
        #elseif canImport(Musl)
        Musl.write(fd, bytes, count)
        #else
        Darwin.write(fd, bytes, count)
        #endif
    }

    /// `read(2)`: bytes read, 0 at the end, or -1 with `errno` set.
    package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #elseif canImport(Musl)
        Musl.read(fd, buffer, count)
        #else
        Darwin.read(fd, buffer, count)
        #endif
    }

    /// Lets Glibc's allocator give freed memory back to the system as the build goes. By default each arena keeps
    /// free memory up to twice the largest block it had mapped on its own and freed (up to 64 MiB), and a build
    /// frees blocks of megabytes (the render's largest pages, the cache's largest entries): a one-language build
    /// peaked higher without this, for the same user time (Benchmarks/README.md).
    package static func returnFreedMemoryPromptly() {
        // Any explicit threshold also stops Glibc from raising it (and the threshold for mapping large blocks on
        // their own) as the program runs; 128 KiB is its initial value.
        _ = pokedex_set_malloc_trim_threshold(128 * 1024)
    }

    /// The process's peak resident memory so far, in bytes (`getrusage`: KiB on Linux, bytes on Darwin).
    package static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)
        #else
        return Int(usage.ru_maxrss) * 1024
        #endif
    }
}

extension stat {
    /// The modification time as `stat` reports it: Linux names the field `st_mtim`, Darwin `st_mtimespec`.
    package var modified: (seconds: Int64, nanoseconds: Int64) {
        #if canImport(Darwin)
        (Int64(st_mtimespec.tv_sec), Int64(st_mtimespec.tv_nsec))
        #else
        (Int64(st_mtim.tv_sec), Int64(st_mtim.tv_nsec))
        #endif
    }

}

/// One file as a `stat` saw it. The inode tells an editor's save-by-rename even when the size and the
/// modification time came out the same.
package struct FileStamp: Equatable, Sendable {
    package enum Kind: Sendable {
        case regular, directory, other
    }

    package var size: Int64
    package var modifiedSeconds: Int64
    package var modifiedNanoseconds: Int64
    package var inode: UInt64
    /// What `st_mode` says it is.
    package var kind: Kind = .other
    /// errno when the file is there but could not be examined (the build will say why).
    package var error: Int32 = 0

    package init(size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64, inode: UInt64, error: Int32 = 0) {
        self.size = size
        self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds
        self.inode = inode
        self.error = error
    }

    package init(_ info: stat) {
        let time = info.modified
        self.init(
            size: Int64(info.st_size),
            modifiedSeconds: time.seconds,
            modifiedNanoseconds: time.nanoseconds,
            inode: UInt64(info.st_ino)
        )
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        default: kind = .other
        }
    }

    /// The file open at `descriptor`; nil with `errno` set when `fstat` fails.
    package static func of(descriptor: Int32) -> FileStamp? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    /// The modification time in seconds since 1970, with the nanoseconds as a fraction.
    package var modifiedInterval: Double {
        Double(modifiedSeconds) + Double(modifiedNanoseconds) / 1e9
    }

    /// nil when there is no such file (or, with `regularFilesOnly`, when it is a folder).
    package static func of(_ path: String, regularFilesOnly: Bool = false) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            return FileStamp(size: -1, modifiedSeconds: 0, modifiedNanoseconds: 0, inode: 0, error: errno)
        }
        let stamp = FileStamp(info)
        if regularFilesOnly && stamp.kind != .regular { return nil }
        return stamp
    }
}
