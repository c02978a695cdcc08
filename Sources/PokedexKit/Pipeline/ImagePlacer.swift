import Foundation
import Logging

/// Puts every Pokémon's picture in the output folder, or decides what the pages reference instead.
///
/// The official artwork first; a 404 means PokeAPI has none there, so the HOME render and then the default
/// sprite are tried; when no sprite exists the theme's placeholder is used. A download that fails for other
/// reasons (network, 5xx, a truncated file) is referenced by its URL so the picture still shows online.
struct ImagePlacer: Sendable {
    let loader: ResourceLoader
    let output: OutputFolder
    let mode: ImageMode
    let logger: Logger

    struct Placement: Sendable {
        var sources: [Int: ImageSource] = [:]
        var local = 0
        var remote = 0
        var placeholder = 0
        var written = 0
        var unchanged = 0
    }

    private struct One: Sendable {
        var source: ImageSource
        var written: Bool?
    }

    func place(_ records: [PokemonRecord], limit: Int, advance: @escaping @Sendable () -> Void) async -> Placement {
        let results = await concurrently(records, limit: limit) { record in
            defer { advance() }
            return try await self.placeOne(record)
        }
        var placement = Placement()
        for (record, result) in zip(records, results) {
            let one: One
            switch result {
            case .success(let value): one = value
            case .failure(let error):
                // Writing the copy failed (disk full, permissions): reference the URL rather than fail the site.
                logger.warning("image not placed", metadata: ["id": "\(record.id)", "error": "\(error)"])
                one = One(source: record.sprites.candidates.first.map { .remote(url: $0) } ?? .placeholder, written: nil)
            }
            placement.sources[record.id] = one.source
            switch one.source {
            case .local: placement.local += 1
            case .remote: if mode == .local { placement.remote += 1 }
            case .placeholder: placement.placeholder += 1
            }
            if let written = one.written {
                if written { placement.written += 1 } else { placement.unchanged += 1 }
            }
        }
        return placement
    }

    private func placeOne(_ record: PokemonRecord) async throws -> One {
        let sprites = record.sprites
        let candidates: [(kind: String, url: String)] = [
            ("official", sprites.officialArtwork), ("home", sprites.home), ("front", sprites.frontDefault),
        ].compactMap { kind, url in url.flatMap { sprites.candidates.contains($0) ? (kind, $0) : nil } }
        guard let first = candidates.first else { return One(source: .placeholder, written: nil) }
        guard mode == .local else { return One(source: .remote(url: first.url), written: nil) }

        var firstFailure: String?
        for candidate in candidates {
            do {
                let png = try await loader.image(url: candidate.url, key: "images/\(candidate.kind)/\(record.id)").value
                let path = "images/\(record.id).png"
                let written = try await output.write(png, to: path)
                let size = PNGImage.size(png) ?? (475, 475)
                return One(source: .local(path: path, width: size.width, height: size.height), written: written)
            } catch let error as PokedexError where error.stage != .output {
                if case .httpStatus(404) = error.reason { continue }
                // Not a "there is no such picture": keep the URL of the best one for the page.
                firstFailure = firstFailure ?? candidate.url
                logger.info("image download failed", metadata: ["url": "\(candidate.url)", "error": "\(error.reason)"])
            }
        }
        if let url = firstFailure { return One(source: .remote(url: url), written: nil) }
        return One(source: .placeholder, written: nil)
    }
}
