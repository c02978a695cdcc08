import Foundation

/// The theme's scripts and stylesheets as published: lines that are only a comment, and every line's indentation,
/// left out. The files in `Templates/` stay commented for their readers; what a page loads on arrival is a budget
/// (the index within 60 KB gzip'd, a move page within 30 KB), and the comments were a third of the scripts' bytes
/// (the index's scripts and styles: 29.1 KB gzip'd commented, 20.7 KB without). Nothing inside a line is touched,
/// so strings, regular expressions and URLs keep their bytes: only whole `//` lines, `/* … */` comments that begin
/// a line, blank lines and leading white space go, which changes no token of JavaScript or CSS (the theme's scripts
/// have no template literals, so no string spans lines). A JavaScript minifier would save more, but none is among
/// the packages this project may use, and a partial one is the risk this avoids.
enum AssetCompactor {
    /// The published bytes of the theme file at `path` ("assets/app.js"); other files as they are.
    static func compact(_ data: Data, path: String) -> Data {
        let isScript = path.hasSuffix(".js")
        guard isScript || path.hasSuffix(".css") else { return data }
        var kept: [Substring] = []
        var inComment = false
        for raw in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            var line = raw.drop { $0 == " " || $0 == "\t" }
            if inComment {
                guard let end = line.range(of: "*/") else { continue }
                inComment = false
                line = line[end.upperBound...].drop { $0 == " " || $0 == "\t" }
            }
            if isScript, line.hasPrefix("//") { continue }
            while line.hasPrefix("/*") {
                guard let end = line.range(of: "*/") else { inComment = true; line = ""; break }
                line = line[end.upperBound...].drop { $0 == " " || $0 == "\t" }
            }
            if !line.trimmingCharacters(in: .whitespaces).isEmpty { kept.append(line) }
        }
        return Data((kept.joined(separator: "\n") + "\n").utf8)
    }
}
