/// One rendering: the context stack, the output bytes, and where partials and blocks stand.
struct Renderer {
    /// Deeper than this, a partial including itself is taken for an endless loop.
    static let maximumDepth = 256

    let library: TemplateLibrary
    var output: [UInt8]
    private var stack: [TemplateValue]
    /// Each stack value's `TemplateObject.keyLengths` (0 for anything but an object), beside it: a lookup skips
    /// a value without copying it out of the stack.
    private var stackKeyLengths: [UInt64]
    /// List iterations being rendered, innermost last: for `{{index()}}` and friends.
    private var iterations: [(index: Int, count: Int)] = []
    /// The block overrides in force (the outermost parent's win).
    private var overrides: [String: [Node]] = [:]
    /// What every line of the partial being rendered starts with, and whether the next byte starts a line.
    private var indentation: [UInt8] = []
    private var atLineStart = false
    private var escapes = true
    private var depth = 0

    init(library: TemplateLibrary, output: [UInt8], context: TemplateValue, globals: TemplateValue? = nil) {
        self.library = library
        self.output = output
        self.output.reserveCapacity(64 * 1024)
        stack = globals.map { [$0, context] } ?? [context]
        stack.reserveCapacity(16)
        stackKeyLengths = stack.map(Self.keyLengths)
        stackKeyLengths.reserveCapacity(16)
    }

    private static func keyLengths(_ value: TemplateValue) -> UInt64 {
        if case .object(let object) = value { return object.keyLengths }
        return 0
    }

    private mutating func push(_ value: TemplateValue) {
        stack.append(value)
        stackKeyLengths.append(Self.keyLengths(value))
    }

    private mutating func pop() {
        stack.removeLast()
        stackKeyLengths.removeLast()
    }

    mutating func render(_ nodes: [Node], template: String) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                writeText(text)
            case .variable(let name, let escaped):
                write(lookup(name), escaped: escaped && escapes)
            case .section(let name, let children):
                let value = lookup(name)
                guard let value, value.isTruthy else { continue }
                switch value {
                case .list(let items):
                    for (index, item) in items.enumerated() {
                        push(item)
                        iterations.append((index, items.count))
                        try render(children, template: template)
                        iterations.removeLast()
                        pop()
                    }
                case .bool:
                    try render(children, template: template)
                default:
                    push(value)
                    try render(children, template: template)
                    pop()
                }
            case .inverted(let name, let children):
                if !(lookup(name)?.isTruthy ?? false) { try render(children, template: template) }
            case .partial(let name, let indentation):
                try include(name, indentation: indentation, indentsFirstLine: true, blocks: nil, from: template)
            case .dynamicPartial(let name, let indentation):
                guard case .string(let partial) = lookup(name) else { continue }
                try include(partial, indentation: indentation, indentsFirstLine: true, blocks: nil, from: template)
            case .parent(let name, let blocks, let indentation):
                try include(name, indentation: indentation, indentsFirstLine: true, blocks: blocks, from: template)
            case .dynamicParent(let name, let blocks, let indentation):
                guard case .string(let parent) = lookup(name) else { continue }
                try include(parent, indentation: indentation, indentsFirstLine: true, blocks: blocks, from: template)
            case .block(let name, let defaultContent, let indentation, let indentsFirstLine):
                guard let override = overrides[name] else {
                    try render(defaultContent, template: template)
                    continue
                }
                let saved = self.indentation
                if let indentation {
                    self.indentation += indentation
                    if indentsFirstLine { atLineStart = true }
                }
                try render(override, template: template)
                self.indentation = saved
            case .contentType(let escapes):
                self.escapes = escapes
            }
        }
    }

    /// Renders the template `name` here: a partial (its own escaping state, the same stack), or a parent with
    /// `blocks` overriding its own where no outer parent already did. A missing one renders as nothing (the
    /// library refuses missing static names when strict).
    private mutating func include(
        _ name: String,
        indentation: [UInt8]?,
        indentsFirstLine: Bool,
        blocks: [String: [Node]]?,
        from caller: String
    ) throws(TemplateError) {
        guard let template = library.templates[name] else { return }
        guard depth < Self.maximumDepth else {
            throw TemplateError(
                template: caller,
                line: 0,
                column: 0,
                message: "partials nested more than \(Self.maximumDepth) deep (a partial including itself?)"
            )
        }
        let saved = (self.indentation, escapes, overrides)
        if let indentation {
            self.indentation += indentation
            if indentsFirstLine { atLineStart = true }
        }
        if let blocks {
            overrides.merge(blocks) { outer, _ in outer }
        }
        escapes = true
        depth += 1
        try render(template.nodes, template: name)
        depth -= 1
        (self.indentation, escapes, overrides) = saved
    }

    // MARK: Lookup

    private func lookup(_ name: Name) -> TemplateValue? {
        var value: TemplateValue
        if name.ofIteration {
            guard let iteration = iterations.last else { return nil }
            guard var result = name.transforms.first?.apply(index: iteration.index, count: iteration.count) else {
                return nil
            }
            for transform in name.transforms.dropFirst() {
                guard let next = transform.apply(to: result) else { return nil }
                result = next
            }
            return result
        }
        if name.parts.isEmpty {
            value = stack[stack.count - 1]
        } else {
            var parts = name.parts[...]
            if name.climbs {
                let first = parts.removeFirst()
                guard let found = find(first) else { return nil }
                value = found
            } else {
                value = stack[stack.count - 1]
            }
            for part in parts {
                guard case .object(let object) = value, let child = object[part] else { return nil }
                value = child
            }
        }
        for transform in name.transforms {
            guard let next = transform.apply(to: value) else { return nil }
            value = next
        }
        return value
    }

    /// `key` in the innermost object of the stack that has it.
    private func find(_ key: String) -> TemplateValue? {
        let bit = TemplateObject.lengthBit(key)
        var index = stack.count - 1
        while index >= 0 {
            if stackKeyLengths[index] & bit != 0, case .object(let object) = stack[index], let value = object[key] {
                return value
            }
            index -= 1
        }
        return nil
    }

    // MARK: Output

    /// Static text: after each of its newlines, the next byte starts a line (and gets the indentation).
    private mutating func writeText(_ text: [UInt8]) {
        if indentation.isEmpty {
            output.append(contentsOf: text)
            if let last = text.last { atLineStart = last == 0x0A }
            return
        }
        var start = 0
        while start < text.count {
            if atLineStart {
                output.append(contentsOf: indentation)
                atLineStart = false
            }
            var end = start
            while end < text.count, text[end] != 0x0A { end += 1 }
            if end < text.count {
                output.append(contentsOf: text[start...end])
                atLineStart = true
                start = end + 1
            } else {
                output.append(contentsOf: text[start..<end])
                start = end
            }
        }
    }

    /// A value: strings escaped for HTML unless told otherwise, numbers in decimal, booleans as words; lists,
    /// objects and null as nothing. Newlines in values never get indentation: only the template's lines do.
    private mutating func write(_ value: TemplateValue?, escaped: Bool) {
        guard let value else { return }
        switch value {
        case .string(var text):
            guard !text.isEmpty else { return }
            startLine()
            text.withUTF8 { bytes in
                if escaped { Self.appendEscaped(bytes, to: &output) } else { output.append(contentsOf: bytes) }
            }
        case .int(let number):
            startLine()
            output.append(contentsOf: String(number).utf8)
        case .double(let number):
            startLine()
            output.append(contentsOf: "\(number)".utf8)
        case .bool(let flag):
            startLine()
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null, .list, .object:
            return
        }
    }

    private mutating func startLine() {
        if atLineStart {
            output.append(contentsOf: indentation)
            atLineStart = false
        }
    }

    /// HTML escaping byte by byte: runs of safe bytes copied at once; `<`, `>`, `&`, `"` and `'` replaced.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in 0..<bytes.count {
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default: continue
            }
            if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            output.append(
                contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount)
            )
            runStart = index + 1
        }
        if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }
}
