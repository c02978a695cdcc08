import Foundation
import Testing

@testable import PokedexMustache

/// The official Mustache specification (mustache/spec, MIT: `Spec/LICENSE`, commit in `Spec/SOURCE`): every
/// test of the required modules and of the optional inheritance and dynamic names. Lambdas do not apply: pokedex's
/// contexts are data only.
@Suite struct SpecTests {
    struct SpecFile: Decodable {
        var tests: [SpecTest]
    }

    struct SpecTest: Decodable, CustomTestStringConvertible, Sendable {
        var name: String
        var desc: String
        var data: JSONValue
        var template: String
        var partials: [String: String]?
        var expected: String
        var file = ""

        enum CodingKeys: String, CodingKey { case name, desc, data, template, partials, expected }

        var testDescription: String { "\(file): \(name)" }
    }

    /// JSON as the spec writes it, as a value tree (booleans before numbers, integers before decimals).
    struct JSONValue: Decodable, Sendable {
        var value: TemplateValue

        init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: AnyKey.self) {
                var result = TemplateObject()
                for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                    result.set(key.stringValue, try object.decode(JSONValue.self, forKey: key).value)
                }
                value = .object(result)
            } else if var list = try? decoder.unkeyedContainer() {
                var items: [TemplateValue] = []
                while !list.isAtEnd { items.append(try list.decode(JSONValue.self).value) }
                value = .list(items)
            } else {
                let single = try decoder.singleValueContainer()
                if single.decodeNil() {
                    value = .null
                } else if let flag = try? single.decode(Bool.self) {
                    value = .bool(flag)
                } else if let number = try? single.decode(Int.self) {
                    value = .int(number)
                } else if let number = try? single.decode(Double.self) {
                    value = .double(number)
                } else {
                    value = .string(try single.decode(String.self))
                }
            }
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static let files = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections",
        "~inheritance", "~dynamic-names",
    ]

    static func tests() throws -> [SpecTest] {
        try files.flatMap { file in
            guard let url = Bundle.module.url(forResource: file, withExtension: "json", subdirectory: "Spec") else {
                throw TemplateError(
                    template: file,
                    line: 0,
                    column: 0,
                    message: "spec file missing from the test bundle"
                )
            }
            return try JSONDecoder().decode(SpecFile.self, from: Data(contentsOf: url)).tests.map { test in
                var test = test
                test.file = file
                return test
            }
        }
    }

    @Test func everyModuleIsThere() throws {
        let counts = Dictionary(grouping: try Self.tests(), by: \.file).mapValues(\.count)
        #expect(
            counts == [
                "comments": 12, "delimiters": 14, "interpolation": 42, "inverted": 22, "partials": 12,
                "sections": 34, "~inheritance": 27, "~dynamic-names": 21,
            ]
        )
    }

    @Test(arguments: try SpecTests.tests())
    func specTest(_ test: SpecTest) throws {
        var templates = test.partials ?? [:]
        templates["(spec template)"] = test.template
        let library = try TemplateLibrary(templates: templates, strictPartials: false)
        let output = String(decoding: try library.render("(spec template)", test.data.value), as: UTF8.self)
        #expect(output == test.expected, "\(test.desc)\ntemplate: \(test.template.debugDescription)")
    }
}
