import Foundation
import Testing

@testable import PokedexSource

/// The fetcher's decisions as values: each attempt's outcome in, the action out, with the time and the jitter
/// given. No server, no clock, no sleeping.
@Suite struct RequestRetriesTests {
    let policy = RetryPolicy.standard

    /// Feeds `outcomes` one by one at `elapsed` seconds each, the jitter at its largest, and returns the actions.
    func actions(
        _ outcomes: [RequestRetries.Outcome],
        hostGivenUp: String? = nil,
        elapsed: (Int) -> Double = { _ in 0 }
    ) -> [RequestRetries.Action] {
        var retries = RequestRetries(policy: policy)
        return outcomes.enumerated().map { index, outcome in
            _ = retries.record(outcome)
            return retries.next(after: outcome, hostGivenUp: hostGivenUp, elapsed: elapsed(index), random: 1)
        }
    }

    @Test func aFinalAnswerIsAcceptedWhateverItsStatus() {
        for status in [200, 304, 404, 410] {
            #expect(actions([.answered(status: status, retryAfter: nil)]) == [.accept])
        }
    }

    @Test func transientAnswersAreRetriedWithBackoffThatDoublesUpToItsCeiling() {
        let outcomes = Array(repeating: RequestRetries.Outcome.answered(status: 503, retryAfter: nil), count: 7)
        #expect(actions(outcomes) == [0.25, 0.5, 1, 2, 4, 4, 4].map { .retry(after: $0) })
        // Full jitter: the smallest draw halves the wait.
        var retries = RequestRetries(policy: policy)
        _ = retries.record(.answered(status: 502, retryAfter: nil))
        #expect(
            retries.next(after: .answered(status: 502, retryAfter: nil), hostGivenUp: nil, elapsed: 0, random: 0)
                == .retry(after: 0.125)
        )
    }

    @Test func theLastAllowedAttemptHandsTheFailedAnswerBack() {
        let outcomes = Array(
            repeating: RequestRetries.Outcome.answered(status: 500, retryAfter: nil),
            count: policy.maxAttempts
        )
        let result = actions(outcomes)
        #expect(result.dropLast().allSatisfy { if case .retry = $0 { true } else { false } })
        #expect(result.last == .acceptFailed("after \(policy.maxAttempts) attempts"))
    }

    @Test func aRateLimitWithRetryAfterPacesWithoutCountingAsAFailure() {
        var retries = RequestRetries(policy: policy)
        let limited = RequestRetries.Outcome.answered(status: 429, retryAfter: 3)
        for _ in 0..<(policy.maxAttempts * 2) {
            let news = retries.record(limited)
            #expect(news.rateLimited && !news.failed && news.pause == 3 && news.reached && !news.answered)
            #expect(retries.next(after: limited, hostGivenUp: nil, elapsed: 10, random: 1) == .retry(after: 3))
        }
        #expect(retries.failedAttempts == 0)
        // Without Retry-After, a 429 is a failure like a 503.
        #expect(retries.record(.answered(status: 429, retryAfter: nil)).failed)
        #expect(retries.failedAttempts == 1)
    }

    @Test func retryAfterIsNeverShortenedButALongBackoffIsKeptHalf() {
        var retries = RequestRetries(policy: policy)
        let answer = RequestRetries.Outcome.answered(status: 503, retryAfter: 0)
        for _ in 0..<6 { _ = retries.record(answer) }
        #expect(retries.next(after: answer, hostGivenUp: nil, elapsed: 0, random: 1) == .retry(after: 2))
        #expect(
            retries.next(after: .answered(status: 503, retryAfter: 9), hostGivenUp: nil, elapsed: 0, random: 1)
                == .retry(after: 9)
        )
    }

    @Test func transportFailuresAreRetriedUntilTheAttemptsAreUsedUp() {
        let reset = RequestRetries.Outcome.failed("connection reset", transient: true, connect: false)
        let result = actions(Array(repeating: reset, count: policy.maxAttempts))
        #expect(result.prefix(3) == [.retry(after: 0.25), .retry(after: 0.5), .retry(after: 1)])
        #expect(result.last == .fail("connection reset (after 8 attempts)"))
    }

    @Test func aFailureThatCanNeverWorkIsNotRetried() {
        var retries = RequestRetries(policy: policy)
        let invalid = RequestRetries.Outcome.failed("invalidURL", transient: false, connect: false)
        #expect(retries.record(invalid) == RequestRetries.HostNews())
        #expect(retries.next(after: invalid, hostGivenUp: nil, elapsed: 0, random: 1) == .fail("invalidURL"))
    }

    @Test func aHostGivenUpOnEndsTheRequestWithTheReason() {
        let refused = RequestRetries.Outcome.failed("connection refused", transient: true, connect: true)
        #expect(
            actions([refused], hostGivenUp: "api.test could not be reached")
                == [.fail("connection refused; api.test could not be reached")]
        )
    }

    @Test func theTimeBudgetEndsRetriesBeforeTheWaitWouldOutlastIt() {
        let budget = policy.totalBudget
        // 0.25 s more would pass the budget: a failure gives up, an answer is handed back.
        #expect(
            actions([.failed("read timeout", transient: true, connect: false)], elapsed: { _ in budget - 0.2 })
                == [.fail("read timeout (gave up after 1 attempts in 119 s)")]
        )
        #expect(
            actions([.answered(status: 503, retryAfter: nil)], elapsed: { _ in budget - 0.2 })
                == [.acceptFailed("gave up after 1 attempts in 119 s")]
        )
        #expect(
            actions([.answered(status: 503, retryAfter: nil)], elapsed: { _ in budget - 0.25 })
                == [.retry(after: 0.25)]
        )
    }

    @Test func whatAnAttemptTellsAboutItsHost() {
        var retries = RequestRetries(policy: policy)
        #expect(
            retries.record(.answered(status: 200, retryAfter: nil))
                == RequestRetries.HostNews(reached: true, answered: true)
        )
        #expect(
            retries.record(.answered(status: 503, retryAfter: 2))
                == RequestRetries.HostNews(reached: true, failed: true, pause: 2)
        )
        #expect(
            retries.record(.failed("refused", transient: true, connect: true))
                == RequestRetries.HostNews(failed: true, couldNotConnect: true)
        )
        #expect(retries.attempts == 3)
    }
}

@Suite struct HostHealthTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let failure = RequestRetries.HostNews(failed: true)
    let connectFailure = RequestRetries.HostNews(failed: true, couldNotConnect: true)

    @Test func aHostThatNeverAnsweredIsGivenUpAfterAFewConnectFailures() {
        var health = HostHealth(policy: .standard)
        for _ in 1..<RetryPolicy.standard.unreachableAttempts {
            health.apply(connectFailure, to: "a", now: start)
            #expect(health.unavailable("a") == nil)
        }
        health.apply(connectFailure, to: "a", now: start)
        #expect(health.unavailable("a")?.contains("could not be reached") == true)
        #expect(health.unavailable("b") == nil)
    }

    @Test func theWindowEndsItToo() {
        var health = HostHealth(policy: .standard)
        health.apply(connectFailure, to: "a", now: start)
        health.apply(connectFailure, to: "a", now: start.addingTimeInterval(4.9))
        #expect(health.unavailable("a") == nil)
        health.apply(connectFailure, to: "b", now: start)
        health.apply(connectFailure, to: "b", now: start.addingTimeInterval(5.1))
        #expect(health.unavailable("b") != nil)
    }

    @Test func aHostThatAnsweredKeepsTheUsualRetryRules() {
        var health = HostHealth(policy: .standard)
        health.apply(RequestRetries.HostNews(reached: true, answered: true), to: "a", now: start)
        for _ in 0..<10 { health.apply(connectFailure, to: "a", now: start.addingTimeInterval(60)) }
        #expect(health.unavailable("a") == nil)
        // …until its failures in a row reach the limit, across requests.
        for _ in 10..<RetryPolicy.standard.giveUpAfterFailedAttempts { health.apply(failure, to: "a", now: start) }
        #expect(health.unavailable("a")?.contains("failed its last 12 attempts in a row") == true)
    }

    @Test func anAnswerStartsTheFailuresInARowAgain() {
        var health = HostHealth(policy: .standard)
        health.apply(RequestRetries.HostNews(reached: true), to: "a", now: start)
        for _ in 1..<RetryPolicy.standard.giveUpAfterFailedAttempts { health.apply(failure, to: "a", now: start) }
        health.apply(RequestRetries.HostNews(reached: true, answered: true), to: "a", now: start)
        for _ in 1..<RetryPolicy.standard.giveUpAfterFailedAttempts { health.apply(failure, to: "a", now: start) }
        #expect(health.unavailable("a") == nil)
        // One more in a row since the answer reaches the limit: the count started again, it did not stop.
        health.apply(failure, to: "a", now: start)
        #expect(health.unavailable("a") != nil)
    }

    @Test func retryAfterPausesTheHostUpToTwoMinutesAndOnlyLengthens() {
        var health = HostHealth(policy: .standard)
        health.apply(RequestRetries.HostNews(reached: true, pause: 10), to: "a", now: start)
        #expect(health.pausedUntil("a", now: start) == start.addingTimeInterval(10))
        health.apply(RequestRetries.HostNews(reached: true, pause: 2), to: "a", now: start)
        #expect(health.pausedUntil("a", now: start) == start.addingTimeInterval(10))
        #expect(health.pausedUntil("a", now: start.addingTimeInterval(10)) == nil)
        #expect(health.pausedUntil("b", now: start) == nil)
        health.apply(RequestRetries.HostNews(reached: true, pause: 3_600), to: "a", now: start)
        #expect(health.pausedUntil("a", now: start) == start.addingTimeInterval(120))
    }
}
