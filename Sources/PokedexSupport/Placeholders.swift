/// `{name}` placeholders in the theme's words ("Level {n}").
package enum Placeholders {
    /// `text` with each `{name}` that `values` has replaced, in one pass: a value that itself holds a `{…}` (an
    /// API name can) is left as it is, whatever the order of `values`.
    package static func fill(_ text: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, text.contains("{") else { return text }
        var out = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                let value = values[String(rest[rest.index(after: open)..<close])]
            else {
                out.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            out += value
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
