/// The README of the learner edition: what the katas are, the two commands a learner needs
/// (set up, then the loop), the katas in order, and where the solutions are (not here).
enum LearnerReadme {
    static func text(katas: [Kata]) -> String {
        let testsKatas = katas.filter { $0.metadata.kind == .tests }.map(\.id)
        let turnaround =
            testsKatas.isEmpty
            ? ""
            : """

            In katas \(testsKatas.first!)–\(testsKatas.last!) it is the other way round: the code is testable and
            correct, and you write its tests, in `Tests/`. `kata check` grades them against correct and
            buggy versions of the code, packed out of sight in `.versions/` (a suite written from the
            bugs catches those bugs and nothing else), and against the code's mutants, small changes
            nobody wrote on purpose: they pass when they pass on every correct version, catch every
            bug, and kill the share of mutants the kata asks for. Do not change `Sources/` there.

            """
        var text = """
            # Dispatch Katas — workshop edition

            Katas that make Grand Central Dispatch and async Swift code testable. Each kata is a
            small Swift package under `Katas/NN-slug`: read its README, change its `Sources/`
            until its tests pass. Do not change its `Tests/`: they are the kata's specification.
            \(turnaround)

            This is the learner edition of the repository: it has no reference solutions. Your
            facilitator hands them out after the workshop.

            ## 1. Set up (once)

            ```sh
            scripts/setup
            ```

            It installs libcmark-gfm if it is missing, builds the `kata` tool, lists the katas and
            checks the first one (whose tests fail: making them pass is kata 01). You need Swift 6.2
            or newer (https://www.swift.org/install).

            ## 2. The loop

            ```sh
            swift run kata show 1     # read the kata
            swift run kata watch 1    # checks again every time you save; or `swift run kata check 1`
            ```

            Stuck? `swift run kata hint 1` shows one hint at a time. `swift run kata list` shows where
            you are, `swift run kata progress` runs the tests of every kata, and `swift run kata reset 1`
            brings back a kata's starter code (your files are saved to `.kata/backups` first).

            Commit and push as you go: each push is graded on GitHub (the Actions tab shows your
            results), and your facilitator sees where the room is stuck.

            ## The katas

            | # | Kata | Minutes |
            | --- | --- | --- |

            """
        for kata in katas {
            text += "| \(kata.id) | [\(kata.title)](Katas/\(kata.folderName)/README.md) | \(kata.metadata.minutes) |\n"
        }
        text += """

            The same pages, as a website that works offline: open `site/index.html` in a browser.

            """
        return text
    }
}
