import Foundation

/// Turns a ``TestGrade`` into what a learner reads after `kata check` on a tests kata: valid,
/// thorough and fast, one line each, with what to do about each that failed; then the verdict.
///
/// ```text
/// ✔ valid     your tests pass on the shipped code and on 3 other correct versions, 3 runs each
/// ✘ thorough  your tests catch 3 of 5 bugs; 2 are still at large:
///               · bug 2: Does any test hand the view model messages in an order the server might really send?
///               · bug 5: What does the screen show while the load is still running?
/// ✔ fast      the slowest test took 2 ms
///
/// ✘ FAILED  Kata 19 · Catch it with a stub: 2 bugs are still at large. `kata hint 19` nudges further.
/// ```
///
/// A version is named as ``Kata/learnerLabel(of:)`` names it ("the shipped code", "correct
/// version 2", "bug 3"), never by its folder, and each thing is said one way: "your tests
/// <what they did> on <which version>", wherever it is said.
public struct GradeExplanation: Sendable {
    public let grade: TestGrade
    public let repository: KataRepository
    public let style: TextStyle

    public init(grade: TestGrade, repository: KataRepository, style: TextStyle) {
        self.grade = grade.inLearnerNames()
        self.repository = repository
        self.style = style
    }

    var kata: Kata { grade.kata }

    /// What `kata check` prints before it builds: what the tests are about to meet.
    public static func header(for kata: Kata) -> String {
        let correct = kata.correctVersions().count
        let buggy = kata.buggyVersions().count
        return "Your tests, against the shipped code and \(correct + buggy) other versions of it"
            + " (\(correct) correct, \(buggy) buggy)"
            + (kata.metadata.mutantShare == nil ? "" : ", and its mutants")
    }

    public func text(next: Kata?, runs: Int) -> String {
        var lines: [String] = []
        let failed = style.bold(style.red("✘ FAILED"))
        let plain = CheckExplanation(
            kata: kata, report: TestRunSummary(outcome: .passed), repository: repository, filter: nil, style: style)

        guard grade.compileErrors.isEmpty else {
            lines.append(failed + "  \(kata.heading): your tests do not compile yet.")
            lines.append("")
            lines.append(contentsOf: plain.buildErrorLines(grade.compileErrors))
            lines.append("")
            lines.append(
                "Fix your tests in Katas/\(kata.folderName)/Tests;"
                    + " the code in Sources is the kata's and stays as it is."
            )
            lines.append("Read what the code offers with `kata show \(kata.number)` (\"The code\").")
            return lines.joined(separator: "\n") + "\n"
        }

        lines.append(contentsOf: validLines(plain: plain, runs: runs))
        lines.append(contentsOf: thoroughLines())
        lines.append(contentsOf: fastLines())
        lines.append("")

        let caught = grade.buggyResults.count - grade.atLarge.count
        if grade.passed {
            let mutants = grade.mutantResults.count
            lines.append(
                style.bold(style.green("✔ PASSED"))
                    + "  \(kata.heading): valid, thorough and fast: "
                    + (caught == 1 ? "the 1 bug" : "all \(caught) bugs") + " caught"
                    + (mutants == 0 ? "" : ", \(grade.killedMutants.count) of \(mutants) mutants killed") + "."
            )
            lines.append("")
            if let next {
                lines.append(
                    "Next: \(next.heading). Read it with `kata show \(next.number)`,"
                        + " check it with `kata check \(next.number)`."
                )
            } else {
                lines.append("That was the last kata. Well done.")
            }
            if FileManager.default.fileExists(atPath: kata.referenceTestsDirectory.path) {
                lines.append(
                    "Curious how the reference tests do it? `kata solution \(kata.number)` shows them beside yours.")
            }
        } else {
            lines.append(failed + "  \(kata.heading): " + verdict() + ".")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Why it failed, in one clause: the first of valid, thorough, fast that does not hold.
    private func verdict() -> String {
        if let failure = grade.versionCompileErrors.first {
            return "your tests do not compile against \(which(failure.version))"
        }
        // A run stopped before any test ended ran tests all the same: the stop says more.
        if let stopped = grade.rejected.first(where: { $0.stop != nil }), let stop = stopped.stop {
            return "your tests " + describe(stop, on: which(stopped.version))
        }
        if grade.testCount == 0 { return "no test ran" }
        if !grade.valid {
            return grade.rejected.first?.version.role == .shipped
                ? "your tests fail on the shipped code, which keeps every promise"
                : "your tests fail on \(which(grade.rejected[0].version))"
        }
        let atLarge = grade.atLarge.count
        if atLarge > 0 {
            return (atLarge == 1 ? "1 bug is" : "\(atLarge) bugs are")
                + " still at large. `kata hint \(kata.number)` nudges further"
        }
        if !grade.killsEnoughMutants {
            return "your tests kill \(grade.killedMutants.count) of \(grade.mutantResults.count) mutants;"
                + " the kata asks for \(grade.requiredMutantKills)"
        }
        return "your tests are valid and thorough, but slow"
    }

    /// What the learner calls `version`: "the shipped code", "correct version 2", "bug 3".
    private func which(_ version: KataVersion) -> String {
        kata.learnerLabel(of: version)
    }

    private func label(_ mark: Bool, _ word: String) -> String {
        (mark ? style.green("✔ ") : style.red("✘ ")) + word.padding(toLength: 10, withPad: " ", startingAt: 0)
    }

    private var continuation: String { String(repeating: " ", count: 14) }

    private func validLines(plain: CheckExplanation, runs: Int) -> [String] {
        var lines: [String] = []
        let others = grade.correctResults.count - 1
        let otherVersions = others == 1 ? "1 other correct version" : "\(others) other correct versions"
        for failure in grade.versionCompileErrors {
            lines.append(
                label(false, "valid")
                    + "your tests do not compile against \(which(failure.version)),"
                    + " though they compile against the shipped code:"
            )
            lines.append(contentsOf: plain.buildErrorLines(failure.errors).map { continuation + $0 })
            lines.append(
                continuation
                    + "They use more than the code's public seam (an `@testable import`, an internal name):"
                    + " test through what \"The code\" names."
            )
        }
        guard grade.versionCompileErrors.isEmpty else { return lines }
        // Tests that hang or print without end do so everywhere: the first stop says it all.
        if let stopped = grade.rejected.first(where: { $0.stop != nil }), let stop = stopped.stop {
            lines.append(label(false, "valid") + "your tests " + describe(stop, on: which(stopped.version)) + ":")
            lines.append(continuation + advice(for: stop))
            return lines
        }
        if grade.testCount == 0 {
            lines.append(label(false, "valid") + "no test ran: write your tests in Katas/\(kata.folderName)/Tests.")
            return lines
        }
        if grade.rejected.isEmpty {
            let repeated = runs > 1 ? ", \(runs) runs each" : ""
            lines.append(
                label(true, "valid") + "your tests pass on the shipped code and on \(otherVersions)\(repeated)")
            return lines
        }
        // A test that fails on the shipped code fails for that reason wherever else it fails: what
        // the other versions do differently would only lead the learner astray.
        let shippedRejected = grade.rejected.contains { $0.version.role == .shipped }
        let othersRejected = grade.rejected.filter { $0.version.role != .shipped }.map { which($0.version) }
        for result in grade.rejected where !shippedRejected || result.version.role == .shipped {
            let shipped = result.version.role == .shipped
            let flaky =
                result.passedRuns > 0
                ? " in run \(result.runs) of \(runs), after \(result.passedRuns) that passed:"
                    + " a test that passes only sometimes is flaky, and a flaky test is not valid"
                : ""
            let failedTests = result.summary.failingTests
            let outcome =
                result.summary.outcome == .crashed
                ? "crashed on \(which(result.version))"
                : "fail on \(which(result.version)) ("
                    + (failedTests.count == 1 ? "1 test" : "\(failedTests.count) tests") + ")"
            lines.append(label(false, "valid") + "your tests \(outcome)\(flaky):")
            var shown = Set<String>()
            for failure in result.summary.failures where shown.insert(failure.test).inserted {
                lines.append(continuation + style.red("✘ ") + style.bold(failure.test))
                for issue in result.summary.failures where issue.test == failure.test {
                    lines.append(contentsOf: plain.failureLines(issue, indent: continuation + "    "))
                }
            }
            if result.summary.outcome == .crashed {
                lines.append(contentsOf: result.summary.otherErrors.prefix(5).map { continuation + $0 })
            }
            if shipped {
                lines.append(
                    continuation
                        + "The shipped code keeps every promise of \"What the code promises\":"
                        + " a test that fails on it expects something the code does not promise."
                )
            } else if let notes = result.notes {
                lines.append(continuation + whatThatVersionDoes(notes.misconception))
                if !notes.brokenSentence.isEmpty {
                    lines.append(continuation + "The README allows it: \"\(notes.brokenSentence)\"")
                }
                lines.append(
                    continuation
                        + "Your test relies on something the contract leaves open; check only what it promises.")
            }
        }
        if shippedRejected, !othersRejected.isEmpty {
            lines.append(
                continuation + "They fail on " + Self.list(othersRejected)
                    + " too: make them pass on the shipped code first; that is most likely the same failure.")
        }
        return lines
    }

    private func thoroughLines() -> [String] {
        let total = grade.buggyResults.count
        guard grade.compiled, grade.testCount > 0 else { return [] }
        guard grade.valid else {
            return [
                style.dim("· thorough  ")
                    + style.dim(
                        "not counted until your tests pass on every correct version:"
                            + " a test that fails on correct code catches bugs by accident"
                    )
            ]
        }
        let atLarge = grade.atLarge
        if atLarge.isEmpty {
            let bugs = "your tests catch \(total == 1 ? "the 1 bug" : "all \(total) bugs")"
            guard !grade.mutantResults.isEmpty else { return [label(true, "thorough") + bugs] }
            return [label(grade.killsEnoughMutants, "thorough") + bugs + " and " + mutantsClause()]
                + (grade.killsEnoughMutants ? [] : mutantAdvice())
        }
        // With mutants in the sentence, "bugs" says which are at large.
        let noun = grade.mutantResults.isEmpty ? "" : atLarge.count == 1 ? " bug" : " bugs"
        var lines = [
            label(false, "thorough") + "your tests catch \(total - atLarge.count) of \(total) bugs"
                + (grade.mutantResults.isEmpty ? "" : " and " + mutantsClause()) + "; "
                + "\(atLarge.count)\(noun) " + (atLarge.count == 1 ? "is" : "are") + " still at large:"
        ]
        for result in atLarge {
            let nudge = result.notes?.nudge ?? ""
            var line = continuation + "· " + which(result.version) + (nudge.isEmpty ? "" : ": " + nudge)
            if let stop = result.stop {
                line += style.dim(" — your tests " + describe(stop, on: "it") + ": that is no catch")
            } else if result.summary.outcome == .crashed {
                line += style.dim(" — your tests crashed on it: a crash is no catch; an expectation is")
            }
            lines.append(line)
        }
        return lines
    }

    /// "kill 38 of 41 mutants (the kata asks for 33)".
    private func mutantsClause() -> String {
        "kill \(grade.killedMutants.count) of \(grade.mutantResults.count) mutants"
            + " (the kata asks for \(grade.requiredMutantKills))"
    }

    /// What a mutant is, and how to kill more without seeing them: the promises, every path.
    private func mutantAdvice() -> [String] {
        [
            continuation
                + "A mutant is the shipped code with one small change nobody wrote on purpose: a call dropped, work"
                + " sent to another queue, a condition turned around.",
            continuation
                + "Your tests catch the named bugs but let too many through: test each promise of \"What the code"
                + " promises\" on every path (callers together, a second failure, a cancel before the start), not"
                + " only the path each bug breaks.",
        ]
    }

    /// Fast is judged on the shipped code's run, the one every other version is measured against;
    /// a buggy version may hang because of its bug, and says nothing of the tests' speed. A slow
    /// test is named with its time, and no cause is guessed: a test that sleeps, one that does
    /// real work, and one stuck behind another that holds the thread pool all look alike here.
    private func fastLines() -> [String] {
        guard grade.compiled, grade.testCount > 0 || grade.results.contains(where: { $0.stop != nil }) else {
            return []
        }
        guard grade.speedMeasured else {
            return [label(false, "fast") + "not measured: your tests were stopped on the shipped code (see above)"]
        }
        let slow = grade.slowTests
        if slow.isEmpty {
            let slowest =
                grade.slowestTestSeconds.map { "the slowest test took \(Self.duration($0))" } ?? "every test is quick"
            return [label(true, "fast") + slowest]
        }
        if slow.count >= 2, slow.count == grade.testCount, let first = slow.first, let last = slow.last,
            first.seconds - last.seconds <= max(0.05, first.seconds * 0.05)
        {
            return [
                label(false, "fast") + "slow: every test took about \(Self.duration(first.seconds)), the same time",
                continuation
                    + "When every test takes the same time, one test may be holding the others up (a thread it blocks,"
                    + " a lock it keeps) rather than each being slow: run them one at a time to find it.",
            ]
        }
        var lines: [String] = []
        for (index, test) in slow.enumerated() {
            let prefix = index == 0 ? label(false, "fast") + "slow: " : continuation + "      "
            lines.append(prefix + "`\(test.name)` took \(Self.duration(test.seconds))")
        }
        lines.append(
            continuation
                + "A test whose work is held in doubles takes milliseconds: find what "
                + (slow.count == 1 ? "it waits" : "they wait") + " for, and hand it to a double the test controls."
        )
        return lines
    }

    private func advice(for stop: TestGrade.Stop) -> String {
        switch stop {
        case .hung:
            "A test that never ends waits for something that never comes (work nothing runs, a lock, the real clock):"
                + " hold the work in a double and run it from the test."
        case .printedTooMuch:
            "A test must not print without end: print less, or nothing; `#expect` says what went wrong."
        }
    }

    /// What the tests did when a run was stopped, on `which` version: "were still running on the
    /// shipped code after 10 s and were stopped (still running: `waits`)".
    private func describe(_ stop: TestGrade.Stop, on which: String) -> String {
        switch stop {
        case .hung(let limit, let tests):
            let still = tests.isEmpty ? "" : " (still running: " + tests.map { "`\($0)`" }.joined(separator: ", ") + ")"
            return "were still running on \(which) after \(CheckExplanation.describe(limit)) and were stopped\(still)"
        case .printedTooMuch(let bytes):
            return "printed more than \(bytes / 1_000_000) MB on \(which) and were stopped"
        }
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    static func duration(_ seconds: Double) -> String {
        if seconds < 0.000_5 { return "under a millisecond" }
        return seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.2f s", seconds)
    }

    /// "It stores …" reads on as "That version stores …"; a note that starts otherwise
    /// ("Lookups of one postcode share …", "`start()` asks …") is quoted after a lead-in.
    private func whatThatVersionDoes(_ text: String) -> String {
        text.hasPrefix("It ") ? "That version " + text.dropFirst(3) : "What that version does differently: " + text
    }
}
