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
                "  \(summary.kata.heading): \(summary.stuck) stuck, \(summary.passed) passed, \(summary.notStarted) not started"
            )
            for test in summary.failingTests.prefix(3) {
                lines.append("    \(test.name) fails for \(test.learners)" + (test.message.map { ": " + $0 } ?? ""))
            }
            if let error = summary.firstCompileError {
                lines.append("    \(summary.doesNotCompile) do not compile: \(error)")
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
