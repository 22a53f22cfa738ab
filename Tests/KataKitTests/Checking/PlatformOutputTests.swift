import Foundation
import TestSupport
import Testing

@testable import KataKit

/// A Mac with the SF Pro font prints SF Symbols where Linux prints ✔ ✘ ◇, and a terminal adds
/// colours. The `macos-*` outputs are the Linux recordings with exactly those changes; they must
/// read the same, and the event stream must not need the console's symbols at all.
@Suite("Results on every platform")
struct PlatformOutputTests {
    static func events() throws -> TestEventStream.Run {
        let data = try Data(contentsOf: Fixtures.folder.appendingPathComponent("outputs/event-stream-failing.jsonl"))
        return try #require(TestEventStream.run(in: data))
    }

    @Test("SF Symbols and ANSI colours read as Linux's plain symbols", arguments: ["tests-failed", "passed"])
    func macOSConsole(_ name: String) throws {
        let exitCode: Int32 = name == "passed" ? 0 : 1
        let linux = TestOutputParser.parse(try Fixtures.output(name), exitCode: exitCode)
        let macOS = TestOutputParser.parse(try Fixtures.output("macos-" + name), exitCode: exitCode)
        #expect(macOS == linux)
        #expect(macOS.testCount > 0, "the macOS output must not read as 'no tests ran'")
    }

    @Test("glyphs become Linux's symbols and colour codes disappear; other text is untouched")
    func glyphs() {
        #expect(
            SwiftTestingGlyphs.normalized("\u{1B}[1;91m\u{100884}\u{1B}[0m Test \"x\" failed after 0.1 seconds.")
                == "✘ Test \"x\" failed after 0.1 seconds.")
        #expect(SwiftTestingGlyphs.normalized("\u{10105B} Test y() passed") == "✔ Test y() passed")
        #expect(SwiftTestingGlyphs.normalized("plain → text ✔") == "plain → text ✔")
    }

    @Test("the event stream says which Swift Testing tests passed and failed, and why, with file and line")
    func eventStream() throws {
        let run = try Self.events()
        #expect(run.passed == ["greets anyone"])
        #expect(run.failed == ["greets by name"])
        #expect(run.started == ["greets anyone", "greets by name"])
        #expect(run.ended)
        #expect(run.unfinished.isEmpty)
        #expect(
            run.failures == [
                TestRunSummary.Failure(
                    test: "greets by name", file: "/repo/Katas/02-failing-kata/Tests/Kata02Tests/GreeterTests.swift",
                    line: 8,
                    message:
                        "Expectation failed: (greeting(for: \"Ada\") → \"Hello!\") == \"Hello, Ada!\" — The greeting should name the person."
                )
            ])
    }

    @Test("with the event stream, a console whose symbols nobody recognises still gives the results")
    func streamOverConsole() throws {
        // The console as an unknown platform might print it: no symbol kata knows.
        let console = """
            ◇ Test run started.
            ? Test "greets by name" recorded an issue at GreeterTests.swift:8:9: Expectation failed
            ? Test "greets anyone" passed after 0.001 seconds.
            ? Test "greets by name" failed after 0.001 seconds with 1 issue.
            """.replacingOccurrences(of: "◇", with: "?")
        let report = TestOutputParser.parse(console, exitCode: 1, swiftTesting: try Self.events())
        #expect(report.outcome == .testsFailed)
        #expect(report.passedTests == ["greets anyone"])
        #expect(report.failedTests == ["greets by name"])
        #expect(report.failures.map(\.line) == [8])
    }

    @Test("a stream in which no run started (the build failed) gives nothing to read")
    func noRun() {
        #expect(TestEventStream.run(in: Data()) == nil)
        #expect(TestEventStream.run(in: Data("not json\n".utf8)) == nil)
    }
}
