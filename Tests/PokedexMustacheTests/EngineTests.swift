import Foundation
import Testing

@testable import PokedexMustache

/// What the specification leaves open and pokedex relies on: errors with their place, swift-mustache's
/// truthiness and transforms, escaping, the encoder, and the digest bytes.
@Suite struct EngineTests {
    func render(_ template: String, _ context: TemplateValue, partials: [String: String] = [:]) throws -> String {
        var templates = partials
        templates["t"] = template
        return String(decoding: try TemplateLibrary(templates: templates).render("t", context), as: UTF8.self)
    }

    func object(_ pairs: (String, TemplateValue)...) -> TemplateValue { .object(TemplateObject(pairs)) }

    func error(_ template: String, partials: [String: String] = [:]) -> TemplateError? {
        var templates = partials
        templates["t"] = template
        do {
            _ = try TemplateLibrary(templates: templates)
            return nil
        } catch {
            return error
        }
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        #expect(
            error("a\n  {{#types}}\nb")
                == TemplateError(template: "t", line: 2, column: 3, message: "unclosed section `types`")
        )
        #expect(
            error("{{#a}}\n{{/b}}")
                == TemplateError(template: "t", line: 2, column: 1, message: "section `a` closed by `/b`")
        )
        #expect(error("x {{name") == TemplateError(template: "t", line: 1, column: 3, message: "unclosed tag"))
        #expect(error("é {{/a}}")?.column == 3, "columns count characters, not bytes")
        #expect(error("{{=<% %>}}")?.message.hasPrefix("bad set-delimiter tag") == true)
        #expect(
            error("<p>\n  {{> partials/nope}}")
                == TemplateError(
                    template: "t",
                    line: 2,
                    column: 3,
                    message: "partial `partials/nope` does not exist"
                )
        )
        #expect(error("{{< nope}}{{/nope}}")?.message == "partial `nope` does not exist")
        #expect(
            error("{{#shout(name)}}{{/shout(name)}}")
                == TemplateError(
                    template: "t",
                    line: 1,
                    column: 1,
                    message: "`shout(name)`: no transform named `shout`"
                )
        )
        #expect(error("{{> p}}", partials: ["p": "ok"]) == nil)
    }

    @Test func withoutStrictPartialsAMissingOneIsEmpty() throws {
        let library = try TemplateLibrary(templates: ["t": "[{{> nope}}]"], strictPartials: false)
        #expect(try library.render("t", .null) == Array("[]".utf8))
        #expect(throws: TemplateError.self) { try library.render("other", .null) }
    }

    @Test func onlyFalseNullAbsentAndEmptyListsAreFalsy() throws {
        let context = object(
            ("empty", .string("")),
            ("zero", .int(0)),
            ("no", .bool(false)),
            ("none", .null),
            ("list", .list([]))
        )
        #expect(
            try render(
                "{{#empty}}E{{/empty}}{{#zero}}Z{{/zero}}{{#no}}N{{/no}}{{#none}}0{{/none}}{{#list}}L{{/list}}{{#absent}}A{{/absent}}",
                context
            ) == "EZ"
        )
        #expect(
            try render(
                "{{^empty}}E{{/empty}}{{^zero}}Z{{/zero}}{{^no}}N{{/no}}{{^none}}0{{/none}}{{^list}}L{{/list}}{{^absent}}A{{/absent}}",
                context
            ) == "N0LA"
        )
    }

    @Test func anAbsentKeyIsLookedForInTheEnclosingContexts() throws {
        let context = object(("name", .string("outer")), ("inner", object(("other", .int(1)))))
        #expect(try render("{{#inner}}{{name}}{{/inner}}", context) == "outer")
        #expect(try render("{{#inner}}{{.name}}{{/inner}}", context) == "", "a leading dot does not climb")
        #expect(try render("{{inner.name}}", context) == "", "a dotted name does not climb after its first part")
    }

    @Test func globalsAreReadWhereTheContextLacksAName() throws {
        let library = try TemplateLibrary(templates: [
            "t": "{{t.hi}} {{name}} {{#inner}}{{t.hi}}{{/inner}} [{{.}}]",
            "list": "{{#.}}{{t.hi}}{{.}}{{/.}}",
        ])
        let globals = object(("t", object(("hi", .string("Bonjour")))), ("name", .string("global")))
        let context = object(("name", .string("page")), ("inner", object(("x", .int(1)))))
        // The context wins over the globals, sections climb down to them, and `.` is still the context.
        #expect(try library.render("t", context, globals: globals) == Array("Bonjour page Bonjour []".utf8))
        #expect(
            try library.render("list", .list([.int(1), .int(2)]), globals: globals) == Array("Bonjour1Bonjour2".utf8)
        )
        #expect(try library.render("t", context) == Array(" page  []".utf8), "without globals, nothing")
    }

    @Test func escapingReplacesFiveCharactersAndLeavesUTF8Alone() throws {
        let context = object(("s", .string("<a href=\"x\">Farfetch’d & 'Nidoran♀'</a>")))
        #expect(
            try render("{{s}}", context) == "&lt;a href=&quot;x&quot;&gt;Farfetch’d &amp; &#39;Nidoran♀&#39;&lt;/a&gt;"
        )
        #expect(
            try render("{{{s}}}|{{&s}}", context)
                == "<a href=\"x\">Farfetch’d & 'Nidoran♀'</a>|<a href=\"x\">Farfetch’d & 'Nidoran♀'</a>"
        )
        #expect(try render("{{% CONTENT_TYPE: TEXT }}{{s}}", context) == "<a href=\"x\">Farfetch’d & 'Nidoran♀'</a>")
    }

    @Test func scalarsListsAndObjectsAsText() throws {
        let context = object(
            ("i", .int(-3)),
            ("d", .double(1.5)),
            ("t", .bool(true)),
            ("l", .list([.int(1)])),
            ("o", object(("a", .int(1))))
        )
        #expect(try render("{{i}} {{d}} {{t}} [{{l}}] [{{o}}]", context) == "-3 1.5 true [] []")
    }

    @Test func swiftMustacheTransforms() throws {
        let types = TemplateValue.list([object(("name", .string("grass"))), object(("name", .string("poison")))])
        let context = object(
            ("types", types),
            ("name", .string("mr. mime")),
            ("n", .int(4)),
            ("words", .list([.string("b"), .string("a")])),
            ("none", .list([]))
        )
        #expect(
            try render("{{#first(types)}}{{name}}{{/first(types)}}|{{#last(types)}}{{name}}{{/last(types)}}", context)
                == "grass|poison"
        )
        #expect(
            try render("{{count(types)}} {{empty(none)}} {{#reversed(types)}}{{name}}{{/reversed(types)}}", context)
                == "2 true poisongrass"
        )
        #expect(try render("{{#sorted(words)}}{{.}}{{/sorted(words)}}", context) == "ab")
        #expect(
            try render("{{uppercased(name)}} {{capitalized(name)}} {{lowercased(uppercased(name))}}", context)
                == "MR. MIME Mr. Mime mr. mime"
        )
        #expect(
            try render("{{plusone(n)}} {{minusone(n)}} {{even(n)}} {{odd(n)}} {{equalzero(n)}}", context)
                == "5 3 true false false"
        )
        #expect(
            try render("{{#types}}{{index()}}{{#first()}}^{{/first()}}{{^last()}},{{/last()}}{{/types}}", context)
                == "0^,1"
        )
    }

    @Test func theEncoderMakesTheTreeSynthesizedConformancesDescribe() throws {
        enum Kind: String, Encodable { case fire }
        struct Inner: Encodable {
            var label: String
            var values: [Int]
        }
        struct Outer: Encodable {
            var name: String
            var missing: String?
            var present: Int?
            var flag: Bool
            var ratio: Double
            var small: UInt8
            var kind: Kind
            var inner: Inner
            var list: [Inner]
        }
        let tree = try TemplateValueEncoder().encode(
            Outer(
                name: "a",
                missing: nil,
                present: 2,
                flag: true,
                ratio: 0.5,
                small: 7,
                kind: .fire,
                inner: Inner(label: "x", values: [1, 2]),
                list: [Inner(label: "y", values: [])]
            )
        )
        let inner = object(("label", .string("x")), ("values", .list([.int(1), .int(2)])))
        #expect(
            tree
                == object(
                    ("name", .string("a")),
                    // An absent optional is a null, so that a lookup of it stops here rather than climb.
                    ("missing", .null),
                    ("present", .int(2)),
                    ("flag", .bool(true)),
                    ("ratio", .double(0.5)),
                    ("small", .int(7)),
                    ("kind", .string("fire")),
                    ("inner", inner),
                    ("list", .list([object(("label", .string("y")), ("values", .list([])))]))
                )
        )
        #expect(try TemplateValueEncoder().encode([String: Int]()) == .object(TemplateObject()))
        #expect(try TemplateValueEncoder().encode("plain") == .string("plain"))
    }

    @Test func digestBytesTellEveryTreeApart() {
        func bytes(_ value: TemplateValue) -> [UInt8] {
            var bytes: [UInt8] = []
            value.writeDigestBytes(into: &bytes)
            return bytes
        }
        #expect(
            bytes(.list([.list([.string("a")]), .string("b")])) != bytes(.list([.list([.string("a"), .string("b")])]))
        )
        #expect(bytes(object(("a", .null))) != bytes(object()))
        #expect(bytes(.string("1")) != bytes(.int(1)))
        #expect(bytes(object(("ab", .string("")))) != bytes(object(("a", .string("b")))))
        #expect(bytes(.bool(false)) != bytes(.null))
        // Numbers and lengths as eight big-endian bytes after the tag.
        #expect(bytes(.int(258)) == [0x69, 0, 0, 0, 0, 0, 0, 1, 2])
        #expect(bytes(.string("é")) == [0x73, 0, 0, 0, 0, 0, 0, 0, 2, 0xC3, 0xA9])
    }

    /// A writer hands on the same bytes whatever its buffer's size: values cut across buffers, strings longer than
    /// the whole buffer.
    @Test func digestBytesAreTheSameThroughAnyBuffer() {
        let long = String(repeating: "ピカチュウ", count: 40)
        let tree = object(
            ("name", .string(long)),
            ("list", .list([.int(-1), .double(0.5), .bool(true), .null, object(("k", .string("v")))])),
            ("empty", .string(""))
        )
        var whole: [UInt8] = []
        tree.writeDigestBytes(into: &whole)
        for capacity in [16, 17, 23, 100, 1 << 16] {
            let gathered = GatheredBytes()
            var writer = DigestWriter(capacity: capacity, sink: gathered)
            tree.writeDigestBytes(into: &writer)
            writer.finish()
            #expect(gathered.bytes == whole, "capacity \(capacity)")
        }
        #expect(whole.count > 600)
    }

    @Test func partialsReachableFromATemplate() throws {
        let library = try TemplateLibrary(templates: [
            "a": "{{> b}}{{<c}}{{/c}}", "b": "{{> b}}", "c": "", "d": "{{>*x}}",
        ])
        #expect(library.partials(reachableFrom: "a") == ["a", "b", "c"])
        #expect(library.partials(reachableFrom: "c") == ["c"])
        #expect(library.partials(reachableFrom: "d") == nil)
    }

    @Test func aPartialIncludingItselfForeverIsAnErrorNotACrash() throws {
        let library = try TemplateLibrary(templates: ["loop": "x{{> loop}}"])
        #expect(throws: TemplateError.self) { try library.render("loop", .null) }
    }
}
