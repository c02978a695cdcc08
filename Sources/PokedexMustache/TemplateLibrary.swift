/// Every template of a theme, parsed once; each renders into bytes with any other as a partial or parent.
///
/// The contract is the Mustache specification (interpolation, sections, inverted sections, comments, partials,
/// set delimiters, and the optional inheritance and dynamic names), plus swift-mustache's transforms
/// (`{{#first(types)}}`) and `{{% CONTENT_TYPE: TEXT }}`. Lambdas do not apply: contexts are data only.
/// Falsy values are `false`, null (or absent) and the empty list; the empty string and 0 are truthy, as in
/// swift-mustache. Interpolated lists and objects render nothing.
package struct TemplateLibrary: Sendable {
    let templates: [String: Template]

    /// Parses every template. With `strictPartials`, a static `{{> name}}` or `{{< name}}` naming no template
    /// is an error at its tag; without, it renders as nothing, as the specification has it.
    package init(templates texts: [String: String], strictPartials: Bool = true) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            var parser = Parser(name: name, text: text)
            templates[name] = try parser.parse()
        }
        if strictPartials {
            for (name, template) in templates.sorted(by: { $0.key < $1.key }) {
                for reference in template.references where templates[reference.name] == nil {
                    let text = texts[name] ?? ""
                    let (line, column) = SourceLocation(offset: reference.offset).lineAndColumn(in: Array(text.utf8))
                    throw TemplateError(
                        template: name,
                        line: line,
                        column: column,
                        message: "partial `\(reference.name)` does not exist"
                    )
                }
            }
        }
        self.templates = templates
    }

    package func has(_ name: String) -> Bool {
        templates[name] != nil
    }

    package var names: [String] { templates.keys.sorted() }

    /// The templates `name` can reach through static partials and parents, itself included; nil when a dynamic
    /// name (`{{>*x}}`) could reach any of them.
    package func partials(reachableFrom name: String) -> Set<String>? {
        var reached: Set<String> = [name]
        var pending = [name]
        while let next = pending.popLast() {
            guard let template = templates[next] else { continue }
            if template.hasDynamicReferences { return nil }
            for reference in template.references where reached.insert(reference.name).inserted {
                pending.append(reference.name)
            }
        }
        return reached
    }

    /// `globals`: a context below `context` on the stack, read where `context` lacks a name (values every
    /// rendering shares, made once rather than copied into each context).
    package func render(
        _ name: String,
        _ context: TemplateValue,
        globals: TemplateValue? = nil
    ) throws(TemplateError) -> [UInt8] {
        var output: [UInt8] = []
        try render(name, context, globals: globals, into: &output)
        return output
    }

    /// Appends the rendering of `name` to `output`.
    package func render(
        _ name: String,
        _ context: TemplateValue,
        globals: TemplateValue? = nil,
        into output: inout [UInt8]
    ) throws(TemplateError) {
        guard let template = templates[name] else {
            throw TemplateError(template: name, line: 0, column: 0, message: "no template named `\(name)`")
        }
        var renderer = Renderer(library: self, output: output, context: context, globals: globals)
        output = []  // the renderer holds the one buffer while it grows
        try renderer.render(template.nodes, template: name)
        output = renderer.output
    }
}
