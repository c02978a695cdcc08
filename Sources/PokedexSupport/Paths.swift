package import Foundation

/// Paths as the user gives them: relative ones resolve against a base folder, links and `..` resolved.
package enum Paths {
    /// `path` made absolute against `base`, standardized, with symbolic links resolved.
    package static func resolve(_ path: String, from base: String) -> URL {
        let url =
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: base).appendingPathComponent(path)
        return url.standardizedFileURL.resolvingSymlinksInPath()
    }

    /// Whether `inner` is `outer` or below it.
    package static func isInside(_ inner: URL, _ outer: URL) -> Bool {
        let a = inner.standardizedFileURL.pathComponents
        let b = outer.standardizedFileURL.pathComponents
        return a.count >= b.count && Array(a.prefix(b.count)) == b
    }
}
