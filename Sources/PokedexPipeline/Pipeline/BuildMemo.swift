import Foundation
import PokedexModel
import PokedexOutput
import PokedexRender
import PokedexSource
import PokedexSupport

/// What the last complete build was made from, by identity only, so that a rebuild with nothing changed costs
/// little more than reading this and the inputs' stamps: no cache entry read, no model, no render.
///
/// The key covers the executable (version and file stamp), the options that shape the site, the theme's files,
/// the favorites file's bytes, and every file of the cache for this API (size, modification time, inode: one
/// `stat` each, no read). Online, it is valid until the first cached resource goes stale (`freshUntil`): a build
/// after that would ask the server. An offline build asks nobody, so its memo (under a key of its own: the mode
/// is part of it) holds until something changes, and repeats where its data came from (stale cache, snapshot).
/// An online build the server did not answer (no network) is memoised the same way, but holds only while one
/// attempt to reach the server still cannot connect. The site's files are checked too, each at the size it was
/// written, and the manifest by its stamp.
///
/// Kept in the cache folder (`memos/`, one per output folder), outside the part of the cache that is stamped, so
/// that the site itself carries no bookkeeping that changes from build to build; deleted before any build writes
/// a site file, so that a killed build never leaves a memo vouching for pages it had started to replace.
struct BuildMemo: Codable, Equatable, Sendable {
    static let folderName = "memos"
    static let currentVersion = 7

    var version = Self.currentVersion
    var key: String
    /// Seconds since 1970: the earliest moment a cached resource of this build goes stale.
    var freshUntil: Double
    /// An online build that served data the server did not confirm (a stale cache, the snapshot): its memo holds,
    /// whatever the cache's age, only while the server still cannot be reached (`HTTPFetcher.reach`).
    var asksServerFirst: Bool
    /// Every file of the site and its size, as the manifest lists them.
    var files: FileSizes
    /// The manifest's stamp once written: a manifest changed since (by hand, or by a build of another pokedex)
    /// means the memo no longer describes the site.
    var manifest: String
    // What the summary line says of the site (the rest of a no-op's summary is zeros).
    var pokemon: Int
    var pages: PageCounts
    var loads: Int
    /// Resources from a stale cache and from the data snapshot (an offline build's, or one the server did not
    /// answer), said again by the no-op.
    var stale = 0
    var snapshot = 0
    var imagesRemote: Int
    var imagesPlaceholder: Int
    var imagesLocal: Int
    var unknownFavorites: [FavoritesResolution.Unknown]
    var nameFallbacks: [String]
    /// The theme's files the build parsed (`ThemeFiles.Digests.all`), and what it said of its theme folder: a
    /// build whose theme has these bytes parses it only when the memo does not hold, and a no-op says the warnings
    /// again.
    var themeDigest: String
    var themeWarnings: [String] = []
    /// What the pages' contexts were made from (`inputsKey`), and the digest of those inputs that the render
    /// recorded in the manifest: a rebuild whose inputs key is the same (a template edited, nothing else) takes the
    /// digest from here instead of encoding the whole model again to learn that it has not changed.
    var inputsKey: String?
    var inputsDigest: String?

    /// How much of the theme a key covers: all of it (the build's), its words and static files (what the pages'
    /// contexts are made from), or none (what the model is made from: `KeptModel`).
    enum ThemePart {
        case all, withoutTemplates, none
    }

    /// The identity of what the pages' contexts are made from: the build's key without the templates (which only
    /// read contexts), with how old the data is (which the network decides, not the cache: the offline banner).
    static func inputsKey(
        options: BuildOptions,
        theme: ThemeFiles.Digests,
        favorites: Data?,
        cacheStamps: [UInt8]?,
        dataAge: DataAge?
    ) throws -> String? {
        guard
            let key = try key(
                options: options,
                theme: theme,
                favorites: favorites,
                cacheStamps: cacheStamps,
                themePart: .withoutTemplates
            )
        else { return nil }
        return Fingerprint.of([Data(key.utf8), Data((dataAge.map { "\($0)" } ?? "(fresh data)").utf8)])
    }

    /// The identity of a build's inputs (see the type's comment), from the cache folder's `stamps` (nil: no cache
    /// folder yet). Nil when a stamp cannot be had: no memo then. `themePart` says how much of the theme counts.
    /// The theme counts by its files' bytes (the built-in ones are the executable's), so that none need be parsed.
    static func key(
        options: BuildOptions,
        theme: ThemeFiles.Digests,
        favorites: Data?,
        cacheStamps: [UInt8]?,
        themePart: ThemePart = .all
    ) throws -> String? {
        let builder = RenderInputs.currentBuilder
        guard !builder.isEmpty else { return nil }
        var parts: [Data] = [Data(builder.utf8)]
        let shape = [
            options.apiBase, options.limit.map(String.init) ?? "all", String(options.perPage),
            String(options.listPageSize), options.mode.rawValue, options.images.rawValue,
            "\(options.snapshot)", options.baseURL ?? "", options.languages.joined(separator: ","),
        ]
        parts += shape.map { Data($0.utf8) }
        switch themePart {
        case .all: parts.append(Data(theme.all.utf8))
        case .withoutTemplates: parts.append(Data(theme.withoutTemplates.utf8))
        case .none: parts.append(Data("(any theme)".utf8))
        }
        parts.append(favorites ?? Data("(no favorites file)".utf8))
        // A snapshot file read by an offline build: its stamp, as the cache's (the bundled one is the executable's).
        if case .file(let path) = options.snapshot {
            let stamp = FileStamp.of(options.resolve(path).path, regularFilesOnly: true)
            let said = stamp.map {
                "\($0.size) \($0.modifiedSeconds).\($0.modifiedNanoseconds) \($0.inode) \($0.error)"
            }
            parts.append(Data((said ?? "(no snapshot file)").utf8))
        }
        // No cache folder yet (an offline build from the snapshot alone writes none): that too is a state, which
        // the first cache write changes.
        parts.append(Data(cacheStamps ?? Array("(no cache folder)".utf8)))
        return Fingerprint.of(parts)
    }

    /// Every file and folder below `root` with its size, modification time and inode, as bytes to digest; nil
    /// when there is no such folder. One `readdir` per folder and one `fstatat` per entry: no file is opened, no
    /// string made. In `readdir`'s order, which an unchanged folder keeps: were it ever to change, the key would
    /// differ and the build would run in full, which is only slower.
    static func stamps(below root: URL) throws -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 20)
        func append(_ number: some FixedWidthInteger) {
            withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
        }
        var pending = [root.path]
        while let path = pending.popLast() {
            guard let directory = opendir(path) else {
                if path == root.path && errno == ENOENT { return nil }
                throw AtomicFile.posixError("cannot list \(path)")
            }
            defer { closedir(directory) }
            let folder = dirfd(directory)
            bytes.append(contentsOf: path.utf8)
            bytes.append(0)
            // The sprites of every game and the cries (69,000 files with their metadata, twice the rest of the
            // cache): every write there renames a whole file into place, which changes its folder's times, so the
            // folder's stat and its names say what their files' would, at a tenth of the cost. Files below are
            // stamped by name; a file edited in place by hand there goes unnoticed (the cache is pokedex's own).
            let byName = Self.isMediaFolder(path, below: root.path)
            if byName {
                var info = stat()
                guard fstat(folder, &info) == 0 else { throw AtomicFile.posixError("cannot stat \(path)") }
                append(info.modified.seconds)
                append(info.modified.nanoseconds)
                append(UInt64(info.st_ino))
            }
            while let entry = readdir(directory) {
                guard let namePointer = UnsafeRawPointer(entry.pointer(to: \.d_name)) else { continue }
                let name = namePointer.assumingMemoryBound(to: CChar.self)
                let length = strlen(name)
                // "." and ".."
                if name[0] == 0x2E && (length == 1 || (length == 2 && name[1] == 0x2E)) { continue }
                if byName, entry.pointee.d_type != UInt8(DT_UNKNOWN) {
                    bytes.append(contentsOf: UnsafeRawBufferPointer(start: name, count: length))
                    bytes.append(0)
                    if entry.pointee.d_type == UInt8(DT_DIR) { pending.append(path + "/" + String(cString: name)) }
                    continue
                }
                var info = stat()
                guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                    throw AtomicFile.posixError("cannot stat \(path)/\(String(cString: name))")
                }
                bytes.append(contentsOf: UnsafeRawBufferPointer(start: name, count: length))
                bytes.append(0)
                append(Int64(info.st_size))
                append(info.modified.seconds)
                append(info.modified.nanoseconds)
                append(UInt64(info.st_ino))
                if (info.st_mode & S_IFMT) == S_IFDIR { pending.append(path + "/" + String(cString: name)) }
            }
        }
        return bytes
    }

    /// A folder of the cache holding the sprites of every game or the cries (`images/games/…`, `sounds/cries/…`).
    static func isMediaFolder(_ path: String, below root: String) -> Bool {
        let relative = path.dropFirst(root.count)
        return relative.contains("/" + PokemonMedia.galleryFolder) || relative.contains("/" + PokemonMedia.criesFolder)
            || relative.hasSuffix("/" + PokemonMedia.galleryFolder.dropLast())
            || relative.hasSuffix("/" + PokemonMedia.criesFolder.dropLast())
    }

    /// Where the memo of the site in `output` is kept, in the cache folder `cacheRoot`.
    static func url(cacheRoot: URL, output: OutputFolder) -> URL {
        cacheRoot.appendingPathComponent(folderName)
            .appendingPathComponent(String(Fingerprint.of(output.root.path).prefix(16)) + ".json")
    }

    /// The memo at `url`, when there is one that this version reads.
    static func read(at url: URL) throws -> BuildMemo? {
        let data: Data
        do {
            guard let contents = try AtomicFile.contentsIfPresent(of: url) else { return nil }
            data = contents
        } catch {
            throw PokedexError.file(.cache, url.path, error)
        }
        guard let memo = try? JSONDecoder().decode(BuildMemo.self, from: data), memo.version == currentVersion else {
            return nil  // an older or damaged memo: the build runs in full and replaces it
        }
        return memo
    }

    /// Whether the manifest is the one written with the memo and every file of the site is where the memo says,
    /// at its size: one `stat` each.
    func siteIsIntact(in output: OutputFolder) -> Bool {
        guard !manifest.isEmpty, manifest == output.manifestStamp() else { return false }
        return output.holdsAll(files.sizes)
    }

    func write(to url: URL) throws {
        do {
            try AtomicFile.write(try JSONEncoder().encode(self), to: url, durable: false)
        } catch {
            throw PokedexError.file(.cache, url.path, error)
        }
    }

    /// Removes the memo before the site changes.
    static func remove(at url: URL) throws {
        guard unlink(url.path) == 0 || errno == ENOENT else {
            throw PokedexError.file(.cache, url.path, AtomicFile.posixError("cannot remove \(url.path)"))
        }
    }

    /// The summary of a build that found nothing to do.
    func summary(output: OutputFolder, baseURL: String?, seconds: Double) -> BuildSummary {
        var loads = LoadCounts()
        loads.fromCache = self.loads
        loads.stale = stale
        loads.snapshot = snapshot
        return BuildSummary(
            pokemon: pokemon,
            pages: pages,
            loads: loads,
            network: FetchCounts(),
            pagesRendered: 0,
            contextsBuilt: 0,
            filesWritten: 0,
            filesUnchanged: files.sizes.count,
            filesRemoved: 0,
            imagesRemote: imagesRemote,
            imagesPlaceholder: imagesPlaceholder,
            imagesLocal: imagesLocal,
            unknownFavorites: unknownFavorites,
            nameFallbacks: nameFallbacks,
            offline: true,
            output: output.root.path,
            baseURL: baseURL,
            stages: [
                StageDuration(name: "unchanged inputs", seconds: seconds, peakMiB: Platform.peakResidentBytes() >> 20)
            ],
            seconds: seconds
        )
    }
}

/// The site's files and their sizes, kept in the memo as one string of `size path` lines: a no-op reads the memo
/// first, and reading one whose files were a JSON object of thirteen thousand keys was slow for a no-op
/// (Benchmarks/README.md). pokedex's own paths hold no line break; a theme file whose name does makes the memo
/// unreadable, and the build then runs in full.
struct FileSizes: Codable, Equatable, Sendable {
    var sizes: [String: Int]

    init(_ sizes: [String: Int]) {
        self.sizes = sizes
    }

    init(from decoder: any Decoder) throws {
        let lines = try decoder.singleValueContainer().decode(String.self)
        var sizes: [String: Int] = [:]
        for line in lines.utf8.split(separator: 0x0A) {
            guard let space = line.firstIndex(of: 0x20), let size = Int(String(decoding: line[..<space], as: UTF8.self))
            else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "not a `size path` line")
                )
            }
            sizes[String(decoding: line[line.index(after: space)...], as: UTF8.self)] = size
        }
        self.sizes = sizes
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(sizes.keys.sorted().map { "\(sizes[$0, default: 0]) \($0)" }.joined(separator: "\n"))
    }
}
