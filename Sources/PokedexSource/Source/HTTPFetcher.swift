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
    private let counter = FetchCounter()
    private let health = OriginHealth()
    /// The longest body accepted; PokeAPI's largest detail is about 1.3 MB.
    private let maxBodyBytes = 32 * 1024 * 1024

    static let userAgent = "pokedex/\(PokedexVersion.current) (static Pokédex site generator; swift)"

    package init(concurrency: Int, policy: RetryPolicy, logger: Logger) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: .init(connect: .milliseconds(Int64(policy.connectTimeout * 1000)),
                           read: .milliseconds(Int64(policy.readTimeout * 1000))),
            decompression: .enabled(limit: .ratio(200)))
        // Our own retry loop decides; the pool's built-in one would keep trying a dead host until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(1, concurrency)
        configuration.httpVersion = .http1Only
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        slots = AsyncSemaphore(limit: concurrency)
        self.policy = policy
        self.logger = logger
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
    /// for the rest of the build, so a dead origin costs seconds rather than thousands of doomed retries.
    package func get(_ url: String, headers extra: [(String, String)] = []) async throws -> HTTPResult {
        let started = Date()
        let host = URL(string: url)?.host ?? ""
        // Time spent waiting out a host-wide `Retry-After` that other requests earned: the server pacing the whole
        // build, not this request failing. It does not count towards `totalBudget`, or under heavy rate limiting
        // a request could use up its budget before its first attempt.
        var pausedByOthers = 0.0
        var attempt = 0
        var failedAttempts = 0
        var generator = SystemRandomNumberGenerator()
        while true {
            if let reason = await health.unavailable(host) {
                await counter.record { $0.failures += 1 }
                throw PokedexError(.source, url, .network(reason))
            }
            let pauseStarted = Date()
            await health.waitForPause(host)
            pausedByOthers += Date().timeIntervalSince(pauseStarted)
            attempt += 1
            let outcome: Result<HTTPResult, any Error>
            do {
                let number = attempt
                outcome = .success(try await slots.withSlot { try await self.attemptOnce(url, headers: extra, attempt: number) })
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                outcome = .failure(error)
            }

            var retryAfter: Double?
            let failureDescription: String
            switch outcome {
            case .success(let result):
                // Any HTTP answer, a 503 too, shows the host can be reached: the fail-fast rule no longer applies.
                await health.reached(host)
                guard RetryPolicy.isTransient(status: result.status) else {
                    await health.answered(host)
                    return result
                }
                retryAfter = RetryPolicy.parseRetryAfter(result.headers.first(name: "Retry-After"))
                failureDescription = "HTTP \(result.status)"
                if result.status == 429 && retryAfter != nil {
                    await counter.record { $0.rateLimited += 1 }
                } else {
                    failedAttempts += 1
                    await health.failed(host, giveUpAfter: policy.giveUpAfterFailedAttempts)
                }
                if let retryAfter { await health.pause(host, for: retryAfter) }
                if failedAttempts >= policy.maxAttempts {
                    await counter.record { $0.failures += 1 }
                    return result
                }
            case .failure(let error):
                guard Self.isTransient(error) else {
                    await counter.record { $0.failures += 1 }
                    throw PokedexError(.source, url, .network(Self.describe(error)))
                }
                failedAttempts += 1
                await health.failed(host, giveUpAfter: policy.giveUpAfterFailedAttempts)
                failureDescription = Self.describe(error)
                if Self.isConnectFailure(error) {
                    await health.couldNotConnect(host, policy: policy)
                }
                // A host given up on (just now, or by another request meanwhile) is not waited for.
                if let reason = await health.unavailable(host) {
                    await counter.record { $0.failures += 1 }
                    throw PokedexError(.source, url, .network("\(failureDescription); \(reason)"))
                }
                if failedAttempts >= policy.maxAttempts {
                    await counter.record { $0.failures += 1 }
                    throw PokedexError(.source, url, .network("\(failureDescription) (after \(attempt) attempts)"))
                }
            }

            let wait = policy.delay(afterAttempt: max(1, failedAttempts), retryAfter: retryAfter,
                                    random: Double.random(in: 0...1, using: &generator))
            let elapsed = Date().timeIntervalSince(started) - pausedByOthers
            if elapsed + wait > policy.totalBudget {
                await counter.record { $0.failures += 1 }
                if case .success(let result) = outcome { return result }
                throw PokedexError(.source, url, .network(
                    "\(failureDescription) (gave up after \(attempt) attempts in \(Int(elapsed)) s)"))
            }
            logger.debug("retrying", metadata: ["url": "\(url)", "attempt": "\(attempt)", "why": "\(failureDescription)",
                                                "wait": "\(String(format: "%.2f", wait))"])
            await counter.record { $0.retries += 1 }
            try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
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

    private func attemptOnce(_ url: String, headers extra: [(String, String)], attempt: Int) async throws -> HTTPResult {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "User-Agent", value: Self.userAgent)
        request.headers.add(name: "Accept-Encoding", value: "gzip")
        for (name, value) in extra { request.headers.add(name: name, value: value) }
        await counter.record { $0.requests += 1 }
        let response = try await client.execute(
            request, deadline: .now() + .milliseconds(Int64(policy.attemptDeadline * 1000)), logger: logger)
        var buffer = try await response.body.collect(upTo: maxBodyBytes)
        let body = buffer.readData(length: buffer.readableBytes) ?? Data()
        // A body cut short is a failed attempt, never a response: check it against the length promised.
        if response.headers.first(name: "Content-Encoding") == nil,
           let promised = response.headers.first(name: "Content-Length").flatMap(Int.init), promised != body.count {
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

/// Per-host state shared by all requests of a build: a pause asked for by `Retry-After`, and whether the host's
/// last attempts all failed, across requests, so many in a row that asking it again is pointless.
actor OriginHealth {
    private var pausedUntil: [String: Date] = [:]
    private var failedInARow: [String: Int] = [:]
    private var givenUp: [String: String] = [:]
    /// Hosts that answered at least once in this build.
    private var answeredOnce: Set<String> = []
    /// Connect failures of hosts that never answered: the first one's time, and how many.
    private var unreachable: [String: (since: Date, count: Int)] = [:]

    func unavailable(_ host: String) -> String? {
        givenUp[host]
    }

    func pause(_ host: String, for seconds: Double) {
        let until = Date().addingTimeInterval(min(seconds, 120))
        if until > pausedUntil[host] ?? .distantPast { pausedUntil[host] = until }
    }

    func waitForPause(_ host: String) async {
        while let until = pausedUntil[host], until > Date() {
            let wait = until.timeIntervalSinceNow
            do {
                try await Task.sleep(nanoseconds: UInt64(max(0, wait) * 1_000_000_000))
            } catch {
                return  // cancelled: the caller's own cancellation check ends the request
            }
        }
    }

    /// Any answer that is not a transient failure shows the host is alive.
    func answered(_ host: String) {
        failedInARow[host] = 0
    }

    /// The host sent an HTTP answer, whatever its status.
    func reached(_ host: String) {
        answeredOnce.insert(host)
    }

    /// A host that has not answered once in this build and cannot be connected to (no such name, refused) is
    /// given up on quickly, so an offline build falls back to the cache or the snapshot in about a second rather
    /// than after every request's retries. Once it has answered, the usual rules apply.
    func couldNotConnect(_ host: String, policy: RetryPolicy, now: Date = Date()) {
        guard !answeredOnce.contains(host), givenUp[host] == nil else { return }
        var record = unreachable[host] ?? (since: now, count: 0)
        record.count += 1
        unreachable[host] = record
        if record.count >= policy.unreachableAttempts || now.timeIntervalSince(record.since) >= policy.unreachableWindow {
            givenUp[host] = "\(host) could not be reached (\(record.count) connection attempt(s) failed before it ever answered); not asking it again in this build"
        }
    }

    func failed(_ host: String, giveUpAfter threshold: Int) {
        let count = (failedInARow[host] ?? 0) + 1
        failedInARow[host] = count
        if count >= threshold && givenUp[host] == nil {
            givenUp[host] = "\(host) failed its last \(count) attempts in a row; not asking it again in this build"
        }
    }
}
