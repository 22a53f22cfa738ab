import Foundation

/// Shows long text the way `git log` does: through the learner's pager on a terminal, printed
/// straight when piped, when asked not to page, or when no pager is available.
///
/// ```swift
/// Pager(context: context).show(text, usePager: !noPager)
/// ```
public struct Pager: Sendable {
    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    public func show(_ text: String, usePager: Bool = true) {
        if usePager, context.console.isTerminal, let pager = command() {
            if (try? page(text, with: pager)) == true { return }
        }
        context.console.write(text)
    }

    /// `$PAGER`, or `less -RFX` when less is installed: -R keeps colours, -F quits at once when
    /// the text fits on the screen, -X leaves it there afterwards.
    func command() -> String? {
        if let pager = context.environment["PAGER"], !pager.trimmingCharacters(in: .whitespaces).isEmpty {
            return pager == "cat" ? nil : pager
        }
        return context.runner.executable(named: "less").map { "'\($0.path)' -RFX" }
    }

    /// The pager runs through the shell, as git runs it, and in this process group: a pager
    /// started with Foundation's `Process` gets a session of its own on Linux, loses the
    /// terminal and stops.
    private func page(_ text: String, with command: String) throws -> Bool {
        guard let pipe = popen(command, "w") else { return false }
        // A reader who quits early closes the pipe; SIGPIPE is ignored, so fputs just fails.
        fputs(text, pipe)
        return pclose(pipe) != -1
    }
}
