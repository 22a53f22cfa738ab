import Foundation
import Testing

extension EndToEnd {
    /// End to end: `kata hint` and `kata solution` against the fixture repository, whose katas have
    /// two hints each and a reference solution in Solutions/ (kata 01's is the learner's code).
    @Suite("kata hint and kata solution, end to end")
    struct HintAndSolutionTests {
        @Test("hint reveals one hint per call, then all of them again, and leaves the status alone")
        func hintOneAtATime() throws {
            let repository = try KataBinary.repository()
            let first = try KataBinary.run(["hint", "1"], in: repository)
            #expect(first.status == 0)
            #expect(
                first.output == """
                    Hint 1 of 2 · Kata 01 · Already solved
                    Look at `greeting(for:)`.

                    1 hint left: `kata hint 1` shows the next, `kata hint 1 --all` shows them all.

                    """)
            let second = try KataBinary.run(["hint", "passing-kata"], in: repository)
            #expect(second.status == 0)
            #expect(
                second.output.hasPrefix("Hint 2 of 2 · Kata 01 · Already solved\nIt should say `Hello, \\(name)!`.\n"))
            #expect(
                second.output.contains(
                    "That was the last hint. Once the kata passes, `kata solution 1` shows the reference solution."))
            let again = try KataBinary.run(["hint", "01"], in: repository)
            #expect(again.status == 0)
            #expect(
                again.output.hasPrefix("You have seen all 2 hints of Kata 01 · Already solved. Here they are again:\n"))
            #expect(again.output.contains("Hint 1 of 2\nLook at `greeting(for:)`."))
            #expect(again.output.contains("Hint 2 of 2\nIt should say `Hello, \\(name)!`."))

            let state = try String(contentsOf: repository.appendingPathComponent(".kata/state.json"), encoding: .utf8)
            #expect(state.contains(#""hintsShown" : 2"#))
            let list = try KataBinary.run(["list"], in: repository)
            #expect(list.output.contains("01  Already solved       fixture, greeting  10 min  not started"))
            #expect(list.output.contains("0 of 4 passed. Next: `kata show 1`"))
        }

        @Test("hint --all shows every hint and counts them all as seen")
        func hintAll() throws {
            let repository = try KataBinary.repository()
            let all = try KataBinary.run(["hint", "2", "--all"], in: repository)
            #expect(all.status == 0)
            #expect(
                all.output.hasPrefix(
                    "Here are all 2 hints of Kata 02 · Fix the greeting:\n\nHint 1 of 2\nLook at `greeting(for:)`.\n\nHint 2 of 2\n"
                ))
            let next = try KataBinary.run(["hint", "2"], in: repository)
            #expect(next.output.hasPrefix("You have seen all 2 hints of Kata 02"))
        }

        @Test("hint still shows the hint when the progress file cannot be written, and warns")
        func hintUnwritableState() throws {
            let repository = try KataBinary.repository()
            // A file where the folder should be makes the write fail, even for root.
            try Data("in the way".utf8).write(to: repository.appendingPathComponent(".kata"))
            let result = try KataBinary.run(["hint", "1"], in: repository)
            #expect(result.status == 0)
            #expect(result.output.hasPrefix("Hint 1 of 2 · Kata 01 · Already solved\nLook at `greeting(for:)`."))
            #expect(result.errors.contains("warning: Could not save your progress"))
        }

        @Test(
            "an unknown kata is a usage error for both commands",
            arguments: [["hint", "17"], ["solution", "17", "--yes"]])
        func unknownKata(arguments: [String]) throws {
            let result = try KataBinary.run(arguments, in: try KataBinary.repository())
            #expect(result.status == 64)
            #expect(result.errors.contains("error: There is no kata '17'. The katas are 01 to 04."))
            #expect(result.output.isEmpty)
        }

        @Test("solution before the kata passed, piped and without --yes, refuses and says how")
        func solutionRefusedWithoutTerminal() throws {
            let repository = try KataBinary.repository()
            let result = try KataBinary.run(["solution", "2"], in: repository)
            #expect(result.status == 64)
            #expect(result.errors.contains("error: Kata 02 has not passed yet"))
            #expect(result.errors.contains("`kata solution 2 --yes`"))
            #expect(result.output.isEmpty, "no spoiler: \(result.output)")
        }

        @Test("solution --yes shows the diff against the learner's code and SOLUTION.md, and changes nothing")
        func solutionWithYes() throws {
            let repository = try KataBinary.repository()
            let sources = repository.appendingPathComponent("Katas/02-failing-kata/Sources/Kata02")
            // A file only the learner has, to see it reported as removed.
            try Data("let scratch = 1\n".utf8).write(to: sources.appendingPathComponent("Scratch.swift"))
            let before = KataBinary.snapshot(repository.appendingPathComponent("Katas"))

            let result = try KataBinary.run(["solution", "2", "--yes"], in: repository)
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.hasPrefix("Reference solution · Kata 02 · Fix the greeting\n"))
            #expect(
                result.output.contains(
                    """
                    --- Katas/02-failing-kata/Sources/Kata02/Greeter.swift (yours)
                    +++ Solutions/02-failing-kata/Sources/Kata02/Greeter.swift (reference)
                    @@ -1,3 +1,3 @@
                     public func greeting(for name: String) -> String {
                    -    "Hello!"
                    +    "Hello, \\(name)!"
                     }
                    """))
            #expect(
                result.output.contains(
                    """
                    --- Katas/02-failing-kata/Sources/Kata02/Scratch.swift (yours)
                    +++ Solutions/02-failing-kata/Sources/Kata02/Scratch.swift (reference: no such file)
                    @@ -1 +0,0 @@
                    -let scratch = 1
                    """))
            #expect(
                result.output.hasSuffix("\nSolution · Fix the greeting\n===========================\n"),
                "SOLUTION.md, rendered")
            #expect(!result.output.contains("\u{1B}["), "no colours with NO_COLOR")
            #expect(
                KataBinary.snapshot(repository.appendingPathComponent("Katas")) == before,
                "the learner's files are untouched")
        }

        @Test("solution after a pass shows at once; code that matches the reference says so")
        func solutionAfterPass() throws {
            let repository = try KataBinary.repository()
            // A state file as `kata check 1` writes it, from before `kata hint` existed.
            try FileManager.default.createDirectory(
                at: repository.appendingPathComponent(".kata"), withIntermediateDirectories: true)
            try Data(#"{"katas":{"01":{"checkedAt":"2025-03-01T10:00:00Z","status":"passed"}},"version":1}"#.utf8)
                .write(to: repository.appendingPathComponent(".kata/state.json"))
            let result = try KataBinary.run(["solution", "1"], in: repository)
            #expect(result.status == 0, "\(result.errors)")
            #expect(
                result.output.contains(
                    "Your code in Katas/01-passing-kata/Sources is the same as the reference solution."))
            #expect(result.output.contains("Solution · Already solved"))
            #expect(result.errors.isEmpty)
        }

        @Test("a kata without its Solutions folder is a clear layout error naming the path")
        func solutionMissing() throws {
            let repository = try KataBinary.repository()
            try FileManager.default.removeItem(at: repository.appendingPathComponent("Solutions/03-broken-kata"))
            let result = try KataBinary.run(["solution", "3", "--yes"], in: repository)
            #expect(result.status == 65)
            #expect(
                result.errors.contains(
                    "error: There is no reference solution for Kata 03 · Build the seam: Solutions/03-broken-kata is missing."
                ))
            #expect(result.output.isEmpty)
        }

        @Test(
            "on a terminal, solution asks first: no shows nothing, yes shows it",
            .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
        func solutionAsks() throws {
            let repository = try KataBinary.repository()
            // `script` gives kata a terminal and passes the answer on; PAGER=cat prints instead of paging.
            func answering(_ answer: String) throws -> (status: Int32, output: String) {
                let command =
                    "printf '\(answer)\\n' | script -qec \"PAGER=cat '\(KataBinary.url.path)' solution 2\" /dev/null"
                let result = try KataBinary.run(
                    ["-c", command], in: repository, executable: URL(fileURLWithPath: "/bin/sh"))
                return (result.status, result.output.replacingOccurrences(of: "\r", with: ""))
            }
            let declined = try answering("n")
            #expect(declined.status == 0)
            #expect(declined.output.contains("Kata 02 has not passed yet. Show the reference solution anyway? [y/N] "))
            #expect(declined.output.contains("Nothing shown. `kata hint 2` gives a smaller nudge."))
            #expect(!declined.output.contains("Reference solution"))

            let accepted = try answering("y")
            #expect(accepted.status == 0)
            #expect(accepted.output.contains("Reference solution"))
            #expect(accepted.output.contains("Hello, \\(name)!"))
        }

        @Test("both commands' help explains them with an example", arguments: ["hint", "solution"])
        func help(command: String) throws {
            let result = try KataBinary.run([command, "--help"], in: try KataBinary.repository())
            #expect(result.status == 0)
            #expect(result.output.contains("Example"))
            #expect(result.output.contains("kata \(command) 1"))
        }
    }
}
