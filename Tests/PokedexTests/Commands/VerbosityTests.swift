import Foundation
import Testing

/// `-v` speaks for pokedex (its stages, retries, cache decisions); the HTTP client's own lines (connections,
/// scheduling, event loops: "ahc-…" metadata) wait for `-vv`.
@Suite(.serialized) struct VerbosityTests {
    @Test func oneVIsPokedexsOwnWordsAndTwoAddTheHTTPClients() async throws {
        try await withEnvironment { env in
            func build(_ flag: String, _ name: String) async throws -> PokedexBinary.Result {
                try await PokedexBinary.run(
                    [
                        "build", flag, "--api", env.server.apiBase, "--no-snapshot", "--limit", "3", "--cache",
                        env.root.appendingPathComponent("cache-\(name)").path, "--output",
                        env.root.appendingPathComponent("out-\(name)").path, "--templates", env.testTheme.path,
                    ],
                    in: env.root
                )
            }
            let one = try await build("-v", "one")
            #expect(one.status == 0, "\(one.stderr)")
            #expect(one.stderr.contains("debug"), "\(one.stderr)")
            #expect(!one.stderr.contains("ahc-"), "\(one.stderr.prefix(2_000))")
            let two = try await build("-vv", "two")
            #expect(two.status == 0, "\(two.stderr)")
            #expect(two.stderr.contains("ahc-"), "\(two.stderr.prefix(2_000))")
        }
    }
}
