import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("What kata check says about a learner's tests")
struct GradeExplanationTests {
    let kata: Kata
    let repository: KataRepository

    init() throws {
        repository = KataRepository(root: try Fixtures.copy("tests-repository"))
        kata = try KataCatalog.load(from: repository).kata(named: "1")
    }

    static let passing = TestRunSummary(
        outcome: .passed, passedTests: ["counts", "tells onChange"],
        testDurations: ["counts": 0.002, "tells onChange": 0.001])
    static let failing = TestRunSummary(
        outcome: .testsFailed, passedTests: ["tells onChange"], failedTests: ["counts"],
        failures: [.init(test: "counts", file: "", line: 0, message: "Expectation failed: (counter.taps → 1) == 0")])

    /// A grade where every version gets `summary` unless `overrides` says otherwise, by version name.
    func grade(
        _ summary: TestRunSummary = passing, overrides: [String: TestRunSummary] = [:],
        stops: [String: TestGrade.Stop] = [:], slow: [TestGrade.SlowTest] = []
    ) -> TestGrade {
        let results = kata.gradedVersions().map { version in
            let decided = overrides[version.name] ?? (version.isCorrect ? summary : Self.failing)
            return TestGrade.VersionResult(
                version: version, notes: VersionNotes.load(for: version), summary: decided,
                runs: version.isCorrect ? 3 : 1,
                passedRuns: decided.outcome == .passed ? (version.isCorrect ? 3 : 1) : 0, stop: stops[version.name])
        }
        return TestGrade(
            kata: kata, compileErrors: [], versionCompileErrors: [], results: results, slowTests: slow,
            slowestTestSeconds: 0.002)
    }

    func text(_ grade: TestGrade) -> String {
        GradeExplanation(grade: grade, repository: repository, style: TextStyle(enabled: false)).text(
            next: nil, runs: 3)
    }

    @Test("valid, thorough and fast: PASSED, with every bug counted")
    func passes() {
        let grade = grade()
        #expect(grade.passed)
        let text = text(grade)
        #expect(text.contains("✔ valid     they pass on the shipped code and on 2 other correct versions, 3 runs each"))
        #expect(text.contains("✔ thorough  they catch all 5 bugs"))
        #expect(text.contains("✔ fast      the slowest test took 2 ms"))
        #expect(text.contains("✔ PASSED  Kata 01 · Count the taps: valid, thorough and fast: all 5 bugs caught."))
    }

    @Test("tests that fail on the shipped code too: the other correct versions are only named, not explained")
    func rejectsTheShippedCodeToo() {
        let grade = grade(Self.failing)
        #expect(!grade.valid)
        let text = text(grade)
        #expect(text.contains("✘ valid     your tests fail (1 test) on the shipped code:"))
        #expect(text.contains("The shipped code keeps every promise of \"What the code promises\""))
        #expect(
            text.contains(
                "They fail on 2 correct versions too (dispatches-twice, keeps-a-history): make them pass on the shipped code first"
            ), "\(text)")
        #expect(!text.contains("That version"), "what a version does differently is not why these tests fail")
        #expect(!text.contains("The README allows it"))
    }

    @Test("a bug at large is named by its nudge, never by its name")
    func bugsAtLarge() {
        let grade = grade(overrides: ["tells-onchange-twice": Self.passing, "counts-two-per-tap": Self.passing])
        #expect(grade.valid && !grade.thorough && !grade.passed)
        let text = text(grade)
        #expect(text.contains("✘ thorough  they catch 3 of 5 bugs; 2 are still at large:"))
        #expect(text.contains("· Does any test look at `taps` after exactly one tap?"))
        #expect(text.contains("· How many times does your test expect `onChange` to hear about one tap?"))
        #expect(!text.contains("tells-onchange-twice"))
        #expect(
            text.contains(
                "✘ FAILED  Kata 01 · Count the taps: 2 bugs are still at large. `kata hint 1` nudges further."))
    }

    @Test("a correct version the tests reject: what it does differently, and the sentence that allows it")
    func rejectsACorrectVersion() {
        let grade = grade(overrides: ["dispatches-twice": Self.failing])
        #expect(!grade.valid)
        let text = text(grade)
        #expect(text.contains("✘ valid     your tests fail (1 test) on a correct version, dispatches-twice:"))
        #expect(text.contains("Expectation failed: (counter.taps → 1) == 0"))
        #expect(text.contains("That version counts the tap in one piece of work and tells `onChange` in another."))
        #expect(
            text.contains("The README allows it: \"Left open: how many pieces of work a tap hands the dispatcher\""))
        #expect(text.contains("· thorough  not counted until your tests pass on every correct version"))
    }

    @Test("a test that fails only sometimes is flaky, and not valid")
    func flaky() {
        var grade = grade()
        grade.results[0].summary = Self.failing
        grade.results[0].runs = 2
        grade.results[0].passedRuns = 1
        #expect(
            text(grade).contains(
                "on the shipped code in run 2 of 3, after 1 that passed: a test that passes only sometimes is flaky"))
    }

    @Test("a test that waits on the real clock is named, with its time")
    func slow() {
        let grade = grade(slow: [.init(name: "counts after a second", seconds: 1.02)])
        #expect(grade.valid && grade.thorough && !grade.fast)
        let text = text(grade)
        #expect(text.contains("✘ fast      `counts after a second` took 1.02 s"))
        #expect(text.contains("your tests are correct but slow"))
    }

    @Test("tests that hang are stopped, and the learner is told why in a sentence")
    func hangs() {
        let grade = grade(stops: ["shipped": .hung(limit: .seconds(10), tests: ["waits for the tap"])])
        let text = text(grade)
        #expect(
            text.contains(
                "✘ valid     on the shipped code your tests were still running after 10 s and were stopped (still running: `waits for the tap`):"
            ))
        #expect(text.contains("A test must never wait on the real clock, or on work that nothing runs"))
        #expect(text.contains("✘ fast      not measured: a run was stopped (see above)"))
    }

    @Test("tests that do not compile: the errors, in the learner's files, and nothing graded")
    func doesNotCompile() {
        var grade = grade()
        grade.results = []
        grade.compileErrors = [
            .init(
                file: kata.testsDirectory.appendingPathComponent("TapCounterTests.swift").path, line: 3, column: 9,
                message: "cannot find 'HeldDispatcher' in scope")
        ]
        #expect(grade.outcome == .buildFailed)
        let text = text(grade)
        #expect(text.contains("✘ FAILED  Kata 01 · Count the taps: your tests do not compile yet."))
        #expect(
            text.contains(
                "Katas/01-count-the-taps/Tests/Kata01Tests/TapCounterTests.swift:3:9: cannot find 'HeldDispatcher' in scope"
            ))
        #expect(!text.contains("thorough"))
    }
}
