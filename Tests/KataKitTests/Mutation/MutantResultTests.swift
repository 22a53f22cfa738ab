import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("What became of a mutant: killed by an assertion or a crash, by a time limit only, or survived")
struct MutantResultTests {
    static let mutant = Mutant(
        operatorName: .deleteCall, file: "TapCounter.swift", range: 10..<30, original: "onChange?(taps)",
        replacement: "", line: 3, declaration: "TapCounter.tap")

    static func result(
        _ outcome: TestRunSummary.Outcome, failures: [(String, String)] = [], seconds: Double = 0.1,
        stop: TestGrade.Stop? = nil, runs: Int = 1, otherErrors: [String] = [], firstFailure: Double? = nil
    ) throws -> MutantResult {
        let repository = KataRepository(root: try Fixtures.copy("tests-repository", purpose: "mutant-result"))
        let kata = try KataCatalog.load(from: repository).kata(named: "1")
        var summary = TestRunSummary(outcome: outcome)
        summary.failures = failures.map { .init(test: $0.0, file: "TapCounterTests.swift", line: 9, message: $0.1) }
        summary.testSeconds = seconds
        summary.secondsToFirstFailure = firstFailure
        summary.otherErrors = otherErrors
        let version = TestGrade.VersionResult(
            version: kata.shippedCode, notes: nil, summary: summary, runs: runs, passedRuns: 0, stop: stop)
        return MutantResult.graded(mutant, number: 7, result: version, runs: runs)
    }

    @Test("an expectation that fails within the deadline kills it, and names the test")
    func killed() throws {
        let result = try Self.result(.testsFailed, failures: [("counts each tap", "Expectation failed: 1 == 2")])
        #expect(result.status == .killed)
        #expect(result.failingTests == ["counts each tap"])
        #expect(result.why == nil)
        #expect(result.number == 7)
    }

    @Test("the first failure in time kills it, however long the other tests go on waiting after it")
    func killedBeforeTheRestWaited() throws {
        let failures = [("counts each tap", "Expectation failed: 1 == 2")]
        let result = try Self.result(.testsFailed, failures: failures, seconds: 7.5, firstFailure: 0.2)
        #expect(result.status == .killed)
        let late = try Self.result(.testsFailed, failures: failures, seconds: 7.5, firstFailure: 5.5)
        #expect(late.status == .timedOut)
        #expect(late.why?.contains("only after 5.5 s") == true)
    }

    @Test("every test passing: it survived")
    func survived() throws {
        let result = try Self.result(.passed)
        #expect(result.status == .survived)
        #expect(result.why == "it passed every test")
    }

    @Test("a hang, a failure only by a time limit, or one after the deadline: killed only by a time limit")
    func timeLimits() throws {
        let hung = try Self.result(.timedOut, stop: .hung(limit: .seconds(15), tests: ["waits for the tap"]), runs: 3)
        #expect(hung.status == .timedOut)
        #expect(hung.why?.contains("hung and was stopped after 15 s") == true, "\(hung.why ?? "")")
        #expect(hung.why?.hasSuffix("(run 3 of 3)") == true, "the run that let it through")
        let limit = try Self.result(.testsFailed, failures: [("waits", "Time limit was exceeded: 60.000 seconds")])
        #expect(limit.status == .timedOut)
        let late = try Self.result(.testsFailed, failures: [("counts", "Expectation failed")], seconds: 7.5)
        #expect(late.status == .timedOut)
        #expect(late.why?.contains("only after 7.5 s") == true)
    }

    @Test("a check of the runtime's that stops the tests kills it, and says which check")
    func crashed() throws {
        let misuse = "SWIFT TASK CONTINUATION MISUSE: load() tried to resume its continuation more than once"
        let result = try Self.result(.crashed, otherErrors: [misuse])
        #expect(result.status == .crashed)
        #expect(result.status.isKill)
        #expect(result.status.phrase == "killed by a crash")
        #expect(result.why == "the runtime stopped the tests: " + misuse)
        #expect(!MutantResult.Status.survived.isKill && !MutantResult.Status.timedOut.isKill)
    }

    @Test("a run counts as a kill when a test failed in time or the runtime stopped it, not when it passed or hung")
    func catchesInTime() {
        var failed = TestRunSummary(outcome: .testsFailed)
        failed.failures = [.init(test: "counts", file: "T.swift", line: 1, message: "Expectation failed")]
        failed.testSeconds = 0.2
        #expect(MutationTester.catchesInTime(failed))
        #expect(MutationTester.catchesInTime(TestRunSummary(outcome: .crashed)))
        #expect(!MutationTester.catchesInTime(TestRunSummary(outcome: .passed)))
        #expect(!MutationTester.catchesInTime(TestRunSummary(outcome: .timedOut)))
    }
}
