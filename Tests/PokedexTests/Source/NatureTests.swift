import Foundation
import Testing

@testable import PokedexSource

/// Natures as PokeAPI shapes them (in the fixtures' own words), and as a snapshot carries them.
@Suite struct NatureTests {
    static func json(_ name: String, up: String?, down: String?, likes: String?, hates: String?) -> Data {
        func reference(_ value: String?, _ path: String, _ id: Int) -> String {
            value.map { #"{"name": "\#($0)", "url": "https://example.org/api/v2/\#(path)/\#(id)/"}"# } ?? "null"
        }
        return Data(
            """
            {"id": 9, "name": "\(name)", "names": [{"name": "\(name.capitalized)", "language": {"name": "en",
             "url": "https://example.org/api/v2/language/9/"}}, {"name": "", "language": {"name": "fr",
             "url": "https://example.org/api/v2/language/5/"}}],
             "increased_stat": \(reference(up, "stat", 2)), "decreased_stat": \(reference(down, "stat", 6)),
             "likes_flavor": \(reference(likes, "berry-flavor", 1)), "hates_flavor": \(reference(hates, "berry-flavor", 3)),
             "move_battle_style_preferences": [], "pokeathlon_stat_changes": []}
            """.utf8
        )
    }

    @Test func aNatureReadsItsStatsAndFlavoursAndANeutralOneHasNone() throws {
        let daring = try NatureRecord.decodeAPI(
            Self.json("daring", up: "attack", down: "speed", likes: "zesty", hates: "sweetish")
        )
        #expect(daring.increasedStat == "attack" && daring.decreasedStat == "speed")
        #expect(
            daring.likesFlavor == .init(id: 1, name: "zesty") && daring.hatesFlavor == .init(id: 3, name: "sweetish")
        )
        #expect(daring.flavorIDs == [1, 3])
        // An empty name is no name.
        #expect(daring.names.map(\.language) == ["en"])
        let steady = try NatureRecord.decodeAPI(Self.json("steady", up: nil, down: nil, likes: nil, hates: nil))
        #expect(steady.increasedStat == nil && steady.decreasedStat == nil && steady.flavorIDs.isEmpty)
    }

    @Test func aSnapshotAnswersTheNaturesAndOneTakenBeforeThemStillReads() throws {
        var snapshot = SnapshotFileTests.small
        let daring = NatureRecord(
            id: 2,
            name: "daring",
            names: [],
            increasedStat: "attack",
            decreasedStat: "speed",
            likesFlavor: .init(id: 1, name: "zesty"),
            hatesFlavor: nil
        )
        snapshot.natures = [NatureRecord(id: 1, name: "steady", names: []), daring]
        snapshot.named[.berryFlavor] = [NamesRecord(id: 1, name: "zesty", names: [])]
        let seed = SnapshotSeed(snapshot, isBundled: false)
        let list = try #require(seed.entry(key: DataSetLoader.natureListKey, url: "u", as: ListPage.self))
        #expect(list.body.count == 2 && list.body.results.map(\.name) == ["steady", "daring"])
        #expect(seed.entry(key: "nature/2", url: "u", as: NatureRecord.self)?.body == daring)
        #expect(seed.entry(key: "berry-flavor/1", url: "u", as: NamesRecord.self)?.body.name == "zesty")
        #expect(seed.entry(key: "nature/3", url: "u", as: NatureRecord.self) == nil)
        // A snapshot of the same version taken before natures were read: no natures, the rest as it was.
        var older = SnapshotFileTests.small
        older.natures = nil
        let read = try DataSnapshot.decode(try older.encoded(), origin: "older")
        #expect(read.natures == nil && read.list == older.list)
        #expect(
            SnapshotSeed(read, isBundled: false).entry(key: DataSetLoader.natureListKey, url: "u", as: ListPage.self)
                == nil
        )
    }
}
