import Foundation

/// Runs one kata's tests and turns the run into a ``ProgressReport/KataResult``: what
/// `kata progress` does for each of the learner's katas, and `kata workshop room
/// --run-learner-code` for each kata of each learner's clone.
///
/// The learner's `.kata/state.json` is never read: a result is what the tests say now.
///
/// ```swift
/// let measurer = KataResultMeasurer(runner: runner, swift: try runner.swiftExecutable(), root: repository.root)
/// measurer.measure(kata).outcome   // "passed"
/// ```
public struct KataResultMeasurer: Sendable {
    public let session: SwiftTestSession
    public let root: URL

    /// `runner.timeout` bounds each kata's run, build included.
    public init(runner: CommandRunner, swift: URL, root: URL) {
        session = SwiftTestSession(runner: runner, swift: swift, workingDirectory: root)
        self.root = root
    }

    public func measure(_ kata: Kata) -> ProgressReport.KataResult {
        let started = ContinuousClock.now
        let repository = KataRepository(root: root)
        var outcome: String
        var passedTests: [String] = []
        var failedTests: [String] = []
        var firstFailure: ProgressReport.FirstFailure?
        var bugs: ProgressReport.Bugs?
        do {
            try KataPackageLayout.validate(kata)
            if kata.metadata.kind == .tests {
                let engine = GradingEngine(repository: repository, runner: session.runner, swift: session.swift)
                let grade = try engine.grade(kata, versions: try engine.learnerVersions(of: kata).versions)
                    .inLearnerNames()
                let shipped = grade.results.first?.summary
                outcome = grade.outcomeName
                passedTests = shipped?.passedTests ?? []
                failedTests = shipped?.failedTests ?? []
                firstFailure = Self.firstFailure(of: grade, kata: kata, in: repository)
                bugs = .init(
                    valid: grade.valid, caught: grade.buggyResults.count - grade.atLarge.count,
                    total: grade.buggyResults.count, atLarge: grade.atLarge.map { kata.learnerLabel(of: $0.version) })
                return ProgressReport.KataResult(
                    number: kata.number, slug: kata.slug, title: kata.title, outcome: outcome,
                    started: Self.isStarted(kata), passedTests: passedTests, failedTests: failedTests,
                    firstFailure: firstFailure, seconds: ((ContinuousClock.now - started).seconds * 10).rounded() / 10,
                    bugs: bugs,
                    mutants: grade.mutantResults.isEmpty
                        ? nil
                        : .init(
                            killed: grade.killedMutants.count, total: grade.mutantResults.count,
                            required: grade.requiredMutantKills))
            }
            let run = try session.run(
                package: kata.directory, options: TestRunOptions(sanitizer: kata.metadata.sanitizer))
            let report = run.report
            outcome = report.outcome.rawValue
            passedTests = report.passedTests
            failedTests = report.failedTests
            firstFailure = Self.firstFailure(of: report, timeout: session.runner.timeout, kata: kata, in: repository)
        } catch let error as KataError {
            outcome = TestRunSummary.Outcome.buildFailed.rawValue
            firstFailure = .init(test: nil, message: ProgressReport.truncated(error.message))
        } catch {
            outcome = TestRunSummary.Outcome.crashed.rawValue
            firstFailure = .init(test: nil, message: ProgressReport.truncated("\(error)"))
        }
        return ProgressReport.KataResult(
            number: kata.number, slug: kata.slug, title: kata.title, outcome: outcome,
            started: Self.isStarted(kata), passedTests: passedTests, failedTests: failedTests,
            firstFailure: firstFailure, seconds: ((ContinuousClock.now - started).seconds * 10).rounded() / 10)
    }

    /// Whether the learner changed their part of the kata since it shipped (the code, or a tests
    /// kata's tests); true when there is no shipped record to compare with, since then nobody can tell.
    static func isStarted(_ kata: Kata) -> Bool {
        guard let shipped = try? ShippedRecord.load(for: kata), let current = try? ShippedRecord.capture(kata) else {
            return true
        }
        return shipped.differences(from: current).contains { kata.isLearnerWork($0.path) }
    }

    /// A tests kata's first problem: a compile error, a correct version the tests fail on, or
    /// the bugs still at large (by number and nudge, as `kata check` says it); never a version's
    /// folder name. `grade` is read as the learner reads it (``TestGrade/inLearnerNames()``).
    static func firstFailure(of grade: TestGrade, kata: Kata, in repository: KataRepository)
        -> ProgressReport.FirstFailure?
    {
        func path(_ file: String) -> String { CheckReport.path(file, kata: kata, repository: repository) }
        if let error = grade.compileErrors.first ?? grade.versionCompileErrors.first?.errors.first {
            return .init(
                test: nil, message: ProgressReport.truncated(error.message), file: path(error.file), line: error.line)
        }
        if let rejected = grade.rejected.first {
            let which = kata.learnerLabel(of: rejected.version)
            if rejected.stop != nil {
                return .init(test: nil, message: "Stopped on \(which): the tests hung or printed without end.")
            }
            let failure = rejected.summary.failures.first
            return .init(
                test: failure?.test,
                message: ProgressReport.truncated("Fails on \(which): " + (failure?.message ?? "")),
                file: failure.map { path($0.file) }, line: failure?.line)
        }
        if let atLarge = grade.atLarge.first {
            let count = grade.atLarge.count
            return .init(
                test: nil,
                message: ProgressReport.truncated(
                    "\(count) bug\(count == 1 ? "" : "s") still at large: " + kata.learnerLabel(of: atLarge.version)
                        + (atLarge.notes.map { ": " + $0.nudge } ?? "")))
        }
        if !grade.killsEnoughMutants {
            let killed = grade.killedMutants.count
            return .init(
                test: nil,
                message: "Kills \(killed) of \(grade.mutantResults.count) mutants; the kata asks for "
                    + "\(grade.requiredMutantKills).")
        }
        if let slow = grade.slowTests.first {
            return .init(test: slow.name, message: "Slow: it took \(GradeExplanation.duration(slow.seconds)).")
        }
        return nil
    }

    static func firstFailure(of report: TestRunSummary, timeout: Duration?, kata: Kata, in repository: KataRepository)
        -> ProgressReport.FirstFailure?
    {
        func path(_ file: String) -> String { CheckReport.path(file, kata: kata, repository: repository) }
        switch report.outcome {
        case .passed:
            return nil
        case .buildFailed:
            if let error = report.buildErrors.first {
                return .init(
                    test: nil, message: ProgressReport.truncated(error.message), file: path(error.file),
                    line: error.line)
            }
        case .timedOut:
            let running = report.unfinishedTests.map(\.name)
            let limit = timeout.map { " after \(Int($0.seconds)) s" } ?? ""
            let message =
                "Stopped\(limit), still running"
                + (running.isEmpty ? "" : ": " + running.joined(separator: ", ")) + " (a deadlock, usually)."
            return .init(test: running.first, message: ProgressReport.truncated(message))
        default:
            break
        }
        if let failure = report.failures.first {
            return .init(
                test: failure.test, message: ProgressReport.truncated(failure.message), file: path(failure.file),
                line: failure.line)
        }
        if let error = report.otherErrors.first {
            return .init(test: nil, message: ProgressReport.truncated(error))
        }
        if let sanitizer = report.sanitizerReports.first {
            return .init(test: nil, message: "\(sanitizer.sanitizer): \(sanitizer.kind) at \(sanitizer.location)")
        }
        return report.outcome == .noTestsRan ? .init(test: nil, message: "No test ran.") : nil
    }
}
