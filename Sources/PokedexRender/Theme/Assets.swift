import PokedexMustache

/// The scripts, styles and pictures a page may load, by what each is for: one table, read by the render (which
/// names the hashed files), by every page's context (`{{assets.style}}`…) and by the service worker's list.
enum AssetRole: String, CaseIterable, Sendable {
    /// Every page's stylesheet.
    case style
    /// Every page's script (image fallbacks, stars, offline indicator, service worker).
    case app
    /// The Pokémon list for search and the favorites view, per language.
    case data
    /// The favorites the site was built with. Not hashed: a one-star edit would otherwise rewrite every page.
    case favorites
    case icon
    case placeholder
    /// Finding by name (the search's folding and ranking, the names scripts' decoder, the address's hash): pages
    /// that use `find`, and `app` with `search` elsewhere. After `app`.
    case find
    /// The lists' cells, built from the data script, after `app`.
    case cells
    /// What the index's and favorites' lists decide without the page (decoders, the favorites file, the search's
    /// ranking, the address's state, filters and sort), after `find`, before `listSearch` and `list`.
    case listModel
    /// The index's results view (its search, filters and sort, the address's hash): index pages alone, after
    /// `listModel`, before `list`, which starts it.
    case listSearch
    /// The index and favorites pages' script (views, favorites' delete all, export and import, infinite scroll),
    /// after `cells`.
    case list
    /// The moves tables' script (sorting, the game picker, the moves index's filters and search): pages with a
    /// moves table (`usesMovesScript`).
    case moves
    /// The site-wide search, loaded on first use by `app`, and its data per language (every name of Pokémon,
    /// moves, abilities, types, items, places and regional Pokédexes in every language).
    case search
    case searchData
    /// Styles of every page but the index and favorites: details, moves tables, names, the reference pages, the
    /// top bar's search box; after `style`.
    case pages
    /// Styles of Pokémon pages alone (picture switcher, evolution tree, matchups, forms), after `pages`.
    case pokemon
    /// The tables' styles (moves tables, the abilities index, the type chart…), after `pages`.
    case tables
    /// The lists of cells' styles (grid, pagination, infinite scroll, toolbar, dialog), after `style`.
    case listStyle
    /// The lists' controls (the count beside the title, search box, filters and sort, notices), after `style`.
    case controls
    /// What Pokémon pages alone do (the picture switcher), after `app`.
    case pokemonScript
    /// What a Pokémon page does on request only (the gallery's toggled sprites, the Pokémon in the game picked),
    /// loaded by `pokemonScript` on first use.
    case pokemonGames
    /// The type calculator's, after `find`.
    case calculator
    /// The comparison's, after `calculator`, whose chart readers it uses; its abilities script per language.
    case compare
    case abilities
    /// The items index's search and category filter, after `find`.
    case items
    /// The item pages' and items index's styles, after `pages`.
    case itemsStyle
    /// The calculator's and the comparison's styles, after `pages`, before `tables`.
    case toolsStyle
    /// The scripts' words in the pages' language, before `app`; none in English, which the scripts carry.
    /// `strings`: app.js's (`window.POKEDEX_STRINGS`, every page); `moreStrings`: list.js's, moves.js's,
    /// search.js's and pokemon.js's (`window.POKEDEX_MORE_STRINGS`, pages that run them).
    case strings
    case moreStrings

    /// The theme file it is, for those that are one.
    var file: String? {
        switch self {
        case .style: "assets/style.css"
        case .app: "assets/app.js"
        case .favorites: "assets/pokedex-favorites.js"
        case .icon: "assets/icon.svg"
        case .placeholder: "assets/placeholder.svg"
        case .find: "assets/find.js"
        case .cells: "assets/cells.js"
        case .listModel: "assets/list-model.js"
        case .listSearch: "assets/list-search.js"
        case .list: "assets/list.js"
        case .moves: "assets/moves.js"
        case .search: "assets/search.js"
        case .pages: "assets/pages.css"
        case .pokemon: "assets/pokemon.css"
        case .tables: "assets/tables.css"
        case .listStyle: "assets/list.css"
        case .controls: "assets/controls.css"
        case .pokemonScript: "assets/pokemon.js"
        case .pokemonGames: "assets/pokemon-games.js"
        case .calculator: "assets/calculator.js"
        case .compare: "assets/compare.js"
        case .items: "assets/items.js"
        case .itemsStyle: "assets/items.css"
        case .toolsStyle: "assets/tools.css"
        case .data, .searchData, .abilities, .strings, .moreStrings: nil
        }
    }

    /// Published under a name carrying its content's hash, so that no browser or CDN pairs a new page with an old
    /// one: the theme's scripts and styles (the icon, the placeholder and the favorites keep their names).
    var isHashed: Bool {
        switch self {
        case .favorites, .icon, .placeholder: false
        default: file != nil
        }
    }

    /// Whether a page whose language has none leaves it out (null) rather than empty: the scripts' words.
    var isOptional: Bool { self == .strings || self == .moreStrings }

    /// The theme files published hashed.
    static let hashedFiles = Set(allCases.filter(\.isHashed).compactMap(\.file))

    /// The theme files a returning visitor may need offline whatever the page (the service worker's shell),
    /// beside the pages and the per-language scripts.
    static let shell: [AssetRole] = [
        .style, .controls, .listStyle, .app, .data, .favorites, .placeholder, .icon, .find, .cells, .listModel,
        .listSearch, .list, .moves,
    ]
}

/// Where each asset is, from a page's root: `{{assets.style}}` and the like.
struct AssetsContext: Sendable, Encodable, TemplateField {
    private var paths: [AssetRole: String]

    /// The theme's files under `names` (their hashed names where they have one), the others at their own paths;
    /// the per-language ones empty until set.
    init(names: [String: String] = [:]) {
        paths = [:]
        for role in AssetRole.allCases {
            guard let file = role.file else { continue }
            paths[role] = names[file] ?? file
        }
    }

    subscript(role: AssetRole) -> String {
        get { paths[role] ?? "" }
        set { paths[role] = newValue }
    }

    /// The path, or nil when the language has none (`strings`, `moreStrings`).
    func optional(_ role: AssetRole) -> String? {
        paths[role].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The same files from a language's folder: `../assets/…`.
    func up(_ prefix: String) -> AssetsContext {
        guard !prefix.isEmpty else { return self }
        var moved = self
        for (role, path) in paths where !path.isEmpty { moved.paths[role] = prefix + path }
        return moved
    }

    /// Each role's path under its name, as `encode(to:)` writes them: an optional one without a path a null.
    var templateField: TemplateValue {
        var object = TemplateObject(capacity: AssetRole.allCases.count)
        for role in AssetRole.allCases {
            object.append(role.rawValue, role.isOptional ? optional(role).templateField : .string(self[role]))
        }
        return .object(object)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for role in AssetRole.allCases {
            let key = AnyKey(stringValue: role.rawValue)
            if role.isOptional {
                try container.encodeIfPresent(optional(role), forKey: key)
            } else {
                try container.encode(self[role], forKey: key)
            }
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
