import Foundation
import Testing

@testable import PokedexModel
@testable import PokedexSource

/// Every game's sprites, kept as bits of a pattern; the gallery made from them; and the checks that keep a cut
/// download of an animated sprite or a cry out of the cache.
@Suite struct GameSpritesTests {
    static let root = "https://example.org/sprites/pokemon/versions/"

    /// Pikachu's `sprites` with a few games as PokeAPI writes them: Red and Blue (front, back and gray), Black and
    /// White (still and animated, shiny), the Generation VII icon (not a game's sprite), and a URL outside the pattern.
    static let pikachu = Data(
        """
        {"id": 25, "name": "pikachu", "height": 4, "weight": 60, "is_default": true,
         "species": {"name": "pikachu", "url": "https://example.org/api/v2/pokemon-species/25/"},
         "types": [], "stats": [], "abilities": [],
         "sprites": {"front_default": "https://example.org/sprites/pokemon/25.png",
           "versions": {
             "generation-v": {"black-white": {
                "animated": {"front_default": "\(root)generation-v/black-white/animated/25.gif",
                             "front_shiny": "\(root)generation-v/black-white/animated/shiny/25.gif",
                             "back_default": "\(root)generation-v/black-white/animated/back/646-black.gif"},
                "front_default": "\(root)generation-v/black-white/25.png",
                "front_shiny": "\(root)generation-v/black-white/shiny/25.png", "back_female": null}},
             "generation-i": {"red-blue": {"front_default": "\(root)generation-i/red-blue/25.png",
                "back_default": "\(root)generation-i/red-blue/back/25.png",
                "front_gray": "\(root)generation-i/red-blue/gray/25.png",
                "back_transparent": "\(root)generation-i/red-blue/transparent/back/25.png"}},
             "generation-vii": {"icons": {"front_default": "\(root)generation-vii/icons/25.png"}}}}}
        """.utf8
    )

    @Test func everyGameSpriteIsABitOfItsGameAndItsURLIsMadeAgainFromThePattern() throws {
        let sprites = try PokemonRecord.decodeAPI(Self.pikachu).gameSprites
        #expect(sprites.root == Self.root)
        // Oldest generation first; the icons left out.
        #expect(sprites.games.map(\.path) == ["generation-i/red-blue", "generation-v/black-white"])
        let urls = sprites.games.flatMap { game in
            GameSprites.Variant.all.filter(game.has).compactMap { sprites.url(game, $0) }
        }
        #expect(
            Set(urls) == [
                "\(Self.root)generation-i/red-blue/25.png", "\(Self.root)generation-i/red-blue/back/25.png",
                "\(Self.root)generation-i/red-blue/gray/25.png",
                "\(Self.root)generation-i/red-blue/transparent/back/25.png",
                "\(Self.root)generation-v/black-white/25.png", "\(Self.root)generation-v/black-white/shiny/25.png",
                "\(Self.root)generation-v/black-white/animated/25.gif",
                "\(Self.root)generation-v/black-white/animated/shiny/25.gif",
            ]
        )
        // A game or generation that is not a clean folder name never becomes one of the site's folders.
        let hostile = Data(
            String(decoding: Self.pikachu, as: UTF8.self)
                .replacingOccurrences(
                    of: "\"generation-vii\": {\"icons\"",
                    with:
                        "\"..\": {\"x\": {\"front_default\": \"\(Self.root)../x/25.png\"}}, \"generation-vii\": {\"../../x\""
                )
                .utf8
        )
        #expect(try PokemonRecord.decodeAPI(hostile).gameSprites.games.map(\.path) == sprites.games.map(\.path))
        #expect(
            !GameSprites.isCleanFolder("..") && !GameSprites.isCleanFolder("a/b") && GameSprites.isCleanFolder("x-y")
        )
        // Kyurem's "646-black.gif" under Pikachu's id follows no pattern: left out, not made wrong.
        #expect(!urls.contains { $0.contains("646") })
        // Stored compactly: the record round-trips through the cache's JSON.
        let again = try JSONDecoder().decode(GameSprites.self, from: JSONEncoder().encode(sprites))
        #expect(again == sprites)
    }

    @Test func theGalleryShowsEachGamesFrontAndShinyAnimatedWhereTheGameWasAndTogglesTheRest() throws {
        let sprites = try PokemonRecord.decodeAPI(Self.pikachu).gameSprites
        let gallery = SpriteGallery(sprites)
        #expect(gallery.generations.map(\.generation) == [1, 5])
        let redBlue = try #require(gallery.generations.first?.shelves.first)
        #expect(redBlue.game == "red-blue")
        #expect(redBlue.front?.path == "generation-i/red-blue/25.png")
        #expect(redBlue.shiny == nil)
        #expect(
            redBlue.more.map(\.path).sorted() == [
                "generation-i/red-blue/back/25.png", "generation-i/red-blue/gray/25.png",
                "generation-i/red-blue/transparent/back/25.png",
            ]
        )
        let blackWhite = try #require(gallery.generations.last?.shelves.first)
        #expect(blackWhite.front?.path == "generation-v/black-white/animated/25.gif")
        #expect(blackWhite.shiny?.path == "generation-v/black-white/animated/shiny/25.gif")
        // The still frames are a toggle away.
        #expect(
            blackWhite.more.map(\.path).sorted() == [
                "generation-v/black-white/25.png", "generation-v/black-white/shiny/25.png",
            ]
        )
        #expect(gallery.pictureCount == 8)
        // The variants' numbering, which pokemon-games.js makes folders from (pokemon.test.mjs pins the same).
        let folders = GameSprites.Variant.all.map(\.folder)
        #expect(folders[0] == "" && folders[4] == "back/" && folders[7] == "back/shiny/female/")
        #expect(
            folders[12] == "animated/back/" && folders[17] == "back/gray/" && folders[21] == "transparent/back/shiny/"
        )
        #expect(GameSprites.Variant.all.count == 22)
        // A sprite the server had not (404) is left out of the gallery.
        let without = SpriteGallery(sprites, absent: ["generation-i/red-blue/25.png"])
        #expect(without.generations.first?.shelves.first?.front == nil)
        // The folder PokeAPI spells otherwise than the version group.
        #expect(SpriteGallery.versionGroup(ofFolder: "omegaruby-alphasapphire") == "omega-ruby-alpha-sapphire")
        #expect(SpriteGallery.versionGroup(ofFolder: "x-y") == "x-y")
    }

    /// A 1×1 GIF89a with a global colour table: header, screen, table, one image, trailer.
    static let gif: [UInt8] =
        Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
        + [0x21, 0xF9, 4, 0, 0, 0, 0, 0]
        + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0] + [2, 2, 0x44, 0x01, 0] + [0x3B]

    /// An Ogg stream of two pages, the last one marked as ending the stream.
    static func oggPage(_ body: [UInt8], last: Bool) -> [UInt8] {
        Array("OggS".utf8) + [0, last ? 0x04 : 0x02] + [UInt8](repeating: 0, count: 20) + [1, UInt8(body.count)] + body
    }

    @Test func aCutAnimatedSpriteOrCryIsNotComplete() {
        #expect(MediaFormat.gif.isComplete(Data(Self.gif)))
        #expect(!MediaFormat.gif.isComplete(Data(Self.gif.dropLast())))
        #expect(!MediaFormat.gif.isComplete(Data(Self.gif.prefix(20))))
        #expect(!MediaFormat.gif.isComplete(Data("<html>not found</html>".utf8)))
        let ogg = Self.oggPage([1, 2, 3], last: false) + Self.oggPage([4, 5], last: true)
        #expect(MediaFormat.ogg.isComplete(Data(ogg)))
        #expect(!MediaFormat.ogg.isComplete(Data(ogg.dropLast())))
        // Whole pages, but the stream does not end: cut between two pages.
        #expect(!MediaFormat.ogg.isComplete(Data(Self.oggPage([1, 2, 3], last: false))))
        #expect(MediaFormat.of(url: "https://example.org/cries/25.ogg") == .ogg)
        #expect(MediaFormat.of(url: "https://example.org/a/25.GIF") == .gif)
        #expect(MediaFormat.of(url: "https://example.org/a/25.svg") == nil)
    }

    @Test func aStoredGIFOrCryIsReadBackByItsFirstAndLastBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("media-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gifFile = folder.appendingPathComponent("25.gif")
        try Data(Self.gif).write(to: gifFile)
        let shape = try #require(try MediaFormat.gif.inspect(file: gifFile))
        #expect(shape.width == 1 && shape.height == 1 && shape.byteCount == Self.gif.count)
        let oggFile = folder.appendingPathComponent("25.ogg")
        try Data(Self.oggPage([1], last: true)).write(to: oggFile)
        #expect(try MediaFormat.ogg.inspect(file: oggFile)?.width == 0)
        // Not what its name says: absent, so the next build downloads it again.
        try Data("OggS".utf8.reversed()).write(to: gifFile)
        #expect(try MediaFormat.gif.inspect(file: gifFile) == nil)
        #expect(try MediaFormat.gif.inspect(file: folder.appendingPathComponent("none.gif")) == nil)
    }
}
