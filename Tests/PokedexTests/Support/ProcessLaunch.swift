import Foundation
import Subprocess
import SystemPackage
import Testing

/// The end-to-end tests' child processes, through swift-subprocess: Foundation's `Process.run()` on Linux (Swift
/// 6.3.1) copies 256 bytes of each `/proc/self/fd` entry, past the end of glibc's buffer now and then
/// (swift-corelibs-foundation#5472), and crashed whole test runs, serialised launches or not.
enum ProcessLaunch {
    /// Runs `executable` with `arguments` in `directory`, its standard streams on the given descriptors (/dev/null
    /// where nil; they stay open), to its end, `whileRunning` meanwhile with a way to kill it (false once it has
    /// ended). Its exit status, or 128 plus the signal that ended it, as a shell says.
    static func run(
        _ executable: URL,
        _ arguments: [String],
        in directory: URL,
        environment: [String: String],
        input: Int32? = nil,
        output: Int32? = nil,
        error: Int32? = nil,
        whileRunning: @escaping (_ kill: @escaping @Sendable () -> Bool) async throws -> Void = { _ in }
    ) async throws -> Int32 {
        let null = try FileDescriptor.open("/dev/null", .readWrite)
        defer {
            do { try null.close() } catch { Issue.record("closing /dev/null: \(error)") }
        }
        func descriptor(_ fd: Int32?) -> FileDescriptor { fd.map { FileDescriptor(rawValue: $0) } ?? null }
        var keys: [Environment.Key: String] = [:]
        for (name, value) in environment { if let key = Environment.Key(rawValue: name) { keys[key] = value } }
        let result = try await Subprocess.run(
            .path(FilePath(executable.path)),
            arguments: Arguments(arguments),
            environment: .custom(keys),
            workingDirectory: FilePath(directory.path),
            input: .fileDescriptor(descriptor(input), closeAfterSpawningProcess: false),
            output: .fileDescriptor(descriptor(output), closeAfterSpawningProcess: false),
            error: .fileDescriptor(descriptor(error), closeAfterSpawningProcess: false)
        ) { execution in
            try await whileRunning {
                do { try execution.send(signal: .kill) } catch { return false }
                return true
            }
        }
        switch result.terminationStatus {
        case .exited(let code): return code
        case .signaled(let signal): return 128 + signal
        }
    }
}
