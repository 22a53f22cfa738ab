import Foundation

extension CheckFrontend {
    /// `kata check N` for a tests kata: the learner's tests are graded (see ``GradingEngine``)
    /// against the shipped code and every other version, and the grade explained.
    func grade(
        _ kata: Kata, repository: KataRepository, next: BackgroundValue<Kata?>, options: TestRunOptions,
        timeout: Duration?, verbose: Bool, format: Format, started: ContinuousClock.Instant
    ) throws -> Int32 {
        let console = context.console
        let text = format == .text
        if let filter = options.filter {
            throw KataError(
                .usage,
                "--filter '\(filter)' picks tests to run, and \(kata.heading) grades your whole test suite: "
                    + "every test counts.",
                advice:
                    "Leave out --filter. To run some of your tests alone, run `swift test --filter \(filter)` "
                    + "in Katas/\(kata.folderName)."
            )
        }
        var runner = context.runner
        runner.timeout = timeout
        let grader = GradingEngine(repository: repository, runner: runner, swift: try runner.swiftExecutable())
        let runs = options.repetitions > 1 ? options.repetitions : GradingEngine.defaultRuns
        let changedCode = Self.changedCode(of: kata)

        if text {
            console.line(console.style.bold("Checking \(kata.heading)"))
            console.line(GradeExplanation.header(for: kata))
            printWarning(aboutCode: changedCode, of: kata)
        }
        let spinner = text && console.isTerminal ? ProgressSpinner(console: console, message: "Building") : nil
        spinner?.start()
        let grade: TestGrade
        do {
            defer { spinner?.stop() }
            grade = try grader.grade(
                kata, runs: runs, sanitizer: options.sanitizer,
                progress: { message in
                    if let spinner {
                        spinner.say(message)
                    } else if verbose && text {
                        console.line(console.style.dim(message))
                    }
                })
        }
        let status = grade.passed ? ExitStatus.success : ExitStatus.failure
        if text {
            console.line()
            console.write(
                GradeExplanation(grade: grade, repository: repository, style: console.style).text(
                    next: next.value, runs: runs))
        } else {
            let changed = changedCode.map {
                CheckReport.ChangedFile(path: "Katas/\(kata.folderName)/\($0.path)", change: $0.difference.rawValue)
            }
            console.line(
                CheckReport(
                    grade: grade, repository: repository, runs: runs, exitCode: status, changedFiles: changed,
                    seconds: (ContinuousClock.now - started).seconds
                ).json())
        }
        do {
            try repository.progressStore.record(grade.passed ? .passed : .failing, for: kata)
        } catch let error as KataError {
            console.error(console.style.yellow("warning: ") + error.description)
        }
        return status
    }

    /// A tests kata's code, versions and `Package.swift` that differ from the shipped ones: the
    /// learner's tests are graded against the code as it is on disk, so a change there (to make a
    /// test pass) would grade them against something else.
    static func changedCode(of kata: Kata) -> [(path: String, difference: ShippedRecord.Difference)] {
        guard let shipped = try? ShippedRecord.load(for: kata), let current = try? ShippedRecord.capture(kata) else {
            return []
        }
        return shipped.differences(from: current).filter { !$0.path.hasPrefix("Tests/") }
    }

    private func printWarning(
        aboutCode changed: [(path: String, difference: ShippedRecord.Difference)], of kata: Kata
    ) {
        guard !changed.isEmpty else { return }
        let console = context.console
        let count = changed.count
        console.line(
            console.style.yellow("warning: ")
                + console.style.bold(
                    "\(count == 1 ? "a file" : "\(count) files") of this kata's code "
                        + "differ\(count == 1 ? "s" : "") from the shipped one\(count == 1 ? "" : "s"):"
                ))
        for change in changed.prefix(10) {
            console.line(
                "  " + change.difference.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                    + "Katas/\(kata.folderName)/\(change.path)")
        }
        if count > 10 { console.line("  … and \(count - 10) more") }
        console.line("Your tests are graded against the code as it is: write tests in Tests/, leave the code alone.")
        console.line("`kata reset \(kata.number) --code-only` restores the shipped code and keeps your tests.")
    }
}
