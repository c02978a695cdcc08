package import Foundation
import PokedexSupport

/// One problem `pokedex check` found: where, and what.
package struct Finding: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// The file, relative to the site's folder.
    package var path: String
    package var line: Int
    package var message: String

    package init(path: String, line: Int, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    package var description: String { "\(path):\(line): \(message)" }

    package static func < (left: Finding, right: Finding) -> Bool {
        (left.path, left.line, left.message) < (right.path, right.line, right.message)
    }
}

/// What a check found, findings sorted by path, then line.
package struct CheckReport: Sendable {
    /// How many pages (`.html` files) were read.
    package var pages: Int
    package var findings: [Finding]

    package var isClean: Bool { findings.isEmpty }

    /// "checked 1496 pages, 2 findings".
    package var summary: String {
        "checked \(pages) page\(pages == 1 ? "" : "s"), \(findings.count) finding\(findings.count == 1 ? "" : "s")"
    }
}

/// `pokedex check`: reads every page of a built site and reports what a visitor or a crawler would trip over:
/// internal URLs (fragments included) that lead nowhere, pictures without alt, width or height, duplicate ids,
/// pages no link leads to from index.html, and, when there is a sitemap.xml, pages it lacks and URLs of it that
/// lead nowhere. Reads the files and writes nothing.
package struct SiteChecker: Sendable {
    /// Pages no link needs to lead to, nor the sitemap to list: static hosts serve 404.html on their own.
    static let exemptPages: Set<String> = ["404.html"]

    /// `404.html`, or a language copy's own (`fr/404.html` beside `fr/index.html`).
    static func isExempt(_ page: String, pages: some Collection<String>) -> Bool {
        if exemptPages.contains(page) { return true }
        let parts = page.split(separator: "/")
        return parts.count == 2 && exemptPages.contains(String(parts[1])) && pages.contains("\(parts[0])/index.html")
    }
    static let sitemapName = "sitemap.xml"

    package let root: URL
    /// Pages parsed at once: the cores.
    package let parallelism: Int

    package init(root: URL, parallelism: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.root = root
        self.parallelism = max(1, parallelism)
    }

    package func run() async throws -> CheckReport {
        MarkupReader.initialize()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw PokedexError(
                .check,
                root.path,
                .fileSystem("no such folder"),
                hint: "build the site first (pokedex build), or name its folder: pokedex check DIR"
            )
        }
        let files = try Self.listFiles(in: root)
        guard files.contains("index.html") else {
            throw PokedexError(
                .check,
                root.path,
                .invalidInput("no index.html: not a built site"),
                hint: "name the folder `pokedex build` wrote the site into"
            )
        }
        let indexScan = try HTMLParser.make().scan(read("index.html"), path: "index.html")
        var findings: [Finding] = []
        let baseURL = Self.baseURL(canonical: indexScan.canonical, findings: &findings)
        let resolver = LinkResolver(baseURL: baseURL)
        let pages = files.filter(Self.isPage).sorted()

        var results = [Self.check(page: "index.html", scan: indexScan, files: files, resolver: resolver)]
        results += try await checkPages(pages.filter { $0 != "index.html" }, files: files, resolver: resolver)

        // A page that reads its fragment as its state has no anchors to check against.
        let anchors = Dictionary(
            uniqueKeysWithValues: results.filter { !$0.readsFragment }.map { ($0.path, $0.anchors) }
        )
        var links: [String: Set<String>] = [:]
        for result in results {
            findings += result.findings
            links[result.path] = Set(result.pageLinks.map(\.target))
            for link in result.pageLinks {
                if let problem = Self.fragmentProblem(link, in: result.path, anchors: anchors) {
                    findings.append(Finding(path: result.path, line: link.line, message: problem))
                }
            }
        }
        let reachable = LinkResolver.reachable(from: "index.html", links: links)
        for page in pages where !reachable.contains(page) && !Self.isExempt(page, pages: pages) {
            findings.append(Finding(path: page, line: 1, message: "not reachable from index.html by following links"))
        }
        if files.contains(Self.sitemapName) {
            findings += try checkSitemap(pages: pages, files: files, baseURL: baseURL)
        }
        return CheckReport(pages: pages.count, findings: findings.sorted())
    }

    // MARK: Pages

    /// An internal reference to a page: for fragment checks and for reachability.
    struct PageLink: Sendable {
        var line: Int
        /// The attribute as written: `href="b.html#x"`.
        var written: String
        var target: String
        var fragment: String?
    }

    /// What one page yields once its references are resolved.
    struct PageResult: Sendable {
        var path: String
        var anchors: Set<String>
        var findings: [Finding]
        var pageLinks: [PageLink]
        /// The page reads its whole fragment as its state: any fragment is fine.
        var readsFragment = false
    }

    /// Reads, parses and resolves `pages` on `parallelism` tasks (one libxml2 document per page at a time).
    private func checkPages(_ pages: [String], files: Set<String>, resolver: LinkResolver) async throws -> [PageResult]
    {
        let root = self.root
        let chunkSize = max(1, (pages.count + parallelism * 4 - 1) / (parallelism * 4))
        let chunks = stride(from: 0, to: pages.count, by: chunkSize).map {
            Array(pages[$0..<min(pages.count, $0 + chunkSize)])
        }
        return try await withThrowingTaskGroup(of: [PageResult].self) { group in
            var next = 0
            func add() {
                let chunk = chunks[next]
                group.addTask {
                    let parser = try HTMLParser.make()
                    return try chunk.map { page in
                        let scan = parser.scan(try Self.read(page, in: root), path: page)
                        return Self.check(page: page, scan: scan, files: files, resolver: resolver)
                    }
                }
                next += 1
            }
            while next < min(parallelism, chunks.count) { add() }
            var results: [PageResult] = []
            while let done = try await group.next() {
                results += done
                if next < chunks.count { add() }
            }
            return results
        }
    }

    /// Resolves the references of `page` against the site's files: broken ones become findings, those leading
    /// to pages are kept for the fragment and reachability checks.
    static func check(page: String, scan: PageScan, files: Set<String>, resolver: LinkResolver) -> PageResult {
        var findings = scan.findings
        var pageLinks: [PageLink] = []
        for reference in scan.references {
            if reference.onlyUnderBaseURL {
                let url = LinkResolver.trimmed(reference.url)
                guard let baseURL = resolver.baseURL, url.hasPrefix(baseURL) else { continue }
            }
            let written = "\(reference.attribute)=\"\(reference.url)\""
            switch resolver.resolve(reference.url, from: page) {
            case .external:
                continue
            case .invalid(let reason):
                findings.append(Finding(path: page, line: reference.line, message: "\(written): \(reason)"))
            case .file(let target, let fragment):
                if !files.contains(target) {
                    findings.append(
                        Finding(path: page, line: reference.line, message: "\(written): no such file \(target)")
                    )
                } else if isPage(target) {
                    pageLinks.append(
                        PageLink(line: reference.line, written: written, target: target, fragment: fragment)
                    )
                }
            }
        }
        if let canonical = scan.canonical, case .file(let target, _) = resolver.resolve(canonical.url, from: page),
            target != page, files.contains(target)
        {
            findings.append(
                Finding(
                    path: page,
                    line: canonical.line,
                    message: "canonical link \(canonical.url) names \(target), not this page"
                )
            )
        }
        return PageResult(
            path: page,
            anchors: scan.anchors,
            findings: findings,
            pageLinks: pageLinks,
            readsFragment: scan.readsFragment
        )
    }

    /// Why `link`'s fragment names nothing in its target page, or nil when it does (or needs nothing).
    static func fragmentProblem(_ link: PageLink, in page: String, anchors: [String: Set<String>]) -> String? {
        guard let fragment = link.fragment, !fragment.isEmpty,
            // "#top" scrolls to the top when no element is so named; ":~:" starts a text fragment; "key=value" parts
            // are a page's state, which its script reads ("#def=water,ground" on the type calculator).
            fragment.lowercased() != "top", !fragment.hasPrefix(":~:"), !fragment.contains("="),
            anchors[link.target]?.contains(fragment) == false
        else { return nil }
        let place = link.target == page ? "this page" : link.target
        return "\(link.written): no id \"\(fragment)\" in \(place)"
    }

    /// The site's base URL: the canonical URL of index.html, which ends in `/`. A canonical naming a file
    /// ("…/index.html") is reported, and its folder taken.
    static func baseURL(canonical: PageReference?, findings: inout [Finding]) -> String? {
        guard let canonical else { return nil }
        let url = LinkResolver.trimmed(canonical.url)
        guard LinkResolver.hasScheme(url), let lastSlash = url.lastIndex(of: "/") else { return nil }
        if !url.hasSuffix("/") {
            findings.append(
                Finding(
                    path: "index.html",
                    line: canonical.line,
                    message:
                        "canonical link \(url): index.html's canonical URL should be the site's base URL, ending in /"
                )
            )
        }
        return String(url[...lastSlash])
    }

    // MARK: Sitemap

    /// Pages the sitemap lacks, and its URLs that lead to no file.
    private func checkSitemap(pages: [String], files: Set<String>, baseURL: String?) throws -> [Finding] {
        let name = Self.sitemapName
        guard let baseURL else {
            return [
                Finding(
                    path: "index.html",
                    line: 1,
                    message:
                        "\(name) is there but index.html has no <link rel=\"canonical\"> with the site's base URL: the sitemap's URLs cannot be checked"
                )
            ]
        }
        let locations: [(url: String, line: Int)]
        switch MarkupReader.sitemapLocations(try read(name)) {
        case .success(let found): locations = found
        case .failure(let problem): return [Finding(path: name, line: problem.line, message: problem.message)]
        }
        var findings: [Finding] = []
        var listed: Set<String> = []
        for location in locations {
            guard let path = LinkResolver.sitemapPath(of: location.url, baseURL: baseURL) else {
                findings.append(
                    Finding(
                        path: name,
                        line: location.line,
                        message: "\(location.url): not under the site's base URL \(baseURL)"
                    )
                )
                continue
            }
            listed.insert(path)
            if !files.contains(path) {
                findings.append(
                    Finding(path: name, line: location.line, message: "\(location.url): no such file \(path)")
                )
            }
        }
        for page in pages where !listed.contains(page) && !Self.isExempt(page, pages: pages) {
            findings.append(Finding(path: page, line: 1, message: "missing from \(name)"))
        }
        return findings
    }

    // MARK: Files

    static func isPage(_ path: String) -> Bool { path.hasSuffix(".html") }

    private func read(_ relative: String) throws -> Data { try Self.read(relative, in: root) }

    private static func read(_ relative: String, in root: URL) throws -> Data {
        let url = root.appendingPathComponent(relative)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw PokedexError.file(.check, url.path, error)
        }
    }

    /// Every file below `root`, by path relative to it, listed once so that no link costs a disk access.
    /// Hidden files and folders (`.git`, pokedex's manifest) are not part of the site.
    static func listFiles(in root: URL) throws -> Set<String> {
        var files: Set<String> = []
        var folders = [""]
        while let folder = folders.popLast() {
            let url = folder.isEmpty ? root : root.appendingPathComponent(folder)
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: url.path)
            } catch {
                throw PokedexError.file(.check, url.path, error)
            }
            for name in names where !name.hasPrefix(".") {
                let relative = folder.isEmpty ? name : folder + "/" + name
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(
                    atPath: url.appendingPathComponent(name).path,
                    isDirectory: &isFolder
                ),
                    isFolder.boolValue
                {
                    folders.append(relative)
                } else {
                    files.insert(relative)
                }
            }
        }
        return files
    }
}
