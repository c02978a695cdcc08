package import Foundation
package import Logging
import NIOConcurrencyHelpers
import PokedexSupport

/// The cache's compact store: the JSON entries a build read or wrote, decoded once and kept in one file in
/// `CompactCoder`'s form, so that a warm build reads one file and no JSON, which took it far more CPU to decode
/// (see `Benchmarks/README.md`: this form against the JSON, SQLite and Foundation's binary property list).
///
/// The JSON files stay the source of truth. Each slot holds the stamp (size, modification time, inode) of the
/// file it was made from, and is used only while that file still has that stamp: a file replaced by any build,
/// of any version of pokedex, or by hand, is read as JSON again. A pack that cannot be read as one (torn, foreign,
/// another version's) is set aside and made anew from the JSON. It lives beside the API's cache folder, not in
/// it, so that the build memo's stamps of that folder do not change when only the pack does.
package final class CachePack: Sendable {
    static let magic = Array("PKDXPACK".utf8)
    static let trailer = Array("PACKEND.".utf8)
    static let version: UInt32 = 1

    /// What identifies the JSON file a slot was made from.
    struct Stamp: Equatable, Sendable {
        var size: Int64
        var seconds: Int64
        var nanoseconds: Int64
        var inode: UInt64

        init(_ stamp: FileStamp) {
            size = stamp.size
            seconds = stamp.modifiedSeconds
            nanoseconds = stamp.modifiedNanoseconds
            inode = stamp.inode
        }

        init(size: Int64, seconds: Int64, nanoseconds: Int64, inode: UInt64) {
            self.size = size
            self.seconds = seconds
            self.nanoseconds = nanoseconds
            self.inode = inode
        }
    }

    struct Slot: Sendable {
        var stamp: Stamp
        /// The body's Swift type: a key read as another type is not this slot.
        var type: String
        var body: Range<Int>
    }

    /// The open file and its index: released by `close()`, after the source stage. Bodies are read as they are
    /// asked for (`pread`), neither held nor mapped: the whole pack mapped kept its pages resident at a warm build's
    /// peak (Benchmarks/README.md), and a file cut short under a mapping stops the process (SIGBUS) where a read only
    /// comes short.
    final class Contents: Sendable {
        /// -1 when there is no file.
        let descriptor: Int32
        let slots: [String: Slot]

        init(descriptor: Int32, slots: [String: Slot]) {
            self.descriptor = descriptor
            self.slots = slots
        }

        deinit {
            if descriptor >= 0 { closeReadOnly(descriptor) }
        }

        /// A slot's bytes; nil when the file no longer holds them (cut short by hand).
        func body(_ slot: Slot) -> [UInt8]? {
            guard descriptor >= 0 else { return nil }
            let count = slot.body.count
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                var done = 0
                while done < count {
                    let read = pread(
                        descriptor,
                        buffer.baseAddress! + done,
                        count - done,
                        off_t(slot.body.lowerBound + done)
                    )
                    if read < 0 && errno == EINTR { continue }
                    guard read > 0 else { break }
                    done += read
                }
                initialized = done
            }
            return bytes.count == count ? bytes : nil
        }
    }

    /// What this build learned that the file does not say.
    struct Changes: Sendable {
        /// Entries read from JSON or written, in compact form.
        var fresh: [String: (stamp: Stamp, type: String, body: [UInt8])] = [:]
        var hits = 0
    }

    package let file: URL
    private let contents: NIOLockedValueBox<Contents?>
    private let changes = NIOLockedValueBox(Changes())
    private let logger: Logger

    init(file: URL, contents: Contents, logger: Logger) {
        self.file = file
        self.contents = NIOLockedValueBox(contents)
        self.logger = logger
    }

    /// The pack at `file`; an empty one when there is none or it cannot be read as one.
    package static func open(_ file: URL, logger: Logger) throws -> CachePack {
        var contents = Contents(descriptor: -1, slots: [:])
        if FileStamp.of(file.path, regularFilesOnly: true) != nil {
            let descriptor = openReadOnly(file.path)
            guard descriptor >= 0 else {
                throw PokedexError.file(.cache, file.path, AtomicFile.posixError("cannot open"))
            }
            // The index is read from the whole file, which goes again at once: the bodies stay on disk.
            let data: Data
            do {
                data = try FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readToEnd() ?? Data()
            } catch {
                closeReadOnly(descriptor)
                throw PokedexError.file(.cache, file.path, error)
            }
            if let slots = index(data) {
                contents = Contents(descriptor: descriptor, slots: slots)
            } else {
                closeReadOnly(descriptor)
                logger.debug(
                    "the cache's compact store is unreadable: it is made anew from the JSON entries",
                    metadata: ["path": "\(file.path)"]
                )
            }
        }
        return CachePack(file: file, contents: contents, logger: logger)
    }

    /// The slots of a pack's bytes; nil when they are not a whole pack of this version.
    static func index(_ bytes: Data) -> [String: Slot]? {
        bytes.withUnsafeBytes { raw -> [String: Slot]? in
            var cursor = PackCursor(raw)
            guard cursor.take(magic.count).map(Array.init) == magic, cursor.number(UInt32.self) == version,
                let count = cursor.number(UInt32.self)
            else { return nil }
            var slots: [String: Slot] = [:]
            slots.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let key = cursor.text(), let type = cursor.text(),
                    let size = cursor.number(Int64.self), let seconds = cursor.number(Int64.self),
                    let nanoseconds = cursor.number(Int64.self), let inode = cursor.number(UInt64.self),
                    let length = cursor.number(UInt32.self)
                else { return nil }
                let start = cursor.offset
                guard cursor.take(Int(length)) != nil else { return nil }
                slots[key] = Slot(
                    stamp: Stamp(size: size, seconds: seconds, nanoseconds: nanoseconds, inode: inode),
                    type: type,
                    body: start..<cursor.offset
                )
            }
            guard cursor.take(trailer.count).map(Array.init) == trailer, cursor.offset == raw.count else { return nil }
            return slots
        }
    }

    /// The entry under `key` as the pack holds it, when its JSON `file` is still the one it was made from.
    func entry<Body: Decodable>(_ key: String, file: URL, as type: Body.Type) -> CacheEntry<Body>? {
        guard let contents = contents.withLockedValue({ $0 }), let slot = contents.slots[key],
            slot.type == String(reflecting: Body.self),
            let stamp = FileStamp.of(file.path, regularFilesOnly: true), stamp.error == 0,
            Stamp(stamp) == slot.stamp
        else { return nil }
        guard let body = contents.body(slot) else {
            logger.debug("compact entry cut short: read as JSON", metadata: ["key": "\(key)"])
            return nil
        }
        do {
            let entry = try body.withUnsafeBytes { try CompactCoder.decode(CacheEntry<Body>.self, from: $0) }
            changes.withLockedValue { $0.hits += 1 }
            return entry
        } catch {
            logger.debug("compact entry unreadable: read as JSON", metadata: ["key": "\(key)", "error": "\(error)"])
            return nil
        }
    }

    /// Notes `entry`, just read from or written to its JSON file whose stamp is `stamp`.
    func record<Body: Encodable>(_ entry: CacheEntry<Body>, key: String, stamp: FileStamp) throws {
        let body = try CompactCoder.encode(entry)
        let type = String(reflecting: Body.self)
        changes.withLockedValue { $0.fresh[key] = (Stamp(stamp), type, body) }
    }

    /// How many entries the pack served and how many it had to learn from JSON, so far.
    package var counts: (served: Int, learned: Int) {
        changes.withLockedValue { ($0.hits, $0.fresh.count) }
    }

    /// Writes the pack again when this build learned entries it lacked (the slots it had stay, unless replaced),
    /// and releases what it read. False when nothing was learned (nothing written).
    @discardableResult
    package func close() throws -> Bool {
        let old = contents.withLockedValue { current -> Contents? in
            defer { current = nil }
            return current
        }
        // Taken out, so that what a cold build learned is not held through the render.
        let fresh = changes.withLockedValue { changes in
            defer { changes.fresh = [:] }
            return changes.fresh
        }
        guard !fresh.isEmpty else { return false }
        do {
            // Not flushed: a pack lost to a crash is made again from the JSON, which is. Written as it is made,
            // a megabyte at a time, not assembled whole in memory first.
            try AtomicFile.write(to: file, durable: false) { write in
                try Self.write(kept: old, fresh: fresh, to: write)
            }
        } catch {
            throw PokedexError.file(.cache, file.path, error)
        }
        return true
    }

    /// The pack's bytes: the slots of `old` that `fresh` does not replace, and `fresh`, each in key order.
    private static func write(
        kept old: Contents?,
        fresh: [String: (stamp: Stamp, type: String, body: [UInt8])],
        to sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 20)
        func flush(ifOver limit: Int) throws {
            guard bytes.count > limit else { return }
            try bytes.withUnsafeBytes { try sink($0) }
            bytes.removeAll(keepingCapacity: true)
        }
        bytes += magic
        func append<N: FixedWidthInteger>(_ number: N) {
            withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
        }
        func append(text: String) {
            append(UInt16(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        }
        func append(key: String, stamp: Stamp, type: String, body: some Collection<UInt8>) throws {
            append(text: key)
            append(text: type)
            append(stamp.size)
            append(stamp.seconds)
            append(stamp.nanoseconds)
            append(stamp.inode)
            append(UInt32(body.count))
            bytes.append(contentsOf: body)
            try flush(ifOver: 1 << 20)
        }
        let kept = (old?.slots ?? [:]).filter { fresh[$0.key] == nil }
        append(version)
        append(UInt32(kept.count + fresh.count))
        // Read again from the old file, which the rename leaves open to this build. One cut short by hand fails
        // the write: the next build reads the JSON entries and makes the pack anew.
        for (key, slot) in kept.sorted(by: { $0.key < $1.key }) {
            guard let body = old?.body(slot) else { throw CutShort() }
            try append(key: key, stamp: slot.stamp, type: slot.type, body: body)
        }
        for (key, entry) in fresh.sorted(by: { $0.key < $1.key }) {
            try append(key: key, stamp: entry.stamp, type: entry.type, body: entry.body)
        }
        bytes += trailer
        try flush(ifOver: 0)
    }
}

/// Opens a file for reading: -1 when it cannot be. Outside `CachePack`, whose `open` and `close()` are other things.
private func openReadOnly(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC)
}

/// Closes a descriptor opened for reading (nothing to flush, so nothing to report).
private func closeReadOnly(_ descriptor: Int32) {
    _ = close(descriptor)
}

/// The old pack no longer held a slot it indexed when the new one was written.
private struct CutShort: Error, CustomStringConvertible {
    var description: String { "the compact store was cut short while it was copied" }
}

/// Bounds-checked reads of a pack's index.
private struct PackCursor {
    let raw: UnsafeRawBufferPointer
    var offset = 0

    init(_ raw: UnsafeRawBufferPointer) {
        self.raw = raw
    }

    mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, offset + count <= raw.count else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + count)])
    }

    mutating func number<N: FixedWidthInteger>(_ type: N.Type) -> N? {
        guard let bytes = take(MemoryLayout<N>.size) else { return nil }
        return N(littleEndian: bytes.loadUnaligned(as: N.self))
    }

    mutating func text() -> String? {
        guard let length = number(UInt16.self), let bytes = take(Int(length)) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
