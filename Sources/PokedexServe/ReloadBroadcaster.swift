import Foundation
import ServiceLifecycle

/// The pages listening to the events endpoint, and what they are told: which build is being served, that a new one
/// is (`reload`), or that the last build failed (`error`, with the build's error message). A page that connects is
/// told the current state at once, so a page opened while the build is broken shows the error.
///
/// As a service it keeps idle connections alive with a comment now and then (which is also how a page that went
/// away is noticed), and on shutdown it ends every stream, so that the server's graceful shutdown need not wait for
/// pages that never close their connection.
actor ReloadBroadcaster: Service {
    /// Tells the builds of this process from those of an earlier `pokedex serve` a page may have listened to.
    private let instance = String(UUID().uuidString.prefix(8)).lowercased()
    private var generation = 0
    /// The last build's error; nil when it succeeded.
    private var failure: String?
    private var clients: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextClient = 0
    private var closed = false
    private let heartbeat: Duration

    init(heartbeat: Duration = .seconds(15)) {
        self.heartbeat = heartbeat
    }

    /// Names the site being served; changes with every build that changed it.
    var buildID: String { "\(instance)-\(generation)" }

    var clientCount: Int { clients.count }

    /// A new listener's events, starting with the current state. Pass `id` to `unsubscribe` once it is gone.
    func subscribe() -> (id: Int, events: AsyncStream<String>) {
        // A page too slow to read its events needs only the latest ones: any reload reloads it.
        let (events, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let id = nextClient
        nextClient += 1
        // `retry` makes a page reconnect within a second when the server comes back.
        continuation.yield("retry: 1000\n" + Self.event("build", buildID))
        if let failure { continuation.yield(Self.event("error", failure)) }
        if closed {
            continuation.finish()
        } else {
            clients[id] = continuation
        }
        return (id, events)
    }

    func unsubscribe(_ id: Int) {
        clients.removeValue(forKey: id)?.finish()
    }

    /// After a successful build: pages reload when it changed the site, or when they show an error.
    func buildSucceeded(changedSite: Bool) {
        let recovered = failure != nil
        failure = nil
        guard changedSite || recovered else { return }
        generation += 1
        send(Self.event("reload", buildID))
    }

    func buildFailed(_ message: String) {
        failure = message
        send(Self.event("error", message))
    }

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                while true {
                    try await Task.sleep(for: self.heartbeat)
                    await self.send(": ping\n\n")
                }
            }
        } catch is CancellationError {
            // Shutdown.
        }
        close()
    }

    /// Ends every stream; later listeners get the state and an ended stream.
    func close() {
        closed = true
        for continuation in clients.values { continuation.finish() }
        clients.removeAll()
    }

    private func send(_ text: String) {
        for continuation in clients.values { continuation.yield(text) }
    }

    /// One server-sent event; each line of `data` is a `data:` line, as the format requires.
    static func event(_ name: String, _ data: String) -> String {
        let lines = data.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
        return "event: \(name)\n" + lines.map { "data: \($0)\n" }.joined() + "\n"
    }
}
