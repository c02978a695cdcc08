import Foundation
import PokedexModel
import PokedexMustache
import PokedexSource
import PokedexSupport
import TOMLKit

/// The theme's words in one language, from `strings/<code>.toml`: tables of keys (`[nav]` `moves = "Moves"`),
/// read by templates as `{{t.nav.moves}}` and by the renderer as `t("nav.moves")`. A language's file need not
/// say everything: what it lacks is the English file's (a test keeps the theme's own files complete).
package struct ThemeStrings: Sendable, Equatable, Encodable {
    /// By table, then key.
    private(set) var tables: [String: [String: String]]

    /// The same words by "table.key": pages ask for words by the hundred thousand, and one lookup of the whole
    /// key costs far less than splitting it and looking up twice.
    private let byKey: [String: String]

    init(tables: [String: [String: String]] = [:]) {
        self.tables = tables
        var byKey: [String: String] = [:]
        for (table, entries) in tables {
            for (key, text) in entries { byKey[table + "." + key] = text }
        }
        self.byKey = byKey
    }

    /// "nav.moves" → "Moves"; nil when the file has no such key.
    package subscript(key: String) -> String? {
        byKey[key]
    }

    /// `text` with its `{name}`s filled in (see `Placeholders.fill`).
    package static func fill(_ text: String, _ values: [String: String]) -> String {
        Placeholders.fill(text, values)
    }

    /// The words this language's file gives for what PokeAPI does not name in it: `names_<kind>` tables keyed by
    /// API name (`names_growth_rate`, `names_move_damage_class`, `names_version`, `names_type`…), `form_names`
    /// keyed by what a form's API name adds to its species' ("starter"), and how it writes lists (`[format]`).
    var themeWords: ThemeWords {
        var named: [NamedKind: [String: String]] = [:]
        for kind in NamedKind.allCases {
            if let table = tables["names_" + kind.rawValue.replacingOccurrences(of: "-", with: "_")] {
                named[kind] = table
            }
        }
        let defaults = ThemeWords()
        return ThemeWords(
            named: named,
            types: tables["names_type"] ?? [:],
            forms: tables["form_names"] ?? [:],
            listSeparator: self["format.list_separator"] ?? defaults.listSeparator,
            lastSeparator: self["format.list_last"] ?? defaults.lastSeparator,
            japanOnly: self["format.japan_only"] ?? defaults.japanOnly,
            thousandsSeparator: self["format.thousands_separator"] ?? defaults.thousandsSeparator,
            toldApart: self["format.told_apart"] ?? defaults.toldApart,
            apart: tables["told_apart"] ?? [:],
            areas: tables["names_location_area"] ?? [:]
        )
    }

    /// One table's keys and words ("js": what the scripts say).
    func table(_ name: String) -> [String: String] { tables[name] ?? [:] }

    /// Every key, "table.key", sorted.
    package var keys: [String] {
        tables.flatMap { table, entries in entries.keys.map { "\(table).\($0)" } }.sorted()
    }

    /// These strings with `other`'s where it has them.
    func overlaid(by other: ThemeStrings) -> ThemeStrings {
        var merged = tables
        for (table, entries) in other.tables {
            merged[table, default: [:]].merge(entries) { _, theirs in theirs }
        }
        return ThemeStrings(tables: merged)
    }

    /// `strings/<code>.toml`: tables of string keys and nothing else.
    static func parse(_ text: String, origin: String) throws -> ThemeStrings {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let at = error.source.begin
            throw PokedexError(
                .render,
                "\(origin):\(at.line):\(at.column)",
                .template("malformed strings file: \(error.description)")
            )
        } catch {
            throw PokedexError(.render, origin, .template("malformed strings file: \(error)"))
        }
        var tables: [String: [String: String]] = [:]
        for name in table.keys {
            guard let inner = table[name]?.table else {
                throw PokedexError(.render, origin, .template("\"\(name)\" must be a table of strings ([\(name)])"))
            }
            var entries: [String: String] = [:]
            for key in inner.keys {
                guard let value = inner[key]?.string else {
                    throw PokedexError(.render, origin, .template("\"\(name).\(key)\" must be a string"))
                }
                entries[key] = value
            }
            tables[name] = entries
        }
        return ThemeStrings(tables: tables)
    }

    /// `{"nav": {"moves": "Moves"}, …}` as templates read it, keys sorted as `encode(to:)` writes them.
    var templateValue: TemplateValue {
        var object = TemplateObject()
        for table in tables.keys.sorted() {
            let entries = tables[table, default: [:]]
            object.set(
                table,
                .object(TemplateObject(entries.keys.sorted().map { ($0, .string(entries[$0, default: ""])) }))
            )
        }
        return .object(object)
    }

    /// `{"nav": {"moves": "Moves"}, …}`, keys sorted (the page's digest reads it).
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (table, entries) in tables.sorted(by: { $0.key < $1.key }) {
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key(table))
            for (key, value) in entries.sorted(by: { $0.key < $1.key }) { try nested.encode(value, forKey: Key(key)) }
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
