import Foundation
import TestSupport
import Testing

@testable import KataKit

/// The outputs under `Tests/Fixtures/outputs` were recorded from real `swift test` runs.
@Suite("Reading swift test output")
struct TestOutputParserTests {
    @Test("failed expectations and assertions of both frameworks, with their messages")
    func testsFailed() throws {
        let report = TestOutputParser.parse(try Fixtures.output("tests-failed"), exitCode: 1)
        #expect(report.outcome == .testsFailed)
        #expect(report.failedTests.sorted() == ["XTests.testXFail", "adds two numbers", "fails twice"])
        #expect(report.passedTests.sorted() == ["XTests.testXPass", "addsZero()"])
        #expect(report.failures.count == 4)
        let xctest = try #require(report.failures.first)
        #expect(
            xctest
                == .init(
                    test: "XTests.testXFail", file: "/tmp/toy/Tests/ToyTests/T.swift", line: 10,
                    message: #"XCTAssertEqual failed: ("2") is not equal to ("3") - xctest message"#))
        let swiftTesting = try #require(report.failures.first { $0.test == "adds two numbers" })
        #expect(swiftTesting.file == "T.swift")
        #expect(swiftTesting.line == 5)
        #expect(swiftTesting.message == "Expectation failed: (add(1, 2) → 3) == 4 — one plus two")
    }

    @Test("the tests' own time: XCTest's outermost suite and Swift Testing's run, added up; none without a run")
    func testSeconds() throws {
        let both = """
            \t Executed 1 test, with 0 failures (0 unexpected) in 0.100 (0.101) seconds
            Test Suite 'All tests' passed at 2026-11-25 02:57:53.663
            \t Executed 4 tests, with 1 failure (0 unexpected) in 0.204 (0.206) seconds
            ✘ Test run with 3 tests in 1 suite failed after 1.250 seconds with 3 issues.
            """
        let report = TestOutputParser.parse(both, exitCode: 1)
        #expect(abs((report.testSeconds ?? 0) - 1.456) < 0.000_1)
        #expect(TestOutputParser.parse(try Fixtures.output("passed"), exitCode: 0).testSeconds == 0.002)
        #expect(TestOutputParser.parse(try Fixtures.output("build-failed-tests"), exitCode: 1).testSeconds == nil)
    }

    @Test(
        "when a run caught the code: XCTest's cases added up to the first that failed, by an assertion or a sanitizer")
    func secondsToFirstFailure() {
        for (prefix, name, stop) in [("", "FutureTests.test_b", ""), ("-[", "Kata06Tests.FutureTests test_b]", ".")] {
            let testCase = { (name: String) in prefix + name + (prefix.isEmpty ? "" : "]") }
            let output = """
                Test Case '\(testCase("FutureTests.test_a"))' started at 2026-11-28 07:00:00.000
                Test Case '\(testCase("FutureTests.test_a"))' passed (0.100 seconds)\(stop)
                Test Case '\(testCase("FutureTests.test_w"))' started at 2026-11-28 07:00:00.100
                /r/T.swift:9: error: \(testCase("FutureTests.test_w")) : Asynchronous wait failed: Exceeded timeout of 2 seconds, with unfulfilled expectations: "x".
                Test Case '\(testCase("FutureTests.test_w"))' failed (2.000 seconds)\(stop)
                Test Case '\(prefix + name)' started at 2026-11-28 07:00:02.100
                /r/T.swift:20: error: \(prefix + name) : XCTAssertEqual failed: ("nil") is not equal to ("later")
                Test Case '\(prefix + name)' failed (0.202 seconds)\(stop)
                Test Case '\(testCase("FutureTests.test_c"))' started at 2026-11-28 07:00:02.302
                /r/T.swift:30: error: \(testCase("FutureTests.test_c")) : failed - round 0
                Test Case '\(testCase("FutureTests.test_c"))' failed (3.000 seconds)\(stop)
                \t Executed 4 tests, with 3 failures (0 unexpected) in 5.302 (5.302) seconds
                """
            let report = TestOutputParser.parse(output, exitCode: 1)
            #expect(report.testSeconds == 5.302)
            // A wait's timeout is a time limit, not an assertion: the first catch is test_b's.
            #expect(abs((report.secondsToFirstFailure ?? 0) - 2.302) < 0.000_1, "\(prefix)")
            #expect(report.timeToCatch == .milliseconds(2_302))
        }
        let raced = TestOutputParser.parse(
            """
            Test Case 'FutureTests.test_a' passed (0.100 seconds)
            SUMMARY: ThreadSanitizer: Swift access race (libKata06.so+0x15725) in $s6Kata066FutureC7observe
            Test Case 'FutureTests.test_b' failed (0.583 seconds)
            Test Case 'FutureTests.test_c' passed (4.500 seconds)
            \t Executed 3 tests, with 1 failure (0 unexpected) in 5.183 (5.183) seconds
            """, exitCode: 1)
        #expect(
            abs((raced.secondsToFirstFailure ?? 0) - 0.683) < 0.000_1,
            "a sanitizer's report fails the test case it came in, and catches the code there")
        let passing = TestOutputParser.parse(try! Fixtures.output("passed"), exitCode: 0)
        #expect(passing.secondsToFirstFailure == nil)
        #expect(passing.timeToCatch == .milliseconds(2), "with no failure to time, the whole run's time")
    }

    @Test(
        "when a run caught the code: Swift Testing's stream from its start to the first failing issue, after XCTest's run"
    )
    func secondsToFirstFailureInTheStream() throws {
        let data = try Data(contentsOf: Fixtures.folder.appendingPathComponent("outputs/event-stream-failing.jsonl"))
        let run = try #require(TestEventStream.run(in: data))
        // runStarted at 1918.217595415, the issue at 1918.237809238.
        #expect(abs((run.secondsToFirstFailure ?? 0) - 0.020_213_823) < 0.000_001)
        let afterXCTest = TestOutputParser.parse(
            "\t Executed 2 tests, with 0 failures (0 unexpected) in 1.500 (1.501) seconds", exitCode: 1,
            swiftTesting: run)
        #expect(abs((afterXCTest.secondsToFirstFailure ?? 0) - 1.521_213_823) < 0.000_001)
    }

    @Test("a compile error in the tests, with the source line the compiler quoted")
    func buildFailedInTests() throws {
        let report = TestOutputParser.parse(try Fixtures.output("build-failed-tests"), exitCode: 1)
        #expect(report.outcome == .buildFailed)
        #expect(
            report.buildErrors == [
                .init(
                    file: "/tmp/toy/Tests/ToyTests/T.swift", line: 6, column: 35,
                    message: "cannot find 'sub' in scope",
                    sourceLine: "  @Test func addsZero() { #expect(sub(0, 2) == 2) }"
                )
            ])
        #expect(report.otherErrors.isEmpty, "SwiftPM's closing 'error: fatalError' says nothing and is left out")
    }

    @Test("a compile error in the code under test")
    func buildFailedInSources() throws {
        let report = TestOutputParser.parse(try Fixtures.output("build-failed-sources"), exitCode: 1)
        #expect(report.outcome == .buildFailed)
        #expect(report.buildErrors.map(\.file) == ["/tmp/toy/Sources/Toy/Toy.swift"])
        #expect(report.buildErrors.first?.line == 2)
    }

    @Test("a run where everything passed")
    func passed() throws {
        let report = TestOutputParser.parse(try Fixtures.output("passed"), exitCode: 0)
        #expect(report.outcome == .passed)
        #expect(report.testCount == 5)
        #expect(report.failures.isEmpty)
    }

    @Test("a filter that matched nothing")
    func noTests() throws {
        #expect(TestOutputParser.parse(try Fixtures.output("no-tests-ran"), exitCode: 0).outcome == .noTestsRan)
    }

    @Test("a test process that dies mid-run is a crash, not a build failure")
    func crashed() {
        let output = """
            ◇ Test run started.
            ◇ Test "loads" started.
            Fatal error: Unexpectedly found nil while unwrapping an Optional value
            error: Exited with unexpected signal code 4
            """
        let report = TestOutputParser.parse(output, exitCode: 1)
        #expect(report.outcome == .crashed)
        #expect(report.otherErrors.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value"))
    }

    @Test("a test whose assertion failed before the process died is still named as failing")
    func failedThenDied() {
        let output = """
            Test Case 'FutureTests.testFirst' started at 2026-11-25 10:00:00.000
            Test Case 'FutureTests.testFirst' passed (0.001 seconds)
            Test Case 'FutureTests.testObservers' started at 2026-11-25 10:00:00.001
            /tmp/k/Tests/FutureTests.swift:40: error: FutureTests.testObservers : XCTAssertTrue failed - an observer was never called
            Fatal error: UnsafeMutablePointer.deinitialize with negative count
            """
        let report = TestOutputParser.parse(output, exitCode: 1, wasSignaled: true)
        #expect(report.outcome == .testsFailed)
        #expect(report.failedTests.isEmpty)
        #expect(report.failingTests == ["FutureTests.testObservers"])
    }
    @Test("a run stopped at its time limit is timed out, and names the tests that never ended")
    func timedOut() {
        let output = """
            ◇ Test run started.
            ◇ Test "delivers on main" started.
            ◇ Test "retries" started.
            ✔ Test "retries" passed after 0.002 seconds.
            Test Case 'FeedTests.testLoads' started at 2026-11-23 10:00:00.000
            """
        let report = TestOutputParser.parse(output, exitCode: 15, wasSignaled: true, timedOut: true)
        #expect(report.outcome == .timedOut)
        #expect(report.startedTests == ["delivers on main", "retries", "FeedTests.testLoads"])
        #expect(report.passedTests == ["retries"])
        #expect(report.unfinishedTests.map(\.name) == ["delivers on main", "FeedTests.testLoads"])
    }

    @Test("an XCTest test that started and never ended is named as unfinished, beside Swift Testing's from its stream")
    func xctestUnfinished() {
        let output = """
            Test Suite 'All tests' started at 2026-11-23 10:00:00.000
            Test Case 'FeedTests.testRetries' started at 2026-11-23 10:00:00.000
            Test Case 'FeedTests.testRetries' passed (0.002 seconds)
            Test Case 'FeedTests.testLoads' started at 2026-11-23 10:00:00.002
            """
        var stream = TestEventStream.Run()
        stream.started = ["waits"]
        stream.unfinished = [.init(name: "waits", file: "/k/Tests/T.swift", line: 4)]
        let report = TestOutputParser.parse(
            output, exitCode: 15, wasSignaled: true, timedOut: true, swiftTesting: stream)
        #expect(report.outcome == .timedOut)
        #expect(
            report.unfinishedTests == [
                .init(name: "FeedTests.testLoads", file: "", line: 0),
                .init(name: "waits", file: "/k/Tests/T.swift", line: 4),
            ])
        let finished = TestOutputParser.parse(
            output + "\nTest Case 'FeedTests.testLoads' passed (0.1 seconds)", exitCode: 0)
        #expect(finished.unfinishedTests.isEmpty, "a run that was not stopped has nothing unfinished")
    }

    @Test("an unfinished XCTest test is placed at its func, in the file that declares its class")
    func xctestUnfinishedPlaced() throws {
        let tests = FileManager.default.temporaryDirectory.appendingPathComponent("kata-places-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: tests) }
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        try Data("final class OtherTests: XCTestCase {\n    func testLoads() {}\n}\n".utf8)
            .write(to: tests.appendingPathComponent("A.swift"))
        try Data("import XCTest\n\nfinal class FeedTests: XCTestCase {\n    func testLoads() async {}\n}\n".utf8)
            .write(to: tests.appendingPathComponent("B.swift"))
        var summary = TestRunSummary(outcome: .timedOut)
        summary.unfinishedTests = [
            .init(name: "FeedTests.testLoads", file: "", line: 0), .init(name: "FeedTests.testGone", file: "", line: 0),
            .init(name: "waits", file: "/k/T.swift", line: 4),
        ]
        let placed = summary.placingUnfinishedTests(in: tests).unfinishedTests
        #expect(placed[0].file.hasSuffix("/B.swift") && placed[0].line == 4, "\(placed[0])")
        #expect(placed[1].file.isEmpty, "a test not found keeps no place")
        #expect(placed[2] == summary.unfinishedTests[2], "a Swift Testing test keeps the place it came with")
    }

    @Test("a build that fails without a file and line (a linker error) is a build failure")
    func linkerError() {
        let report = TestOutputParser.parse(
            "error: link command failed with exit code 1\nerror: fatalError", exitCode: 1)
        #expect(report.outcome == .buildFailed)
        #expect(report.otherErrors == ["error: link command failed with exit code 1"])
    }

    @Test("the same compile error printed twice is reported once")
    func deduplicates() {
        let line = "/k/Tests/T.swift:3:1: error: cannot find 'X' in scope"
        #expect(TestOutputParser.parse(line + "\n" + line, exitCode: 1).buildErrors.count == 1)
    }

    @Test("parameterized Swift Testing issues keep their location")
    func parameterized() {
        let line =
            "✘ Test square(_:) recorded an issue with 1 argument value → 3 at MathTests.swift:12:9: Expectation failed: 9 == 10"
        let failure = TestOutputParser.swiftTestingIssue(line)
        #expect(failure?.test == "square(_:)")
        #expect(failure?.file == "MathTests.swift")
        #expect(failure?.line == 12)
        #expect(failure?.message == "Expectation failed: 9 == 10")
    }
}

extension TestOutputParserTests {
    @Test("ThreadSanitizer's reports, once each, turn a passing run into a reported one")
    func sanitizer() throws {
        let report = TestOutputParser.parse(try Fixtures.output("sanitizer-race"), exitCode: 1)
        #expect(report.outcome == .sanitizerReported)
        #expect(report.passedTests == ["races()"])
        #expect(
            report.sanitizerReports == [
                .init(
                    sanitizer: "ThreadSanitizer", kind: "Swift access race", location: "/tmp/toy/Sources/Toy/Toy.swift"),
                .init(sanitizer: "ThreadSanitizer", kind: "data race", location: "/tmp/toy/Sources/Toy/Toy.swift:6:88"),
            ])
    }
}

extension TestOutputParserTests {
    @Test("a test that passed with a known issue counts as passed")
    func knownIssue() {
        let output = """
            ━ Test "confirms 0 times" recorded a known issue at ConfirmationTests.swift:20:31: Confirmation was confirmed 0 times
            ━ Test "confirms 0 times" passed after 0.002 seconds with 1 known issue.
            ━ Test run with 1 test in 1 suite passed after 0.003 seconds with 1 known issue.
            """
        let report = TestOutputParser.parse(output, exitCode: 0)
        #expect(report.outcome == .passed)
        #expect(report.passedTests == ["confirms 0 times"])
        #expect(report.failures.isEmpty)
    }
}

extension TestOutputParserTests {
    @Test("the comment of an expectation on collections comes after a diff line, and is kept")
    func commentAfterDiff() {
        let output = """
            ✘ Test "refresh() loads" recorded an issue at HeadlinesTests.swift:16:9: Expectation failed: (service.requests → []) == [.top]
            ± removed [Kata14.NewsSection.top]
            ↳ refresh() must ask the service for the current section.
            ✘ Test "refresh() loads" failed after 0.003 seconds with 1 issue.
            """
        let report = TestOutputParser.parse(output, exitCode: 1)
        #expect(
            report.failures.map(\.message) == [
                "Expectation failed: (service.requests → []) == [.top] — refresh() must ask the service for the current section."
            ])
    }
}
