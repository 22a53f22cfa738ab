import Foundation
import Testing

extension EndToEnd {
    /// The safety nets of the learner's loop, end to end: tamper warnings, `kata reset` and its
    /// backups, `kata ship`, `--format json`, the build spinner and shell completions.
    @Suite("kata, the learner's loop")
    struct LearnerLoopTests {
        static let hasScript = TerminalScript.isAvailable

        func file(_ path: String, in repository: URL) -> URL {
            repository.appendingPathComponent(path)
        }

        func read(_ path: String, in repository: URL) throws -> String {
            try String(contentsOf: file(path, in: repository), encoding: .utf8)
        }

        func write(_ text: String, to path: String, in repository: URL) throws {
            let url = file(path, in: repository)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        static let testFile = "Katas/02-failing-kata/Tests/Kata02Tests/GreeterTests.swift"
        static let sourceFile = "Katas/02-failing-kata/Sources/Kata02/Greeter.swift"
        static let solvedGreeter = "public func greeting(for name: String) -> String { \"Hello, \\(name)!\" }\n"

        @Test("check warns, before the result, when the kata's tests differ from the shipped ones")
        func tamperWarning() throws {
            let repository = try KataBinary.repository()
            let untouched = try KataBinary.run(["check", "2"], in: repository)
            #expect(!untouched.output.contains("warning:"))

            try write(try read(Self.testFile, in: repository) + "// made it pass\n", to: Self.testFile, in: repository)
            try write("// a helper test\n", to: "Katas/02-failing-kata/Tests/Kata02Tests/Extra.swift", in: repository)
            let result = try KataBinary.run(["check", "2"], in: repository)
            #expect(result.status == 1)
            #expect(
                result.output.contains(
                    """
                    warning: 2 files of this kata's tests differ from the shipped ones:
                      added    Katas/02-failing-kata/Tests/Kata02Tests/Extra.swift
                      changed  Katas/02-failing-kata/Tests/Kata02Tests/GreeterTests.swift
                    The tests are the kata's specification: solve it in Sources/, not in Tests/.
                    `kata reset 2 --tests-only` restores the shipped tests and keeps your code.
                    """))
            let warning = try #require(result.output.range(of: "warning:"))
            let verdict = try #require(result.output.range(of: "✘ FAILED"))
            #expect(warning.lowerBound < verdict.lowerBound)
        }

        @Test("reset --yes restores the starter, removes added files, and saves every file first")
        func resetRestores() throws {
            let repository = try KataBinary.repository()
            let shippedSource = try read(Self.sourceFile, in: repository)
            let shippedTest = try read(Self.testFile, in: repository)
            try write(Self.solvedGreeter, to: Self.sourceFile, in: repository)
            try write(
                "struct Helper {}\n", to: "Katas/02-failing-kata/Sources/Kata02/Helpers/Helper.swift", in: repository)
            try write(shippedTest + "// changed\n", to: Self.testFile, in: repository)
            #expect(try KataBinary.run(["check", "2"], in: repository).status == 0)

            let result = try KataBinary.run(["reset", "2", "--yes"], in: repository)
            #expect(result.status == 0, "\(result.errors)")
            #expect(
                result.output.contains(
                    "Kata 02 · Fix the greeting is back to its starter: 2 files restored, 1 file you added removed."))
            #expect(try read(Self.sourceFile, in: repository) == shippedSource)
            #expect(try read(Self.testFile, in: repository) == shippedTest)
            #expect(
                !FileManager.default.fileExists(
                    atPath: file("Katas/02-failing-kata/Sources/Kata02/Helpers", in: repository).path))

            // The backup it names holds exactly what the learner had.
            let line = try #require(
                result.output.split(separator: "\n").first { $0.hasPrefix("Your files are saved in ") })
            let backup = String(line.dropFirst("Your files are saved in ".count).prefix { $0 != ";" })
            #expect(backup.hasPrefix(".kata/backups/02-failing-kata-"))
            #expect(try read(backup + "Sources/Kata02/Greeter.swift", in: repository) == Self.solvedGreeter)
            #expect(try read(backup + "Sources/Kata02/Helpers/Helper.swift", in: repository) == "struct Helper {}\n")
            #expect(
                try read(backup + "Tests/Kata02Tests/GreeterTests.swift", in: repository) == shippedTest
                    + "// changed\n")

            // The kata is back at its start, and kata list says so.
            #expect(
                try KataBinary.run(["list"], in: repository).output.contains(
                    "02  Fix the greeting     fixture, greeting  10 min  not started"))
            let again = try KataBinary.run(["reset", "2", "--yes"], in: repository)
            #expect(again.output.contains("Kata 02 · Fix the greeting is already as shipped; nothing to reset."))
        }

        @Test("reset --tests-only restores the tests and keeps the learner's code")
        func resetTestsOnly() throws {
            let repository = try KataBinary.repository()
            let shippedTest = try read(Self.testFile, in: repository)
            try write(Self.solvedGreeter, to: Self.sourceFile, in: repository)
            try write("// tests deleted\n", to: Self.testFile, in: repository)
            let result = try KataBinary.run(["reset", "2", "--tests-only", "--yes"], in: repository)
            #expect(result.status == 0)
            #expect(result.output.contains("is back to its shipped tests: 1 file restored."))
            #expect(try read(Self.testFile, in: repository) == shippedTest)
            #expect(try read(Self.sourceFile, in: repository) == Self.solvedGreeter)
        }

        @Test("reset refuses to run unconfirmed when it cannot ask, and changes nothing")
        func resetNeedsYes() throws {
            let repository = try KataBinary.repository()
            try write(Self.solvedGreeter, to: Self.sourceFile, in: repository)
            let result = try KataBinary.run(["reset", "2"], in: repository)
            #expect(result.status == 64)
            #expect(result.errors.contains("cannot ask you to confirm here (not a terminal)"))
            #expect(result.errors.contains("Run `kata reset 2 --yes` to reset it"))
            #expect(try read(Self.sourceFile, in: repository) == Self.solvedGreeter)
            #expect(!FileManager.default.fileExists(atPath: file(".kata/backups", in: repository).path))
        }

        @Test("on a terminal, reset asks first: no keeps everything, yes resets", .enabled(if: hasScript))
        func resetAsks() throws {
            let repository = try KataBinary.repository()
            try write(Self.solvedGreeter, to: Self.sourceFile, in: repository)
            let command = "'\(KataBinary.url.path)' reset 2"
            let declined = try KataBinary.run(
                TerminalScript.arguments(running: command), in: repository, executable: TerminalScript.executable,
                input: "n\n")
            #expect(declined.status == 0)
            #expect(declined.output.contains("changed  Katas/02-failing-kata/Sources/Kata02/Greeter.swift"))
            #expect(declined.output.contains("Your files are saved to a backup folder first. Reset? [y/N]"))
            #expect(declined.output.contains("Nothing was changed."))
            #expect(try read(Self.sourceFile, in: repository) == Self.solvedGreeter)

            let accepted = try KataBinary.run(
                TerminalScript.arguments(running: command), in: repository, executable: TerminalScript.executable,
                input: "y\n")
            #expect(accepted.status == 0)
            #expect(accepted.output.contains("is back to its starter"))
            #expect(try read(Self.sourceFile, in: repository) != Self.solvedGreeter)
        }

        @Test("reset will not follow a shipped record outside the kata's code")
        func resetRejectsHostileRecord() throws {
            let repository = try KataBinary.repository()
            let record = #"{"files":{"../../escaped.txt":"gotcha","Package.swift":""}}"#
            try write(record, to: "Katas/02-failing-kata/.shipped.json", in: repository)
            let result = try KataBinary.run(["reset", "2", "--yes"], in: repository)
            #expect(result.status == 65)
            #expect(
                result.errors.contains(
                    "names '../../escaped.txt', which is not a file of the kata's code; nothing was reset."))
            #expect(
                !FileManager.default.fileExists(
                    atPath: repository.deletingLastPathComponent().appendingPathComponent("escaped.txt").path))
        }

        @Test("reset of a kata without its shipped record says how to get it back")
        func resetWithoutRecord() throws {
            let repository = try KataBinary.repository()
            try FileManager.default.removeItem(at: file("Katas/02-failing-kata/.shipped.json", in: repository))
            let result = try KataBinary.run(["reset", "2", "--yes"], in: repository)
            #expect(result.status == 65)
            #expect(result.errors.contains("Katas/02-failing-kata/.shipped.json is missing"))
            #expect(result.errors.contains("git checkout -- Katas/02-failing-kata/.shipped.json"))
        }

        @Test("ship --check finds a stale record, ship rewrites it, and verify holds authors to it")
        func ship() throws {
            let repository = try KataBinary.repository()
            #expect(try KataBinary.run(["ship", "--check"], in: repository).status == 0)
            try write(
                try read(Self.testFile, in: repository) + "// a new expectation\n", to: Self.testFile, in: repository)

            let stale = try KataBinary.run(["ship", "--check"], in: repository)
            #expect(stale.status == 1)
            #expect(stale.output.contains("Kata 02 · Fix the greeting     stale: run `kata ship 2`"))
            let verify = try KataBinary.run(["verify", "2", "--solutions-only"], in: repository)
            #expect(verify.status == 1)
            #expect(
                verify.output.contains(
                    "Katas/02-failing-kata/.shipped.json does not match the starter (Tests/Kata02Tests/GreeterTests.swift changed): run `kata ship 2` after changing the starter"
                ))

            let shipped = try KataBinary.run(["ship", "2"], in: repository)
            #expect(shipped.output.contains("Kata 02 · Fix the greeting  recorded (3 files)"))
            #expect(try KataBinary.run(["ship", "--check"], in: repository).status == 0)
        }

        @Test("check --format json prints one JSON object with the result, and nothing else")
        func json() throws {
            let repository = try KataBinary.repository()
            let result = try KataBinary.run(["check", "2", "--format", "json"], in: repository)
            #expect(result.status == 1)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            #expect(object["outcome"] as? String == "testsFailed")
            #expect(object["passed"] as? Bool == false)
            #expect(object["exitCode"] as? Int == 1)
            #expect(object["passedTests"] as? [String] == ["greets anyone"])
            let failure = try #require((object["failures"] as? [[String: Any]])?.first)
            #expect(failure["file"] as? String == Self.testFile)
            #expect(failure["line"] as? Int == 8)
            #expect((object["kata"] as? [String: Any])?["folder"] as? String == "Katas/02-failing-kata")

            let broken = try KataBinary.run(["check", "3", "--format", "json"], in: repository)
            let brokenObject = try #require(
                try JSONSerialization.jsonObject(with: Data(broken.output.utf8)) as? [String: Any])
            #expect(brokenObject["outcome"] as? String == "buildFailed")
            #expect((brokenObject["buildErrors"] as? [[String: Any]])?.isEmpty == false)

            // An error is an object too, so a tool reading standard output always gets one.
            for command in ["check", "verify"] {
                let unknown = try KataBinary.run([command, "17", "--format", "json"], in: repository)
                #expect(unknown.status == 64)
                #expect(unknown.errors.contains("error: There is no kata '17'."))
                let errorObject = try #require(
                    try JSONSerialization.jsonObject(with: Data(unknown.output.utf8)) as? [String: Any])
                #expect(errorObject["outcome"] as? String == "error")
                #expect(errorObject["exitCode"] as? Int == 64)
                #expect(errorObject["error"] as? String == "There is no kata '17'. The katas are 01 to 04.")
                #expect((errorObject["advice"] as? String)?.isEmpty == false)
            }

            let combined = try KataBinary.run(["check", "2", "--format", "json", "--verbose"], in: repository)
            #expect(combined.status == 64)
            #expect(combined.errors.contains("--verbose and --format json cannot be combined"))
        }

        @Test(
            "on a terminal, check shows a moving progress line while SwiftPM builds, and erases it",
            .enabled(if: hasScript))
        func spinner() throws {
            let repository = try KataBinary.repository()
            let result = try KataBinary.run(
                TerminalScript.arguments(running: "'\(KataBinary.url.path)' check 1"), in: repository,
                executable: TerminalScript.executable)
            #expect(result.status == 0)
            #expect(result.output.contains("Building"))
            #expect(result.output.contains("\r\u{1B}[K"))
            #expect(result.output.contains("✔ PASSED"))
            // The build's own log stays hidden without --verbose.
            #expect(!result.output.contains("Compiling Kata01"))
        }

        @Test("colours only on a terminal, and never with NO_COLOR", .enabled(if: hasScript))
        func colours() throws {
            let repository = try KataBinary.repository()
            let script = TerminalScript.executable
            let command = "'\(KataBinary.url.path)' check 2"
            let coloured = try KataBinary.run(
                TerminalScript.arguments(running: command), in: repository, environment: ["NO_COLOR": ""],
                executable: script)
            #expect(coloured.output.contains("\u{1B}[31m✘ FAILED"))
            let plain = try KataBinary.run(
                TerminalScript.arguments(running: command), in: repository, environment: ["NO_COLOR": "1"],
                executable: script)
            #expect(plain.output.contains("✘ FAILED"))
            #expect(!plain.output.contains("\u{1B}[3"), "no colour codes with NO_COLOR")
            let piped = try KataBinary.run(["check", "2"], in: repository, environment: ["NO_COLOR": ""])
            #expect(!piped.output.contains("\u{1B}["), "no escape codes in a pipe")
        }

        @Test("shell completion scripts come from the real command tree", arguments: ["bash", "zsh", "fish"])
        func completions(shell: String) throws {
            let result = try KataBinary.run(["--generate-completion-script", shell], in: try KataBinary.repository())
            #expect(result.status == 0)
            for command in ["check", "reset", "verify", "site"] {
                #expect(result.output.contains(command), "\(shell) completions lack \(command)")
            }
        }
    }
}
