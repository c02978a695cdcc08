import Foundation

/// A Pokémon's sprite in every game (`sprites.versions`), kept compactly: about 30 URLs a Pokémon, 34,564 in all,
/// which as text would double the bundled snapshot. PokeAPI names each one by a pattern,
/// `{root}{generation}/{game}/{variant folder}{id}.png|gif`, so a game's sprites are one bit set of variants, and a
/// URL is made again from the pattern. A URL that does not follow it (Kyurem's `646-black.gif`) is left out.
package struct GameSprites: Codable, Sendable, Equatable {
    /// One variant of a game's sprite: its key in the API and its folder below the game's.
    package struct Variant: Sendable, Equatable {
        /// "front_shiny", "animated/back_default".
        package var key: String
        /// "shiny/", "animated/back/".
        package var folder: String
        package var isAnimated: Bool
        package var isBack: Bool
        package var isShiny: Bool
        package var isFemale: Bool
        /// Gray (Generation I) or transparent (Generations I–II): the games' other palettes.
        package var isPalette: Bool

        package var fileExtension: String { isAnimated ? "gif" : "png" }
        package var bit: Int { 1 << (Self.all.firstIndex(of: self) ?? 0) }

        /// Every variant, in the order of their bits (the order is the stored format: only append).
        package static let all: [Variant] = {
            var variants: [Variant] = []
            for animated in [false, true] {
                for back in [false, true] {
                    for shiny in [false, true] {
                        for female in [false, true] {
                            let side = back ? "back" : "front"
                            let key = [side, shiny ? "shiny" : nil, female ? "female" : nil].compactMap { $0 }
                                .joined(separator: "_")
                            let folder = [back ? "back/" : "", shiny ? "shiny/" : "", female ? "female/" : ""].joined()
                            variants.append(
                                Variant(
                                    key: (animated ? "animated/" : "") + (key == side ? side + "_default" : key),
                                    folder: (animated ? "animated/" : "") + folder,
                                    isAnimated: animated,
                                    isBack: back,
                                    isShiny: shiny,
                                    isFemale: female,
                                    isPalette: false
                                )
                            )
                        }
                    }
                }
            }
            let palettes: [(String, String, Bool, Bool)] = [
                ("front_gray", "gray/", false, false), ("back_gray", "back/gray/", true, false),
                ("front_transparent", "transparent/", false, false),
                ("back_transparent", "transparent/back/", true, false),
                ("front_shiny_transparent", "transparent/shiny/", false, true),
                ("back_shiny_transparent", "transparent/back/shiny/", true, true),
            ]
            for (key, folder, back, shiny) in palettes {
                variants.append(
                    Variant(
                        key: key,
                        folder: folder,
                        isAnimated: false,
                        isBack: back,
                        isShiny: shiny,
                        isFemale: false,
                        isPalette: true
                    )
                )
            }
            return variants
        }()
    }

    /// One game's sprites: "generation-i/red-blue" and the bits of the variants it has.
    package struct Game: Codable, Sendable, Equatable {
        /// `{generation}/{game}`: the game is a version group ("red-blue") or a version ("gold").
        package var path: String
        package var variants: Int

        package init(path: String, variants: Int) {
            self.path = path
            self.variants = variants
        }

        /// "red-blue".
        package var game: String { String(path.split(separator: "/").last ?? "") }
        /// 1 for "generation-i/red-blue".
        package var generation: Int? { GenerationNumber.of(String(path.split(separator: "/").first ?? "")) }

        package func has(_ variant: Variant) -> Bool { variants & variant.bit != 0 }

        /// "generation-i/red-blue" and nothing else: the path becomes folders of the cache and the site, so a game
        /// read back from a cache or snapshot that someone else wrote is checked again.
        package var isSafe: Bool {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            return parts.count == 2 && GenerationNumber.of(parts[0]) != nil && GameSprites.isCleanFolder(parts[1])
        }
    }

    /// The games whose paths are safe to make folders of (see `Game.isSafe`).
    package var safeGames: [Game] { games.filter(\.isSafe) }

    /// Where every game's folder is: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/versions/".
    package var root: String?
    /// The file name's stem: the Pokémon's id.
    package var stem: Int = 0
    /// Oldest game first, as PokeAPI lists them.
    package var games: [Game] = []

    package init(root: String? = nil, stem: Int = 0, games: [Game] = []) {
        self.root = root
        self.stem = stem
        self.games = games
    }

    /// The path of a variant below `root` (or below the site's copy of it): "generation-i/red-blue/shiny/25.png".
    package func path(_ game: Game, _ variant: Variant) -> String {
        "\(game.path)/\(variant.folder)\(stem).\(variant.fileExtension)"
    }

    /// Its URL on the web.
    package func url(_ game: Game, _ variant: Variant) -> String? {
        root.map { $0 + path(game, variant) }
    }

    /// Every sprite's path below `root`, for copying.
    package var paths: [String] {
        safeGames.flatMap { game in Variant.all.filter(game.has).map { path(game, $0) } }
    }

    /// Without the games' icons (menu pictures, not a game's sprite) and the variants outside the pattern.
    /// `versions` is the API's `{generation: {game: {variant key: URL or nested}}}`; the ids are checked so that a
    /// URL made from the pattern is the one the API gave.
    init(versions: [String: [String: WireNode]]?, id: Int) {
        stem = id
        guard let versions else { return }
        var games: [Game] = []
        for generation in versions.keys.sorted(by: { (GenerationNumber.of($0) ?? 99) < (GenerationNumber.of($1) ?? 99) }
        ) {
            guard let byGame = versions[generation] else { continue }
            // Both keys become folders of the site's copy: a generation's name and a clean game name only.
            guard GenerationNumber.of(generation) != nil else { continue }
            for game in byGame.keys.sorted() where game != "icons" && Self.isCleanFolder(game) {
                guard let node = byGame[game] else { continue }
                var urls: [String: String] = [:]
                node.flatten(prefix: "", into: &urls)
                let folder = "\(generation)/\(game)"
                var bits = 0
                for variant in Variant.all {
                    guard let url = urls[variant.key], PokemonRecord.Sprites.isUsable(url) else { continue }
                    let suffix = "\(folder)/\(variant.folder)\(id).\(variant.fileExtension)"
                    guard url.hasSuffix("/" + suffix) || url.hasSuffix(suffix) else { continue }
                    let root = String(url.dropLast(suffix.count))
                    if self.root == nil { self.root = root }
                    // One root for every picture: a URL somewhere else is left out rather than made wrong.
                    guard root == self.root else { continue }
                    bits |= variant.bit
                }
                if bits != 0 { games.append(Game(path: folder, variants: bits)) }
            }
        }
        // By generation, then PokeAPI's own game order within it (the keys are sorted by name above, which puts
        // Crystal before Gold): the release order of each generation's games.
        self.games = games.enumerated().sorted { lhs, rhs in
            let (l, r) = (lhs.element, rhs.element)
            if l.generation != r.generation { return (l.generation ?? 99) < (r.generation ?? 99) }
            let (lo, ro) = (Self.releaseOrder(l.game), Self.releaseOrder(r.game))
            return lo != ro ? lo < ro : lhs.offset < rhs.offset
        }
        .map(\.element)
    }

    /// "red-blue": lowercase letters, digits and inner hyphens, so that it is never `..` nor a path.
    static func isCleanFolder(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && !name.hasPrefix("-") && !name.hasSuffix("-")
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// The games of a generation in the order they came out, for the folders PokeAPI has: Gold and Silver before
    /// Crystal, Ruby and Sapphire before Emerald before FireRed and LeafGreen.
    static func releaseOrder(_ game: String) -> Int {
        let order = [
            "red-blue", "yellow", "gold", "silver", "crystal", "ruby-sapphire", "firered-leafgreen", "emerald",
            "diamond-pearl", "platinum", "heartgold-soulsilver", "black-white", "x-y", "omegaruby-alphasapphire",
            "sun-moon", "ultra-sun-ultra-moon", "lets-go-pikachu-lets-go-eevee", "sword-shield",
            "brilliant-diamond-shining-pearl", "legends-arceus", "scarlet-violet",
        ]
        return order.firstIndex(of: game) ?? order.count
    }

    /// A node of `sprites.versions`: a URL, null, or more keys.
    enum WireNode: Decodable {
        case url(String)
        case none
        case nested([String: WireNode])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .none
            } else if let url = try? container.decode(String.self) {
                self = .url(url)
            } else if let nested = try? container.decode([String: WireNode].self) {
                self = .nested(nested)
            } else {
                self = .none
            }
        }

        /// "animated/front_default" → URL.
        func flatten(prefix: String, into urls: inout [String: String]) {
            switch self {
            case .url(let url): urls[prefix] = url
            case .none: break
            case .nested(let keys):
                for (key, node) in keys { node.flatten(prefix: prefix.isEmpty ? key : prefix + "/" + key, into: &urls) }
            }
        }
    }
}

/// "generation-iv" → 4.
package enum GenerationNumber {
    package static func of(_ name: String) -> Int? {
        let numerals = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"]
        guard name.hasPrefix("generation-") else { return nil }
        return numerals.firstIndex(of: String(name.dropFirst("generation-".count))).map { $0 + 1 }
    }
}
