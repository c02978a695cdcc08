import Foundation

/// The theme's scripts and stylesheets as published. The files in `Templates/` stay commented for their readers;
/// what a page loads on arrival is held to a budget (Docs/site.md, "Page weight"), and the comments were a large part
/// of the scripts' bytes (Benchmarks/README.md). In scripts nothing inside a line is touched, so strings, regular
/// expressions and URLs keep their bytes: only whole `//` lines, `/* … */` comments that begin a line, blank lines and
/// leading white space go, which changes no token of JavaScript (the theme's scripts have no template literals, so no
/// string spans lines). A JavaScript minifier would save more, but none is among the packages this project may use, and
/// a partial one is the risk this avoids. Stylesheets, whose grammar is simpler, are minified (`compactStylesheet`).
enum AssetCompactor {
    /// The published bytes of the theme file at `path` ("assets/app.js"); other files as they are.
    static func compact(_ data: Data, path: String) -> Data {
        if path.hasSuffix(".css") { return Data(compactStylesheet(String(decoding: data, as: UTF8.self)).utf8) }
        let isScript = path.hasSuffix(".js")
        guard isScript else { return data }
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
                guard let end = line.range(of: "*/") else {
                    inComment = true
                    line = ""
                    break
                }
                line = line[end.upperBound...].drop { $0 == " " || $0 == "\t" }
            }
            if !line.trimmingCharacters(in: .whitespaces).isEmpty { kept.append(line) }
        }
        return Data((kept.joined(separator: "\n") + "\n").utf8)
    }

    /// A stylesheet without comments (they separate nothing: `a/**/b` is `ab`) and without the white space its
    /// grammar does not need: runs of white space become one space, none beside `{ } ; , >` or after `:`, and no `;`
    /// before `}`. A space before `:` stays (`.a :hover` is not `.a:hover`), as do the spaces in values (`1px solid`,
    /// `calc(1em + 2px)`, `and (`); strings, `url(…)` and escaped characters keep every byte. What it saves on every
    /// page kept the heaviest Japanese move page within its budget (Benchmarks/README.md).
    static func compactStylesheet(_ css: String) -> String {
        let scalars = Array(css.unicodeScalars)
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        // The last scalar came after a backslash (the ":" of `.md\: .b`): a character of a name, never punctuation.
        var lastEscaped = false
        var index = 0
        let tight: Set<Unicode.Scalar> = ["{", "}", ";", ",", ">"]
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\n" || c == "\t" || c == "\r" || c == "\u{0C}" }
        func emit(_ c: Unicode.Scalar) {
            if c == "}", out.last == ";", !lastEscaped { out.removeLast() }
            if pendingSpace, let last = out.last, lastEscaped || (!tight.contains(last) && last != ":"),
                !tight.contains(c)
            {
                out.append(" ")
            }
            pendingSpace = false
            lastEscaped = false
            out.append(c)
        }
        while index < scalars.count {
            let c = scalars[index]
            if c == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                index += 2
                while index < scalars.count,
                    !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/")
                {
                    index += 1
                }
                index += 2
                continue
            }
            if isSpace(c) {
                pendingSpace = !out.isEmpty
                index += 1
                continue
            }
            if c == "\\", index + 1 < scalars.count {
                emit(c)
                out.append(scalars[index + 1])
                lastEscaped = true
                index += 2
                continue
            }
            // A string, or url( with what it holds up to its ")", as it is.
            var end: Int?
            if c == "\"" || c == "'" {
                var scan = index + 1
                while scan < scalars.count, scalars[scan] != c {
                    scan += scalars[scan] == "\\" ? 2 : 1
                }
                end = min(scan, scalars.count - 1)
            } else if c == "u", index + 3 < scalars.count,
                String(String.UnicodeScalarView(scalars[index..<index + 4])) == "url("
            {
                end = scalars[index...].firstIndex(of: ")") ?? scalars.count - 1
            }
            if let end {
                emit(c)
                out.append(contentsOf: scalars[(index + 1)...end])
                index = end + 1
                continue
            }
            emit(c)
            index += 1
        }
        return String(out) + "\n"
    }
}
