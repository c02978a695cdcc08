import Foundation

/// When and how long to wait before trying a request again.
package struct RetryPolicy: Sendable {
    /// Attempts per request, the first included.
    var maxAttempts: Int
    /// The first backoff; each retry doubles it, up to `maxDelay`.
    var baseDelay: Double
    package var maxDelay: Double
    /// No request is retried once this many seconds have passed since its first attempt.
    var totalBudget: Double
    /// A response stalled for this long fails the attempt (async-http-client has no read timeout by default).
    var readTimeout: Double
    /// A connection not made within this long fails the attempt.
    var connectTimeout: Double
    /// Hard deadline of one attempt, headers to last byte, for 1.3 MB bodies on slow links.
    var attemptDeadline: Double
    /// After this many failed attempts in a row to one host, whatever requests they belonged to, the host is
    /// given up on for the rest of the build (its resources then come from the cache, or are reported missing).
    /// 12 in a row at a 20 % error rate happens once in 244 million attempts; a dead host reaches it in seconds.
    var giveUpAfterFailedAttempts: Int
    /// A host that has not answered once in this build is given up on after this many failed connection attempts
    /// (a name that does not resolve, a refused connection), or once this many seconds have passed since the
    /// first: an unreachable origin must not cost minutes when the cache or the snapshot can serve.
    var unreachableAttempts: Int
    var unreachableWindow: Double

    package init(
        maxAttempts: Int = 8,
        baseDelay: Double = 0.25,
        maxDelay: Double = 4,
        totalBudget: Double = 120,
        readTimeout: Double = 20,
        connectTimeout: Double = 10,
        attemptDeadline: Double = 60,
        giveUpAfterFailedAttempts: Int = 12,
        unreachableAttempts: Int = 3,
        unreachableWindow: Double = 5
    ) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.totalBudget = totalBudget
        self.readTimeout = readTimeout
        self.connectTimeout = connectTimeout
        self.attemptDeadline = attemptDeadline
        self.giveUpAfterFailedAttempts = giveUpAfterFailedAttempts
        self.unreachableAttempts = unreachableAttempts
        self.unreachableWindow = unreachableWindow
    }

    package static let standard = RetryPolicy()

    /// Statuses that say "try again later" rather than "this will never work".
    static func isTransient(status: Int) -> Bool {
        [408, 429, 500, 502, 503, 504].contains(status)
    }

    /// Seconds to wait before attempt `attempt + 1` (attempt counts from 1): exponential backoff with full jitter,
    /// or the server's `Retry-After` when it gave one (never less).
    func delay(afterAttempt attempt: Int, retryAfter: Double?, random: Double) -> Double {
        let ceiling = min(maxDelay, baseDelay * pow(2, Double(attempt - 1)))
        let jittered = ceiling * (0.5 + random / 2)
        if let retryAfter { return max(retryAfter, jittered * 0.5) }
        return jittered
    }

    /// `Retry-After` in seconds, from either of its forms: delta-seconds or an HTTP date.
    static func parseRetryAfter(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds >= 0, seconds.isFinite { return seconds }
        guard let date = HTTPDate.parse(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// RFC 9110 dates (IMF-fixdate, and the two obsolete forms a server may still send).
enum HTTPDate {
    static func parse(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

/// `Cache-Control` directives that matter to a private cache (RFC 9111).
package struct CacheControl: Sendable, Equatable {
    var maxAge: Int?
    var noStore = false
    package var noCache = false

    package init(_ header: String?) {
        guard let header else { return }
        for part in header.split(separator: ",") {
            let directive = part.trimmingCharacters(in: .whitespaces).lowercased()
            if directive == "no-store" { noStore = true }
            if directive == "no-cache" { noCache = true }
            if directive.hasPrefix("max-age=") {
                let value = directive.dropFirst("max-age=".count).trimmingCharacters(
                    in: CharacterSet(charactersIn: "\"")
                )
                if let seconds = Int(value), seconds >= 0 { maxAge = seconds }
            }
        }
    }
}
