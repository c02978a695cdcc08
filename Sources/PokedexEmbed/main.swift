import Foundation

// The build-time half of the EmbedFiles plugin: writes Swift that carries files as base64 string literals
// (a string literal compiles in well under a second; an array literal of the same bytes takes far longer).
//
//     PokedexEmbed theme OUTPUT.swift TEMPLATES-FOLDER RELATIVE-PATH...
//     PokedexEmbed snapshot OUTPUT.swift SNAPSHOT-FILE

/// Base64 of `data` as the lines of a multi-line string literal, each indented by `indent`.
func literalLines(_ data: Data, indent: String) -> String {
    data.base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed])
        .split(separator: "\n").map { indent + $0 }.joined(separator: "\n")
}

func read(_ path: String) -> Data {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("PokedexEmbed: cannot read \(path)\n".utf8))
        exit(1)
    }
    return data
}

func themeSource(folder: String, files: [String]) -> String {
    var text = """
        // Generated at build time from Templates/ by the EmbedFiles plugin: the default theme, compiled into pokedex
        // (see EmbeddedTheme.swift).

        extension EmbeddedTheme {
            static let encoded: [(path: String, base64: String)] = [

        """
    for path in files.sorted() {
        let data = read((folder as NSString).appendingPathComponent(path))
        text += "        (\"\(path)\", \"\"\"\n\(literalLines(data, indent: "            "))\n            \"\"\"),\n"
    }
    text += "    ]\n}\n"
    return text
}

func snapshotSource(file: String) -> String {
    """
    // Generated at build time from Snapshot/bundled.pokedex-snapshot by the EmbedFiles plugin: the data snapshot
    // compiled into pokedex. Data from PokeAPI (https://pokeapi.co), BSD-3-Clause, copyright PokéAPI contributors.

    enum BundledSnapshot {
        static let base64 = \"\"\"
    \(literalLines(read(file), indent: ""))
    \"\"\"
    }

    """
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: PokedexEmbed theme|snapshot OUTPUT INPUT [FILE...]\n".utf8))
    exit(2)
}
let source: String
switch arguments[1] {
case "theme": source = themeSource(folder: arguments[3], files: Array(arguments.dropFirst(4)))
case "snapshot": source = snapshotSource(file: arguments[3])
default:
    FileHandle.standardError.write(Data("PokedexEmbed: unknown kind \(arguments[1])\n".utf8))
    exit(2)
}
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("PokedexEmbed: cannot write \(arguments[2]): \(error)\n".utf8))
    exit(1)
}
