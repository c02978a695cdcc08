/// `{name}` placeholders in the theme's words ("Level {n}").
package enum Placeholders {
    /// `text` with each `{name}` that `values` has replaced, in one pass: a value that itself holds a `{…}` (an
    /// API name can) is left as it is, whatever the order of `values`.
    package static func fill(_ text: String, _ values: [String: String]) -> String {
        guard !values.isEmpty else { return text }
        var text = text
        // Over UTF-8 bytes (braces are ASCII, never inside another character's bytes): by characters, filling was
        // a large share of the pages that say levels and chances by the hundred (Benchmarks/README.md).
        return text.withUTF8 { utf8 -> String? in
            guard var open = utf8.firstIndex(of: 0x7B) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(utf8.count + 16)
            var done = 0
            while true {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[done..<open]))
                if let close = utf8[(open + 1)...].firstIndex(of: 0x7D),
                    let value = values[
                        String(decoding: UnsafeBufferPointer(rebasing: utf8[(open + 1)..<close]), as: UTF8.self)
                    ]
                {
                    out.append(contentsOf: value.utf8)
                    done = close + 1
                } else {
                    out.append(0x7B)
                    done = open + 1
                }
                guard let next = utf8[done...].firstIndex(of: 0x7B) else { break }
                open = next
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[done...]))
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }
}
