import Foundation

/// Who is asked before something destructive: `pokedex favorites clear` asks only when someone can answer.
package protocol ConfirmationPrompt {
    /// Whether there is a person to ask (standard input is a terminal).
    var isInteractive: Bool { get }
    /// Shows `question` and returns the line typed in answer; nil at the end of input.
    func ask(_ question: String) -> String?
}

extension ConfirmationPrompt {
    /// Asks `question` and tells whether the answer is yes (`y` or `yes`, any case). Anything else, and the end
    /// of input, is no.
    package func confirm(_ question: String) -> Bool {
        guard let answer = ask(question) else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    }
}

/// The real thing: asks on stderr (stdout holds only results) and reads a line from stdin.
package struct TerminalPrompt: ConfirmationPrompt {
    package init() {}

    package var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    package func ask(_ question: String) -> String? {
        FileHandle.standardError.write(Data(question.utf8))
        let answer = readLine(strippingNewline: true)
        // At end of input the cursor is still on the question's line.
        if answer == nil { FileHandle.standardError.write(Data("\n".utf8)) }
        return answer
    }
}

/// A prompt with canned answers, for tests and for callers that ask by other means.
final class ScriptedPrompt: ConfirmationPrompt {
    let isInteractive: Bool
    private var answers: [String?]
    /// The questions asked, in order.
    private(set) var questions: [String] = []

    init(isInteractive: Bool, answers: [String?] = []) {
        self.isInteractive = isInteractive
        self.answers = answers
    }

    func ask(_ question: String) -> String? {
        questions.append(question)
        return answers.isEmpty ? nil : answers.removeFirst()
    }
}
