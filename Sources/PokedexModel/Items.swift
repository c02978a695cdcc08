package import PokedexSource

/// The items the pages name, whole: what the item pages show and the links to them are made from. The names are in
/// `NameBook` (`.item`, `.itemCategory`, `.itemPocket`).
package struct ItemBook: Sendable, Encodable {
    package private(set) var items: [Int: ItemRecord] = [:]
    /// API name → id: evolution conditions and Mega Stones name their items by API name.
    private var ids: [String: Int] = [:]
    package private(set) var categories: [Int: ItemCategoryRecord] = [:]
    /// Each item's picture: its sprite's URL, a copy in the output folder (`--images local`), or none.
    package var pictures: [Int: ImageSource] = [:]

    package init() {}

    package init(items: [Int: ItemRecord], categories: [ItemCategoryRecord]) {
        self.items = items
        ids = Dictionary(items.values.map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first })
        self.categories = Dictionary(categories.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        pictures = items.mapValues { item in item.sprite.map { .remote(url: $0) } ?? .placeholder }
    }

    package func item(named name: String) -> ItemRecord? { ids[name].flatMap { items[$0] } }

    package func category(of item: ItemRecord) -> ItemCategoryRecord? { item.category.flatMap { categories[$0.id] } }

    /// In a fixed order (dictionaries have none): the render inputs' digest is made from it.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for (_, item) in items.sorted(by: { $0.key < $1.key }) { try container.encode(item) }
        for (_, category) in categories.sorted(by: { $0.key < $1.key }) { try container.encode(category) }
        for (id, picture) in pictures.sorted(by: { $0.key < $1.key }) {
            try container.encode(id)
            try container.encode(picture)
        }
    }
}

extension DataSet {
    /// The items book of this data set.
    package var itemBook: ItemBook {
        ItemBook(items: items, categories: Array(itemCategories.values))
    }
}
