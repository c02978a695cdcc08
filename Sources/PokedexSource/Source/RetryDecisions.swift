package import Foundation

/// One request's retry decisions as a value, as async-http-client keeps its connection decisions in state machines:
/// an attempt's outcome in, what to do next out. No clock, no randomness and no I/O inside: the fetcher passes the
/// time spent and a random number, and carries the action out.
package struct RequestRetries: Sendable {
    /// What one attempt came to, as far as retrying is concerned.
    package enum Outcome: Sendable, Equatable {
        /// An HTTP answer, of any status; `retryAfter` is its `Retry-After` in seconds, when it gave one.
        case answered(status: Int, retryAfter: Double?)
        /// No answer: the transport failed. `transient` when another attempt may work; `connect` when no connection
        /// could be made at all (no such name, refused, connect timeout).
        case failed(String, transient: Bool, connect: Bool)
    }

    /// What the attempt tells the build-wide `HostHealth` about its host.
    package struct HostNews: Sendable, Equatable {
        /// The host sent an HTTP answer, whatever its status.
        package var reached = false
        /// An answer that is not a transient failure: the host's failures in a row start again.
        package var answered = false
        /// One more failure in a row for the host.
        package var failed = false
        /// No connection could be made.
        package var couldNotConnect = false
        /// `Retry-After`: every request to the host waits this long.
        package var pause: Double?
        /// A 429 that paces the build rather than fails the attempt.
        package var rateLimited = false

        package init(
            reached: Bool = false,
            answered: Bool = false,
            failed: Bool = false,
            couldNotConnect: Bool = false,
            pause: Double? = nil,
            rateLimited: Bool = false
        ) {
            self.reached = reached
            self.answered = answered
            self.failed = failed
            self.couldNotConnect = couldNotConnect
            self.pause = pause
            self.rateLimited = rateLimited
        }
    }

    package enum Action: Sendable, Equatable {
        /// Hand the answer back: it is final, whatever its status.
        case accept
        /// Hand the answer back although it is a transient failure: the attempts or the time are used up, as the
        /// message says ("after 8 attempts", "gave up after 5 attempts in 121 s").
        case acceptFailed(String)
        /// Give up with this message.
        case fail(String)
        /// Try again after this many seconds.
        case retry(after: Double)
    }

    package let policy: RetryPolicy
    /// Attempts made, the first included.
    package private(set) var attempts = 0
    /// Attempts that count towards `maxAttempts`: a 429 with `Retry-After` does not.
    package private(set) var failedAttempts = 0

    package init(policy: RetryPolicy) {
        self.policy = policy
    }

    /// Records an attempt's outcome and says what it tells about the host.
    package mutating func record(_ outcome: Outcome) -> HostNews {
        attempts += 1
        var news = HostNews()
        switch outcome {
        case .answered(let status, let retryAfter):
            news.reached = true
            guard RetryPolicy.isTransient(status: status) else {
                news.answered = true
                return news
            }
            news.pause = retryAfter
            if status == 429 && retryAfter != nil {
                news.rateLimited = true
            } else {
                failedAttempts += 1
                news.failed = true
            }
        case .failed(_, let transient, let connect):
            guard transient else { return news }
            failedAttempts += 1
            news.failed = true
            news.couldNotConnect = connect
        }
        return news
    }

    /// What to do after the outcome `record` was just given. `hostGivenUp` is why the host is no longer asked (by
    /// this attempt or another request's), `elapsed` the seconds since the first attempt less the time spent
    /// waiting out pauses other requests earned, `random` a number in 0...1 for the jitter.
    package func next(after outcome: Outcome, hostGivenUp: String?, elapsed: Double, random: Double) -> Action {
        let failure: String
        var retryAfter: Double?
        switch outcome {
        case .answered(let status, let after):
            guard RetryPolicy.isTransient(status: status) else { return .accept }
            if failedAttempts >= policy.maxAttempts { return .acceptFailed("after \(attempts) attempts") }
            failure = "HTTP \(status)"
            retryAfter = after
        case .failed(let description, let transient, _):
            guard transient else { return .fail(description) }
            if let hostGivenUp { return .fail("\(description); \(hostGivenUp)") }
            if failedAttempts >= policy.maxAttempts { return .fail("\(description) (after \(attempts) attempts)") }
            failure = description
        }
        let wait = policy.delay(afterAttempt: max(1, failedAttempts), retryAfter: retryAfter, random: random)
        guard elapsed + wait <= policy.totalBudget else {
            let ended = "gave up after \(attempts) attempts in \(Int(elapsed)) s"
            if case .answered = outcome { return .acceptFailed(ended) }
            return .fail("\(failure) (\(ended))")
        }
        return .retry(after: wait)
    }
}

/// What a build knows about each host, as a value: a pause asked for by `Retry-After`, and whether the host's last
/// attempts all failed, across requests, so many in a row that asking it again is pointless. `OriginHealth` shares
/// it between requests; the clock is passed in.
package struct HostHealth: Sendable {
    package let policy: RetryPolicy
    private var pausedUntil: [String: Date] = [:]
    private var failedInARow: [String: Int] = [:]
    private var givenUp: [String: String] = [:]
    /// Hosts that answered at least once in this build.
    private var answeredOnce: Set<String> = []
    /// Connect failures of hosts that never answered: the first one's time, and how many.
    private var unreachable: [String: (since: Date, count: Int)] = [:]

    package init(policy: RetryPolicy) {
        self.policy = policy
    }

    /// Why `host` is no longer asked in this build, if it is not.
    package func unavailable(_ host: String) -> String? {
        givenUp[host]
    }

    /// Until when requests to `host` wait, if a `Retry-After` still holds at `now`.
    package func pausedUntil(_ host: String, now: Date) -> Date? {
        pausedUntil[host].flatMap { $0 > now ? $0 : nil }
    }

    package mutating func apply(_ news: RequestRetries.HostNews, to host: String, now: Date) {
        if news.reached { answeredOnce.insert(host) }
        if news.answered { failedInARow[host] = 0 }
        if news.failed { failed(host) }
        if news.couldNotConnect { couldNotConnect(host, now: now) }
        if let seconds = news.pause {
            // A server asking for more than two minutes is not waited for longer than a request's own budget.
            let until = now.addingTimeInterval(min(seconds, 120))
            if until > pausedUntil[host] ?? .distantPast { pausedUntil[host] = until }
        }
    }

    private mutating func failed(_ host: String) {
        let count = (failedInARow[host] ?? 0) + 1
        failedInARow[host] = count
        if count >= policy.giveUpAfterFailedAttempts && givenUp[host] == nil {
            givenUp[host] = "\(host) failed its last \(count) attempts in a row; not asking it again in this build"
        }
    }

    /// A host that has not answered once in this build and cannot be connected to is given up on quickly, so an
    /// offline build falls back to the cache or the snapshot in about a second rather than after every request's
    /// retries. Once it has answered, the usual rules apply.
    private mutating func couldNotConnect(_ host: String, now: Date) {
        guard !answeredOnce.contains(host), givenUp[host] == nil else { return }
        var record = unreachable[host] ?? (since: now, count: 0)
        record.count += 1
        unreachable[host] = record
        if record.count >= policy.unreachableAttempts || now.timeIntervalSince(record.since) >= policy.unreachableWindow
        {
            givenUp[host] =
                "\(host) could not be reached (\(record.count) connection attempt(s) failed before it ever answered); not asking it again in this build"
        }
    }
}
