import Foundation

/// `kata check [N]`: runs a kata's tests with `swift test` and explains the result.
///
/// ```swift
/// let status = try CheckFrontend(context: context).run(kata: "1")   // 0 passed, 1 failed
/// ```
public struct CheckFrontend: Sendable {
    /// Long enough for the slowest first build (kata 09 compiles OpenCombine, a sanitizer
    /// rebuilds everything) on a 2-core laptop, short enough that a deadlock does not eat a session.
    public static let defaultTimeout: Duration = .seconds(600)

    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    /// Checks the kata named by `reference`, or the first one not passed yet when it is nil.
    /// `options` can narrow the run (`--filter`), add a sanitizer, or repeat it to catch flakiness.
    /// `timeout` bounds each `swift test` run, build included; a hang is stopped and explained.
    public func run(kata reference: String?, options: TestRunOptions = TestRunOptions(), timeout: Duration? = CheckFrontend.defaultTimeout, verbose: Bool = false) throws -> Int32 {
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
        let repository = catalog.repository
        var runner = context.runner
        runner.timeout = timeout
        let session = SwiftTestSession(runner: runner, swift: try runner.swiftExecutable(), workingDirectory: repository.root)

        console.line(console.style.bold("Checking \(kata.heading)"))
        let command = session.arguments(package: kata.directory, options: options).map { repository.relativePath($0) }
        let repeated = options.repetitions > 1 ? "  (up to \(options.repetitions) times, stopping at the first failure)" : ""
        console.line(console.style.dim("$ swift " + command.joined(separator: " ") + repeated))
        if !verbose && console.isTerminal {
            let sanitizerNote = options.sanitizer.map { " with the \($0.rawValue) sanitizer, which builds everything anew the first time" } ?? ""
            console.line(console.style.dim("Building and running the tests\(sanitizerNote) (a kata's first build takes a minute)…"))
        }
        let echo: (@Sendable (String) -> Void)? = verbose ? { @Sendable text in console.write(text) } : nil
        let progressLine: ((Int, TestRunReport) -> Void)? = options.repetitions > 1 && console.isTerminal && !verbose
            ? { run, _ in console.write("\r" + console.style.dim("run \(run) of \(options.repetitions)…")) }
            : nil
        let result = try session.run(package: kata.directory, options: options, onOutput: echo, onRunFinished: progressLine)
        if progressLine != nil { console.write("\r\u{1B}[K") }
        let report = result.report
        var explanation = CheckExplanation(
            kata: kata, report: report, repository: repository, filter: options.filter, style: console.style,
            runs: result.runs, repetitions: options.repetitions
        )
        explanation.timeout = timeout
        console.line()
        console.write(explanation.text(rawOutput: result.output, next: catalog.katas.first { $0.number > kata.number }))

        if report.outcome == .noTestsRan, options.filter != nil {
            return ExitStatus.usage
        }
        let passed = report.outcome == .passed
        // A filtered run that passes proves only part of the kata, so it is not recorded as a pass.
        if !passed || options.filter == nil {
            do {
                try ProgressStore(file: repository.stateFile).record(passed ? .passed : .failing, for: kata)
            } catch let error as KataError {
                console.error(console.style.yellow("warning: ") + error.description)
            }
        }
        return passed ? ExitStatus.success : ExitStatus.failure
    }
}
