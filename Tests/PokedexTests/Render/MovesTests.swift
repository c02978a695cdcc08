import Foundation
import PokedexSite
import Testing

@testable import PokedexModel
@testable import PokedexPipeline
@testable import PokedexRender
@testable import PokedexSource

/// Moves: learnsets in their compact form, grouped and sorted by method per game, machine numbers per game, the
/// move pages and the moves index, through the fixture server with the real theme.
@Suite struct MovesTests {
    // MARK: The learnset's compact form

    @Test func aLearnsetRoundTripsThroughItsCompactForm() throws {
        let learnset = Learnset([
            .init(versionGroup: 25, method: 1, move: 85, level: 36),
            .init(versionGroup: 25, method: 1, move: 33, level: 0),
            .init(versionGroup: 25, method: 4, move: 85, level: 0),
            .init(versionGroup: 1, method: 1, move: 84, level: 1),
            .init(versionGroup: 25, method: 1, move: 85, level: 36),  // twice in PokeAPI: kept once
        ])
        #expect(learnset.compact == "1:1=84.1 25:1=33,85.36;4=85")
        #expect(Learnset(compact: learnset.compact) == learnset)
        #expect(learnset.versionGroups == [1, 25])
        #expect(learnset.entries(in: 25).map(\.move) == [33, 85, 85])
        #expect(learnset.entries(in: 2).isEmpty)
        #expect(Learnset(compact: "") == Learnset())
        #expect(Learnset(compact: "32:12=65535.100")?.entries.first?.move == 65535)
        // The longest numbers fill the room the form is written into; zeros are written, a zero level is not.
        let widest = Learnset([
            .init(versionGroup: 65535, method: 65535, move: 65535, level: 65535),
            .init(versionGroup: 65535, method: 65535, move: 65534, level: 65535),
            .init(versionGroup: 0, method: 0, move: 0, level: 0),
        ])
        #expect(widest.compact == "0:0=0 65535:65535=65534.65535,65535.65535")
        let widestOnly = Learnset(widest.entries.filter { $0.versionGroup > 0 })
        #expect(Learnset(compact: widestOnly.compact) == widestOnly)
        #expect(Learnset().compact == "")
        for broken in [
            "25", "25:1", "25:1=", "25:=85", ":1=85", "25:1=85..3", "25:1=a", "25:1=85,", "25:1=99999999999999999999",
            "25:1=9223372036854775809",
            // Entries keep 16-bit numbers (PokeAPI's largest: move 10018, level 100): beyond is refused, not cut.
            "25:1=65536", "65536:1=85", "25:65536=85", "25:1=85.65536",
        ] {
            #expect(Learnset(compact: broken) == nil, "\(broken)")
        }
        // In JSON it is that one string.
        let json = String(decoding: try JSONEncoder().encode(learnset), as: UTF8.self)
        #expect(json == "\"1:1=84.1 25:1=33,85.36;4=85\"")
        #expect(try JSONDecoder().decode(Learnset.self, from: Data(json.utf8)) == learnset)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Learnset.self, from: Data("\"25:x\"".utf8)) }
    }

    /// A learnset script is written without the encoder where the compact form needs no escaping: the same bytes.
    @Test func aLearnsetScriptIsWhatTheEncoderWouldWrite() throws {
        for compact in ["1:1=84.1 25:1=33,85.36;4=85", "", "-1:2=3", "25:1=</script>\u{2028}\"x"] {
            let direct = try MoveScripts.learnsetScript(id: 25, compact: compact, path: "learnsets/pikachu.js")
            let encoded = try DataScript.script(
                "POKEDEX_LEARNSET",
                MoveScripts.LearnsetPayload(id: 25, learnset: compact),
                path: "learnsets/pikachu.js"
            )
            #expect(direct == encoded, "\(compact)")
        }
        let large = Learnset(
            (1...400).map {
                .init(versionGroup: $0 % 27 + 1, method: $0 % 4 + 1, move: $0 * 7, level: $0 % 3 == 0 ? 0 : $0 % 100)
            }
        )
        #expect(Learnset(compact: large.compact) == large)
    }

    @Test func aMoveRecordKeepsWhatThePageShows() throws {
        let api = "http://127.0.0.1:1/api/v2"
        let thunderbolt = try MoveRecord.decodeAPI(
            Fixtures.encode(Fixtures.moveJSON(id: 85, api: api, hostile: false)!)
        )
        #expect(thunderbolt.type == "electric" && thunderbolt.damageClass == "special")
        #expect((thunderbolt.power, thunderbolt.accuracy, thunderbolt.pp) == (90, 100, 15))
        #expect(thunderbolt.machines.map(\.machine) == [901, 902, 903])
        // The newest English flavor text, without soft hyphens or form feeds.
        #expect(
            thunderbolt.flavorText
                == "A strong electric blast crashes down on the target. This may also leave the target with paralysis."
        )
        let protect = try MoveRecord.decodeAPI(Fixtures.encode(Fixtures.moveJSON(id: 182, api: api, hostile: false)!))
        #expect(protect.power == nil && protect.accuracy == nil && protect.priority == 4)
        // Only a French effect: none in English.
        let mimic = try MoveRecord.decodeAPI(Fixtures.encode(Fixtures.moveJSON(id: 102, api: api, hostile: false)!))
        #expect(mimic.shortEffect == nil && mimic.effect == nil)
        let machine = try MachineRecord.decodeAPI(Fixtures.encode(Fixtures.machineJSON(id: 903, api: api)!))
        #expect(machine == MachineRecord(id: 903, item: "tm126", itemID: 1903, move: 85, versionGroup: 25))
    }

    @Test func effectChanceIsFilledIn() {
        #expect(
            MoveBook.fill("Has a $effect_chance% chance to burn the target.", chance: 10)
                == "Has a 10% chance to burn the target."
        )
        #expect(
            MoveBook.fill("Has a $effect_chance% chance to burn the target.", chance: nil)
                == "Has a chance to burn the target."
        )
        #expect(MoveBook.fill("Inflicts regular damage.", chance: 30) == "Inflicts regular damage.")
        let move = MoveRecord(
            id: 1,
            name: "m",
            names: [],
            type: "fire",
            damageClass: "special",
            power: 1,
            accuracy: 1,
            pp: 1,
            effectChance: 30,
            shortEffect: "Burns $effect_chance% of the time.",
            effect: "Burns   $effect_chance% of the time."
        )
        #expect(MoveBook().shortEffect(of: move) == "Burns 30% of the time.")
        // The long effect says nothing more once white space is folded: left out.
        #expect(MoveBook().longEffect(of: move) == nil)
    }

    @Test func gamesAreNamedByTheirVersions() {
        #expect(ThemeWords().games(["Scarlet", "Violet"]) == "Scarlet & Violet")
        #expect(ThemeWords().games(["Red", "Blue", "Yellow"]) == "Red, Blue & Yellow")
        #expect(ThemeWords().games(["Crystal"]) == "Crystal")
        #expect(ThemeWords(listSeparator: "、", lastSeparator: "・").games(["赤", "緑", "青"]) == "赤、緑・青")
        let names = NameBook(records: [
            .version: [
                .init(id: 44, name: "red-japan", names: [.init(language: "en", name: "Red")]),
                .init(id: 45, name: "green-japan", names: [.init(language: "en", name: "Green")]),
            ]
        ])
        let book = MoveBook(
            versionGroups: [
                28: VersionGroupRecord(
                    id: 28,
                    name: "red-green-japan",
                    generation: 1,
                    order: 1,
                    versions: [.init(id: 44, name: "red-japan"), .init(id: 45, name: "green-japan")]
                )
            ],
            names: names
        )
        // Japan's own games would read like the ones released abroad.
        #expect(book.game(28).label == "Red & Green (Japan)")
    }

    // MARK: Through the fixture server, with the real theme

    @Test func methodsAreGroupedAndSortedWithEachGamesMachineNumbers() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            let book = try await Self.pokedex(env).moves
            let pikachu = try #require(try await Self.pokedex(env).entries.first { $0.slug == "pikachu" })
            let names = try await Self.pokedex(env).names
            #expect(book.defaultGame(of: pikachu.record.learnset)?.label == "Scarlet & Violet")
            #expect(
                book.games(of: pikachu.record.learnset).map(\.label) == [
                    "Scarlet & Violet", "Sword & Shield", "Red & Blue",
                ]
            )
            let groups = book.groups(of: pikachu.record.learnset, in: Fixtures.scarletViolet, names: names)
            #expect(groups.map(\.label) == ["Level up", "TM", "Egg moves"])
            // Level up by level (on evolution first), then by name; machines by number; the others by name.
            #expect(
                groups[0].moves.map { "\($0.level) \($0.move.name)" }
                    == ["0 tackle", "1 growl", "1 thunder-shock", "4 thunder-wave", "36 thunderbolt"]
            )
            #expect(
                groups[1].moves.map { "\($0.machine ?? "?") \($0.move.name)" } == [
                    "TM007 protect", "TM126 thunderbolt",
                ]
            )
            #expect(groups[2].moves.map(\.move.name) == ["volt-tackle"])
            // One move, a machine per game.
            #expect(book.machine(move: 85, versionGroup: Fixtures.redBlue) == "TM24")
            #expect(book.machine(move: 85, versionGroup: Fixtures.swordShield) == "TR08")
            #expect(book.machine(move: 85, versionGroup: Fixtures.scarletViolet) == "TM126")
            #expect(book.label(ofMethod: Fixtures.machine, in: Fixtures.swordShield) == "TR")

            let page = try env.read("pokemon/pikachu.html")
            #expect(page.contains("Moves learned in <strong class=\"game-name\">Scarlet &amp; Violet</strong>"))
            let text = Self.text(page)
            // The category and accuracy headers carry a short word for phones (hidden from screen readers).
            #expect(
                text.contains(
                    "Level up 5 Lv. Move Type Category Cat. Power Accuracy Acc. PP Evo. Tackle Normal Physical 40 100 35 1 Growl Normal Status — 100 40"
                )
            )
            #expect(
                text.contains(
                    "TM 2 Machine Move Type Category Cat. Power Accuracy Acc. PP TM007 Protect Normal Status — — 10 TM126 Thunderbolt Electric Special 90 100 15"
                )
            )
            #expect(text.contains("Egg moves 1 Move Type"))
            // Every other game is one choice away, its script named on the picker, never loaded on arrival.
            #expect(page.contains("<option value=\"20\" data-gen=\"8\">Sword &amp; Shield</option>"))
            let learnset = try #require(
                page.firstMatch(of: /data-learnset="\.\.\/(learnsets\/pikachu\.[0-9a-f]{8}\.js)"/)?.1
            )
            #expect(try env.read(String(learnset)).contains("\"learnset\":\"\(pikachu.record.learnset.compact)\""))
            #expect(!page.contains("<script src=\"../learnsets/"))
            // A form's own method, in PokeAPI's words.
            #expect(Self.text(try env.read("pokemon/pikachu-rock-star.html")).contains("Form Change 1 Move Type"))
        }
    }

    @Test func aPokemonWithoutLevelUpMovesInTheNewestGameOpensOnTheNewestThatHasThem() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            // Charizard learns only by machine in Scarlet & Violet, by level up in Sword & Shield.
            let page = try env.read("pokemon/charizard.html")
            #expect(page.contains("Moves learned in <strong class=\"game-name\">Sword &amp; Shield</strong>"))
            #expect(page.contains("<option value=\"25\" data-gen=\"9\">Scarlet &amp; Violet</option>"))
            // A Mega that PokeAPI lists no moves for shows its base form's, with its learnset script: no script of
            // its own.
            let mega = try env.read("pokemon/charizard-mega-x.html")
            #expect(mega.contains("id=\"moves\"") && mega.contains("these are Charizard’s."))
            #expect(mega.contains(#"data-learnset="../learnsets/charizard."#))
            #expect(
                !pathsBelow(env.output.appendingPathComponent("learnsets")).contains {
                    $0.hasPrefix("charizard-mega-x.")
                }
            )
            // Nidoran♀ learns moves in Red & Blue alone: no picker.
            let nidoran = try env.read("pokemon/nidoran-f.html")
            #expect(nidoran.contains("Moves learned in <strong class=\"game-name\">Red &amp; Blue</strong>"))
            #expect(!nidoran.contains("game-picker"))
        }
    }

    @Test func aMovePageSaysWhatItDoesAndWhoLearnsIt() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            let text = Self.text(try env.read("moves/thunderbolt.html"))
            for fact in [
                "Thunderbolt", "Electric Special", "Power 90 Accuracy 100 PP 15 Priority 0",
                "Target Selected Pokémon", "Effect chance 10%", "Introduced in Generation I",
                "Has a 10% chance to paralyze the target.",
                "Inflicts regular damage. Has a 10% chance to paralyze the target. It can hit a Pokémon during Fly.",
                "In Scarlet & Violet : 1 Pokémon", "Level up 1 Pikachu Lv. 36",
                "Also learned in: Sword & Shield 1 Red & Blue 1",
                "Names English Thunderbolt Japanese １０まんボルト French Tonnerre German Donnerblitz",
            ] {
                #expect(text.contains(fact), "moves/thunderbolt.html lacks \"\(fact)\"")
            }
            // The newest flavor text, not an older game's.
            #expect(
                text.contains(
                    "A strong electric blast crashes down on the target. This may also leave the target with paralysis."
                )
            )
            #expect(!text.contains("An older entry"))
            // Null power and accuracy: a dash.
            #expect(
                Self.text(try env.read("moves/protect.html")).contains(
                    "Power — Accuracy — PP 10 Priority +4 Target User"
                )
            )
            // A machine group names the machine once.
            #expect(Self.text(try env.read("moves/protect.html")).contains("TM TM007 6 "))
        }
    }

    @Test func aMoveNoExportedPokemonLearnsHasNoPageAndNoLink() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            // Mimic is fetched for the evolution condition that names it, and learned by nobody.
            #expect(env.server.count("/api/v2/move/102/") == 1)
            #expect(!env.exists("moves/mimic.html"))
            #expect(Self.text(try env.read("pokemon/mr-mime-galar.html")).contains("Mimic"))
            for (path, data) in try snapshot(env.output) where path.hasSuffix(".html") || path.hasSuffix(".js") {
                #expect(!String(decoding: data, as: UTF8.self).contains("mimic.html"), "\(path) links to mimic")
            }
            let index = Self.text(try env.read("moves/index.html"))
            #expect(index.contains("Moves 8 moves"))
            #expect(!index.contains("Mimic"))
            // With fewer Pokémon, fewer moves: Nidoran♀ learns Tackle and Growl alone.
            let summary = try await env.build(limit: 4, templates: GoldenTests.templates)
            #expect(summary.pages[.move] == 8)
            let fewer = try await env.build(limit: 1, templates: GoldenTests.templates)
            #expect(fewer.pages[.move] == 3)
            #expect(!env.exists("moves/thunderbolt.html"))
            #expect(env.exists("moves/tackle.html"))
        }
    }

    @Test func theMovesIndexListsEveryMoveWithAPage() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            let page = try env.read("moves/index.html")
            let rows = page.matches(of: /<tr data-id="(\d+)" data-type="([a-z-]+)" data-cat="([a-z]+)">/).map {
                "\($0.1) \($0.2) \($0.3)"
            }
            #expect(
                rows == [
                    "53 fire special", "45 normal status", "182 normal status", "33 normal physical",
                    "84 electric special", "86 electric status", "85 electric special", "344 electric physical",
                ]
            )
            #expect(Self.text(page).contains("Flamethrower Fire Special 90 100 15 I"))
            // The filters' options, in the games' order of types.
            #expect(
                page.contains(
                    "<select id=\"move-type\"><option value=\"\">Any type</option>\n<option value=\"normal\">Normal</option>\n<option value=\"fire\">Fire</option>\n<option value=\"electric\">Electric</option>"
                )
            )
            // Names in every language, for search, in their own script.
            let names = try env.read(env.hashed("assets/pokedex-move-names.js"))
            #expect(names.contains("\"１０まんボルト\"") && names.contains("\"Tonnerre\""))
            #expect(page.contains("data-names=\"../\(try env.hashed("assets/pokedex-move-names.js"))\""))
            // The header reaches Pokémon, Moves, Favorites, and says where it is.
            #expect(page.contains("<a href=\"../moves/index.html\" aria-current=\"page\">Moves</a>"))
            #expect(
                try env.read("moves/tackle.html").contains(
                    "<a href=\"../moves/index.html\" aria-current=\"true\">Moves</a>"
                )
            )
        }
    }

    @Test func eachMoveAndMachineIsFetchedOnceAndAWarmBuildAsksNothing() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            for path in [
                "/api/v2/move/85/", "/api/v2/machine/903/", "/api/v2/version-group/25/", "/api/v2/move-learn-method/1/",
                "/api/v2/move-target/10/", "/api/v2/move-damage-class/3/", "/api/v2/version/40/",
            ] {
                #expect(env.server.count(path) == 1, "\(path)")
            }
            env.server.resetCounts()
            let warm = try await env.build(templates: GoldenTests.templates)
            #expect(warm.network.requests == 0)
            #expect(warm.filesWritten == 0)
        }
    }

    @Test func aMovesPagesChangeOnlyWhenTheirInputsDo() async throws {
        try await withEnvironment { env in
            try await env.build(templates: GoldenTests.templates)
            let before = try snapshot(env.output)
            // A new favorite: the favorites page and script change, no move page, no learnset.
            try env.writeFavorites("[\"pikachu\"]")
            let starred = try await env.build(templates: GoldenTests.templates)
            #expect(starred.filesWritten > 0)
            let afterStar = try snapshot(env.output)
            let changed = Set(afterStar.keys.filter { afterStar[$0] != before[$0] })
            #expect(!changed.isEmpty && !changed.contains { $0.hasPrefix("moves/") || $0.hasPrefix("learnsets/") })
            // Thunderbolt's power changes on the server: its page, the moves index and the moves script change,
            // and the pages that show its power (Pikachu's); no other move's page. (A Pokémon page with a game picker
            // names the moves script, so it changes too; Nidoran♀'s, one game and no picker, does not.)
            var json = Fixtures.moveJSON(id: 85, api: env.server.apiBase, hostile: false)!
            json["power"] = 95
            env.server.setBody(Fixtures.encode(json), at: "/api/v2/move/85/")
            try await env.build(mode: .refresh, templates: GoldenTests.templates)
            let afterPower = try snapshot(env.output)
            let moved = Set(afterPower.keys.filter { afterPower[$0] != afterStar[$0] })
            #expect(moved.contains("moves/thunderbolt.html") && moved.contains("moves/index.html"))
            #expect(moved.contains("pokemon/pikachu.html"))
            #expect(!moved.contains("moves/tackle.html") && !moved.contains("pokemon/nidoran-f.html"))
            #expect(Self.text(try env.read("moves/thunderbolt.html")).contains("Power 95"))
        }
    }

    @Test func hostileMoveNamesAreEscapedAndNeverBecomePaths() async throws {
        try await withEnvironment { env in
            env.server.hostile = true
            try await env.build(templates: GoldenTests.templates)
            let slug = Slug.make(name: Fixtures.hostileName, id: Fixtures.hostileMove.id)
            let page = try env.read("moves/\(slug).html")
            #expect(
                page.contains(
                    "<h1>\(Fixtures.hostileName.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;"))</h1>"
                )
            )
            #expect(!page.contains("<script>alert"))
            #expect(try env.read("moves/index.html").contains("href=\"\(slug).html\""))
            let learnsetScripts = pathsBelow(env.output.appendingPathComponent("learnsets"))
            #expect(learnsetScripts.allSatisfy { !$0.contains("<") && !$0.contains("..") })
            let moves = try env.read(env.hashed("assets/pokedex-moves.js"))
            #expect(!moves.contains("<script>") && moves.contains("\\u003cscript>alert(2)\\u003c/script>"))
        }
    }

    @Test func withoutMovesThereIsNoMovesIndexAndNoLinkToIt() async throws {
        // A server whose Pokémon list no moves: the site is as before moves existed.
        let pokedex = try IndexDataTests.pokedex()
        #expect(pokedex.moves.moves.isEmpty)
        let site = try await SiteRenderer(theme: try Theme(overrides: nil), perPage: 5, parallelism: 1).render(pokedex)
        #expect(!site.files.contains { $0.path.hasPrefix("moves/") || $0.path.hasPrefix("learnsets/") })
        #expect(site.summary.pages[.move] == 0)
        for file in site.files where file.path.hasSuffix(".html") {
            guard case .bytes(let data) = file.content else { continue }
            #expect(!String(decoding: data, as: UTF8.self).contains("moves/index.html"), "\(file.path)")
        }
    }

    // MARK: Helpers

    /// The model a build of `env` made, from its cache (offline).
    static func pokedex(_ env: TestEnvironment) async throws -> Pokedex {
        let store = CacheStore(root: env.cache, apiBase: env.server.apiBase, logger: quietLogger)
        let loader = ResourceLoader(
            store: store,
            fetcher: nil,
            mode: .offline,
            apiBase: env.server.apiBase,
            logger: quietLogger
        )
        let data = try await DataSetLoader(
            apiBase: env.server.apiBase,
            listPageSize: 5,
            limit: nil,
            concurrency: 2,
            loader: loader
        ).load(snapshot: SnapshotProvider(.off, logger: quietLogger))
        let names = data.nameBook
        let entries = Pokedex.entries(
            list: data.list,
            records: data.records,
            species: data.species,
            images: [:],
            forms: data.forms,
            names: names
        )
        return Pokedex(
            entries: entries,
            favorites: FavoritesResolution(),
            dataAge: nil,
            chains: data.chains,
            typeChart: data.typeChart,
            names: names,
            moves: MoveBook(
                moves: data.moves,
                machines: data.machines,
                versionGroups: data.versionGroups,
                names: names,
                methods: Array((data.named[.moveLearnMethod] ?? [:]).values)
            )
        )
    }

    /// A page's text, tags stripped, entities decoded, white space folded.
    static func text(_ html: String) -> String {
        var text = html.replacing(/<[^>]+>/, with: " ")
        for (entity, character) in [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
