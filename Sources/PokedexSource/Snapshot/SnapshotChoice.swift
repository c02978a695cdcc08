/// Which data snapshot seeds an empty cache.
package enum SnapshotChoice: Sendable, Equatable {
    /// The snapshot compiled into pokedex.
    case bundled
    /// None: live data only.
    case off
    /// A file written by `pokedex snapshot`.
    case file(String)
}
