// The cache's compact store (`CompactCoder`) against Foundation's binary property list, on the values of a real
// cache's pack: how long decoding and encoding every entry takes, and how many bytes each form holds. One format
// per process, so that GNU time's peak RSS is that format's. See README.md beside Package.swift.
//
//   cache-format convert PACK OUT     OUT: the same pack with each body as a binary property list (checked equal)
//   cache-format decode FORMAT PACK   every entry read (pread) and decoded, and held until the end, as a build does
//   cache-format encode FORMAT PACK   every entry (decoded from PACK's compact bodies first, untimed) encoded
//
// FORMAT is `compact` or `plist`; PACK for `decode plist` is the file `convert` wrote.
import Foundation
import PokedexSource
import PokedexSupport

/// The binary property list encoder, as the pack would use it.
func plistEncoder() -> PropertyListEncoder {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    return encoder
}

/// What the benchmark does with the bodies of one Swift type (the pack names each slot's type).
struct Codec {
    let decodeCompact: ([UInt8]) throws -> any Sendable
    let decodePlist: (Data) throws -> any Sendable
    let encodeCompact: (any Sendable) throws -> [UInt8]
    let encodePlist: (any Sendable) throws -> Data
    let equal: (any Sendable, any Sendable) -> Bool

    static func of<Body: Codable & Sendable & Equatable>(_ type: Body.Type) -> (String, Codec) {
        (
            String(reflecting: Body.self),
            Codec(
                decodeCompact: { bytes in
                    try bytes.withUnsafeBytes { try CompactCoder.decode(CacheEntry<Body>.self, from: $0) }
                },
                decodePlist: { data in try PropertyListDecoder().decode(CacheEntry<Body>.self, from: data) },
                encodeCompact: { value in try CompactCoder.encode(value as! CacheEntry<Body>) },
                encodePlist: { value in try plistEncoder().encode(value as! CacheEntry<Body>) },
                equal: { left, right in
                    let left = left as! CacheEntry<Body>
                    let right = right as! CacheEntry<Body>
                    return left.metadata == right.metadata && left.body == right.body
                }
            )
        )
    }
}

/// Every type a pack of the real data holds, by the name the pack gives it.
nonisolated(unsafe) let codecs: [String: Codec] = Dictionary(
    uniqueKeysWithValues: [
        Codec.of(ListPage.self), Codec.of(PokemonRecord.self), Codec.of(SpeciesRecord.self),
        Codec.of(TypeRecord.self), Codec.of(FormRecord.self), Codec.of(VersionGroupRecord.self),
        Codec.of(NamesRecord.self), Codec.of(ItemCategoryRecord.self), Codec.of(AbilityRecord.self),
        Codec.of(EvolutionChainRecord.self), Codec.of(MoveRecord.self), Codec.of(MachineRecord.self),
        Codec.of(EncountersRecord.self), Codec.of(LocationAreaRecord.self), Codec.of(LocationRecord.self),
        Codec.of(PokedexRecord.self), Codec.of(ItemRecord.self), Codec.of(NatureRecord.self),
        Codec.of(String.self), Codec.of(ImageInfo.self),
    ]
)

/// `CacheStore.ImageInfo`'s shape (internal there): a pack made with local pictures holds one per picture.
struct ImageInfo: Codable, Sendable, Equatable {
    var byteCount: Int
}

/// A slot of a pack (`CachePack`'s format, version 1): its key, type, stamp bytes and body's place.
struct Slot {
    var key: String
    var type: String
    var stamp: [UInt8]
    var body: Range<Int>
}

enum Failure: Error, CustomStringConvertible {
    case usage
    case unreadable(String)
    case unknownType(String)
    case notEqual(String)
    var description: String {
        switch self {
        case .usage: "usage: cache-format convert PACK OUT | decode compact|plist PACK | encode compact|plist PACK"
        case .unreadable(let path): "\(path) is not a whole pack of version 1"
        case .unknownType(let type): "a slot of type \(type), which this benchmark does not know"
        case .notEqual(let key): "\(key) does not come back equal from a property list"
        }
    }
}

/// The slots of the pack at `path`, read as `CachePack.open` reads them: the whole file, let go once indexed.
func index(_ path: String) throws -> [Slot] {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    return try data.withUnsafeBytes { bytes -> [Slot] in
        var offset = 0
        func take(_ count: Int) throws -> UnsafeRawBufferPointer {
            guard offset + count <= bytes.count else { throw Failure.unreadable(path) }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
        }
        func number<N: FixedWidthInteger>(_ type: N.Type) throws -> N {
            N(littleEndian: try take(MemoryLayout<N>.size).loadUnaligned(as: N.self))
        }
        func text() throws -> String { String(decoding: try take(Int(try number(UInt16.self))), as: UTF8.self) }
        guard Array(try take(8)) == Array("PKDXPACK".utf8), try number(UInt32.self) == 1 else {
            throw Failure.unreadable(path)
        }
        let count = Int(try number(UInt32.self))
        var slots: [Slot] = []
        slots.reserveCapacity(count)
        for _ in 0..<count {
            let key = try text()
            let type = try text()
            let stamp = Array(try take(32))
            let length = Int(try number(UInt32.self))
            let start = offset
            _ = try take(length)
            slots.append(Slot(key: key, type: type, stamp: stamp, body: start..<offset))
        }
        guard Array(try take(8)) == Array("PACKEND.".utf8), offset == bytes.count else {
            throw Failure.unreadable(path)
        }
        return slots
    }
}

/// A pack's bytes, in `CachePack`'s layout, with `bodies` in place of the slots' own.
func pack(_ slots: [Slot], bodies: [[UInt8]]) -> [UInt8] {
    var bytes = Array("PKDXPACK".utf8)
    func append<N: FixedWidthInteger>(_ number: N) { withUnsafeBytes(of: number.littleEndian) { bytes += $0 } }
    func append(text: String) {
        append(UInt16(text.utf8.count))
        bytes += text.utf8
    }
    append(UInt32(1))
    append(UInt32(slots.count))
    for (slot, body) in zip(slots, bodies) {
        append(text: slot.key)
        append(text: slot.type)
        bytes += slot.stamp
        append(UInt32(body.count))
        bytes += body
    }
    bytes += Array("PACKEND.".utf8)
    return bytes
}

/// A body read from the open file as `CachePack.Contents.body` reads it (one `pread`), into an array or a `Data`.
func read(_ descriptor: Int32, _ range: Range<Int>) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: range.count) { buffer, initialized in
        initialized = pread(descriptor, buffer.baseAddress!, range.count, off_t(range.lowerBound))
    }
}

func readData(_ descriptor: Int32, _ range: Range<Int>) -> Data {
    var data = Data(count: range.count)
    data.withUnsafeMutableBytes { _ = pread(descriptor, $0.baseAddress!, range.count, off_t(range.lowerBound)) }
    return data
}

func codec(_ slot: Slot) throws -> Codec {
    guard let codec = codecs[slot.type] else { throw Failure.unknownType(slot.type) }
    return codec
}

/// Seconds of CPU this process has used.
func cpuSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Times `work`: wall and CPU seconds, printed as one line of `key=value` for the driver script.
func timed<T>(_ label: String, _ extra: String = "", _ work: () throws -> T) rethrows -> T {
    let cpu = cpuSeconds()
    let start = ContinuousClock.now
    let result = try work()
    let wall = ContinuousClock.now - start
    let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
    print(String(format: "%@ wall=%.4f cpu=%.4f %@", label, seconds, cpuSeconds() - cpu, extra))
    return result
}

/// Every entry of the compact pack at `path`, decoded (untimed).
func decodedCompact(_ path: String) throws -> (slots: [Slot], values: [any Sendable]) {
    let slots = try index(path)
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    let values = try slots.map { try codec($0).decodeCompact(read(descriptor, $0.body)) }
    return (slots, values)
}

func run(_ arguments: [String]) throws {
    switch (arguments.first, arguments.count) {
    case ("convert", 3):
        let (slots, values) = try decodedCompact(arguments[1])
        var bodies: [[UInt8]] = []
        for (slot, value) in zip(slots, values) {
            let codec = try codec(slot)
            let plist = try codec.encodePlist(value)
            guard codec.equal(value, try codec.decodePlist(plist)) else { throw Failure.notEqual(slot.key) }
            bodies.append([UInt8](plist))
        }
        let bytes = pack(slots, bodies: bodies)
        try Data(bytes).write(to: URL(fileURLWithPath: arguments[2]))
        let compact = slots.reduce(0) { $0 + $1.body.count }
        let plist = bodies.reduce(0) { $0 + $1.count }
        print("entries=\(slots.count) compact-bodies=\(compact) plist-bodies=\(plist) plist-pack=\(bytes.count)")
    case ("decode", 3):
        let format = arguments[1]
        let path = arguments[2]
        guard format == "compact" || format == "plist" else { throw Failure.usage }
        // As a build: the index from the whole file, then each body read and decoded; every value is held.
        let values = try timed("decode-\(format)") { () throws -> [any Sendable] in
            let slots = try index(path)
            let descriptor = open(path, O_RDONLY)
            defer { close(descriptor) }
            return try slots.map { slot in
                let codec = try codec(slot)
                return format == "compact"
                    ? try codec.decodeCompact(read(descriptor, slot.body))
                    : try codec.decodePlist(readData(descriptor, slot.body))
            }
        }
        print("entries=\(values.count) peak-rss-kib=\(Platform.peakResidentBytes() >> 10)")
    case ("encode", 3):
        let format = arguments[1]
        guard format == "compact" || format == "plist" else { throw Failure.usage }
        let (slots, values) = try decodedCompact(arguments[2])
        let codecs = try slots.map(codec)
        let bytes = try timed("encode-\(format)") { () throws -> Int in
            var total = 0
            for (codec, value) in zip(codecs, values) {
                total += format == "compact" ? try codec.encodeCompact(value).count : try codec.encodePlist(value).count
            }
            return total
        }
        print("entries=\(values.count) bytes=\(bytes)")
    default:
        throw Failure.usage
    }
}

do {
    try run(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("cache-format: \(error)\n".utf8))
    exit(1)
}
