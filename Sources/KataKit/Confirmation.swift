import Foundation

/// Asks the learner a yes-or-no question before something they might regret, when it can.
///
/// A question needs someone to answer it: only when standard input and output are both a
/// terminal is the learner asked. Otherwise (a script, CI, a pipe) ``isInteractive`` is false
/// and commands require an explicit `--yes` instead of guessing.
///
/// ```swift
/// let confirmation = Confirmation.standard
/// if confirmation.isInteractive, confirmation.ask("Reset kata 01?", console: console) { … }
/// ```
public struct Confirmation: Sendable {
    public var isInteractive: Bool
    /// One line of the answer, or nil at the end of input.
    public var readAnswer: @Sendable () -> String?

    public init(isInteractive: Bool, readAnswer: @escaping @Sendable () -> String?) {
        self.isInteractive = isInteractive
        self.readAnswer = readAnswer
    }

    public static var standard: Confirmation {
        Confirmation(isInteractive: isatty(0) == 1 && isatty(1) == 1, readAnswer: { readLine() })
    }

    /// Asks `question` with a `[y/N]` prompt; only "y" or "yes" is a yes.
    public func ask(_ question: String, console: Console) -> Bool {
        console.write(question + " [y/N] ")
        let answer = readAnswer()?.trimmingCharacters(in: .whitespaces).lowercased()
        if answer == nil { console.line() }
        return answer == "y" || answer == "yes"
    }
}
