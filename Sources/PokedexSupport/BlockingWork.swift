import NIOPosix

/// Threads of their own for work that blocks a thread: durable cache writes (each `fsync` waits milliseconds for
/// the disk) and thumbnail encoding (tens of milliseconds of CPU per picture). On Swift's cooperative pool, one
/// thread per core, a thread blocked there is a lost core: in a cold build the answers already downloaded then
/// waited to be decoded, and the downloads with them. Concurrent `fsync`s also share the file system's journal
/// commits, so several writers in flight flush far more entries per second than one.
package final class BlockingWork: Sendable {
    private let pool: NIOThreadPool?

    /// Runs everything on the caller's thread: for callers that have no pool (tests, one-off commands).
    package static let inline = BlockingWork(threads: 0)

    package init(threads: Int) {
        if threads > 0 {
            let pool = NIOThreadPool(numberOfThreads: threads)
            pool.start()
            self.pool = pool
        } else {
            pool = nil
        }
    }

    package func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        guard let pool else { return try body() }
        return try await pool.runIfActive(body)
    }

    package func shutdown() async throws {
        try await pool?.shutdownGracefully()
    }
}
