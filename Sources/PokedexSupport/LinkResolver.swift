import Foundation

/// Where a URL written in a page leads, decided from its text alone (nothing is read from the disk).
package enum LinkTarget: Equatable, Sendable {
    /// Another site's URL (it has a scheme and is not under the site's base URL): not checked.
    case external
    /// A file of the site, by its path from the site's folder, and the fragment after `#`, decoded, if any.
    case file(path: String, fragment: String?)
    /// A URL that cannot work whatever the site holds; the message says why.
    case invalid(String)
}

/// Resolves the URLs of a built site's pages as a browser would from `file://` or a subpath: relative to the
/// page's folder, never above the site's folder, with absolute paths refused (they break under both).
package struct LinkResolver: Sendable {
    /// The site's public address, ending in `/` (from index.html's canonical link): URLs under it are the
    /// site's own files. Nil when the site does not say.
    package var baseURL: String?

    package init(baseURL: String?) {
        self.baseURL = baseURL
    }

    /// `404.html`, or a language copy's (`fr/404.html`).
    static func isNotFoundPage(_ page: String) -> Bool {
        let parts = page.split(separator: "/")
        return parts.last == "404.html" && parts.count <= 2
    }

    /// "https://user.github.io/pokedex/" → "/pokedex/".
    package static func path(of baseURL: String?) -> String? {
        guard let baseURL, let components = URLComponents(string: baseURL) else { return nil }
        let path = components.percentEncodedPath
        return path.hasSuffix("/") ? path : path + "/"
    }

    package func resolve(_ written: String, from page: String) -> LinkTarget {
        let url = Self.trimmed(written)
        var folder = Self.segments(ofFolderOf: page)
        var rest: Substring
        // What a URL without a path ("#x", "?q", "") names: the page itself, or under the base URL its index.
        var pathless = page
        if let baseURL, url.hasPrefix(baseURL) {
            rest = url.dropFirst(baseURL.count)
            folder = []
            pathless = "index.html"
        } else if Self.hasScheme(url) {
            return .external
        } else if url.hasPrefix("//") {
            return .invalid("scheme-relative URL: breaks under file://")
        } else if url.hasPrefix("/"), Self.isNotFoundPage(page), let basePath = Self.path(of: baseURL),
            url.hasPrefix(basePath)
        {
            // Hosts serve 404.html at any depth: its links start from the base URL's path, on any origin.
            rest = url.dropFirst(basePath.count)
            folder = []
            pathless = "index.html"
        } else if url.hasPrefix("/") {
            return .invalid("absolute path: breaks under file:// and subpaths")
        } else {
            rest = url[...]
        }

        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            let raw = String(rest[rest.index(after: hash)...])
            fragment = raw.contains("%") ? raw.removingPercentEncoding ?? raw : raw
            rest = rest[..<hash]
        }
        if let query = rest.firstIndex(of: "?") { rest = rest[..<query] }
        if rest.isEmpty { return .file(path: pathless, fragment: fragment) }

        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            switch part {
            case "", ".":
                break
            case "..":
                if folder.isEmpty { return .invalid("goes above the site folder") }
                folder.removeLast()
            default:
                if !part.contains("%") {
                    folder.append(String(part))
                } else if let name = part.removingPercentEncoding {
                    folder.append(name)
                } else {
                    return .invalid("malformed percent-encoding")
                }
            }
            // A URL naming a folder ("x/", ".", "..") means that folder's index.html, as static hosts serve it.
            if index == parts.count - 1, part.isEmpty || part == "." || part == ".." { folder.append("index.html") }
        }
        return .file(path: folder.joined(separator: "/"), fragment: fragment)
    }

    /// The path a sitemap URL stands for, or nil when it is not under the base URL. An empty rest, or one
    /// ending in `/`, means that folder's index.html.
    package static func sitemapPath(of location: String, baseURL: String) -> String? {
        let url = trimmed(location)
        guard url.hasPrefix(baseURL) else { return nil }
        let resolver = LinkResolver(baseURL: baseURL)
        if case .file(let path, _) = resolver.resolve(url, from: "index.html") { return path }
        return nil
    }

    /// `url` without leading and trailing ASCII whitespace, which browsers strip from URL attributes (checked
    /// byte by byte: Foundation's trimming is a large share of the check's time otherwise).
    package static func trimmed(_ url: String) -> String {
        func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }
        let bytes = url.utf8
        guard let first = bytes.first, let last = bytes.last, isSpace(first) || isSpace(last) else { return url }
        let start = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !isSpace($0) }.map { bytes.index(after: $0) } ?? start
        return start < end ? String(url[start..<end]) : ""
    }

    /// The folders of `page`'s path: "pokemon/pikachu.html" → ["pokemon"].
    package static func segments(ofFolderOf page: String) -> [String] {
        Array(page.split(separator: "/", omittingEmptySubsequences: true).dropLast().map(String.init))
    }

    /// Whether `url` starts with a URL scheme (`https:`, `mailto:`, `data:`…).
    package static func hasScheme(_ url: String) -> Bool {
        var sawLetter = false
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: ":"): return sawLetter
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): sawLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                if !sawLetter { return false }
            default: return false
            }
        }
        return false
    }

    /// The URLs of a `srcset` attribute, without their width or density descriptors (HTML's parsing rules,
    /// short of validating the descriptors).
    package static func srcsetURLs(_ srcset: String) -> [String] {
        var urls: [String] = []
        var characters = Substring(srcset)
        func isSpace(_ character: Character) -> Bool {
            character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\u{0C}"
        }
        while true {
            characters = characters.drop { isSpace($0) || $0 == "," }
            if characters.isEmpty { return urls }
            let end = characters.firstIndex(where: isSpace) ?? characters.endIndex
            var url = characters[..<end]
            characters = characters[end...]
            if url.hasSuffix(",") {
                // "a.webp," ends its candidate: no descriptors follow.
                while url.hasSuffix(",") { url = url.dropLast() }
            } else {
                // Skip the descriptors, up to the comma that ends the candidate (commas in parentheses do not).
                var depth = 0
                var index = characters.startIndex
                while index < characters.endIndex {
                    let character = characters[index]
                    if character == "(" {
                        depth += 1
                    } else if character == ")" {
                        depth = max(0, depth - 1)
                    } else if character == ",", depth == 0 {
                        break
                    }
                    index = characters.index(after: index)
                }
                characters = characters[index...]
            }
            if !url.isEmpty { urls.append(String(url)) }
        }
    }

    /// The pages reachable from `start` by following `links` (page → pages it links to), `start` included.
    package static func reachable(from start: String, links: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = [start]
        var queue = [start]
        while let page = queue.popLast() {
            for target in links[page] ?? [] where seen.insert(target).inserted { queue.append(target) }
        }
        return seen
    }
}
