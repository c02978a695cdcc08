import Foundation

// The build-time half of the TemplateTrees plugin: for each struct that declares `TemplateTree`, writes the
// `templateValue` its synthesized `encode(to:)` would make (its stored properties' names, in their order; a nil
// optional a null), so that pages holding such contexts by the thousand skip the `Encoder`'s containers and no
// one writes those trees by hand.
//
//     PokedexTrees OUTPUT.swift SOURCE.swift...

/// A struct marked `TemplateTree`, and its stored properties' names in declaration order.
struct TreeType {
    var name: String
    var fields: [String]
}

/// The marked structs of one file. Swift as the contexts are written: a `struct` line at the file's top level
/// (or inside an extension), one stored property per line at the struct's own depth.
func treeTypes(in text: String) -> [TreeType] {
    var found: [TreeType] = []
    var current: (type: TreeType, depth: Int)?
    var depth = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let line = rawLine.trimmingCharacters(in: .whitespaces)
        if line.hasPrefix("//") { continue }
        if current == nil, let name = markedStruct(line) {
            current = (TreeType(name: name, fields: []), depth + 1)
        } else if let open = current, depth == open.depth, let field = storedProperty(line) {
            current?.type.fields.append(field)
        }
        depth += braces(in: line)
        if let open = current, depth < open.depth {
            found.append(open.type)
            current = nil
        }
    }
    return found
}

/// The struct's name when the line declares one that conforms to `TemplateTree`.
func markedStruct(_ line: String) -> String? {
    let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "," || $0 == "{" })
    guard let index = words.firstIndex(of: "struct"), index + 1 < words.count, words.contains("TemplateTree")
    else { return nil }
    return String(words[index + 1])
}

/// The name of a stored instance property declared on the line; nil for anything else (computed properties,
/// statics, functions, nested types).
func storedProperty(_ line: String) -> String? {
    var words = line.split(separator: " ", omittingEmptySubsequences: true)
    while let first = words.first,
        ["package", "internal", "fileprivate", "private(set)", "package(set)", "public", "nonisolated"]
            .contains(String(first))
    {
        words.removeFirst()
    }
    guard let keyword = words.first, keyword == "var" || keyword == "let", words.count > 1 else { return nil }
    let rest = words.dropFirst().joined(separator: " ")
    // `var name: Type`, or `var name = value` with its type inferred.
    guard let end = rest.firstIndex(where: { $0 == ":" || $0 == "=" }) else { return nil }
    let name = rest[..<end].trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
    // `var x: T { … }` is computed; `var x: T = v { didSet … }` is stored.
    if rest.contains("{") && !rest.contains("=") { return nil }
    return name
}

/// The braces the line opens less those it closes, outside string literals.
func braces(in line: String) -> Int {
    var count = 0
    var inString = false
    var previous: Character = " "
    for character in line {
        if character == "\"" && previous != "\\" { inString.toggle() }
        if !inString {
            if character == "{" { count += 1 }
            if character == "}" { count -= 1 }
        }
        previous = character
    }
    return count
}

func source(_ types: [TreeType]) -> String {
    var text = """
        // Generated at build time by the TemplateTrees plugin from the structs that declare `TemplateTree`.

        import PokedexMustache

        """
    for type in types.sorted(by: { $0.name < $1.name }) {
        text += "\nextension \(type.name) {\n"
        text += "    var templateValue: TemplateValue {\n"
        text += "        var object = TemplateObject(capacity: \(type.fields.count))\n"
        for field in type.fields {
            text += "        object.append(\"\(field)\", \(field).templateField)\n"
        }
        text += "        return .object(object)\n    }\n}\n"
    }
    return text
}

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: PokedexTrees OUTPUT.swift SOURCE.swift...\n".utf8))
    exit(64)
}
var types: [TreeType] = []
for path in arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("PokedexTrees: cannot read \(path)\n".utf8))
        exit(1)
    }
    types += treeTypes(in: String(decoding: data, as: UTF8.self))
}
let text = source(types)
// Unchanged output keeps its date, so that the target is not compiled again for nothing.
if FileManager.default.contents(atPath: output) != Data(text.utf8) {
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("PokedexTrees: cannot write \(output): \(error)\n".utf8))
        exit(1)
    }
}
