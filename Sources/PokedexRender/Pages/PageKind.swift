import PokedexMustache

/// A kind of page, as one value: what templates call it, and what its pages load beside every page's stylesheet
/// and script. A page's context holds its kind; its tree gets `kind` (the name), `is<Name>` (`isIndex`, `isItem`…)
/// on the kind's own pages, and `uses<Role>` for each role below (`usesTables`…), the head's and header's tests. A
/// new kind of page is a new value here and its template.
struct PageKind: Sendable, Hashable, Encodable, TemplateField {
    /// What templates read as `kind`: "index", "pokemon", "items" (`items/index.html`), "notFound" (`404.html`)…
    let name: String
    /// What its pages load.
    let uses: Set<Use>

    /// The scripts and styles a kind of page may load, by what each is for.
    enum Use: String, CaseIterable, Sendable {
        /// The data script (`assets.data`).
        case data
        /// The index and favorites' script (`assets.list`).
        case list
        /// The tables' stylesheet (`assets.tables`), after `assets.pages`.
        case tables
        /// The cells' stylesheet (`assets.listStyle`), after `assets.style`.
        case cells
        /// Finding by name and the address's state (`assets.find`).
        case find
        /// Search boxes, filters and notices (`assets.controls`), after `assets.style`.
        case controls
        /// The words of the scripts that run on arrival (`assets.moreStrings`).
        case scriptWords
        /// The items' stylesheet (`assets.itemsStyle`).
        case itemsStyle
        /// The calculator's and the comparison's stylesheet (`assets.toolsStyle`), between `assets.pages` and
        /// `assets.tables`.
        case toolsStyle
    }

    init(_ name: String, uses: Set<Use> = []) {
        self.name = name
        self.uses = uses
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// Its name, as `encode(to:)` writes it.
    var templateField: TemplateValue { .string(name) }

    /// `tree` (a page's context) with the kind's flags: `is<Name>` and each `uses<Role>`.
    func flagged(_ tree: TemplateValue) -> TemplateValue {
        guard case .object(var object) = tree else { return tree }
        object.set("is" + Self.capitalised(name), .bool(true))
        for use in Use.allCases { object.set("uses" + Self.capitalised(use.rawValue), .bool(uses.contains(use))) }
        return .object(object)
    }

    private static func capitalised(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
}

extension PageKind {
    static let index = PageKind("index", uses: [.data, .list, .cells, .find, .controls, .scriptWords])
    static let favorites = PageKind("favorites", uses: [.data, .list, .cells, .find, .controls, .scriptWords])
    static let search = PageKind("search", uses: [.cells, .scriptWords])
    static let pokemon = PageKind("pokemon", uses: [.tables, .scriptWords])
    static let moves = PageKind("moves", uses: [.tables, .find, .controls, .scriptWords])
    static let move = PageKind("move")
    static let abilities = PageKind("abilities", uses: [.tables])
    static let ability = PageKind("ability")
    static let types = PageKind("types", uses: [.tables])
    static let type = PageKind("type", uses: [.tables, .scriptWords])
    static let calculator = PageKind("calculator", uses: [.tables, .find, .toolsStyle])
    static let compare = PageKind("compare", uses: [.data, .tables, .find, .toolsStyle])
    static let natures = PageKind("natures", uses: [.tables])
    static let items = PageKind("items", uses: [.tables, .find, .controls, .itemsStyle])
    static let item = PageKind("item", uses: [.tables, .itemsStyle])
    static let places = PageKind("places")
    static let place = PageKind("place")
    static let dexes = PageKind("dexes", uses: [.tables])
    static let dex = PageKind("dex")
    /// `404.html`, the page static hosts show for a missing path.
    static let notFound = PageKind("notFound")
    /// `sw.js`.
    static let worker = PageKind("worker")
}
