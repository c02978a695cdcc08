package import Foundation
package import Logging

/// An exclusive advisory lock (`flock`) on a folder, held until released or until the process ends (the kernel
/// drops it with the descriptor, so a killed build never leaves a stale lock). Two builds on the same cache or
/// output take turns: the second waits, and says so after a second, instead of interleaving its writes.
package final class BuildLock: Sendable {
    private let descriptor: Int32
    package let folder: URL

    private init(descriptor: Int32, folder: URL) {
        self.descriptor = descriptor
        self.folder = folder
    }

    /// Locks `folder` (created if missing), waiting for another holder as long as it takes.
    package static func acquire(
        _ folder: URL,
        stage: PokedexError.Stage,
        purpose: String,
        logger: Logger,
        pollInterval: Duration = .milliseconds(100),
        noticeAfter: Duration = .seconds(1)
    ) async throws -> BuildLock {
        let fd: Int32
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { throw AtomicFile.posixError("cannot open \(folder.path)") }
        } catch {
            throw PokedexError.file(stage, folder.path, error)
        }
        let clock = ContinuousClock()
        let started = clock.now
        var noticed = false
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let error = AtomicFile.posixError("cannot lock \(folder.path)")
                close(fd)
                throw PokedexError.file(stage, folder.path, error)
            }
            if !noticed, clock.now - started >= noticeAfter {
                logger.warning("waiting for another pokedex build to finish with \(purpose) \(folder.path)")
                noticed = true
            }
            do {
                try await Task.sleep(for: pollInterval)
            } catch {
                close(fd)
                throw PokedexError(stage, folder.path, .other("cancelled while waiting for the lock"))
            }
        }
        return BuildLock(descriptor: fd, folder: folder)
    }

    deinit {
        close(descriptor)  // also releases the lock
    }
}
