import Foundation
import PokedexSupport

/// The PokeAPI server a build or snapshot reads, as the user names it (`--api`, `POKEAPI_URL`, `api =`).
package enum APIBase {
    package static let standard = "https://pokeapi.co/api/v2"
    /// How many requests may be in flight at once (`--concurrency`).
    package static let concurrencyRange = 1...64

    /// `text` without trailing slashes, refused unless it is an absolute http(s) URL.
    package static func validated(_ text: String) throws -> String {
        var base = text
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
            throw PokedexError(
                .options,
                text,
                .invalidInput(
                    "the API base (--api, POKEAPI_URL or api in pokedex.toml) must be an http(s) URL such as \(standard)"
                )
            )
        }
        return base
    }

    package static func validatedConcurrency(_ concurrency: Int) throws -> Int {
        guard concurrencyRange.contains(concurrency) else {
            throw PokedexError(
                .options,
                nil,
                .invalidInput("--concurrency must be between 1 and 64 (got \(concurrency))")
            )
        }
        return concurrency
    }
}
