package import Foundation
import PokedexSupport

/// The default theme compiled into pokedex, so the binary alone builds a site from any folder. `Templates/` in the
/// repository is its source; the EmbedFiles build plugin generates `EmbeddedThemeFiles.swift` from it at every
/// build that needs it (Plugins/EmbedFiles).
enum EmbeddedTheme {
    /// How errors and `pokedex theme` name a file of the built-in theme.
    static let label = "(built-in theme)"

    /// Every file of the default theme by relative path, its README included.
    static func files() -> [String: Data] {
        var files: [String: Data] = [:]
        for (path, base64) in encoded {
            // Generated from bytes by `swiftSource`: anything else is a broken build, not a user error.
            guard let data = Data(base64Encoded: base64, options: .ignoreUnknownCharacters) else {
                preconditionFailure("EmbeddedThemeFiles.swift: \(path) is not base64")
            }
            files[path] = data
        }
        return files
    }
}

/// `pokedex theme eject`: the default theme written out for editing.
package enum ThemeEjector {
    /// Writes every file of the default theme below `folder`. Refuses, writing nothing, when any of them exists,
    /// unless `force`. Returns the relative paths written.
    package static func eject(to folder: URL, force: Bool) throws -> [String] {
        let files = EmbeddedTheme.files()
        let paths = files.keys.sorted()
        if !force {
            let existing = paths.filter {
                FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
            }
            if !existing.isEmpty {
                let shown =
                    existing.prefix(5).joined(separator: ", ")
                    + (existing.count > 5 ? " and \(existing.count - 5) more" : "")
                throw PokedexError(
                    .output,
                    folder.path,
                    .invalidInput("\(existing.count) file(s) of the theme already exist: \(shown)"),
                    hint: "pass --force to overwrite them, or eject into another folder"
                )
            }
        }
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            do {
                try AtomicFile.write(data, to: url)
            } catch {
                throw PokedexError.file(.output, url.path, error)
            }
        }
        return paths
    }
}
