import Foundation

/// `kata show N`: the kata's instructions, rendered for the terminal, paged on a terminal.
public struct ShowFrontend: Sendable {
    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    public func run(kata reference: String, usePager: Bool = true) throws -> Int32 {
        let kata = try context.catalog().kata(named: reference)
        let text = render(kata)
        if usePager, context.console.isTerminal, let pager = pagerCommand() {
            if (try? page(text, with: pager)) == true { return ExitStatus.success }
        }
        context.console.write(text)
        return ExitStatus.success
    }

    /// The instructions with a header of what the front matter says, as shown on screen.
    public func render(_ kata: Kata) -> String {
        let style = context.console.style
        let metadata = kata.metadata
        var header = [
            style.bold(kata.heading),
            style.dim("\(metadata.minutes) min · \(metadata.difficulty.rawValue) · patterns: \(metadata.patterns.joined(separator: ", "))"),
            style.dim("Folder: Katas/\(kata.folderName) · check it with `kata check \(kata.number)`"),
        ].joined(separator: "\n")
        header += "\n\n"
        // The header above already shows the title that the README's first line repeats.
        let document = MarkdownDocument(parsing: SiteGenerator.droppingTitle(kata.instructions, firstLine: 1).0)
        return header + TerminalMarkdownRenderer(style: style).render(document)
    }

    /// `$PAGER`, or `less -RFX` when less is installed: -R keeps colours, -F quits at once when
    /// the text fits on the screen, -X leaves it there afterwards.
    private func pagerCommand() -> String? {
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
