import Foundation
import TestSupport
import Testing

extension EndToEnd {
    /// End to end: the real `kata` binary against the fixture repository, whose katas pass (01),
    /// fail an expectation (02), do not compile (03) and fail from their third run on (04).
    @Suite("kata, end to end")
    struct CommandLineTests {
        @Test("list shows every kata in order, not started")
        func list() throws {
            let repository = try KataBinary.repository()
            let result = try KataBinary.run(["list"], in: repository)
            #expect(result.status == 0)
            let lines = result.output.split(separator: "\n").map(String.init)
            #expect(lines.first == "#   Kata                 Patterns           Time    Status")
            #expect(lines[1] == "01  Already solved       fixture, greeting  10 min  not started")
            #expect(lines[3].hasPrefix("03  Build the seam"))
            #expect(lines[4].hasPrefix("04  Tame the flaky test"))
            #expect(result.output.contains("0 of 4 passed. Next: `kata show 1`"))
        }

        @Test("show prints the instructions without the front matter, from inside a kata folder")
        func show() throws {
            let repository = try KataBinary.repository()
            let result = try KataBinary.run(
                ["show", "02"], in: repository.appendingPathComponent("Katas/02-failing-kata/Sources"))
            #expect(result.status == 0)
            #expect(
                result.output.hasPrefix("Kata 02 · Fix the greeting\n10 min · beginner · patterns: fixture, greeting"))
            #expect(result.output.contains("Make `greeting(for:)` greet by name: `Hello, `, then the name, then `!`."))
            #expect(result.output.contains("▸ Hint 1"))
            #expect(!result.output.contains("slug:"))
        }

        @Test(
            "show pages through $PAGER on a terminal, in the same process group",
            .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
        func showPages() throws {
            let repository = try KataBinary.repository()
            // `script` gives kata a terminal; the "pager" keeps two lines and marks them.
            let command = "PAGER='sed -n 1,2p | sed s/^/paged:/' '\(KataBinary.url.path)' show 2"
            let result = try KataBinary.run(
                ["-qec", command, "/dev/null"], in: repository, executable: URL(fileURLWithPath: "/usr/bin/script"))
            #expect(result.status == 0)
            let lines = result.output.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "\(lines)")
            #expect(lines.first?.hasPrefix("paged:") == true)
            #expect(lines.first?.contains("Kata 02 · Fix the greeting") == true)
        }

        @Test(
            "check explains a failing expectation with the test, file, line and message, and records it; inside a kata's folder it checks that kata"
        )
        func checkFailing() throws {
            let repository = try KataBinary.repository()
            let result = try KataBinary.run(
                ["check"], in: repository.appendingPathComponent("Katas/02-failing-kata/Tests"))
            #expect(result.status == 1)
            #expect(result.output.contains("\n$ swift test --package-path Katas/02-failing-kata\n"), "\(result.output)")
            #expect(result.output.contains("✘ FAILED  Kata 02 · Fix the greeting: 1 of 2 tests failed."))
            #expect(
                result.output.contains(
                    "✘ greets by name\n    Katas/02-failing-kata/Tests/Kata02Tests/GreeterTests.swift:8\n    │ #expect(greeting(for: \"Ada\") == \"Hello, Ada!\", \"The greeting should name the person.\")\n"
                ))
            #expect(
                result.output.contains(
                    #"Expectation failed: (greeting(for: "Ada") → "Hello!") == "Hello, Ada!" — The greeting should name the person."#
                ))
            let list = try KataBinary.run(["list"], in: repository)
            #expect(list.output.contains("02  Fix the greeting     fixture, greeting  10 min  failing"))
        }

        @Test("check explains a compile error with the learner's file and line, relative to the repository")
        func checkBroken() throws {
            let repository = try KataBinary.repository()
            let result = try KataBinary.run(["check", "broken-kata"], in: repository)
            #expect(result.status == 1)
            #expect(result.output.contains("✘ FAILED  Kata 03 · Build the seam: the code does not compile yet."))
            #expect(
                result.output.contains(
                    "Katas/03-broken-kata/Tests/Kata03Tests/GreeterTests.swift:8:26: cannot find type 'Greeting' in scope"
                ))
            #expect(result.output.contains("    let greeter: any Greeting = Greeter()"))
            #expect(result.output.contains("The tests use what this kata asks you to build"))
        }

        @Test("check passes a solved kata, records it, and a bare check moves on to the next kata")
        func checkPassingThenNext() throws {
            let repository = try KataBinary.repository()
            let result = try KataBinary.run(["check", "1"], in: repository)
            #expect(result.status == 0)
            #expect(result.output.contains("✔ PASSED  Kata 01 · Already solved: all 2 tests passed."))
            #expect(result.output.contains("Next: Kata 02 · Fix the greeting."))
            let next = try KataBinary.run(["check", "--filter", "greetsAnyone"], in: repository)
            #expect(next.output.hasPrefix("Checking Kata 02 · Fix the greeting"))
            #expect(next.status == 0, "the filtered test passes on the starter")
            #expect(next.output.contains("without --filter"))
            let list = try KataBinary.run(["list"], in: repository)
            #expect(list.output.contains("01  Already solved       fixture, greeting  10 min  passed"))
            #expect(
                list.output.contains("02  Fix the greeting     fixture, greeting  10 min  not started"),
                "a filtered pass is not a pass")
        }

        @Test("check with a filter that matches nothing is a usage error")
        func filterMatchesNothing() throws {
            let repository = try KataBinary.repository()
            let result = try KataBinary.run(["check", "1", "--filter", "noSuchTest"], in: repository)
            #expect(result.status == 64)
            #expect(result.output.contains("No test of Kata 01 · Already solved matches --filter 'noSuchTest'."))
        }

        @Test("verify passes katas that keep the rules and names the rule a kata breaks")
        func verify() throws {
            let repository = try KataBinary.repository()
            let good = try KataBinary.run(["verify", "2"], in: repository)
            #expect(good.status == 0, "\(good.output)")
            #expect(
                good.output.contains(
                    "Kata 02 · Fix the greeting  ✔ documents  ✔ starter builds  ✔ tests fail on starter  ✔ solution passes  ✔ alternative passes  ✔ wrong solutions caught 5/5"
                ))
            #expect(good.output.contains("1 of 1 katas verified, 0 broken."))
            let bad = try KataBinary.run(["verify", "1"], in: repository)
            #expect(bad.status == 1)
            #expect(bad.output.contains("✘ tests fail on starter"))
            #expect(bad.output.contains("against the starter the tests should fail, but the run ended as 'passed'"))
            #expect(bad.output.contains("0 of 1 katas verified, 1 broken."))
        }

        @Test("verify names each wrong solution that escaped, why, and the sentence it breaks; and notes that lie")
        func wrongSolutionsEscape() throws {
            let repository = try KataBinary.repository()
            let chaffs = repository.appendingPathComponent("Solutions/02-failing-kata/Chaffs")
            // Correct code filed as a wrong solution: it changes a comment, and no test can fail on it.
            try Fixtures.write(
                """
                # Greets properly

                "Polite."

                ## Breaks

                > then the name, then `!`

                ## Caught by

                `greets by name`

                diff --git a/Sources/Kata02/Greeter.swift b/Sources/Kata02/Greeter.swift
                --- a/Sources/Kata02/Greeter.swift
                +++ b/Sources/Kata02/Greeter.swift
                @@ -1,3 +1,4 @@
                +// Polite.
                 public func greeting(for name: String) -> String {
                     "Hello, \\(name)!"
                 }

                """, to: chaffs.appendingPathComponent("greets-properly.patch"))
            // A wrong solution that no longer fits the tests' seam, with no notes above its diff.
            try Fixtures.write(
                """
                diff --git a/Sources/Kata02/Greeter.swift b/Sources/Kata02/Greeter.swift
                --- a/Sources/Kata02/Greeter.swift
                +++ b/Sources/Kata02/Greeter.swift
                @@ -1,3 +1,3 @@
                -public func greeting(for name: String) -> String {
                -    "Hello, \\(name)!"
                +public func greet(_ name: String) -> String {
                +    name
                 }

                """, to: chaffs.appendingPathComponent("renames-the-function.patch"))
            // Notes that name a test which passes on their wrong solution ("Hello, ADA!" has the prefix).
            let notes = chaffs.appendingPathComponent("shouts-the-name.patch")
            try (try String(contentsOf: notes, encoding: .utf8))
                .replacingOccurrences(of: "`greets by name`", with: "`greets anyone`")
                .write(to: notes, atomically: true, encoding: .utf8)

            let result = try KataBinary.run(["verify", "2"], in: repository)
            #expect(result.status == 1)
            #expect(result.output.contains("✘ wrong solutions caught 5/7\n"), "\(result.output)")
            #expect(
                result.output.contains(
                    """
                        wrong solutions caught: 2 of 7 escaped the tests
                          ✘ Solutions/02-failing-kata/Chaffs/greets-properly: it passed every test
                              breaks: then the name, then `!`
                              misconception: "Polite."
                          ✘ Solutions/02-failing-kata/Chaffs/renames-the-function: it does not compile against the kata's tests: Katas/02-failing-kata/Tests/Kata02Tests/GreeterTests.swift:8: cannot find 'greeting' in scope
                    """), "\(result.output)")
            #expect(
                result.output.contains(
                    "wrong solutions caught: Solutions/02-failing-kata/Chaffs/renames-the-function.patch: its notes are missing: "
                ))
            #expect(
                result.output.contains(
                    "wrong solutions caught: Solutions/02-failing-kata/Chaffs/shouts-the-name.patch: it names `greets anyone` as the test that catches it, but the tests that failed were `greets by name`"
                ))

            let json = try KataBinary.run(["verify", "2", "--format", "json"], in: repository)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let kata = try #require((object["katas"] as? [[String: Any]])?.first)
            let wrongSolutions = try #require(kata["wrongSolutions"] as? [String: Any])
            #expect(wrongSolutions["caught"] as? Int == 5)
            #expect(wrongSolutions["total"] as? Int == 7)
            let escaped = try #require(wrongSolutions["escaped"] as? [[String: Any]])
            #expect(escaped.map { $0["name"] as? String } == ["greets-properly", "renames-the-function"])
            #expect(escaped[0]["breaks"] as? String == "then the name, then `!`")
            #expect(escaped[0]["why"] as? String == "it passed every test")
            #expect(escaped[1]["breaks"] is NSNull)
        }

        @Test("check --repeat runs until the first failure and says the test is flaky")
        func repeatCatchesFlakiness() throws {
            let repository = try KataBinary.repository()
            let result = try KataBinary.run(["check", "4", "--repeat", "5"], in: repository)
            #expect(result.status == 1)
            #expect(result.output.contains("(up to 5 times, stopping at the first failure)"))
            #expect(
                result.output.contains(
                    "Run 3 of 5 failed; the 2 runs before it passed. A test that passes only sometimes is flaky."))
            #expect(result.output.contains("Expectation failed: (runs → 2) < 2 — run 3"))
        }

        @Test("check --repeat passes only when every run passes")
        func repeatPasses() throws {
            let repository = try KataBinary.repository()
            let result = try KataBinary.run(["check", "1", "--repeat", "3"], in: repository)
            #expect(result.status == 0)
            #expect(result.output.contains("✔ PASSED  Kata 01 · Already solved: all 2 tests passed in each of 3 runs."))
        }

        @Test("verify --repeat wants the starter to fail in some run and the solution to pass every run")
        func verifyRepeat() throws {
            let repository = try KataBinary.repository()
            let result = try KataBinary.run(["verify", "4", "--repeat", "4"], in: repository)
            #expect(result.status == 1)
            #expect(result.output.contains("✔ tests fail on starter"), "the starter fails on its third run")
            #expect(
                result.output.contains(
                    "solution passes: against Solutions/04-flaky-kata the run ended as 'testsFailed' (run 3 of 4; the 2 before it passed)"
                ))
        }

        @Test("check --sanitize thread builds in its own folder and passes race-free code")
        func sanitizer() throws {
            let repository = try KataBinary.repository()
            let result = try KataBinary.run(["check", "1", "--sanitize", "thread"], in: repository)
            #expect(result.status == 0, "\(result.output)")
            #expect(
                result.output.contains(
                    "$ swift test --package-path Katas/01-passing-kata --sanitize thread --scratch-path Katas/01-passing-kata/.build-tsan"
                ))
            #expect(
                FileManager.default.fileExists(
                    atPath: repository.appendingPathComponent("Katas/01-passing-kata/.build-tsan").path))
            #expect(
                !FileManager.default.fileExists(
                    atPath: repository.appendingPathComponent("Katas/01-passing-kata/.build").path),
                "the normal build folder is left alone")
        }

        @Test("a reader that closes the pipe early (kata list | head -1) is no crash")
        func closedPipe() throws {
            let repository = try KataBinary.repository()
            let process = Process()
            process.executableURL = KataBinary.url
            process.arguments = ["list"]
            process.currentDirectoryURL = repository
            let output = Pipe()
            let errors = Pipe()
            // The reading end is closed before kata writes a byte, so every write meets a broken pipe.
            try output.fileHandleForReading.close()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "kata was killed by a signal: \(errorText)")
            #expect(!errorText.contains("Fatal error"), "\(errorText)")
        }
    }
}
