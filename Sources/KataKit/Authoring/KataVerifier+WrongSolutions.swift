import Foundation

extension KataVerifier {
    /// A kata needs at least this many wrong solutions: one for each sentence of "Your task" a
    /// test can observe, and never fewer than five.
    public static let minimumWrongSolutions = 5

    /// A tests kata needs at least this many correct versions besides its shipped code, each
    /// built differently where the contract leaves room, so a test coupled to one fails on another.
    public static let minimumCorrectVersions = 2

    /// The rule's name, in the text report and in `--format json`.
    public static let wrongSolutionsRuleName = "wrong solutions caught"
    /// Its twin for a tests kata: every buggy version fails the reference tests.
    public static let thoroughRuleName = "reference tests thorough"

    /// A wrong solution must make its tests fail within this long, the time a learner can wait
    /// on `kata check` without wondering whether it hangs. It is the tests' own time, as XCTest and
    /// Swift Testing report it, not SwiftPM's start: a busy machine must not make a catch escape.
    public static let catchDeadline = Duration.seconds(5)

    /// A run of a wrong solution's tests still going after this long is stopped: it has missed
    /// ``catchDeadline`` already, and may hang until a test's time limit.
    static let wrongSolutionRunLimit = Duration.seconds(15)

    /// Every wrong solution in `Solutions/NN-slug/Chaffs`, built in turn in the kata's scratch
    /// package after the solutions (each build recompiles only the module and the tests), and
    /// tested `repetitions` times: each must fail every run by an assertion
    /// within ``catchDeadline``, and its `CHAFF.md` must quote "Your task" and name a test that
    /// failed.
    func wrongSolutionsRule(_ kata: Kata, session: SwiftTestSession, options: TestRunOptions) throws -> (
        Rule, [WrongSolutionResult]
    ) {
        let versions = kata.wrongSolutions()
        let results = try versions.map { try check(wrongSolution: $0, of: kata, session: session, options: options) }

        var problems: [String] = []
        if versions.count < Self.minimumWrongSolutions {
            problems.append(
                "Solutions/\(kata.folderName)/Chaffs holds \(versions.count) wrong solution\(versions.count == 1 ? "" : "s");"
                    + " a kata needs at least \(Self.minimumWrongSolutions), one for each sentence of \"Your task\" a test"
                    + " can observe (AUTHORING.md, \"Wrong solutions\")")
        }
        let escaped = results.filter { !$0.caught }
        if !escaped.isEmpty {
            problems.append(
                "\(escaped.count) of \(results.count) escaped: "
                    + escaped.map { "\($0.version.name) (\($0.escape ?? ""))" }.joined(separator: "; "))
        }
        for result in results where !result.notesProblems.isEmpty {
            problems.append(
                "\(result.version.notesLabel): "
                    + result.notesProblems.joined(separator: "; "))
        }
        let rule = Rule(
            name: Self.wrongSolutionsRuleName, passed: problems.isEmpty,
            detail: problems.isEmpty ? nil : problems.joined(separator: "; "),
            tally: "\(results.count - escaped.count)/\(results.count)")
        return (rule, results)
    }

    private func check(
        wrongSolution version: KataVersion, of kata: Kata, session: SwiftTestSession, options: TestRunOptions
    ) throws -> WrongSolutionResult {
        let notes = VersionNotes.load(for: version)
        var notesProblems =
            notes?.problems(for: version, of: kata) ?? [
                version.missingNotes
                    + ": say the misconception, quote the sentence it breaks, and name the test that catches it"
            ]
        var result = WrongSolutionResult(
            version: version, notes: notes, escape: nil, notesProblems: notesProblems, failingTests: [])
        let stage = try stageSolution(of: kata, version: version)
        let build = try session.build(package: stage, options: options)
        guard build.result.succeeded else {
            result.escape =
                "it does not compile against the kata's tests: "
                + firstProblem(build.report, build.result.output, staged: (kata, version))
            return result
        }

        var runner = session.runner
        runner.timeout = Self.wrongSolutionRunLimit
        let limited = SwiftTestSession(runner: runner, swift: session.swift, workingDirectory: session.workingDirectory)
        let repetitions = max(1, options.repetitions)
        var sanitizerOnly = false
        for run in 1...repetitions {
            let clock = ContinuousClock()
            let started = clock.now
            let (report, _) = try limited.runBuilt(package: stage, options: options)
            // The tests' own time when they report one; the whole run's when they could not.
            let elapsed = report.testSeconds.map { Duration.milliseconds(Int64($0 * 1000)) } ?? clock.now - started
            if run == 1 {
                result.failingTests = report.failingTests
                // ThreadSanitizer names the race, not a test: a run it caught with no test failing
                // cannot show which test the notes name.
                sanitizerOnly = report.outcome == .sanitizerReported && report.failedTests.isEmpty
            }
            let inRun = repetitions > 1 ? " in run \(run) of \(repetitions)" : ""
            if let escape = Self.escape(of: report, elapsed: elapsed) {
                result.escape = escape + inRun
                break
            }
        }

        if let test = notes?.catchingTest, result.caught, !sanitizerOnly,
            !result.failingTests.contains(where: { $0 == test || $0.hasSuffix("." + test) })
        {
            notesProblems.append(
                "it names `\(test)` as the test that catches it, but the tests that failed were "
                    + result.failingTests.map { "`\($0)`" }.joined(separator: ", "))
            result.notesProblems = notesProblems
        }
        return result
    }

    /// Why a run did not catch a wrong solution, or nil when it did.
    static func escape(of report: TestRunSummary, elapsed: Duration) -> String? {
        switch report.outcome {
        case .passed:
            return "it passed every test"
        case .timedOut:
            let hung = report.unfinishedTests.map { "`\($0.name)`" }.joined(separator: ", ")
            return "the run hung and was stopped after \(Int(wrongSolutionRunLimit.seconds)) s"
                + (hung.isEmpty ? "" : " (still running: \(hung))")
        case .crashed:
            return "the test process crashed before an assertion caught it: "
                + (report.otherErrors.first ?? "no test failed first")
        case .testsFailed:
            guard report.failures.contains(where: { !$0.isTimeLimit }) || report.failures.isEmpty else {
                let first = report.failures.first.map { "`\($0.test)`: \($0.message)" } ?? ""
                return "it failed only by a time limit (\(first))"
            }
            guard elapsed <= catchDeadline else {
                return "the tests failed, but only after \(String(format: "%.1f", elapsed.seconds)) s;"
                    + " a wrong solution must be caught within \(Int(catchDeadline.seconds)) s"
            }
            return nil
        case .sanitizerReported:
            // Only a kata that declares a sanitizer runs its wrong solutions under one: a race
            // the sanitizer reports is the check that kata's README promises.
            return nil
        case .buildFailed, .noTestsRan:
            return "the run ended as '\(report.outcome.rawValue)', not by a failing test"
        }
    }
}
