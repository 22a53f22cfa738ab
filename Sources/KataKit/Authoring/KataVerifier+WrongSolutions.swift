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

    /// A run of a version's tests still going after this long is stopped: it has missed
    /// ``catchDeadline`` already, and may hang until a test's time limit.
    static let wrongSolutionRunLimit = Duration.seconds(15)
    /// The same under a sanitizer, which slows the tests several times over.
    static let sanitizedRunLimit = Duration.seconds(60)

    /// Every wrong solution in `Solutions/NN-slug/Chaffs`, as `grade` found it (the engine ran
    /// each `repetitions` times, each run judged by ``escape(of:elapsed:)``): each must fail every
    /// run by an assertion within ``catchDeadline``, and its `CHAFF.md` must quote "Your task" and
    /// name a test that failed.
    func wrongSolutionsRule(_ kata: Kata, versions: [KataVersion], grade: TestGrade, repetitions: Int) -> (
        Rule, [WrongSolutionResult]
    ) {
        let results = versions.map { version in
            wrongSolutionResult(
                version, in: grade, kata: kata, repetitions: repetitions,
                missingNotes: version.missingNotes
                    + ": say the misconception, quote the sentence it breaks, and name the test that catches it")
        }

        var problems: [String] = []
        if versions.count < Self.minimumWrongSolutions {
            problems.append(
                "Solutions/\(kata.folderName)/Chaffs holds \(versions.count) wrong solution"
                    + (versions.count == 1 ? ";" : "s;")
                    + " a kata needs at least \(Self.minimumWrongSolutions), one for each sentence of \"Your task\""
                    + " a test can observe (AUTHORING.md, \"Wrong solutions\")")
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

    /// A wrong or buggy version's grade: caught by an assertion within the deadline in every
    /// run, with notes that name a test that failed. `missingNotes` says what to write when it
    /// has none.
    func wrongSolutionResult(
        _ version: KataVersion, in grade: TestGrade, kata: Kata, repetitions: Int, missingNotes: String
    ) -> WrongSolutionResult {
        let result = grade.results.first { $0.version == version }
        let notes = result?.notes ?? VersionNotes.load(for: version)
        var notesProblems = notes?.problems(for: version, of: kata) ?? [missingNotes]
        let failing = result?.summary.failingTests ?? []
        var escape: String?
        if let errors = grade.versionCompileErrors.first(where: { $0.version == version })?.errors {
            escape =
                "it does not compile against the kata's tests: "
                + (errors.first.map { "\(repository.relativePath($0.file)):\($0.line): \($0.message)" }
                    ?? "the build failed")
        } else if let result {
            let inRun = repetitions > 1 ? " in run \(result.runs) of \(repetitions)" : ""
            switch result.stop {
            case .some(let stop):
                escape = Self.describe(stop) + inRun
            case nil:
                escape = Self.escape(of: result.summary, elapsed: result.summary.timeToCatch).map { $0 + inRun }
            }
        } else {
            escape =
                grade.compiled ? "it was not graded: the tests hung on the base version" : "the tests did not build"
        }
        // ThreadSanitizer names the race, not a test: a run it caught with no test failing
        // cannot show which test the notes name.
        let sanitizerOnly = result?.summary.outcome == .sanitizerReported && failing.isEmpty
        if escape == nil, !sanitizerOnly, let test = notes?.catchingTest,
            !failing.contains(where: { $0 == test || $0.hasSuffix("." + test) })
        {
            notesProblems.append(
                "it names `\(test)` as the test that catches it, but the tests that failed were "
                    + failing.map { "`\($0)`" }.joined(separator: ", "))
        }
        return WrongSolutionResult(
            version: version, notes: notes, escape: escape, notesProblems: notesProblems, failingTests: failing)
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
                return "the first test failed only after \(String(format: "%.1f", elapsed.seconds)) s;"
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
