import Testing
import PokedexMustache
@testable import PokedexRender

/// The contexts that make their own tree make the one their `encode(to:)` writes: same keys, same order, same
/// values, an absent optional an absent key; and a field added to one of them fails here until its tree has it.
struct ContextTreeTests {
    static let type = TypeContext(name: "electric", label: "Électrik", href: "../types/electric.html", isLinked: true)
    static let image = ImageContext(src: "../images/25.png", width: 475, height: 475, alt: "Pikachu",
                                    fallback: "../assets/placeholder.svg", thumbnail: "../images/25-96.webp",
                                    srcset: "../images/25-96.webp 96w, ../images/25.png 475w", isLocal: true,
                                    isRemote: false, isPlaceholder: false, lazy: true)
    static let row = MoveRowContext(id: 85, slug: "thunderbolt", href: "../moves/thunderbolt.html", name: "Tonnerre",
                                    type: type, category: CategoryContext(name: "special", label: "Spéciale", categoryLang: "en"),
                                    power: "90", accuracy: "100", pp: "15", hasDetail: true, detail: "Évo.",
                                    detailTitle: "À l’évolution", detailSort: 0, generation: "I", generationNumber: 1,
                                    moveNameLang: "en")
    static let cell = CellContext(id: 25, number: "#025", name: "Pikachu", slug: "pikachu", href: "pikachu.html",
                                  image: image, types: [type, TypeContext(name: "steel", label: "Acier")],
                                  isFavorite: true, nameLang: "en")
    static let learner = LearnerCellContext(href: "../pokemon/raichu.html", name: "Raichu", src: "../images/26-96.webp",
                                            width: 96, height: 96, note: "Lv. 36")
    static let link = LinkContext(href: "../abilities/static.html", label: "Statik")
    static let localizedName = LocalizedNameContext(language: "ja", label: "Japanese", lang: "ja", name: "ピカチュウ",
                                                    spellings: [SpellingContext(name: "ピカチュウ", lang: "ja-Hrkt"),
                                                                SpellingContext(name: "Pikachu", lang: "ja-Latn")])

    static let learnGroup = LearnGroupContext(key: "level-up", method: 1, label: "Par niveau", count: 2,
                                              detailHeading: "N.", sortedByDetail: true, moves: [row, row])
    static let learnerGroup = LearnerGroupContext(key: "machine", method: 4, label: "CT", machine: "CT126", count: 1,
                                                  cells: [learner])

    static func expectSameTree<T: TemplateValueConvertible>(_ value: T) throws {
        #expect(value.templateValue == (try TemplateValueEncoder.throughEncoder(value)), "\(T.self)")
    }

    /// Every stored property of a value whose optionals are all set is a key of its tree: a new field shows here.
    static func expectEveryField<T: TemplateValueConvertible>(_ value: T) {
        guard case .object(let object) = value.templateValue else {
            Issue.record("\(T.self) makes no object")
            return
        }
        let fields = Mirror(reflecting: value).children.compactMap(\.label)
        #expect(object.keys == fields, "\(T.self)")
    }

    @Test func eachMakesTheTreeItsEncoderWrites() throws {
        try Self.expectSameTree(Self.type)
        try Self.expectSameTree(Self.image)
        try Self.expectSameTree(Self.row)
        try Self.expectSameTree(Self.row.category)
        try Self.expectSameTree(Self.cell)
        try Self.expectSameTree(Self.learner)
        try Self.expectSameTree(Self.link)
        try Self.expectSameTree(Self.localizedName)
        try Self.expectSameTree(Self.learnGroup)
        try Self.expectSameTree(Self.learnerGroup)
        Self.expectEveryField(Self.learnGroup)
        Self.expectEveryField(Self.learnerGroup)
        Self.expectEveryField(Self.learner)
        Self.expectEveryField(Self.link)
        Self.expectEveryField(Self.localizedName)
        Self.expectEveryField(Self.localizedName.spellings[0])
        Self.expectEveryField(Self.type)
        Self.expectEveryField(Self.image)
        Self.expectEveryField(Self.row)
        Self.expectEveryField(Self.row.category)
        Self.expectEveryField(Self.cell)
    }

    @Test func anAbsentOptionalIsAnAbsentKeyAsTheEncoderLeavesIt() throws {
        var row = Self.row
        (row.detailTitle, row.generationNumber, row.moveNameLang) = (nil, nil, nil)
        row.category.categoryLang = nil
        try Self.expectSameTree(row)
        guard case .object(let object) = row.templateValue else { Issue.record("no object"); return }
        #expect(object["detailTitle"] == nil && object["generationNumber"] == nil && object["moveNameLang"] == nil)
        var cell = Self.cell
        (cell.nameLang, cell.image.srcset) = (nil, nil)
        try Self.expectSameTree(cell)
        var learner = Self.learner
        learner.note = nil
        try Self.expectSameTree(learner)
        var learnGroup = Self.learnGroup
        learnGroup.detailHeading = nil
        try Self.expectSameTree(learnGroup)
        var learnerGroup = Self.learnerGroup
        learnerGroup.machine = nil
        try Self.expectSameTree(learnerGroup)
    }

    /// The encoder takes a context's own tree wherever the context sits: in a list, under a key.
    @Test func theEncoderUsesTheTreeTheContextMakes() throws {
        struct Group: Encodable {
            var label: String
            var moves: [MoveRowContext]
        }
        let encoded = try TemplateValueEncoder().encode(Group(label: "Level up", moves: [Self.row, Self.row]))
        guard case .object(let object) = encoded, case .list(let rows)? = object["moves"] else {
            Issue.record("no rows")
            return
        }
        #expect(rows == [Self.row.templateValue, Self.row.templateValue])
    }
}
