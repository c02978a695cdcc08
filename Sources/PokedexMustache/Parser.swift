/// Parses one template's text into nodes, once: tags found by their delimiters, standalone lines (a section,
/// comment, partial or delimiter tag alone on its line) removed as the Mustache specification requires.
struct Parser {
    private static let defaultOpen: [UInt8] = Array("{{".utf8)
    private static let defaultClose: [UInt8] = Array("}}".utf8)

    let name: String
    let bytes: [UInt8]
    private var open = Parser.defaultOpen
    private var close = Parser.defaultClose
    private var position = 0
    /// Since the last newline of text, only whitespace and tags: what a parent's or a block definition's tags
    /// need to stand alone (the tags around them on the line do not count).
    private var lineHoldsOnlyTags = true
    private var frames: [Frame] = [Frame(kind: .root, offset: 0)]
    private var references: [(name: String, offset: Int)] = []
    private var hasDynamicReferences = false

    /// An open section, parent or block, collecting what comes before its closing tag.
    private struct Frame {
        enum Kind {
            case root
            case section(Name)
            case inverted(Name)
            /// `prefix`: the whitespace before the tag when it was first on its line (nil otherwise);
            /// `standalone`: alone on its line.
            case parent(String?, Name?, rawName: String, prefix: [UInt8]?, standalone: Bool)
            case blockDefinition(String)
            case block(String, prefix: [UInt8]?, standalone: Bool)
        }

        var kind: Kind
        var offset: Int
        var nodes: [Node] = []
        /// A parent's block definitions.
        var blocks: [String: [Node]] = [:]

        var rawName: String? {
            switch kind {
            case .root: nil
            case .section(let name), .inverted(let name): name.text
            case .parent(_, _, let rawName, _, _): rawName
            case .blockDefinition(let name), .block(let name, _, _): name
            }
        }

        var isParent: Bool {
            if case .parent = kind { true } else { false }
        }
    }

    init(name: String, text: String) {
        self.name = name
        self.bytes = Array(text.utf8)
    }

    mutating func parse() throws(TemplateError) -> Template {
        while position < bytes.count {
            guard let tagStart = find(open, from: position) else {
                appendText(position..<bytes.count)
                position = bytes.count
                break
            }
            try parseTag(at: tagStart)
        }
        if frames.count > 1, let frame = frames.last {
            throw error("unclosed section `\(frame.rawName ?? "")`", at: frame.offset)
        }
        return Template(
            name: name,
            nodes: frames[0].nodes,
            references: references,
            hasDynamicReferences: hasDynamicReferences
        )
    }

    // MARK: Tags

    /// A tag as read: its sigil ("#", "/", ">"… or nil for a variable), the name or text after it, where it ends.
    private struct Tag {
        var sigil: UInt8?
        var body: ArraySlice<UInt8>
        var end: Int
    }

    /// Where the line around a tag starts and ends, for tags that stand alone on their line.
    private struct TagLine {
        var start: Int
        /// Past the line's newline when the tag ends the line.
        var end: Int
        var endsLine: Bool
        var prefixIsWhitespace: Bool
        var onlyTagsBefore: Bool
    }

    private mutating func parseTag(at tagStart: Int) throws(TemplateError) {
        let tag = try readTag(at: tagStart)
        let line = line(around: tagStart, tagEnd: tag.end)
        let insideParent = frames.last?.isParent == true
        let standalone = isStandalone(tag.sigil, line: line, insideParent: insideParent)
        let prefix: [UInt8]? = line.prefixIsWhitespace ? Array(bytes[line.start..<tagStart]) : nil

        // The text before the tag, without the tag's line when it stands alone.
        if standalone {
            if position < line.start { appendText(position..<line.start) }
            position = line.end
            lineHoldsOnlyTags = true
        } else {
            appendText(position..<tagStart)
            position = tag.end
            lineHoldsOnlyTags = line.onlyTagsBefore
        }
        try apply(tag, at: tagStart, standalone: standalone, prefix: prefix, insideParent: insideParent)
    }

    private func readTag(at tagStart: Int) throws(TemplateError) -> Tag {
        var contentStart = tagStart + open.count
        var closing = close
        if open == Self.defaultOpen, contentStart < bytes.count, bytes[contentStart] == UInt8(ascii: "{") {
            contentStart += 1  // {{{name}}}
            closing = [UInt8(ascii: "}")] + close
        }
        guard let closeStart = find(closing, from: contentStart) else { throw error("unclosed tag", at: tagStart) }
        let content = Self.trimmed(bytes[contentStart..<closeStart])
        let isTriple = closing.count > close.count
        let sigil: UInt8? =
            isTriple ? UInt8(ascii: "&") : content.first.flatMap { "#^/>!=&<$%".utf8.contains($0) ? $0 : nil }
        let body = isTriple ? content : (sigil == nil ? content : Self.trimmed(content.dropFirst()))
        return Tag(sigil: sigil, body: body, end: closeStart + closing.count)
    }

    /// What the line around the tag holds.
    private func line(around tagStart: Int, tagEnd: Int) -> TagLine {
        let onlyTagsBefore = Self.onlyWhitespaceAfterLastNewline(
            bytes[position..<tagStart],
            otherwise: lineHoldsOnlyTags
        )
        var lineStart = tagStart
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        let prefixIsWhitespace = lineStart >= position && bytes[lineStart..<tagStart].allSatisfy(Self.isSpace)
        var lineEnd = tagEnd
        while lineEnd < bytes.count, Self.isSpace(bytes[lineEnd]) { lineEnd += 1 }
        let endsLine: Bool
        if lineEnd == bytes.count {
            endsLine = true
        } else if bytes[lineEnd] == 0x0A {
            endsLine = true
            lineEnd += 1
        } else if bytes[lineEnd] == 0x0D, lineEnd + 1 < bytes.count, bytes[lineEnd + 1] == 0x0A {
            endsLine = true
            lineEnd += 2
        } else {
            endsLine = false
        }
        return TagLine(
            start: lineStart,
            end: lineEnd,
            endsLine: endsLine,
            prefixIsWhitespace: prefixIsWhitespace,
            onlyTagsBefore: onlyTagsBefore
        )
    }

    private func isStandalone(_ sigil: UInt8?, line: TagLine, insideParent: Bool) -> Bool {
        switch sigil {
        case nil, UInt8(ascii: "&"):
            false
        case UInt8(ascii: "$") where insideParent:
            line.onlyTagsBefore && line.endsLine  // a block definition: the parent's tags around it do not count
        case UInt8(ascii: "/") where insideParent:
            line.onlyTagsBefore && line.endsLine
        default:
            line.prefixIsWhitespace && line.endsLine
        }
    }

    private mutating func apply(
        _ tag: Tag,
        at tagStart: Int,
        standalone: Bool,
        prefix: [UInt8]?,
        insideParent: Bool
    ) throws(TemplateError) {
        let body = tag.body
        switch tag.sigil {
        case UInt8(ascii: "!"):
            break
        case UInt8(ascii: "="):
            try setDelimiters(body, at: tagStart)
        case UInt8(ascii: "%"):
            pragma(body)
        case UInt8(ascii: "#"):
            frames.append(Frame(kind: .section(try parseName(body, at: tagStart)), offset: tagStart))
        case UInt8(ascii: "^"):
            frames.append(Frame(kind: .inverted(try parseName(body, at: tagStart)), offset: tagStart))
        case UInt8(ascii: "/"):
            try closeFrame(String(decoding: body, as: UTF8.self), at: tagStart, standalone: standalone)
        case UInt8(ascii: ">"):
            try appendPartial(body, at: tagStart, indentation: standalone ? prefix ?? [] : nil)
        case UInt8(ascii: "<"):
            try openParent(body, at: tagStart, prefix: prefix, standalone: standalone)
        case UInt8(ascii: "$"):
            let block = String(decoding: body, as: UTF8.self)
            if insideParent {
                frames.append(Frame(kind: .blockDefinition(block), offset: tagStart))
            } else {
                frames.append(Frame(kind: .block(block, prefix: prefix, standalone: standalone), offset: tagStart))
            }
        default:
            guard !insideParent else {
                throw error("only block tags ({{$name}}) may stand inside a parent tag ({{<name}})", at: tagStart)
            }
            append(.variable(try parseName(body, at: tagStart), escaped: tag.sigil == nil))
        }
    }

    private mutating func appendPartial(
        _ body: ArraySlice<UInt8>,
        at tagStart: Int,
        indentation: [UInt8]?
    ) throws(TemplateError) {
        if body.first == UInt8(ascii: "*") {
            hasDynamicReferences = true
            append(
                .dynamicPartial(try parseName(Self.trimmed(body.dropFirst()), at: tagStart), indentation: indentation)
            )
        } else {
            let partial = String(decoding: body, as: UTF8.self)
            references.append((partial, tagStart))
            append(.partial(partial, indentation: indentation))
        }
    }

    private mutating func openParent(
        _ body: ArraySlice<UInt8>,
        at tagStart: Int,
        prefix: [UInt8]?,
        standalone: Bool
    ) throws(TemplateError) {
        let raw = String(decoding: body, as: UTF8.self)
        let kind: Frame.Kind
        if body.first == UInt8(ascii: "*") {
            hasDynamicReferences = true
            let dynamic = try parseName(Self.trimmed(body.dropFirst()), at: tagStart)
            kind = .parent(nil, dynamic, rawName: raw, prefix: prefix, standalone: standalone)
        } else {
            references.append((raw, tagStart))
            kind = .parent(raw, nil, rawName: raw, prefix: prefix, standalone: standalone)
        }
        frames.append(Frame(kind: kind, offset: tagStart))
    }

    private mutating func closeFrame(_ name: String, at offset: Int, standalone: Bool) throws(TemplateError) {
        guard frames.count > 1, let frame = frames.popLast() else {
            throw error("`/\(name)` closes no section", at: offset)
        }
        guard frame.rawName == name else {
            throw error("section `\(frame.rawName ?? "")` closed by `/\(name)`", at: offset)
        }
        switch frame.kind {
        case .root:
            break
        case .section(let sectionName):
            append(.section(sectionName, frame.nodes))
        case .inverted(let sectionName):
            append(.inverted(sectionName, frame.nodes))
        case .parent(let staticName, let dynamicName, _, let prefix, let openStandalone):
            // Open and close on one line, alone on it: the pair stands alone (its indentation was kept as text).
            var indentation: [UInt8]? = openStandalone ? prefix ?? [] : nil
            if !openStandalone, standalone, let prefix {
                if !prefix.isEmpty { dropTrailing(prefix.count) }
                indentation = prefix
            }
            if let staticName {
                append(.parent(staticName, blocks: frame.blocks, indentation: indentation))
            } else if let dynamicName {
                append(.dynamicParent(dynamicName, blocks: frame.blocks, indentation: indentation))
            }
        case .blockDefinition(let block):
            guard let index = frames.indices.last, frames[index].isParent else { break }
            frames[index].blocks[block] = Self.withoutIndentation(frame.nodes)
        case .block(let block, let prefix, let openStandalone):
            if openStandalone {
                // The override takes the default content's indentation, or the tag's when there is none.
                append(
                    .block(
                        block,
                        defaultContent: frame.nodes,
                        indentation: Self.leadingIndentation(frame.nodes) ?? prefix ?? [],
                        indentsFirstLine: true
                    )
                )
            } else {
                // The tag's indentation stays as text; the override's later lines get it too.
                append(.block(block, defaultContent: frame.nodes, indentation: prefix, indentsFirstLine: false))
            }
        }
    }

    private mutating func setDelimiters(_ body: ArraySlice<UInt8>, at offset: Int) throws(TemplateError) {
        guard body.last == UInt8(ascii: "=") else { throw error("bad set-delimiter tag", at: offset) }
        let parts = body.dropLast().split(whereSeparator: Self.isSpace)
        guard parts.count == 2, !parts[0].contains(UInt8(ascii: "=")), !parts[1].contains(UInt8(ascii: "=")) else {
            throw error("bad set-delimiter tag: two delimiters expected, as in {{=<% %>=}}", at: offset)
        }
        open = Array(parts[0])
        close = Array(parts[1])
    }

    private mutating func pragma(_ body: ArraySlice<UInt8>) {
        let text = String(decoding: body, as: UTF8.self).replacingAll(" ", with: "")
        switch text {
        case "CONTENT_TYPE:TEXT": append(.contentType(escapes: false))
        case "CONTENT_TYPE:HTML": append(.contentType(escapes: true))
        default: break  // other pragmas mean nothing here
        }
    }

    // MARK: Names

    private func parseName(_ body: ArraySlice<UInt8>, at offset: Int) throws(TemplateError) -> Name {
        let text = String(decoding: body, as: UTF8.self)
        guard !text.isEmpty, !text.contains(where: { $0.isWhitespace }) else {
            throw error(text.isEmpty ? "empty tag" : "`\(text)` is not a name", at: offset)
        }
        // Transforms: `a(b(name))` applies `b`, then `a`.
        var transforms: [Transform] = []
        var inner = Substring(text)
        while let openParen = inner.firstIndex(of: "(") {
            guard inner.last == ")" else { throw error("`\(text)`: a transform's argument ends with `)`", at: offset) }
            let function = String(inner[..<openParen])
            guard let transform = Transform(rawValue: function) else {
                throw error("`\(text)`: no transform named `\(function)`", at: offset)
            }
            transforms.insert(transform, at: 0)
            inner = inner[inner.index(after: openParen)..<inner.index(before: inner.endIndex)]
        }
        if inner.isEmpty && !transforms.isEmpty {
            return Name(text: text, parts: [], climbs: false, transforms: transforms, ofIteration: true)
        }
        if inner == "." {
            return Name(text: text, parts: [], climbs: false, transforms: transforms, ofIteration: false)
        }
        let climbs = !inner.hasPrefix(".")
        let parts = inner.split(separator: ".", omittingEmptySubsequences: false).dropFirst(climbs ? 0 : 1).map(
            String.init
        )
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else {
            throw error("`\(text)` is not a name", at: offset)
        }
        return Name(text: text, parts: parts, climbs: climbs, transforms: transforms, ofIteration: false)
    }

    // MARK: Text

    private mutating func appendText(_ range: Range<Int>) {
        guard !range.isEmpty, frames.last?.isParent != true else { return }  // text inside a parent is ignored
        if case .text(let previous) = frames[frames.count - 1].nodes.last {
            frames[frames.count - 1].nodes[frames[frames.count - 1].nodes.count - 1] = .text(previous + bytes[range])
        } else {
            append(.text(Array(bytes[range])))
        }
    }

    private mutating func append(_ node: Node) {
        frames[frames.count - 1].nodes.append(node)
    }

    /// Removes the last `count` bytes of text of the innermost frame (a parent's indentation, once the parent
    /// turns out to stand alone).
    private mutating func dropTrailing(_ count: Int) {
        let index = frames.count - 1
        guard case .text(let text) = frames[index].nodes.last else { return }
        let kept = Array(text.dropLast(count))
        frames[index].nodes.removeLast()
        if !kept.isEmpty { frames[index].nodes.append(.text(kept)) }
    }

    /// The whitespace that starts `nodes`, when they start with text; nil when they are empty.
    private static func leadingIndentation(_ nodes: [Node]) -> [UInt8]? {
        guard let first = nodes.first else { return nil }
        guard case .text(let text) = first else { return [] }
        return Array(text.prefix(while: isSpace))
    }

    /// A block definition's content without the indentation of its first line, on every line: the block tag
    /// where it is expanded decides the indentation.
    private static func withoutIndentation(_ nodes: [Node]) -> [Node] {
        guard let indentation = leadingIndentation(nodes), !indentation.isEmpty else { return nodes }
        var atLineStart = true
        return strip(nodes, indentation.count, &atLineStart)
    }

    private static func strip(_ nodes: [Node], _ width: Int, _ atLineStart: inout Bool) -> [Node] {
        nodes.map { node in
            switch node {
            case .text(let text):
                var result: [UInt8] = []
                result.reserveCapacity(text.count)
                var index = 0
                while index < text.count {
                    if atLineStart {
                        var dropped = 0
                        while dropped < width, index < text.count, isSpace(text[index]) {
                            index += 1
                            dropped += 1
                        }
                        atLineStart = false
                        continue
                    }
                    result.append(text[index])
                    if text[index] == 0x0A { atLineStart = true }
                    index += 1
                }
                return .text(result)
            case .section(let name, let children):
                return .section(name, strip(children, width, &atLineStart))
            case .inverted(let name, let children):
                return .inverted(name, strip(children, width, &atLineStart))
            case .block(let name, let content, let indentation, let first):
                let stripped = strip(content, width, &atLineStart)
                return .block(
                    name,
                    defaultContent: stripped,
                    indentation: indentation.map { Array($0.dropFirst(min(width, $0.count))) },
                    indentsFirstLine: first
                )
            case .variable:
                atLineStart = false
                return node
            case .partial(_, let indentation), .dynamicPartial(_, let indentation):
                if indentation == nil { atLineStart = false }
                return node
            default:
                return node
            }
        }
    }

    // MARK: Bytes

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func trimmed(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var result = slice.drop(while: blank)
        while let last = result.last, blank(last) { result = result.dropLast() }
        return result
    }

    /// Whether `text` has only spaces and tabs after its last newline; `otherwise` when it has no newline and
    /// only spaces and tabs (else false).
    private static func onlyWhitespaceAfterLastNewline(_ text: ArraySlice<UInt8>, otherwise: Bool) -> Bool {
        if let newline = text.lastIndex(of: 0x0A) {
            return text[(newline + 1)...].allSatisfy(isSpace)
        }
        return otherwise && text.allSatisfy(isSpace)
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start <= bytes.count - needle.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = true
                for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    private func error(_ message: String, at offset: Int) -> TemplateError {
        let (line, column) = SourceLocation(offset: offset).lineAndColumn(in: bytes)
        return TemplateError(template: name, line: line, column: column, message: message)
    }
}

extension String {
    /// Without Foundation.
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
