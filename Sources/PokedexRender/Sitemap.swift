import CLibXML2
import Foundation
import PokedexSupport

/// `sitemap.xml` (sitemaps.org 0.9) and `robots.txt`, for a site with a base URL. The sitemap is written by
/// libxml2's writer, which escapes and nests for us: well-formed by construction, whatever the base URL holds.
enum Sitemap {
    static let path = "sitemap.xml"
    static let robotsPath = "robots.txt"
    static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"
    static let xhtmlNamespace = "http://www.w3.org/1999/xhtml"

    /// A page's URL, with its copies in every language (`hreflang`, absolute URL) when the site has several.
    struct Entry {
        var url: String
        var alternates: [AlternateContext] = []
    }

    static func make(urls: [String]) throws -> Data {
        try make(entries: urls.map { Entry(url: $0) })
    }

    /// The page's absolute URL: the base URL itself for the root `index.html` (what static hosts serve at `/`).
    static func url(of path: String, base: String) -> String {
        path == "index.html" ? base : base + path
    }

    static func make(entries: [Entry]) throws -> Data {
        func failed(_ step: String) -> PokedexError {
            PokedexError(.render, path, .other("libxml2 could not \(step)"))
        }
        guard let buffer = xmlBufferCreate() else { throw failed("allocate a buffer") }
        defer { xmlBufferFree(buffer) }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else { throw failed("create a writer") }
        var status: Int32 = 0
        func step(_ result: Int32) { if status >= 0 { status = result } }
        step(xmlTextWriterSetIndent(writer, 1))
        step(xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil))
        step(xml("urlset") { xmlTextWriterStartElement(writer, $0) })
        step(xml("xmlns") { name in xml(namespace) { xmlTextWriterWriteAttribute(writer, name, $0) } })
        if entries.contains(where: { !$0.alternates.isEmpty }) {
            step(xml("xmlns:xhtml") { name in xml(xhtmlNamespace) { xmlTextWriterWriteAttribute(writer, name, $0) } })
        }
        for entry in entries {
            step(xml("url") { xmlTextWriterStartElement(writer, $0) })
            step(xml("loc") { name in xml(entry.url) { xmlTextWriterWriteElement(writer, name, $0) } })
            for alternate in entry.alternates {
                step(xml("xhtml:link") { xmlTextWriterStartElement(writer, $0) })
                step(xml("rel") { name in xml("alternate") { xmlTextWriterWriteAttribute(writer, name, $0) } })
                step(
                    xml("hreflang") { name in xml(alternate.hreflang) { xmlTextWriterWriteAttribute(writer, name, $0) }
                    }
                )
                step(xml("href") { name in xml(alternate.href) { xmlTextWriterWriteAttribute(writer, name, $0) } })
                step(xmlTextWriterEndElement(writer))
            }
            step(xmlTextWriterEndElement(writer))
        }
        step(xmlTextWriterEndDocument(writer))
        // Freeing the writer flushes it into the buffer.
        xmlFreeTextWriter(writer)
        guard status >= 0, let content = xmlBufferContent(buffer) else { throw failed("write the sitemap") }
        return Data(bytes: content, count: Int(xmlBufferLength(buffer)))
    }

    static func robots(base: String) -> Data {
        Data("User-agent: *\nAllow: /\n\nSitemap: \(base)\(path)\n".utf8)
    }

    /// `text` as libxml2's `xmlChar` string for the duration of `body`.
    private static func xml(_ text: String, _ body: (UnsafePointer<xmlChar>) -> Int32) -> Int32 {
        text.withCString { pointer in
            pointer.withMemoryRebound(to: xmlChar.self, capacity: text.utf8.count + 1, body)
        }
    }
}
