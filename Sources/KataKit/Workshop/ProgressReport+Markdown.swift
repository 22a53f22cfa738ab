import Foundation

extension ProgressReport {
    /// The report as a GitHub-flavoured Markdown table, for a workflow's job summary
    /// (`kata progress --format markdown >> "$GITHUB_STEP_SUMMARY"`):
    ///
    /// ```markdown
    /// ## Kata progress: 1 of 2 passed
    ///
    /// | Kata | Result | Tests | First failure |
    /// | --- | --- | --- | --- |
    /// | 01 · Stub the dispatcher | ✅ passed | 3 of 3 | |
    /// | 02 · Wrap the statics | ❌ tests fail | 1 of 4 | `shows the count`: Expectation failed |
    /// ```
    ///
    /// Test names and messages come from the learner's code; they are escaped so that they
    /// cannot close the table or inject HTML into the summary.
    public func markdown() -> String {
        var lines = ["## Kata progress: \(passed) of \(total) passed", ""]
        if let commit { lines += ["Commit `\(Self.markdownCell(commit))`.", ""] }
        lines += ["| Kata | Result | Tests | First failure |", "| --- | --- | --- | --- |"]
        for kata in katas {
            let tests = kata.passedTests.count + kata.failedTests.count
            let failure = kata.firstFailure.map { failure in
                (failure.test.map { "`\(Self.markdownCell($0, limit: 120))`: " } ?? "")
                    + Self.markdownCell(failure.message, limit: 300)
            }
            lines.append(
                "| \(Kata.id(kata.number)) · \(Self.markdownCell(kata.title)) | \(Self.resultLabel(of: kata)) | "
                    + "\(kata.passedTests.count) of \(tests) | \(failure ?? "") |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How a kata stands, in words with a mark, for people.
    static func resultLabel(of kata: KataResult) -> String {
        switch TestRunSummary.Outcome(rawValue: kata.outcome) {
        case .passed: "✅ passed"
        case .buildFailed: kata.started ? "🧱 does not compile" : "⬜ not started"
        case .timedOut: "⏳ hung"
        case nil where kata.outcome == TestGrade.notThorough:
            kata.bugs?.atLarge.isEmpty == true && kata.mutants.map { $0.killed < $0.required } == true
                ? "🐛 too few mutants killed" : "🐛 bugs at large"
        default: kata.started ? "❌ tests fail" : "⬜ not started"
        }
    }

    /// Text safe in one Markdown table cell: one line, no `|`, no HTML, no control characters.
    static func markdownCell(_ text: String, limit: Int = 200) -> String {
        var cell = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\t": cell += " "
            case "|": cell += "\\|"
            case "<": cell += "&lt;"
            case ">": cell += "&gt;"
            case "&": cell += "&amp;"
            case "`": cell += "'"
            default:
                if scalar.isControl || RoomText.isBidiControl(scalar) {
                    cell += "�"
                } else {
                    cell.unicodeScalars.append(scalar)
                }
            }
        }
        return cell.count > limit ? String(cell.prefix(limit)) + "…" : cell
    }
}
