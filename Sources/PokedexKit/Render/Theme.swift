import Foundation
import Mustache

/// A theme folder: Mustache templates (`index`, `pokemon`, `favorites`, and partials) and static files copied
/// as they are (CSS, JS, SVG). Editable without recompiling: it is read at every build.
public struct Theme: Sendable {
    public static let requiredTemplates = ["index", "pokemon", "favorites"]

    public let directory: URL
    let library: MustacheLibrary
    /// Every file that is not a template, by path relative to the theme folder.
    public let staticFiles: [String]

    public init(directory: URL) throws {
        self.directory = directory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw PokedexError(.render, directory.path, .fileSystem("templates folder not found"),
                               hint: "pass --templates DIR, or run from the project folder that holds Templates/")
        }
        library = try Self.loadLibrary(directory)
        for name in Self.requiredTemplates where library.getTemplate(named: name) == nil {
            throw PokedexError(.render, directory.appendingPathComponent(name + ".mustache").path,
                               .template("required template is missing"))
        }
        staticFiles = try Self.listStaticFiles(directory)
    }

    private static func loadLibrary(_ directory: URL) throws -> MustacheLibrary {
        // MustacheLibrary's own folder loader is async for no I/O reason; this reads the same files synchronously.
        var library = MustacheLibrary()
        for relative in try listFiles(directory) where relative.hasSuffix(".mustache") {
            let file = directory.appendingPathComponent(relative)
            let text: String
            do {
                text = try String(contentsOf: file, encoding: .utf8)
            } catch {
                throw PokedexError.file(.render, file.path, error)
            }
            do {
                library.register(try MustacheTemplate(string: text), named: String(relative.dropLast(".mustache".count)))
            } catch let error as MustacheTemplate.ParserError {
                let context = error.context
                throw PokedexError(.render, "\(file.path):\(context.lineNumber):\(context.columnNumber)",
                                   .template("\(error.error) in: \(context.line.trimmingCharacters(in: .whitespaces))"))
            }
        }
        return library
    }

    private static func listFiles(_ directory: URL) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else {
            throw PokedexError(.render, directory.path, .fileSystem("cannot list the templates folder"))
        }
        var files: [String] = []
        for case let relative as String in enumerator {
            var isDirectory: ObjCBool = false
            let path = directory.appendingPathComponent(relative).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            // Editor and OS droppings are not part of a theme.
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || name.hasSuffix("~") || name == "README.md" { continue }
            files.append(relative)
        }
        return files.sorted()
    }

    private static func listStaticFiles(_ directory: URL) throws -> [String] {
        try listFiles(directory).filter { !$0.hasSuffix(".mustache") }
    }

    /// Renders `template` with `context`.
    func render(_ template: String, _ context: PageContext) throws -> String {
        guard let text = library.render(context, withTemplate: template) else {
            throw PokedexError(.render, directory.appendingPathComponent(template + ".mustache").path,
                               .template("template is missing"))
        }
        return text
    }
}
