/// How many pages of each kind that shows one thing a build made (a Pokémon's pages are counted as its Pokémon):
/// the one count the render returns, the summary line says, the memo keeps and the report writes.
package struct PageCounts: Sendable, Equatable, Codable {
    /// The kinds counted: the index's pages, then a page per move, ability, type, place, regional Pokédex and item
    /// (their indexes aside).
    package enum Kind: String, CaseIterable, Sendable, Codable, CodingKeyRepresentable {
        case index, move, ability, type, place, dex, item

        /// What the summary line calls its pages: "index pages", "regional Pokédex pages".
        var label: String { self == .dex ? "regional Pokédex pages" : "\(rawValue) pages" }
    }

    private var counts: [Kind: Int]

    package init(_ counts: [Kind: Int] = [:]) {
        self.counts = counts
    }

    package subscript(kind: Kind) -> Int {
        get { counts[kind] ?? 0 }
        set { counts[kind] = newValue }
    }

    /// "53 index pages", "833 move pages"…, in the kinds' order.
    package var phrases: [String] { Kind.allCases.map { "\(self[$0]) \($0.label)" } }

    package init(from decoder: any Decoder) throws {
        counts = try decoder.singleValueContainer().decode([Kind: Int].self)
    }

    /// Every kind, 0 included, so that a report always says each.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(uniqueKeysWithValues: Kind.allCases.map { ($0, self[$0]) }))
    }
}
