import Foundation
import Mustache

/// The site's theme: Mustache templates (`index`, `pokemon`, `favorites`, and partials) and static files copied
/// as they are (CSS, JS, SVG). The default theme is compiled into pokedex; a theme folder overrides it file by
/// file (a file there wins, anything it lacks comes from the default), and is read at every build, so it is
/// edited without recompiling.
public struct Theme: Sendable {
    public static let requiredTemplates = ["index", "pokemon", "favorites"]

    let library: MustacheLibrary
    /// Every file that is not a template, by path relative to the theme root, with its bytes.
    public let staticFiles: [(path: String, data: Data)]
    /// Where each file came from, by relative path: a path in `directory`, or `(built-in theme)/…`.
    public let origins: [String: String]
    /// Per template name: a fingerprint of its text and of every partial it includes, directly or not. A page
    /// made with it is rendered again only when this or its context changed.
    public let templateFingerprints: [String: String]

    /// The default theme with the files of `directory` (nil for none) in place of its own. A folder that does not
    /// exist is an error; an empty one means the default theme.
    public init(overrides directory: URL?) throws {
        var files = EmbeddedTheme.files()
        var origins = Dictionary(uniqueKeysWithValues: files.keys.map { ($0, "\(EmbeddedTheme.label)/\($0)") })
        if let directory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw PokedexError(.render, directory.path, .fileSystem("templates folder not found"),
                                   hint: "drop --templates (and the templates key) to use the built-in theme, or `pokedex theme eject` to get a copy")
            }
            for relative in try Self.listFiles(directory) {
                let file = directory.appendingPathComponent(relative)
                do {
                    files[relative] = try Data(contentsOf: file)
                } catch {
                    throw PokedexError.file(.render, file.path, error)
                }
                origins[relative] = file.path
            }
        }
        var library = MustacheLibrary()
        var texts: [String: String] = [:]
        var staticFiles: [(path: String, data: Data)] = []
        for relative in files.keys.sorted() where Self.isPartOfTheme(relative) {
            let data = files[relative]!
            guard relative.hasSuffix(".mustache") else {
                staticFiles.append((relative, data))
                continue
            }
            let origin = origins[relative] ?? relative
            guard let text = String(data: data, encoding: .utf8) else {
                throw PokedexError(.render, origin, .template("not UTF-8 text"))
            }
            let name = String(relative.dropLast(".mustache".count))
            texts[name] = text
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                let context = error.context
                throw PokedexError(.render, "\(origin):\(context.lineNumber):\(context.columnNumber)",
                                   .template("\(error.error) in: \(context.line.trimmingCharacters(in: .whitespaces))"))
            }
        }
        for name in Self.requiredTemplates where library.getTemplate(named: name) == nil {
            throw PokedexError(.render, "\(name).mustache", .template("required template is missing"))
        }
        self.library = library
        self.staticFiles = staticFiles
        self.origins = origins
        self.templateFingerprints = Self.fingerprints(texts)
    }

    /// For each template, a fingerprint over the texts of the templates it can reach through partials.
    static func fingerprints(_ texts: [String: String]) -> [String: String] {
        var fingerprints: [String: String] = [:]
        for name in texts.keys {
            var reached: Set<String> = [name]
            var pending = [name]
            while let next = pending.popLast() {
                guard let text = texts[next] else { continue }
                // Changed delimiters or a dynamic partial name: the includes cannot be read off, so all count.
                guard let partials = Self.partialNames(in: text) else {
                    reached = Set(texts.keys)
                    break
                }
                for partial in partials where reached.insert(partial).inserted { pending.append(partial) }
            }
            fingerprints[name] = Fingerprint.of(reached.sorted().flatMap { [Data($0.utf8), Data((texts[$0] ?? "").utf8)] })
        }
        return fingerprints
    }

    /// Names of the partials and parents `text` includes (`{{> name}}`, `{{< name}}`); nil when they cannot be
    /// told without parsing (`{{=…=}}` delimiters, `{{>*dynamic}}` names).
    static func partialNames(in text: String) -> Set<String>? {
        // The standard library's searches (`firstRange(of:)`), not Foundation's `range(of:)`, which bridges to
        // NSString: this runs over every template at every build's start.
        if text.firstRange(of: "{{=") != nil { return nil }
        var names = Set<String>()
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstRange(of: "}}") else { break }
            let tag = trimmed(rest[..<close.lowerBound])
            rest = rest[close.upperBound...]
            guard let sigil = tag.first, sigil == ">" || sigil == "<" else { continue }
            let name = trimmed(tag.dropFirst())
            if name.hasPrefix("*") { return nil }
            names.insert(String(name))
        }
        return names
    }

    /// Without spaces and tabs at either end.
    private static func trimmed(_ text: Substring) -> Substring {
        func isSpace(_ character: Character) -> Bool { character.isWhitespace && !character.isNewline }
        let start = text.drop(while: isSpace)
        return start.dropLast(start.reversed().prefix(while: isSpace).count)
    }

    /// Editor and OS droppings, and the theme's own README, are not part of a theme.
    static func isPartOfTheme(_ relative: String) -> Bool {
        let name = (relative as NSString).lastPathComponent
        return !(name.hasPrefix(".") || name.hasSuffix("~") || name == "README.md")
    }

    /// Every regular file below `directory`, by relative path, sorted; hidden files and folders skipped.
    static func listFiles(_ directory: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else {
            throw PokedexError(.render, directory.path, .fileSystem("cannot list the templates folder"))
        }
        var files: [String] = []
        for case let relative as String in enumerator {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var isDirectory: ObjCBool = false
            let path = directory.appendingPathComponent(relative).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files.append(relative)
        }
        return files.sorted()
    }

    public func hasTemplate(_ name: String) -> Bool {
        library.getTemplate(named: name) != nil
    }

    /// Renders `template` with `context`.
    func render(_ template: String, _ context: PageContext) throws -> String {
        guard let text = library.render(context, withTemplate: template) else {
            throw PokedexError(.render, origins[template + ".mustache"] ?? template + ".mustache", .template("template is missing"))
        }
        return text
    }
}
