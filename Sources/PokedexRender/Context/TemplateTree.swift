import PokedexMustache

/// A context pages hold by the thousand (a Pokémon page's move rows, the cells of a move's learners, the Pokémon
/// and move pages' own contexts): the TemplateTrees plugin writes its `templateValue` at build time from its
/// stored properties, the same keys in the same order as its synthesized `encode(to:)` (a nil optional a null),
/// without the `Encoder`'s containers. Declaring it is all a new context needs; `ContextTreeTests` holds each tree
/// to its encoder's.
protocol TemplateTree: TemplateValueConvertible, TemplateField {}

extension TemplateTree {
    var templateField: TemplateValue { templateValue }
}

/// What a field of a `TemplateTree` is in the tree: the generated `templateValue`s ask each field for it, so a
/// field of a type with no tree of its own does not compile.
protocol TemplateField {
    var templateField: TemplateValue { get }
}

extension String: TemplateField {
    var templateField: TemplateValue { .string(self) }
}

extension Int: TemplateField {
    var templateField: TemplateValue { .int(self) }
}

extension Bool: TemplateField {
    var templateField: TemplateValue { .bool(self) }
}

extension Double: TemplateField {
    var templateField: TemplateValue { .double(self) }
}

extension Optional: TemplateField where Wrapped: TemplateField {
    var templateField: TemplateValue { self?.templateField ?? .null }
}

extension Array: TemplateField where Element: TemplateField {
    var templateField: TemplateValue { .list(map(\.templateField)) }
}
