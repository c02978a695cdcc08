import Foundation
import Hummingbird

/// Answers 404 for any request path that could name something outside the output folder, before
/// `FileMiddleware` sees it (which would answer 400 for `..`, and decodes `%2f` into a separator).
struct PathGuard<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard Self.isSafe(request.uri.path) else { throw HTTPError(.notFound) }
        return try await next(request, context)
    }

    /// Whether `rawPath` (as sent, percent-encoded) names a file below the served folder by plain segments:
    /// absolute, no encoded separator or NUL, no empty segment but a trailing one (`/page/`), and no `.`, `..` or
    /// hidden (`.name`) segment once decoded. Symlinks are the file provider's to check: they need the disk.
    static func isSafe(_ rawPath: String) -> Bool {
        guard rawPath.first == "/" else { return false }
        let lowered = rawPath.lowercased()
        // An encoded `/` or `\` would become a separator after decoding; an encoded NUL would cut the path.
        for encoded in ["%2f", "%5c", "%00"] where lowered.contains(encoded) { return false }
        guard let decoded = rawPath.removingPercentEncoding else { return false }
        return isSafeDecoded(decoded)
    }

    /// The same checks on a decoded path, as the file provider receives it.
    static func isSafeDecoded(_ path: String) -> Bool {
        guard path.first == "/", !path.contains("\\"), !path.contains("\0") else { return false }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            if segment.isEmpty {
                // Only the last segment may be empty: `/` and `/page/`, not `//x` or `/a//b`.
                guard index == segments.count - 1 else { return false }
                continue
            }
            if segment.hasPrefix(".") { return false }
        }
        return true
    }
}
