import AsyncHTTPClient
package import Foundation
package import Logging
import NIOCore
import NIOFoundationCompat
package import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import PokedexSupport

/// What one GET ended with, after retries.
package struct HTTPResult: Sendable {
    package var status: Int
    package var headers: HTTPHeaders
    package var body: Data
    /// Attempts it took (1 when the first answered).
    var attempts: Int
    /// For a transient failure handed back when the attempts or the time ran out: what ended them ("after 8
    /// attempts").
    var ended: String? = nil
}

/// Counts of what went over the wire, for the summary and for tests.
package struct FetchCounts: Sendable, Equatable {
    package var requests = 0
    package var retries = 0
    package var notModified = 0
    package var bytes = 0
    package var failures = 0
    /// 429 answers that came with a Retry-After.
    package var rateLimited = 0

    package init() {}
}

actor FetchCounter {
    private(set) var counts = FetchCounts()
    func record(_ change: (inout FetchCounts) -> Void) { change(&counts) }
}

/// GETs with the manners PokeAPI asks for: bounded concurrency, a User-Agent, gzip, conditional requests,
/// and retries with backoff for what is worth retrying.
package final class HTTPFetcher: Sendable {
    private let client: HTTPClient
    private let slots: AsyncSemaphore
    private let policy: RetryPolicy
    private let logger: Logger
    /// What the HTTP client itself logs (connections, scheduling, event loops) goes out at `trace` only (`-vv`):
    /// at `-v` its lines for every request would bury pokedex's own (retries, fallbacks, cache decisions).
    private let clientLogger: Logger
    private let counter = FetchCounter()
    private let health: OriginHealth
    /// The longest body accepted; PokeAPI's largest detail is about 1.3 MB.
    private let maxBodyBytes = 32 * 1024 * 1024

    static let userAgent = "pokedex/\(PokedexVersion.current) (static Pokédex site generator; swift)"

    package init(concurrency: Int, policy: RetryPolicy, logger: Logger) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: .init(
                connect: .milliseconds(Int64(policy.connectTimeout * 1000)),
                read: .milliseconds(Int64(policy.readTimeout * 1000))
            ),
            decompression: .enabled(limit: .ratio(200))
        )
        // Our own retry loop decides; the pool's built-in one would keep trying a dead host until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(1, concurrency)
        configuration.httpVersion = .http1Only
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        slots = AsyncSemaphore(limit: concurrency)
        self.policy = policy
        self.logger = logger
        var clientLogger = logger
        if logger.logLevel > .trace { clientLogger.logLevel = max(logger.logLevel, .info) }
        self.clientLogger = clientLogger
        health = OriginHealth(policy: policy)
    }

    package func shutdown() async throws {
        try await client.shutdown()
    }

    package var counts: FetchCounts {
        get async { await counter.counts }
    }

    /// GET `url`, retrying transient failures. Any final status is returned (the caller judges it); a transport
    /// failure that outlives the retries is thrown as a `.source` error.
    ///
    /// Attempts that failed count towards `maxAttempts`; a 429 with `Retry-After` does not (it is the server
    /// pacing us, not failing) but still counts towards `totalBudget`. A `Retry-After` pauses every request to
    /// that host, not just this one, and a host whose last attempts all failed, across requests, is given up on
    /// for the rest of the build, so a dead origin costs seconds rather than thousands of doomed retries. Those
    /// decisions are `RequestRetries`' and `HostHealth`'s, tested without a server; this carries them out.
    package func get(_ url: String, headers extra: [(String, String)] = []) async throws -> HTTPResult {
        let started = Date()
        let host = URL(string: url)?.host ?? ""
        // Time spent waiting out a host-wide `Retry-After` that other requests earned: the server pacing the whole
        // build, not this request failing. It does not count towards `totalBudget`, or under heavy rate limiting
        // a request could use up its budget before its first attempt.
        var pausedByOthers = 0.0
        var retries = RequestRetries(policy: policy)
        var generator = SystemRandomNumberGenerator()
        while true {
            if let reason = await health.unavailable(host) {
                await counter.record { $0.failures += 1 }
                throw PokedexError(.source, url, .network(reason))
            }
            let pauseStarted = Date()
            await health.waitForPause(host)
            pausedByOthers += Date().timeIntervalSince(pauseStarted)
            let result: HTTPResult?
            let outcome: RequestRetries.Outcome
            do {
                let number = retries.attempts + 1
                let answer = try await slots.withSlot {
                    try await self.attemptOnce(url, headers: extra, attempt: number)
                }
                result = answer
                outcome = .answered(
                    status: answer.status,
                    retryAfter: RetryPolicy.parseRetryAfter(answer.headers.first(name: "Retry-After"))
                )
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                result = nil
                outcome = .failed(
                    Self.describe(error),
                    transient: Self.isTransient(error),
                    connect: Self.isConnectFailure(error)
                )
            }
            let news = retries.record(outcome)
            if news.rateLimited { await counter.record { $0.rateLimited += 1 } }
            await health.apply(news, to: host)
            let action = retries.next(
                after: outcome,
                hostGivenUp: await health.unavailable(host),
                elapsed: Date().timeIntervalSince(started) - pausedByOthers,
                random: Double.random(in: 0...1, using: &generator)
            )
            switch action {
            case .accept, .acceptFailed:
                // Only an answer is accepted, so there is one to return.
                guard var result else { throw PokedexError(.source, url, .network(Self.describe(outcome))) }
                if case .acceptFailed(let ended) = action {
                    await counter.record { $0.failures += 1 }
                    result.ended = ended
                }
                return result
            case .fail(let message):
                await counter.record { $0.failures += 1 }
                throw PokedexError(.source, url, .network(message))
            case .retry(let wait):
                logger.debug(
                    "retrying",
                    metadata: [
                        "url": "\(url)", "attempt": "\(retries.attempts)",
                        "why": "\(Self.describe(outcome))",
                        "wait": "\(String(format: "%.2f", wait))",
                    ]
                )
                await counter.record { $0.retries += 1 }
                try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
            }
        }
    }

    static func describe(_ outcome: RequestRetries.Outcome) -> String {
        switch outcome {
        case .answered(let status, _): "HTTP \(status)"
        case .failed(let description, _, _): description
        }
    }

    /// Whether `url`'s host answers at all: one attempt, no retry. Only a connection that could not be made (the
    /// name did not resolve, the connection was refused or timed out) says it cannot be reached; any HTTP answer,
    /// or a failure after connecting, says it can.
    package func reach(_ url: String) async throws -> Reach {
        do {
            _ = try await attemptOnce(url, headers: [], attempt: 1)
            return .answered
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return Self.isConnectFailure(error) ? .unreachable(Self.describe(error)) : .answered
        }
    }

    package enum Reach: Sendable, Equatable {
        case answered
        case unreachable(String)
    }

    private func attemptOnce(_ url: String, headers extra: [(String, String)], attempt: Int) async throws -> HTTPResult
    {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "User-Agent", value: Self.userAgent)
        request.headers.add(name: "Accept-Encoding", value: "gzip")
        for (name, value) in extra { request.headers.add(name: name, value: value) }
        await counter.record { $0.requests += 1 }
        let response = try await client.execute(
            request,
            deadline: .now() + .milliseconds(Int64(policy.attemptDeadline * 1000)),
            logger: clientLogger
        )
        var buffer = try await response.body.collect(upTo: maxBodyBytes)
        let body = buffer.readData(length: buffer.readableBytes) ?? Data()
        // A body cut short is a failed attempt, never a response: check it against the length promised.
        if response.headers.first(name: "Content-Encoding") == nil,
            let promised = response.headers.first(name: "Content-Length").flatMap(Int.init), promised != body.count
        {
            throw TruncatedBody(expected: promised, received: body.count)
        }
        let status = Int(response.status.code)
        await counter.record {
            $0.bytes += body.count
            if status == 304 { $0.notModified += 1 }
        }
        return HTTPResult(status: status, headers: response.headers, body: body, attempts: attempt)
    }

    struct TruncatedBody: Error, CustomStringConvertible {
        var expected: Int
        var received: Int
        var description: String { "truncated body: \(received) of \(expected) bytes" }
    }

    /// Transport failures worth another attempt: anything but a request that can never work.
    static func isTransient(_ error: any Error) -> Bool {
        if let error = error as? HTTPClientError {
            let permanent: [HTTPClientError] = [
                .invalidURL, .emptyHost, .emptyScheme, .alreadyShutdown, .cancelled, .redirectLimitReached,
                .redirectCycleDetected, .missingSocketPath,
            ]
            return !permanent.contains(error)
        }
        if error is NIOTooManyBytesError { return false }
        return true
    }

    /// No connection could be made at all: the name did not resolve, the connection was refused or timed out.
    static func isConnectFailure(_ error: any Error) -> Bool {
        if error is NIOConnectionError { return true }
        if let error = error as? HTTPClientError, error == .connectTimeout { return true }
        if let error = error as? ChannelError, case .connectTimeout = error { return true }
        if let error = error as? IOError {
            return [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH].contains(error.errnoCode)
        }
        return false
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout: return "no data for too long (read timeout)"
            case .connectTimeout: return "connection timed out"
            case .deadlineExceeded: return "response took too long (deadline exceeded)"
            case .remoteConnectionClosed: return "connection closed by the server"
            default: return String(describing: error)
            }
        }
        if error is NIOTooManyBytesError { return "response larger than allowed" }
        if let error = error as? TruncatedBody { return error.description }
        let text = String(describing: error)
        if text.contains("invalidEOFState") || text.contains("unexpected time") {
            return "connection closed before the body was complete"
        }
        if text.contains("connectionRefused") || text.contains("Connection refused") { return "connection refused" }
        return text
    }
}

/// The build's `HostHealth`, shared by all its requests; the clock is read here.
actor OriginHealth {
    private var book: HostHealth

    init(policy: RetryPolicy) {
        book = HostHealth(policy: policy)
    }

    func unavailable(_ host: String) -> String? {
        book.unavailable(host)
    }

    func apply(_ news: RequestRetries.HostNews, to host: String) {
        book.apply(news, to: host, now: Date())
    }

    func waitForPause(_ host: String) async {
        while let until = book.pausedUntil(host, now: Date()) {
            do {
                try await Task.sleep(nanoseconds: UInt64(max(0, until.timeIntervalSinceNow) * 1_000_000_000))
            } catch {
                return  // cancelled: the caller's own cancellation check ends the request
            }
        }
    }
}
