/// The room for the terminal: a line per learner with a mark per kata, then where the room is
/// stuck, then what could not be read. Learners' strings arrive cleaned by ``Room``.
///
/// ```text
/// Learner  01 02 03  Passed
/// ada      ✔  ✘  ·   1 of 3
/// ```
enum RoomTable {
    static func text(_ room: Room, style: TextStyle) -> String {
        let width = min(Room.nameLimit, max(7, room.learners.map(\.name.count).max() ?? 0))
        func padded(_ text: String) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        var lines = [style.bold(padded("Learner") + "  " + room.katas.map(\.id).joined(separator: " ") + "  Passed")]
        for learner in room.learners {
            let marks = room.katas.map { kata -> String in
                let state = learner.state(of: kata)
                let mark = state.mark + " "
                switch state {
                case .passed: return style.green(mark)
                case .failing, .doesNotCompile, .hung: return style.red(mark)
                case .notStarted: return style.dim(mark)
                }
            }
            lines.append(
                padded(learner.name) + "  " + marks.joined(separator: " ")
                    + "  \(learner.passed) of \(room.katas.count)")
        }
        if room.learners.isEmpty { lines.append(style.dim("(no learner could be read)")) }
        lines.append(
            style.dim(Room.State.allCases.map { "\($0.mark) \($0.label)" }.joined(separator: "   ")))
        lines.append("")
        let stuck = room.stuck
        lines.append(style.bold("Where the room is stuck") + (stuck.isEmpty ? ": nowhere." : ""))
        for summary in stuck {
            lines.append(
                "  \(summary.kata.heading): \(summary.stuck) stuck, \(summary.passed) passed, \(summary.notStarted) "
                    + "not started"
            )
            for test in summary.failingTests.prefix(3) {
                lines.append("    \(test.name) fails for \(test.learners)" + (test.message.map { ": " + $0 } ?? ""))
            }
            if let error = summary.firstCompileError {
                lines.append("    \(summary.doesNotCompile) do not compile: \(error)")
            }
            for bug in summary.missedBugs.prefix(3) {
                lines.append(
                    "    the tests of \(bug.learners) miss \(bug.name)" + (bug.nudge.isEmpty ? "" : ": " + bug.nudge))
            }
        }
        let testsKatas = room.katas.filter { $0.metadata.kind == .tests }
        if !testsKatas.isEmpty, !room.learners.isEmpty {
            lines.append("")
            let gradesMutants = room.learners.contains { learner in
                testsKatas.contains { learner.cells[$0.number]?.mutantsTotal != nil }
            }
            // "6/6 38/41": bugs, then mutants, when any report has them.
            let width = gradesMutants ? 11 : 5
            lines.append(
                style.bold(gradesMutants ? "Bugs and mutants their tests catch" : "Bugs their tests catch")
                    + style.dim(" (the katas where learners write the tests)"))
            lines.append(
                style.bold(
                    padded("Learner") + "  "
                        + testsKatas.map { $0.id.padding(toLength: width, withPad: " ", startingAt: 0) }.joined(
                            separator: " ")))
            for learner in room.learners {
                let counts = testsKatas.map { kata -> String in
                    (learner.cells[kata.number]?.caughtSummary ?? "·").padding(
                        toLength: width, withPad: " ", startingAt: 0)
                }
                lines.append(padded(learner.name) + "  " + counts.joined(separator: " "))
            }
        }
        if !room.unreadable.isEmpty {
            lines.append("")
            lines.append(style.bold(style.yellow("Could not read")))
            for problem in room.unreadable { lines.append("  \(problem.source): \(problem.reason)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
