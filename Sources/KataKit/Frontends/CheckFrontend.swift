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

    /// How `kata check` reports: for people, or as one JSON object (``CheckReport``) for tools.
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    /// Checks the kata named by `reference`, or the first one not passed yet when it is nil.
    /// `options` can narrow the run (`--filter`), add a sanitizer, or repeat it to catch flakiness.
    /// `timeout` bounds each `swift test` run, build included; a hang is stopped and explained.
    public func run(
        kata reference: String?,
        options: TestRunOptions = TestRunOptions(),
        timeout: Duration? = CheckFrontend.defaultTimeout,
        verbose: Bool = false,
        format: Format = .text,
        showMutants: Bool = false
    ) throws -> Int32 {
        let started = ContinuousClock.now
        let repository = try context.repository()
        let console = context.console
        let text = format == .text
        let reference = reference ?? repository.kataFolder(containing: context.workingDirectory)
        let kata: Kata
        // Of the rest of the catalog only the next kata is needed, and only after the run: a
        // named kata and its successor are read alone, the successor while the tests run, since
        // parsing every README would be most of what `kata check` adds to a warm `swift test`.
        let nextKata: BackgroundValue<Kata?>
        if let reference, let single = KataCatalog.loadAlone(named: reference, from: repository) {
            kata = single
            nextKata = BackgroundValue { KataCatalog.loadNext(after: single, from: repository) }
        } else if let reference {
            let loaded = try KataCatalog.load(from: repository)
            kata = try loaded.kata(named: reference)
            nextKata = BackgroundValue(loaded.katas.first { $0.number > kata.number })
        } else {
            let loaded = try KataCatalog.load(from: repository)
            let progress = context.progress(in: repository)
            guard let next = progress.firstNotPassed(of: loaded.katas) else {
                if text {
                    console.line("Every kata has passed. Run `kata check N` to check one again.")
                } else {
                    console.line(#"{"allPassed":true}"#)
                }
                return ExitStatus.success
            }
            kata = next
            nextKata = BackgroundValue(loaded.katas.first { $0.number > next.number })
        }
        try KataPackageLayout.validate(kata)
        if showMutants { try Self.requireMutants(of: kata) }
        // A kata whose races only a sanitizer sees runs under it unless the learner names another.
        var options = options
        let kataSanitizer = options.sanitizer == nil ? kata.metadata.sanitizer : nil
        options.sanitizer = options.sanitizer ?? kataSanitizer
        if kata.metadata.kind == .tests {
            return try grade(
                kata, repository: repository, next: nextKata, options: options, timeout: timeout, verbose: verbose,
                format: format, showMutants: showMutants, started: started)
        }
        var runner = context.runner
        runner.timeout = timeout
        if let sanitizer = options.sanitizer {
            runner.environment = sanitizer.runEnvironment(runner.environment)
        }
        let session = SwiftTestSession(
            runner: runner, swift: try runner.swiftExecutable(), workingDirectory: repository.root)
        let changedTests = Self.changedTests(of: kata)
        let deletedSources = Self.deletedSources(of: kata)

        if text {
            console.line(console.style.bold("Checking \(kata.heading)"))
            // Only paths are made relative: `test` is an argument, not a file in the working folder.
            let command = session.arguments(package: kata.directory, options: options).map {
                $0.hasPrefix("/") ? repository.relativePath($0) : $0
            }
            let repeated =
                options.repetitions > 1 ? "  (up to \(options.repetitions) times, stopping at the first failure)" : ""
            console.line(console.style.dim("$ swift " + command.joined(separator: " ") + repeated))
            if let kataSanitizer {
                console.line(
                    "Kata \(kata.id) builds its tests with the \(kataSanitizer.rawValue) sanitizer: a data race it"
                        + " reports fails the check, even when every test passes.")
            }
            printWarning(about: changedTests, of: kata)
            printWarning(aboutDeleted: deletedSources, of: kata)
        }
        let spinner =
            text && !verbose && console.isTerminal
            ? ProgressSpinner(
                console: console,
                message: options.sanitizer.map { "Building with the \($0.rawValue) sanitizer" } ?? "Building")
            : nil
        let echo: (@Sendable (String) -> Void)? =
            verbose && text
            ? { @Sendable text in console.write(text) }
            : spinner.map { spinner in { @Sendable text in spinner.observe(text) } }
        let runFinished: ((Int, TestRunSummary) -> Void)? =
            options.repetitions > 1
            ? { run, _ in spinner?.say("Run \(run + 1) of \(options.repetitions)") }
            : nil
        spinner?.start()
        let result: RepeatedTestRun
        do {
            defer { spinner?.stop() }
            result = try session.run(
                package: kata.directory, options: options, onOutput: echo, onRunFinished: runFinished)
        }
        if result.report.outcome == .buildFailed,
            let broken = KataPackageLayout.manifestError(in: result.output, of: kata)
        {
            throw broken
        }
        let report = result.report
        let passed = report.outcome == .passed
        let status =
            report.outcome == .noTestsRan && options.filter != nil
            ? ExitStatus.usage : (passed ? ExitStatus.success : ExitStatus.failure)

        if text {
            var explanation = CheckExplanation(
                kata: kata, report: report, repository: repository, filter: options.filter, style: console.style,
                runs: result.runs, repetitions: options.repetitions
            )
            explanation.timeout = timeout
            console.line()
            console.write(explanation.text(rawOutput: result.output, next: nextKata.value))
        } else {
            let changed = changedTests.map {
                CheckReport.ChangedFile(path: "Katas/\(kata.folderName)/\($0.path)", change: $0.difference.rawValue)
            }
            let elapsed = ContinuousClock.now - started
            let seconds = elapsed.seconds
            console.line(
                CheckReport(
                    kata: kata, repository: repository, run: result, repetitions: options.repetitions, exitCode: status,
                    changedTests: changed, seconds: seconds
                ).json())
        }

        // A filtered run that passes proves only part of the kata, so it is not recorded as a pass.
        if status != ExitStatus.usage, !passed || options.filter == nil {
            do {
                try repository.progressStore.record(passed ? .passed : .failing, for: kata)
            } catch let error as KataError {
                console.error(console.style.yellow("warning: ") + error.description)
            }
        }
        return status
    }

    /// Test files (and `Package.swift`) that differ from the kata's ``ShippedRecord``. A kata
    /// without a readable record has nothing to compare with, and the learner is not nagged
    /// about it: `kata verify` holds authors to it.
    static func changedTests(of kata: Kata) -> [(path: String, difference: ShippedRecord.Difference)] {
        guard let shipped = try? ShippedRecord.load(for: kata), let current = try? ShippedRecord.capture(kata) else {
            return []
        }
        return shipped.differences(from: current).filter { $0.path.hasPrefix("Tests/") || $0.path == "Package.swift" }
    }

    /// Files under `Sources/` the kata shipped with that are gone. A learner may have moved the
    /// code on purpose, so this only warns; but a file deleted by accident makes the build fail
    /// in ways that look like the kata's own puzzle.
    static func deletedSources(of kata: Kata) -> [String] {
        guard let shipped = try? ShippedRecord.load(for: kata), let current = try? ShippedRecord.capture(kata) else {
            return []
        }
        return shipped.differences(from: current, under: "Sources/").filter { $0.difference == .deleted }.map(\.path)
    }

    private func printWarning(aboutDeleted paths: [String], of kata: Kata) {
        guard !paths.isEmpty else { return }
        let console = context.console
        let files = paths.prefix(10).map { "Katas/\(kata.folderName)/\($0)" }
        let more = paths.count > 10 ? " and \(paths.count - 10) more" : ""
        console.line(
            console.style.yellow("warning: ")
                + console.style.bold(
                    "\(paths.count == 1 ? "a file" : "\(paths.count) files") of the kata's starter code "
                        + "\(paths.count == 1 ? "is" : "are") gone: "
                ) + files.joined(separator: ", ") + more + ".")
        console.line(
            "If that was not on purpose, `kata reset \(kata.number)` brings back the starter; your files are "
                + "saved to a backup first."
        )
    }

    private func printWarning(about changedTests: [(path: String, difference: ShippedRecord.Difference)], of kata: Kata)
    {
        guard !changedTests.isEmpty else { return }
        let console = context.console
        let count = changedTests.count
        console.line(
            console.style.yellow("warning: ")
                + console.style.bold(
                    "\(count == 1 ? "a file" : "\(count) files") of this kata's tests "
                        + "differ\(count == 1 ? "s" : "") from the shipped one\(count == 1 ? "" : "s"):"
                ))
        for change in changedTests.prefix(10) {
            console.line(
                "  " + change.difference.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                    + "Katas/\(kata.folderName)/\(change.path)")
        }
        if count > 10 { console.line("  … and \(count - 10) more") }
        console.line("The tests are the kata's specification: solve it in Sources/, not in Tests/.")
        console.line("`kata reset \(kata.number) --tests-only` restores the shipped tests and keeps your code.")
    }
}
