import Foundation

/// `kata check [N]`: runs a kata's tests with `swift test` and explains the result.
///
/// ```swift
/// let status = try CheckFrontend(context: context).run(kata: "1")   // 0 passed, 1 failed
/// ```
public struct CheckFrontend: Sendable {
    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    /// Checks the kata named by `reference`, or the first one not passed yet when it is nil.
    /// `filter` narrows the run to matching tests (`swift test --filter`).
    public func run(kata reference: String?, filter: String? = nil, verbose: Bool = false) throws -> Int32 {
        let catalog = try context.catalog()
        let console = context.console
        let kata: Kata
        if let reference {
            kata = try catalog.kata(named: reference)
        } else {
            let progress = context.progress(in: catalog.repository)
            guard let next = catalog.katas.first(where: { progress.status(of: $0) != .passed }) else {
                console.line("Every kata has passed. Run `kata check N` to check one again.")
                return ExitStatus.success
            }
            kata = next
        }
        let swift = try context.runner.swiftExecutable()
        let repository = catalog.repository
        var arguments = ["test", "--package-path", kata.directory.path]
        if let filter { arguments += ["--filter", filter] }

        console.line(console.style.bold("Checking \(kata.heading)"))
        console.line(console.style.dim("$ swift " + arguments.map { repository.relativePath($0) }.joined(separator: " ")))
        if !verbose && console.isTerminal {
            console.line(console.style.dim("Building and running the tests (a kata's first build takes a minute)…"))
        }
        let echo: (@Sendable (String) -> Void)? = verbose ? { @Sendable text in console.write(text) } : nil
        let result = try context.runner.run(swift, arguments, in: repository.root, onOutput: echo)
        let report = TestOutputParser.parse(result.output, exitCode: result.exitCode, wasSignaled: result.wasSignaled)
        let explanation = CheckExplanation(kata: kata, report: report, repository: repository, filter: filter, style: console.style)
        console.line()
        console.write(explanation.text(rawOutput: result.output, next: catalog.katas.first { $0.number > kata.number }))

        if report.outcome == .noTestsRan, filter != nil {
            return ExitStatus.usage
        }
        let passed = report.outcome == .passed
        // A filtered run that passes proves only part of the kata, so it is not recorded as a pass.
        if !passed || filter == nil {
            do {
                try ProgressStore(file: repository.stateFile).record(passed ? .passed : .failing, for: kata)
            } catch let error as KataError {
                console.error(console.style.yellow("warning: ") + error.description)
            }
        }
        return passed ? ExitStatus.success : ExitStatus.failure
    }
}
