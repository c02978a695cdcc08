/// A template that cannot be parsed or rendered: which one, where (1-based line and column of the tag's opening
/// delimiter; 0 when the error is not at a tag), and what.
package struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    package var template: String
    package var line: Int
    package var column: Int
    package var message: String

    package init(template: String, line: Int, column: Int, message: String) {
        self.template = template
        self.line = line
        self.column = column
        self.message = message
    }

    package var description: String {
        line > 0 ? "\(template):\(line):\(column): \(message)" : "\(template): \(message)"
    }
}

/// A position in a template's text, turned into line and column only when an error needs them.
struct SourceLocation: Sendable, Equatable {
    var offset: Int

    func lineAndColumn(in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1  // one per character, not per UTF-8 byte
            }
        }
        return (line, column)
    }
}
