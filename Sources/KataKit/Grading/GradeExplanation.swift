import Foundation

/// Turns a ``TestGrade`` into what a learner reads after `kata check` on a tests kata: valid,
/// thorough and fast, one line each, with what to do about each that failed; then the verdict.
///
/// ```text
/// ✔ valid     they pass on the shipped code and on 3 other correct versions, 3 runs each
/// ✘ thorough  they catch 3 of 5 bugs; 2 are still at large:
///               · Does any test hand the view model messages in an order the server might really send?
///               · What does the screen show while the load is still running?
/// ✔ fast      the slowest test took 2 ms
///
/// ✘ FAILED  Kata 19 · Catch it with a stub: 2 bugs are still at large. `kata hint 19` nudges further.
/// ```
public struct GradeExplanation: Sendable {
    public let grade: TestGrade
    public let repository: KataRepository
    public let style: TextStyle

    public init(grade: TestGrade, repository: KataRepository, style: TextStyle) {
        self.grade = grade
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
                "Fix your tests in Katas/\(kata.folderName)/Tests; the code in Sources is the kata's and stays as it is."
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
            lines.append(
                style.bold(style.green("✔ PASSED"))
                    + "  \(kata.heading): valid, thorough and fast: \(caught == 1 ? "the 1 bug" : "all \(caught) bugs") caught."
            )
            lines.append("")
            if let next {
                lines.append(
                    "Next: \(next.heading). Read it with `kata show \(next.number)`, check it with `kata check \(next.number)`."
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
        if !grade.versionCompileErrors.isEmpty { return "your tests do not compile against every version" }
        if grade.testCount == 0 { return "no test ran" }
        if let stopped = grade.results.first(where: { $0.stop != nil }), let stop = stopped.stop {
            let which = stopped.version.role == .shipped ? "the shipped code" : stopped.version.name
            return "on \(which) your tests " + describe(stop)
        }
        if !grade.valid {
            return grade.rejected.first?.version.role == .shipped
                ? "your tests fail on the shipped code, which keeps every promise"
                : "your tests fail on a correct version"
        }
        let atLarge = grade.atLarge.count
        if atLarge > 0 {
            return (atLarge == 1 ? "1 bug is" : "\(atLarge) bugs are")
                + " still at large. `kata hint \(kata.number)` nudges further"
        }
        return "your tests are correct but slow: no test may wait on the real clock"
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
                    + "your tests compile against the shipped code but not against \(failure.version.label):")
            lines.append(contentsOf: plain.buildErrorLines(failure.errors).map { continuation + $0 })
            lines.append(
                continuation
                    + "They use more than the code's public seam (an `@testable import`, an internal name): test through what \"The code\" names."
            )
        }
        guard grade.versionCompileErrors.isEmpty else { return lines }
        if grade.testCount == 0 {
            lines.append(label(false, "valid") + "no test ran: write your tests in Katas/\(kata.folderName)/Tests.")
            return lines
        }
        if grade.rejected.isEmpty {
            let repeated = runs > 1 ? ", \(runs) runs each" : ""
            lines.append(label(true, "valid") + "they pass on the shipped code and on \(otherVersions)\(repeated)")
            return lines
        }
        // Tests that hang or print without end do so everywhere: the first stop says it all.
        if let stopped = grade.rejected.first(where: { $0.stop != nil }), let stop = stopped.stop {
            let which =
                stopped.version.role == .shipped ? "the shipped code" : "a correct version, \(stopped.version.name)"
            lines.append(label(false, "valid") + "on \(which) your tests " + describe(stop) + ":")
            lines.append(continuation + advice(for: stop))
            return lines
        }
        // A test that fails on the shipped code fails for that reason wherever else it fails: what
        // the other versions do differently would only lead the learner astray.
        let shippedRejected = grade.rejected.contains { $0.version.role == .shipped }
        let othersRejected = grade.rejected.filter { $0.version.role != .shipped }.map(\.version.name)
        for result in grade.rejected where !shippedRejected || result.version.role == .shipped {
            let shipped = result.version.role == .shipped
            let which = shipped ? "the shipped code" : "a correct version, \(result.version.name)"
            let flaky =
                result.passedRuns > 0
                ? " in run \(result.runs) of \(runs), after \(result.passedRuns) that passed: a test that passes only sometimes is flaky, and a flaky test is not valid"
                : ""
            let failedTests = result.summary.failedTests
            let outcome =
                result.summary.outcome == .crashed
                ? "crashed" : "fail (\(failedTests.count == 1 ? "1 test" : "\(failedTests.count) tests"))"
            lines.append(label(false, "valid") + "your tests \(outcome) on \(which)\(flaky):")
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
                        + "The shipped code keeps every promise of \"What the code promises\": a test that fails on it expects something the code does not promise."
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
                continuation
                    + "They fail on \(othersRejected.count == 1 ? "a correct version" : "\(othersRejected.count) correct versions") too ("
                    + othersRejected.joined(separator: ", ")
                    + "): make them pass on the shipped code first; that is most likely the same failure.")
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
                        "not counted until your tests pass on every correct version: a test that fails on correct code catches bugs by accident"
                    )
            ]
        }
        let atLarge = grade.atLarge
        if atLarge.isEmpty {
            return [label(true, "thorough") + "they catch \(total == 1 ? "the 1 bug" : "all \(total) bugs")"]
        }
        var lines = [
            label(false, "thorough") + "they catch \(total - atLarge.count) of \(total) bugs; "
                + (atLarge.count == 1 ? "1 is" : "\(atLarge.count) are") + " still at large:"
        ]
        for result in atLarge {
            let nudge = result.notes?.nudge.isEmpty == false ? result.notes!.nudge : "(version \(result.version.name))"
            var line = continuation + "· " + nudge
            if let stop = result.stop {
                line += style.dim(" (your tests " + describe(stop) + " on it: that is no catch)")
            } else if result.summary.outcome == .crashed {
                line += style.dim(" (your tests crashed on it: a crash is no catch; an expectation is)")
            }
            lines.append(line)
        }
        return lines
    }

    private func fastLines() -> [String] {
        guard grade.compiled, grade.testCount > 0 || grade.results.contains(where: { $0.stop != nil }) else {
            return []
        }
        if grade.results.contains(where: { $0.stop != nil }), grade.slowTests.isEmpty {
            return [label(false, "fast") + "not measured: a run was stopped (see above)"]
        }
        if grade.slowTests.isEmpty {
            let slowest =
                grade.slowestTestSeconds.map { "the slowest test took \(Self.duration($0))" } ?? "every test is quick"
            return [label(true, "fast") + slowest]
        }
        var lines: [String] = []
        for (index, test) in grade.slowTests.enumerated() {
            let prefix = index == 0 ? label(false, "fast") : continuation
            lines.append(prefix + "`\(test.name)` took \(Self.duration(test.seconds))")
        }
        lines.append(
            continuation
                + "A test that waits on the real clock is slow and flaky: drive time and queues with a double the test controls."
        )
        return lines
    }

    private func advice(for stop: TestGrade.Stop) -> String {
        switch stop {
        case .hung:
            "A test must never wait on the real clock, or on work that nothing runs: hold the work in a double and run it from the test."
        case .printedTooMuch:
            "A test must not print without end: print less, or nothing; `#expect` says what went wrong."
        }
    }

    private func describe(_ stop: TestGrade.Stop) -> String {
        switch stop {
        case .hung(let limit, let tests):
            let still = tests.isEmpty ? "" : " (still running: " + tests.map { "`\($0)`" }.joined(separator: ", ") + ")"
            return "were still running after \(CheckExplanation.describe(limit)) and were stopped\(still)"
        case .printedTooMuch(let bytes):
            return "printed more than \(bytes / 1_000_000) MB and were stopped"
        }
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
