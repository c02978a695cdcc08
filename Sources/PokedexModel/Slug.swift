/// File names for detail pages. API names are untrusted: only `[a-z0-9-]` ever reaches a path.
package enum Slug {
    /// The API name when it is already a clean slug; otherwise a sanitised form tagged with the id so two
    /// sanitised names cannot collide with each other or with a clean one.
    /// `fallback` names a thing whose name has no letter or digit at all ("pokemon-999").
    package static func make(name: String, id: Int, fallback: String = "pokemon") -> String {
        if isClean(name) { return name }
        var slug = ""
        var lastWasDash = true
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash {
                slug.append("-")
                lastWasDash = true
            }
        }
        if slug.hasSuffix("-") { slug.removeLast() }
        let trimmed = String(slug.prefix(60))
        return (trimmed.isEmpty ? fallback : trimmed) + "-\(id)"
    }

    /// `[a-z0-9]` words joined by single dashes, at most 100 characters.
    /// One pass over the bytes: it runs for every type and category of every row of every page.
    package static func isClean(_ name: String) -> Bool {
        var count = 0
        var previousIsDash = true
        for byte in name.utf8 {
            count += 1
            let isDash = byte == 45
            guard count <= 100, (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || isDash,
                !(isDash && previousIsDash)
            else { return false }
            previousIsDash = isDash
        }
        return count > 0 && !previousIsDash
    }
}
