/// `kata verify [N...]`: proves each kata keeps the curriculum's rules (see ``KataVerifier``),
/// one line per kata, then a summary.
public struct VerifyFrontend: Sendable {
    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    public func run(katas references: [String], repetitions: Int = 1) throws -> Int32 {
        let catalog = try context.catalog()
        let katas = try references.isEmpty ? catalog.katas : references.map { try catalog.kata(named: $0) }
        guard !katas.isEmpty || !catalog.problems.isEmpty else {
            throw KataError(.invalidCatalog, "There are no katas to verify in \(catalog.repository.katasDirectory.path).")
        }
        var runner = context.runner
        runner.timeout = CheckFrontend.defaultTimeout
        let verifier = KataVerifier(repository: catalog.repository, runner: runner, swift: try runner.swiftExecutable())
        let console = context.console
        let style = console.style
        let width = katas.map(\.heading.count).max() ?? 0
        var broken: [KataVerifier.Result] = []
        for kata in katas {
            if console.isTerminal { console.write(style.dim("verifying \(kata.heading)…") + "\r") }
            let result = try verifier.verify(kata, repetitions: repetitions)
            let marks = result.rules.map { rule in
                rule.passed ? style.green("✔ ") + rule.name : style.red("✘ ") + style.bold(rule.name)
            }
            let padding = String(repeating: " ", count: width - kata.heading.count)
            console.line(kata.heading + padding + "  " + marks.joined(separator: "  "))
            for rule in result.rules where !rule.passed {
                console.line("    " + style.red(rule.name) + ": " + (rule.detail ?? "broken"))
            }
            if !result.passed { broken.append(result) }
        }
        // Folders that are not even readable katas are broken too, when all katas are verified.
        let unreadable = references.isEmpty ? catalog.problems : []
        for problem in unreadable {
            console.line("Katas/\(problem.folderName)  " + style.red("✘ ") + style.bold("readable"))
            console.line("    " + style.red("readable") + ": " + problem.error.description.replacingOccurrences(of: "\n", with: " "))
        }
        console.line()
        let total = katas.count + unreadable.count
        let brokenCount = broken.count + unreadable.count
        let summary = "\(total - brokenCount) of \(total) katas verified, \(brokenCount) broken."
        console.line(brokenCount == 0 ? style.green(summary) : style.red(summary))
        return brokenCount == 0 ? ExitStatus.success : ExitStatus.failure
    }
}
