import Foundation

/// `kata show N`: the kata's instructions, rendered for the terminal, paged on a terminal.
public struct ShowFrontend: Sendable {
    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    public func run(kata reference: String, usePager: Bool = true) throws -> Int32 {
        let kata = try context.catalog().kata(named: reference)
        Pager(context: context).show(render(kata), usePager: usePager)
        return ExitStatus.success
    }

    /// The instructions with a header of what the front matter says, as shown on screen.
    public func render(_ kata: Kata) -> String {
        let style = context.console.style
        let metadata = kata.metadata
        var header = [
            style.bold(kata.heading),
            style.dim(
                "\(metadata.minutes) min · \(metadata.difficulty.rawValue) · patterns: "
                    + "\(metadata.patterns.joined(separator: ", "))"
            ),
            style.dim("Folder: Katas/\(kata.folderName) · check it with `kata check \(kata.number)`"),
        ].joined(separator: "\n")
        header += "\n\n"
        // The header above already shows the title that the README's first line repeats.
        let document = MarkdownDocument(parsing: SiteGenerator.droppingTitle(kata.instructions, firstLine: 1).0)
        return header + TerminalMarkdownRenderer(style: style).render(document)
    }
}
