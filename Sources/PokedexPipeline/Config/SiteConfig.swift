import Foundation
import PokedexSource
import PokedexSupport
import TOMLKit

/// `pokedex.toml`: the site's settings, read by every command. Every key is optional; paths are already resolved
/// against the file's folder.
package struct SiteConfig: Sendable, Equatable {
    package static let fileName = "pokedex.toml"

    /// The file these settings came from; nil when there was none.
    package var file: String?
    /// What it says, paths resolved.
    package var values: SettingsLayer

    package init(file: String? = nil, values: SettingsLayer = SettingsLayer()) {
        self.file = file
        self.values = values
    }

    /// The folder relative paths and defaults resolve against: the config file's, else the current one.
    func baseFolder(currentDirectory: String) -> String {
        guard let file else { return currentDirectory }
        return (file as NSString).deletingLastPathComponent
    }

    /// Every key the file may hold, in the order `pokedex init` writes them.
    package static let keys = [
        "api", "output", "cache", "templates", "favorites", "per-page", "list-page-size", "images", "languages",
        "concurrency", "snapshot", "base-url",
    ]

    /// Where the settings are read from: `--config FILE` when given, else `pokedex.toml` in `currentDirectory`
    /// (which need not exist).
    package static func location(explicit: String?, currentDirectory: String) -> String {
        Paths.resolve(explicit ?? fileName, from: currentDirectory).path
    }

    /// `--config FILE` when given (it must exist), else `pokedex.toml` in `currentDirectory` when there is one,
    /// else no settings at all.
    package static func load(explicit: String?, currentDirectory: String) throws -> SiteConfig {
        let path = location(explicit: explicit, currentDirectory: currentDirectory)
        if explicit != nil {
            guard FileManager.default.fileExists(atPath: path) else {
                throw PokedexError(
                    .config,
                    path,
                    .fileSystem("config file not found"),
                    hint: "run `pokedex init` to make one, or drop --config"
                )
            }
        } else {
            guard FileManager.default.fileExists(atPath: path) else { return SiteConfig() }
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw PokedexError.file(.config, path, error)
        }
        return try parse(text, file: path)
    }

    /// Reads TOML `text` as the settings of `file`: malformed TOML is reported with line and column, an unknown key
    /// or a value of the wrong type by its key.
    package static func parse(_ text: String, file: String) throws -> SiteConfig {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let at = error.source.begin
            throw PokedexError(
                .config,
                "\(file):\(at.line):\(at.column)",
                .invalidInput("malformed TOML: \(error.description)")
            )
        } catch {
            throw PokedexError(.config, file, .invalidInput("malformed TOML: \(error)"))
        }
        let folder = (file as NSString).deletingLastPathComponent
        var config = SiteConfig(file: file)
        for key in table.keys.sorted() {
            guard let value = table[key] else { continue }
            func wrongType(_ expected: String) -> PokedexError {
                PokedexError(
                    .config,
                    file,
                    .invalidInput("key \"\(key)\" must be \(expected), not \(describe(value.type))")
                )
            }
            func string() throws -> String {
                guard value.type == .string, let text = value.string else { throw wrongType("a string") }
                return text
            }
            func path() throws -> String {
                let text = try string()
                guard !text.isEmpty else { throw wrongType("a non-empty path") }
                return Paths.resolve(text, from: folder).path
            }
            func integer(_ range: ClosedRange<Int>) throws -> Int {
                guard value.type == .int, let number = value.int else { throw wrongType("an integer") }
                guard range.contains(number) else {
                    throw PokedexError(
                        .config,
                        file,
                        .invalidInput(
                            "key \"\(key)\" must be between \(range.lowerBound) and \(range.upperBound) (got \(number))"
                        )
                    )
                }
                return number
            }
            switch key {
            case "api": config.values.api = try string()
            case "output": config.values.output = try path()
            case "cache": config.values.cache = try path()
            case "templates": config.values.templates = try path()
            case "favorites": config.values.favorites = try path()
            case "per-page": config.values.perPage = try integer(BuildOptions.perPageRange)
            case "list-page-size": config.values.listPageSize = try integer(BuildOptions.perPageRange)
            case "concurrency": config.values.concurrency = try integer(BuildOptions.concurrencyRange)
            case "base-url": config.values.baseURL = try string()
            case "languages":
                guard value.type == .array, let array = value.array,
                    let codes = Optional(array.compactMap(\.string)), codes.count == array.count, !codes.isEmpty
                else { throw wrongType("a non-empty array of language codes, such as [\"en\", \"fr\", \"ja\"]") }
                config.values.languages = codes
            case "images":
                guard let mode = ImageMode(rawValue: try string()) else { throw wrongType("\"local\" or \"remote\"") }
                config.values.images = mode
            case "snapshot":
                if value.type == .bool, let on = value.bool {
                    config.values.snapshot = on ? .bundled : .off
                } else if value.type == .string {
                    config.values.snapshot = .file(try path())
                } else {
                    throw wrongType("true, false or the path of a snapshot file")
                }
            default:
                let suggestion =
                    keys.min { EditDistance.between(key, $0) < EditDistance.between(key, $1) }
                    .flatMap { EditDistance.between(key, $0) <= 3 ? " (did you mean \"\($0)\"?)" : nil } ?? ""
                throw PokedexError(
                    .config,
                    file,
                    .invalidInput("unknown key \"\(key)\"\(suggestion)"),
                    hint: "the keys are: \(keys.joined(separator: ", "))"
                )
            }
        }
        return config
    }

    private static func describe(_ type: TOMLType) -> String {
        switch type {
        case .table: return "a table"
        case .array: return "an array"
        case .int: return "an integer"
        default: return "a \(type.description)"
        }
    }
}
