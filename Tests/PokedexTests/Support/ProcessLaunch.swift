import Foundation

/// Starts child processes one at a time. Foundation's `Process.run()` on Linux crashed now and then (a memmove
/// in it, twice in full runs on 2 cores) when several tests launched pokedex at once; launches are rare and short,
/// so serialising them costs nothing that matters.
enum ProcessLaunch {
    private static let lock = NSLock()

    static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        try process.run()
    }
}
