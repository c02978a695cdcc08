import CLibXML2
import Foundation
import PokedexSupport

/// One URL a page refers to: where, through which attribute, and what it says.
struct PageReference: Sendable, Equatable {
    var line: Int
    var attribute: String
    var url: String
    /// Checked only when under the site's base URL: a `<meta>` content (og:image…), which is not necessarily a URL
    /// of the site at all.
    var onlyUnderBaseURL = false
}

/// What the checker needs from one page, read out of libxml2's tree (freed before this is returned).
struct PageScan: Sendable {
    var references: [PageReference] = []
    /// What a fragment can name: every id, and the names of `<a name>`.
    var anchors: Set<String> = []
    /// Problems the page shows on its own: pictures lacking attributes, duplicate ids.
    var findings: [Finding] = []
    /// The page's `<link rel="canonical">` (its href), if it has one.
    var canonical: PageReference?
    /// An element has `data-fragment-state`: the page reads its whole fragment as its state
    /// (`compare.html#pikachu,raichu`), which names no id.
    var readsFragment = false
}

/// Reads built pages with libxml2's HTML parser and sitemaps with its XML parser. Call `initialize()` once before
/// reading from several threads: libxml2 is thread-safe for separate documents after `xmlInitParser`.
enum MarkupReader {
    static func initialize() { xmlInitParser() }

    /// `<meta property|name>` values whose content is a URL of the site when it is under the base URL.
    static let urlMetaProperties: Set<String> = ["og:image", "og:url", "twitter:image"]
    /// `<link rel>` values naming an origin to connect to, not a file.
    static let originLinkRelations: Set<String> = ["preconnect", "dns-prefetch"]

    /// The `<loc>` URLs of a sitemap, with their lines; or the reason it is not a sitemap, with a line.
    static func sitemapLocations(_ data: Data) -> Result<[(url: String, line: Int)], SitemapProblem> {
        guard let context = xmlNewParserCtxt() else {
            return .failure(SitemapProblem(line: 1, message: "libxml2 could not make a parser"))
        }
        defer { xmlFreeParserCtxt(context) }
        let options = Int32(XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NONET.rawValue)
        let document: xmlDocPtr? = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
            return xmlCtxtReadMemory(
                context,
                base.assumingMemoryBound(to: CChar.self),
                Int32(clamping: bytes.count),
                "sitemap.xml",
                nil,
                options
            )
        }
        guard let document else {
            if let error = xmlCtxtGetLastError(context), let message = error.pointee.message {
                let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
                return .failure(
                    SitemapProblem(line: max(1, Int(error.pointee.line)), message: "not well-formed XML: \(text)")
                )
            }
            return .failure(SitemapProblem(line: 1, message: "not well-formed XML (empty?)"))
        }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document), isElement(root, "urlset", namespace: sitemapNamespace) else {
            return .failure(
                SitemapProblem(line: 1, message: "not a sitemap: expected <urlset xmlns=\"\(sitemapNamespace)\">")
            )
        }
        var locations: [(url: String, line: Int)] = []
        var url = root.pointee.children
        while let entry = url {
            if isElement(entry, "url", namespace: sitemapNamespace) {
                var child = entry.pointee.children
                while let field = child {
                    if isElement(field, "loc", namespace: sitemapNamespace) {
                        locations.append((text(of: field.pointee.children), Int(xmlGetLineNo(field))))
                    }
                    child = field.pointee.next
                }
            }
            url = entry.pointee.next
        }
        return .success(locations)
    }

    static let sitemapNamespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

    struct SitemapProblem: Error {
        var line: Int
        var message: String
    }

    private static func isElement(_ node: xmlNodePtr, _ name: StaticString, namespace: String) -> Bool {
        guard node.pointee.type == XML_ELEMENT_NODE, matches(node.pointee.name, name),
            let href = node.pointee.ns?.pointee.href
        else { return false }
        return String(cString: href) == namespace
    }

    /// The text of the nodes from `first` on, joined: what an attribute or a `<loc>` holds.
    static func text(of first: xmlNodePtr?) -> String {
        var text = ""
        var child = first
        while let part = child {
            if let content = part.pointee.content { text += String(cString: content) }
            child = part.pointee.next
        }
        return text
    }

    /// Whether the C string `name` is `expected`, compared without allocating.
    static func matches(_ name: UnsafePointer<xmlChar>?, _ expected: StaticString) -> Bool {
        guard let name else { return false }
        let count = expected.utf8CodeUnitCount
        let bytes = expected.utf8Start
        for index in 0..<count where name[index] != bytes[index] { return false }
        return name[count] == 0
    }
}

/// A libxml2 HTML parser context, reused page after page (its dictionary of names and its buffers stay): one per
/// task, never shared between threads.
struct HTMLParser: ~Copyable {
    private let context: htmlParserCtxtPtr

    private init(context: htmlParserCtxtPtr) { self.context = context }

    static func make() throws -> HTMLParser {
        guard let context = htmlNewParserCtxt() else {
            throw PokedexError(.check, nil, .other("libxml2 could not make an HTML parser"))
        }
        return HTMLParser(context: context)
    }

    deinit { htmlFreeParserCtxt(context) }

    /// Quiet (pages use HTML5 elements libxml2 2.9 calls invalid), offline, and without the whitespace-only text
    /// nodes: only elements are looked at.
    static let options = Int32(
        HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue
            | HTML_PARSE_NOBLANKS.rawValue | HTML_PARSE_COMPACT.rawValue
    )

    /// The references, anchors and local problems of the page `data`, found at `path` (used in findings).
    func scan(_ data: Data, path: String) -> PageScan {
        let document: htmlDocPtr? = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
            return htmlCtxtReadMemory(
                context,
                base.assumingMemoryBound(to: CChar.self),
                Int32(clamping: bytes.count),
                path,
                "UTF-8",
                Self.options
            )
        }
        guard let document else {
            return PageScan(findings: [Finding(path: path, line: 1, message: "not readable as HTML (empty?)")])
        }
        defer { xmlFreeDoc(document) }
        var scanner = PageScanner(path: path)
        scanner.walk(document)
        return scanner.scan
    }
}

/// One walk over a parsed page's elements, collecting a `PageScan`.
private struct PageScanner {
    let path: String
    var scan = PageScan()
    /// Each id's first line, to name it when the id comes again.
    var idLines: [String: Int] = [:]

    init(path: String) { self.path = path }

    /// Visits every element in document order, without recursion (pages can nest deeply), skipping what is
    /// inside `<template>`: inert markup that scripts fill in, whose URLs may be placeholders.
    mutating func walk(_ document: htmlDocPtr) {
        var current = document.pointee.children
        while let node = current {
            var descend = true
            if node.pointee.type == XML_ELEMENT_NODE { descend = visit(node) }
            if descend, let child = node.pointee.children {
                current = child
                continue
            }
            current = nil
            var climbing: xmlNodePtr? = node
            while let up = climbing, up.pointee.type != XML_HTML_DOCUMENT_NODE {
                if let next = up.pointee.next {
                    current = next
                    break
                }
                climbing = up.pointee.parent
            }
        }
    }

    /// The attributes the check reads, from one element.
    private struct Attributes {
        var id: String?
        var href: String?
        var src: String?
        var srcset: String?
        var rel: String?
        var name: String?
        var property: String?
        var content: String?
        var readsFragment = false
        var hasAlt = false
        var hasWidth = false
        var hasHeight = false

        init(of element: xmlNodePtr) {
            var attribute = element.pointee.properties
            while let current = attribute {
                read(current.pointee.name, MarkupReader.text(of: current.pointee.children))
                attribute = current.pointee.next
            }
        }

        private mutating func read(_ attributeName: UnsafePointer<xmlChar>?, _ value: @autoclosure () -> String) {
            if MarkupReader.matches(attributeName, "id") {
                id = value()
            } else if MarkupReader.matches(attributeName, "href") {
                href = value()
            } else if MarkupReader.matches(attributeName, "src") {
                src = value()
            } else if MarkupReader.matches(attributeName, "srcset") {
                srcset = value()
            } else if MarkupReader.matches(attributeName, "rel") {
                rel = value()
            } else if MarkupReader.matches(attributeName, "name") {
                name = value()
            } else if MarkupReader.matches(attributeName, "property") {
                property = value()
            } else if MarkupReader.matches(attributeName, "content") {
                content = value()
            } else if MarkupReader.matches(attributeName, "data-fragment-state") {
                readsFragment = true
            } else if MarkupReader.matches(attributeName, "alt") {
                hasAlt = true
            } else if MarkupReader.matches(attributeName, "width") {
                hasWidth = true
            } else if MarkupReader.matches(attributeName, "height") {
                hasHeight = true
            }
        }
    }

    /// Records what `element` says; returns whether its children are to be visited.
    mutating func visit(_ element: xmlNodePtr) -> Bool {
        let attributes = Attributes(of: element)
        if attributes.readsFragment { scan.readsFragment = true }
        let tag = element.pointee.name
        let line = Int(xmlGetLineNo(element))
        if let id = attributes.id { record(id: id, line: line) }
        if MarkupReader.matches(tag, "a") {
            refer("href", attributes.href, line: line)
            if let name = attributes.name { scan.anchors.insert(name) }
        } else if MarkupReader.matches(tag, "link") {
            visitLink(attributes, line: line)
        } else if MarkupReader.matches(tag, "img") {
            visitImage(attributes, line: line)
        } else if MarkupReader.matches(tag, "script") {
            refer("src", attributes.src, line: line)
        } else if MarkupReader.matches(tag, "source") {
            refer("src", attributes.src, line: line)
            referToCandidates(attributes.srcset, line: line)
        } else if MarkupReader.matches(tag, "meta") {
            if let key = attributes.property ?? attributes.name,
                MarkupReader.urlMetaProperties.contains(key.lowercased())
            {
                refer("content", attributes.content, line: line, onlyUnderBaseURL: true)
            }
        } else if MarkupReader.matches(tag, "template") {
            return false
        }
        return true
    }

    private mutating func record(id: String, line: Int) {
        if let first = idLines[id] {
            scan.findings.append(
                Finding(path: path, line: line, message: "duplicate id \"\(id)\" (first on line \(first))")
            )
        } else {
            idLines[id] = line
            scan.anchors.insert(id)
        }
    }

    private mutating func visitLink(_ attributes: Attributes, line: Int) {
        let relations = Set((attributes.rel ?? "").lowercased().split(whereSeparator: \.isWhitespace).map(String.init))
        if relations.isDisjoint(with: MarkupReader.originLinkRelations) { refer("href", attributes.href, line: line) }
        if relations.contains("canonical"), scan.canonical == nil, let href = attributes.href {
            scan.canonical = PageReference(line: line, attribute: "href", url: href)
        }
    }

    private mutating func visitImage(_ attributes: Attributes, line: Int) {
        refer("src", attributes.src, line: line)
        referToCandidates(attributes.srcset, line: line)
        let missing = [("alt", attributes.hasAlt), ("width", attributes.hasWidth), ("height", attributes.hasHeight)]
            .filter { !$0.1 }.map(\.0)
        guard !missing.isEmpty else { return }
        let shown = attributes.src.map { " src=\"\($0)\"" } ?? ""
        scan.findings.append(
            Finding(path: path, line: line, message: "<img\(shown)> has no \(missing.joined(separator: ", "))")
        )
    }

    private mutating func refer(_ attribute: String, _ url: String?, line: Int, onlyUnderBaseURL: Bool = false) {
        guard let url else { return }
        scan.references.append(
            PageReference(line: line, attribute: attribute, url: url, onlyUnderBaseURL: onlyUnderBaseURL)
        )
    }

    private mutating func referToCandidates(_ srcset: String?, line: Int) {
        guard let srcset else { return }
        for url in LinkResolver.srcsetURLs(srcset) { refer("srcset", url, line: line) }
    }
}
