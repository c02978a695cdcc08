import Foundation
import PokedexPipeline
import PokedexSupport
import Testing

/// `--report`'s keys are what CI scripts read: they are pinned by a fixture (Golden/build-report-keys.json), read
/// from the written JSON as plain objects, not through `BuildReport` itself (whose rename would rename both sides),
/// and every top-level key is in Docs/publish.md's table. A failed build's keys: PublishTests.aBadConfigIsReportedToo.
@Suite struct ReportKeysTests {
    struct Pinned: Decodable {
        var ok: [String]
        var withBaseURL: [String]
        var withCheck: [String]
        var inAnotherLanguage: [String]
        var failed: [String]
    }

    static let pinned: Pinned = {
        let file = GoldenTests.goldenFolder.appendingPathComponent("build-report-keys.json")
        do {
            return try JSONDecoder().decode(Pinned.self, from: Data(contentsOf: file))
        } catch {
            Issue.record("\(file.path): \(error)")
            return Pinned(ok: [], withBaseURL: [], withCheck: [], inAnotherLanguage: [], failed: [])
        }
    }()

    /// Every key path of a JSON value: "files.written", "stages[].name" (an array's objects), a language's key as
    /// "<language>" under `englishFallbacks` and a kind of page as "<kind>" under its `kinds`; an empty array of
    /// objects is its own key ("missing").
    static func keyPaths(_ value: Any, _ path: String = "") -> Set<String> {
        if let object = value as? [String: Any] {
            return object.reduce(into: Set<String>()) { paths, entry in
                let key =
                    path == "englishFallbacks" ? "<language>" : path.hasSuffix(".kinds") ? "<kind>" : entry.key
                paths.formUnion(keyPaths(entry.value, path.isEmpty ? key : path + "." + key))
            }
        }
        if let array = value as? [Any], let first = array.first, first is [String: Any] {
            return array.reduce(into: Set<String>()) { $0.formUnion(keyPaths($1, path + "[]")) }
        }
        return [path]
    }

    static func keys(of file: URL) throws -> Set<String> {
        keyPaths(try JSONSerialization.jsonObject(with: Data(contentsOf: file)))
    }

    @Test func aBuildWithEveryOptionWritesThePinnedKeys() async throws {
        try await withEnvironment { env in
            let file = env.root.appendingPathComponent("report.json")
            _ = try await BuildReport.recording(to: file, check: true, logger: quietLogger) {
                try await env.build(
                    templates: GoldenTests.templates,
                    baseURL: "https://example.org/dex/",
                    languages: ["en", "fr"]
                )
            }
            let pinned = Self.pinned
            let expected = Set(pinned.ok + pinned.withBaseURL + pinned.withCheck + pinned.inAnotherLanguage)
            let written = try Self.keys(of: file)
            #expect(written.subtracting(expected).isEmpty, "keys not pinned: \(written.subtracting(expected).sorted())")
            #expect(
                expected.subtracting(written).isEmpty,
                "pinned keys missing: \(expected.subtracting(written).sorted())"
            )
        }
    }

    @Test func aPlainBuildLeavesTheOptionsKeysOut() async throws {
        try await withEnvironment { env in
            let file = env.root.appendingPathComponent("report.json")
            _ = try await BuildReport.recording(to: file, logger: quietLogger) { try await env.build() }
            #expect(try Self.keys(of: file) == Set(Self.pinned.ok))
        }
    }

    @Test func everyTopLevelKeyIsDocumented() throws {
        let docs = packageRoot.appendingPathComponent("Docs/publish.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let table =
            text.components(separatedBy: "## Build report").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        let documented = Set(
            table.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row in
                String(row.split(separator: "|").first ?? "").matches(of: /`([A-Za-z]+)`/).map { String($0.output.1) }
            }
        )
        let pinned = Self.pinned
        let topLevel = Set(
            (pinned.ok + pinned.withBaseURL + pinned.withCheck + pinned.inAnotherLanguage + pinned.failed).map {
                String($0.prefix { $0 != "." && $0 != "[" })
            }
        )
        #expect(topLevel.subtracting(documented).isEmpty, "not in Docs/publish.md: \(topLevel.subtracting(documented))")
        #expect(
            documented.subtracting(topLevel).isEmpty,
            "documented, not written: \(documented.subtracting(topLevel))"
        )
    }
}
