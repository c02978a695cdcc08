import Foundation

/// The default theme compiled into pokedex, so the binary alone builds a site from any folder. `Templates/` in the
/// repository is its editable source; `EmbeddedThemeFiles.swift` is generated from it (see `swiftSource`) and a
/// test fails when the two differ.
enum EmbeddedTheme {
    /// How errors and `pokedex theme` name a file of the built-in theme.
    static let label = "(built-in theme)"

    /// Every file of the default theme by relative path, its README included.
    static func files() -> [String: Data] {
        var files: [String: Data] = [:]
        for (path, base64) in encoded {
            // Generated from bytes by `swiftSource`: anything else is a broken build, not a user error.
            guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else {
                preconditionFailure("EmbeddedThemeFiles.swift: \(path) is not base64; regenerate it")
            }
            files[path] = data
        }
        return files
    }

    /// The Swift source of `EmbeddedThemeFiles.swift` for the theme `files`.
    static func swiftSource(_ files: [String: Data]) -> String {
        var text = """
            // Generated from Templates/ by `UPDATE_EMBEDDED_THEME=1 swift test --filter EmbeddedTheme`: do not edit.
            // The default theme, compiled into pokedex (see EmbeddedTheme.swift).

            extension EmbeddedTheme {
                static let encoded: [(path: String, base64: String)] = [

            """
        for path in files.keys.sorted() {
            let base64 = files[path]!.base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed])
            let lines = base64.split(separator: "\n").map { "            " + $0 }.joined(separator: "\n")
            text += "        (\"\(path)\", \"\"\"\n\(lines)\n            \"\"\"),\n"
        }
        text += "    ]\n}\n"
        return text
    }
}

/// `pokedex theme eject`: the default theme written out for editing.
public enum ThemeEjector {
    /// Writes every file of the default theme below `folder`. Refuses, writing nothing, when any of them exists,
    /// unless `force`. Returns the relative paths written.
    public static func eject(to folder: URL, force: Bool) throws -> [String] {
        let files = EmbeddedTheme.files()
        let paths = files.keys.sorted()
        if !force {
            let existing = paths.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
            if !existing.isEmpty {
                let shown = existing.prefix(5).joined(separator: ", ") + (existing.count > 5 ? " and \(existing.count - 5) more" : "")
                throw PokedexError(.output, folder.path, .invalidInput("\(existing.count) file(s) of the theme already exist: \(shown)"),
                                   hint: "pass --force to overwrite them, or eject into another folder")
            }
        }
        for path in paths {
            let url = folder.appendingPathComponent(path)
            do {
                try AtomicFile.write(files[path]!, to: url)
            } catch {
                throw PokedexError.file(.output, url.path, error)
            }
        }
        return paths
    }
}
