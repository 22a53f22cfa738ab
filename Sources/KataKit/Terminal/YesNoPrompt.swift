import Foundation

/// Asks the learner a yes-or-no question, where one can be asked: only when both standard input
/// and standard output are a terminal. Piped or in CI nobody is there to answer, so a command
/// must decide without asking (and say how to say yes up front, such as `--yes`).
///
/// ```swift
/// let prompt = YesNoPrompt.standardInput(console: console)
/// if prompt.canAsk, prompt.ask("Show it anyway? [y/N] ", on: console) { … }
/// ```
///
/// Tests hand in their answers: `YesNoPrompt(canAsk: true, readAnswer: { "y" })`.
public struct YesNoPrompt: Sendable {
    /// True when there is a learner at a terminal to answer.
    public let canAsk: Bool
    private let readAnswer: @Sendable () -> String?

    public init(canAsk: Bool, readAnswer: @escaping @Sendable () -> String?) {
        self.canAsk = canAsk
        self.readAnswer = readAnswer
    }

    /// Reads the answer from standard input; it can ask when standard input and `console` are terminals.
    public static func standardInput(console: Console) -> YesNoPrompt {
        YesNoPrompt(canAsk: console.isTerminal && isatty(STDIN_FILENO) == 1, readAnswer: { readLine() })
    }

    /// Writes `question` and reads one line: true only for `y` or `yes`, in any case. Anything
    /// else, an empty line, or the end of input (Ctrl-D) is no, so a stray Return shows nothing.
    public func ask(_ question: String, on console: Console) -> Bool {
        console.write(question)
        guard let answer = readAnswer() else {
            console.line()  // Ctrl-D leaves the cursor after the question.
            return false
        }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
