/// The version the User-Agent and `--version` report.
package enum PokedexVersion {
    package static let current = "0.1.0"
}
