import Foundation
import Logging

/// Decides every Pokémon's picture: a cached copy to publish, a URL, or the placeholder. Downloads go into the
/// cache only; the output stage copies the chosen files into the site.
///
/// The official artwork first; a 404 means PokeAPI has none there, so the HOME render and then the default
/// sprite are tried; when no sprite exists the theme's placeholder is used. A download that fails for other
/// reasons (network, 5xx, a truncated file) is referenced by its URL so the picture still shows online.
///
/// With a `thumbnailer`, each cached picture's thumbnails are made as soon as it is there, so that decoding and
/// encoding (CPU) overlap the downloads (network) of a cold build.
struct ImageResolver: Sendable {
    let loader: ResourceLoader
    let mode: ImageMode
    let logger: Logger
    var thumbnailer: Thumbnailer? = nil

    struct Resolution: Sendable {
        var sources: [Int: ImageSource] = [:]
        /// Site path → the cached file to publish there.
        var files: [String: CachedImage] = [:]
        var local = 0
        var remote = 0
        var placeholder = 0
        /// Each local picture's thumbnails, and the index they were looked up in: for `Thumbnailer.finish`.
        var thumbnails: [Thumbnailer.Done] = []
        var knownThumbnails = ThumbnailStore.Index()
    }

    private struct One: Sendable {
        var source: ImageSource
        var file: CachedImage?
        var thumbnails: Thumbnailer.Done?
    }

    static func sitePath(id: Int) -> String { "images/\(id).png" }

    func resolve(_ records: [PokemonRecord], limit: Int, advance: @escaping @Sendable () -> Void) async -> Resolution {
        let thumbnailer = mode == .local ? self.thumbnailer : nil
        let known = thumbnailer?.known() ?? ThumbnailStore.Index()
        // Downloads run `limit` at once; the CPU-bound thumbnail work only as many as there are cores.
        let cores = AsyncSemaphore(limit: thumbnailer?.parallelism ?? 1)
        let results = await concurrently(records, limit: limit) { record in
            defer { advance() }
            var one = try await self.resolveOne(record)
            if let thumbnailer, case .local(let path, _, _) = one.source, let file = one.file {
                let outcome: Result<Thumbnailer.Outcome, any Error>
                do {
                    outcome = .success(try await cores.withSlot { try thumbnailer.thumbnails(of: file, known: known) })
                } catch {
                    outcome = .failure(error)
                }
                one.thumbnails = Thumbnailer.Done(sitePath: path, picture: file, outcome: outcome)
            }
            return one
        }
        var resolution = Resolution()
        resolution.knownThumbnails = known
        for (record, result) in zip(records, results) {
            let one: One
            switch result {
            case .success(let value): one = value
            case .failure(let error):
                // The cache could not be read or written (disk full, permissions): reference the URL rather than
                // fail the site.
                logger.warning("image not cached", metadata: ["id": "\(record.id)", "error": "\(error)"])
                one = One(source: record.sprites.candidates.first.map { .remote(url: $0) } ?? .placeholder)
            }
            resolution.sources[record.id] = one.source
            if case .local(let path, _, _) = one.source, let file = one.file { resolution.files[path] = file }
            if let done = one.thumbnails { resolution.thumbnails.append(done) }
            switch one.source {
            case .local: resolution.local += 1
            case .remote: if mode == .local { resolution.remote += 1 }
            case .placeholder: resolution.placeholder += 1
            }
        }
        return resolution
    }

    private func resolveOne(_ record: PokemonRecord) async throws -> One {
        let sprites = record.sprites
        let candidates: [(kind: String, url: String)] = [
            ("official", sprites.officialArtwork), ("home", sprites.home), ("front", sprites.frontDefault),
        ].compactMap { kind, url in url.flatMap { sprites.candidates.contains($0) ? (kind, $0) : nil } }
        guard let first = candidates.first else { return One(source: .placeholder) }
        guard mode == .local else { return One(source: .remote(url: first.url)) }

        var firstFailure: String?
        for candidate in candidates {
            do {
                let image = try await loader.image(url: candidate.url, key: "images/\(candidate.kind)/\(record.id)").value
                let path = Self.sitePath(id: record.id)
                return One(source: .local(path: path, width: image.width, height: image.height), file: image)
            } catch let error as PokedexError where error.stage != .cache {
                if case .httpStatus(404) = error.reason { continue }
                // Not a "there is no such picture": keep the URL of the best one for the page.
                firstFailure = firstFailure ?? candidate.url
                logger.info("image download failed", metadata: ["url": "\(candidate.url)", "error": "\(error.reason)"])
            }
        }
        if let url = firstFailure { return One(source: .remote(url: url)) }
        return One(source: .placeholder)
    }
}
