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
        let document = MarkdownDocument(parsing: kata.instructions)
        return header + TerminalMarkdownRenderer(style: style).render(document)
    }

    private func pagerCommand() -> [String]? {
        let runner = context.runner
        if let pager = context.environment["PAGER"], !pager.trimmingCharacters(in: .whitespaces).isEmpty {
            let words = pager.split(separator: " ").map(String.init)
            if let executable = words.first.flatMap({ $0.hasPrefix("/") ? $0 : runner.executable(named: $0)?.path }) {
                return [executable] + words.dropFirst()
            }
        }
        // -R keeps colours, -F quits at once when the text fits, -X leaves it on screen.
        return runner.executable(named: "less").map { [$0.path, "-RFX"] }
    }

    private func page(_ text: String, with command: [String]) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let input = Pipe()
        process.standardInput = input
        try process.run()
        // A reader who quits the pager early closes the pipe; that is not an error.
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return true
    }
}
