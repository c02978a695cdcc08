/// A name as a tag writes it, split once at parse time: `.` (the current value), `a.b.c` (found by climbing
/// the context stack for `a`, then descending), `.a` (no climbing), with swift-mustache's transforms applied
/// innermost first: `{{#first(types)}}` is `types`, then `first`.
struct Name: Sendable, Equatable {
    /// As written between the delimiters (trimmed): what a closing tag must repeat.
    var text: String
    /// Empty for `.`, and for a transform of the enclosing list's iteration (`{{index()}}`).
    var parts: [String]
    /// Whether the first part is looked for down the whole context stack.
    var climbs: Bool
    var transforms: [Transform]
    /// `{{index()}}`, `{{#first()}}`: a transform of the list iteration being rendered, not of a value.
    var ofIteration: Bool
}

/// A compiled template: static text as bytes, names split, sections nested.
indirect enum Node: Sendable {
    case text([UInt8])
    case variable(Name, escaped: Bool)
    case section(Name, [Node])
    case inverted(Name, [Node])
    /// `{{> name}}`; `indentation` when the tag stands alone on its line (every line of the partial gets it).
    case partial(String, indentation: [UInt8]?)
    /// `{{>*name}}`: the partial named by a value of the context.
    case dynamicPartial(Name, indentation: [UInt8]?)
    /// `{{< name}}…{{/name}}`: a partial whose blocks the tag's block definitions override.
    case parent(String, blocks: [String: [Node]], indentation: [UInt8]?)
    case dynamicParent(Name, blocks: [String: [Node]], indentation: [UInt8]?)
    /// `{{$ name}}default{{/name}}`: where an override goes. `indentation`: what the override's lines get here,
    /// from the first one when `indentsFirstLine` (a block tag alone on its line), else after its first newline.
    case block(String, defaultContent: [Node], indentation: [UInt8]?, indentsFirstLine: Bool)
    /// swift-mustache's `{{% CONTENT_TYPE: TEXT }}`: from here on in this template, no HTML escaping.
    case contentType(escapes: Bool)
}

/// One template, parsed.
struct Template: Sendable {
    var name: String
    var nodes: [Node]
    /// The static partials and parents it names, with where (for the missing-partial error).
    var references: [(name: String, offset: Int)]
    /// Whether it names a partial or parent through the context (`{{>*x}}`): then any template may be reached.
    var hasDynamicReferences: Bool
}
