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

    /// What `kata check --format json` prints for `grade`.
    func json(_ grade: TestGrade) -> String {
        CheckReport(grade: grade, repository: repository, runs: 3, exitCode: 1, changedFiles: [], seconds: 1).json()
    }

    @Test("valid, thorough and fast: PASSED, with every bug counted")
    func passes() {
        let grade = grade()
        #expect(grade.passed)
        let text = text(grade)
        #expect(
            text.contains(
                "✔ valid     your tests pass on the shipped code and on 2 other correct versions, 3 runs each"))
        #expect(text.contains("✔ thorough  your tests catch all 5 bugs"))
        #expect(text.contains("✔ fast      the slowest test took 2 ms"))
        #expect(text.contains("✔ PASSED  Kata 01 · Count the taps: valid, thorough and fast: all 5 bugs caught."))
    }

    @Test("tests that fail on the shipped code too: the other correct versions are only named, not explained")
    func rejectsTheShippedCodeToo() {
        let grade = grade(Self.failing)
        #expect(!grade.valid)
        let text = text(grade)
        #expect(text.contains("✘ valid     your tests fail on the shipped code (1 test):"))
        #expect(text.contains("The shipped code keeps every promise of \"What the code promises\""))
        #expect(
            text.contains(
                "They fail on correct version 1 and correct version 2 too: make them pass on the shipped code first"
            ), "\(text)")
        #expect(!text.contains("dispatches-twice") && !text.contains("keeps-a-history"), "no version's folder name")
        #expect(!text.contains("That version"), "what a version does differently is not why these tests fail")
        #expect(!text.contains("The README allows it"))
    }

    @Test("a bug at large is named by its number and its nudge, never by its folder's name")
    func bugsAtLarge() {
        let grade = grade(overrides: ["tells-onchange-twice": Self.passing, "counts-two-per-tap": Self.passing])
        #expect(grade.valid && !grade.thorough && !grade.passed)
        let text = text(grade)
        #expect(text.contains("✘ thorough  your tests catch 3 of 5 bugs; 2 are still at large:"))
        #expect(text.contains("· bug 2: Does any test look at `taps` after exactly one tap?"))
        #expect(text.contains("· bug 5: How many times does your test expect `onChange` to hear about one tap?"))
        #expect(!text.contains("tells-onchange-twice") && !text.contains("counts-two-per-tap"))
        #expect(
            text.contains(
                "✘ FAILED  Kata 01 · Count the taps: 2 bugs are still at large. `kata hint 1` nudges further."))
    }

    @Test("a correct version the tests reject: what it does differently, and the sentence that allows it")
    func rejectsACorrectVersion() {
        let grade = grade(overrides: ["dispatches-twice": Self.failing])
        #expect(!grade.valid)
        let text = text(grade)
        #expect(text.contains("✘ valid     your tests fail on correct version 1 (1 test):"))
        #expect(!text.contains("dispatches-twice"))
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
                "your tests fail on the shipped code (1 test) in run 2 of 3, after 1 that passed: a test that passes only sometimes is flaky"
            ))
    }

    @Test("a slow test is named with its time and called slow, and no cause is guessed")
    func slow() {
        let grade = grade(slow: [.init(name: "counts after a second", seconds: 1.02)])
        #expect(grade.valid && grade.thorough && !grade.fast)
        let text = text(grade)
        #expect(text.contains("✘ fast      slow: `counts after a second` took 1.02 s"))
        #expect(text.contains("your tests are valid and thorough, but slow."))
        #expect(!text.contains("clock"), "nothing says the test waited on a clock")
    }

    @Test("every test equally slow: said so, with the thought that one may hold the others up, and none blamed")
    func equallySlow() {
        let grade = grade(slow: [.init(name: "counts", seconds: 1.002), .init(name: "tells onChange", seconds: 1.0)])
        let text = text(grade)
        #expect(text.contains("✘ fast      slow: every test took about 1.00 s, the same time"))
        #expect(text.contains("one test may be holding the others up"))
        #expect(!text.contains("`counts` took"), "no test is blamed one by one")
        #expect(!text.contains("clock"))
    }

    @Test("tests that hang are stopped, and the learner is told why in a sentence")
    func hangs() {
        let grade = grade(stops: ["shipped": .hung(limit: .seconds(10), tests: ["waits for the tap"])])
        let text = text(grade)
        #expect(
            text.contains(
                "✘ valid     your tests were still running on the shipped code after 10 s and were stopped (still running: `waits for the tap`):"
            ))
        #expect(text.contains("A test that never ends waits for something that never comes"))
        #expect(text.contains("✘ fast      not measured: your tests were stopped on the shipped code (see above)"))
        #expect(
            text.contains(
                "✘ FAILED  Kata 01 · Count the taps: your tests were still running on the shipped code after 10 s"))
    }

    @Test("a bug the tests hang on is no catch, and speed is still judged on the shipped code's run")
    func hangsOnABug() {
        var grade = grade(stops: ["tells-onchange-twice": .hung(limit: .seconds(10), tests: ["CounterTests.testWaits"])]
        )
        grade.results[grade.results.count - 1].summary.unfinishedTests = [
            .init(name: "CounterTests.testWaits", file: "", line: 0)
        ]
        #expect(grade.fast, "the shipped code's run finished, and its tests are quick")
        #expect(grade.outcomeName == "notThorough")
        let text = text(grade)
        #expect(text.contains("✔ fast      the slowest test took 2 ms"))
        #expect(
            text.contains(
                "· bug 5: How many times does your test expect `onChange` to hear about one tap? — your tests were still running on it after 10 s and were stopped (still running: `CounterTests.testWaits`): that is no catch"
            ))
        let json = json(grade)
        #expect(json.contains(#""outcome":"notThorough""#))
        #expect(json.contains(#""name":"bug 5""#))
        #expect(json.contains(#""stopped":"hung","unfinishedTests":["CounterTests.testWaits"]"#), "\(json)")
        #expect(!json.contains("tells-onchange-twice"))
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

    @Test("valid tests that miss a bug are notThorough in the JSON; every other outcome is as it was")
    func outcomes() {
        let missing = grade(overrides: ["tells-onchange-twice": Self.passing])
        #expect(missing.outcomeName == "notThorough")
        #expect(json(missing).contains(#""outcome":"notThorough""#))
        #expect(json(missing).contains(#""atLarge":[{"name":"bug 5","nudge":"How many times"#), "\(json(missing))")
        #expect(grade().outcomeName == "passed")
        #expect(grade(Self.failing).outcomeName == "testsFailed")
        #expect(grade(slow: [.init(name: "counts", seconds: 1)]).outcomeName == "testsFailed")
        let rejected = json(grade(overrides: ["dispatches-twice": Self.failing]))
        #expect(rejected.contains(#""name":"correct version 1""#))
        #expect(!rejected.contains("dispatches-twice") && !rejected.contains("Wheats"), "\(rejected)")
    }

    @Test("the grader's own module names never reach the learner: text and JSON name the learner's")
    func learnerModuleNames() {
        let failing = TestRunSummary(
            outcome: .testsFailed, passedTests: ["Kata01Tests_v1.CounterTests.testTells"],
            failedTests: ["Kata01Tests_v1.CounterTests.testCounts"],
            failures: [
                .init(
                    test: "Kata01Tests_v1.CounterTests.testCounts", file: "", line: 0,
                    message:
                        #"XCTAssertEqual failed: ("Kata01_v1.Count(taps: 2)") is not equal to ("Kata01_v1.Count(taps: 1)")"#
                )
            ],
            otherErrors: ["KataGradingPackageTests.xctest: Fatal error in Kata01_v12.TapCounter"])
        let grade = grade(overrides: ["dispatches-twice": failing])
        let text = text(grade)
        #expect(
            text.contains(
                #"XCTAssertEqual failed: ("Kata01.Count(taps: 2)") is not equal to ("Kata01.Count(taps: 1)")"#))
        #expect(text.contains("Kata01Tests.CounterTests.testCounts"))
        #expect(!text.contains("_v1"), "\(text)")
        let json = json(grade)
        #expect(json.contains("Kata01.Count(taps: 2)"))
        #expect(!json.contains("_v1"))
        let renamed = failing.inLearnerNames(of: kata)
        #expect(renamed.otherErrors == ["Kata01PackageTests.xctest: Fatal error in Kata01.TapCounter"])
        #expect(renamed.failedTests == ["Kata01Tests.CounterTests.testCounts"])
        let untouched = TestRunSummary(
            outcome: .testsFailed, failures: [.init(test: "t", file: "", line: 0, message: "Kata01.my_value2 != 3")])
        #expect(untouched.inLearnerNames(of: kata) == untouched, "a learner's own names are left alone")
    }

    /// `grade()` with the kata asking for `share` of `outcomes.count` mutants, each run ending as given.
    func withMutants(
        _ outcomes: [TestRunSummary.Outcome], share: Double = 0.8, base: TestGrade? = nil,
        hung: Set<Int> = []
    ) -> TestGrade {
        var grade = base ?? self.grade()
        grade.kata.metadata.mutantShare = share
        for (index, outcome) in outcomes.enumerated() {
            var version = KataVersion(
                role: .mutant, folder: kata.directory, name: "delete-call:TapCounter.swift:TapCounter.tap:\(index)",
                label: "mutant \(index + 1)", moduleName: kata.moduleName)
            version.environment = [MutationTester.selectorVariable: String(index + 1)]
            grade.results.append(
                TestGrade.VersionResult(
                    version: version, notes: nil, summary: TestRunSummary(outcome: outcome), runs: 1, passedRuns: 0,
                    stop: hung.contains(index) ? .hung(limit: .seconds(10), tests: []) : nil))
        }
        return grade
    }

    @Test("mutants: the share the front matter sets, rounded up, killed by a failing test or the runtime's check")
    func mutantsKilled() {
        let grade = withMutants([.testsFailed, .crashed, .sanitizerReported, .testsFailed, .passed])
        #expect(grade.mutantResults.count == 5 && grade.buggyResults.count == 5, "mutants are not named bugs")
        #expect(grade.killedMutants.count == 4, "a crash on the runtime's own check kills, and a race reported")
        #expect(grade.survivingMutants.map(\.version.name) == ["delete-call:TapCounter.swift:TapCounter.tap:4"])
        #expect(grade.requiredMutantKills == 4)
        #expect(grade.passed)
        let text = text(grade)
        #expect(text.contains("✔ thorough  your tests catch all 5 bugs and kill 4 of 5 mutants (the kata asks for 4)"))
        #expect(text.contains("all 5 bugs caught, 4 of 5 mutants killed."), "\(text)")
        #expect(!text.contains("delete-call"), "a mutant's id would tell the change")
        #expect(json(grade).contains(#""mutants":{"killed":4,"required":4,"survivors":null,"total":5}"#))
        #expect(withMutants([.testsFailed, .testsFailed], share: 0.51).requiredMutantKills == 2, "rounded up")
    }

    @Test("every bug caught but too few mutants killed: not thorough, said so, with what a mutant is")
    func tooFewMutants() {
        let grade = withMutants([.testsFailed, .passed, .passed, .timedOut, .testsFailed], hung: [3])
        #expect(grade.killedMutants.count == 2, "a hang is no kill")
        #expect(grade.valid && !grade.thorough && !grade.passed)
        #expect(grade.outcomeName == "notThorough")
        let text = text(grade)
        #expect(text.contains("✘ thorough  your tests catch all 5 bugs and kill 2 of 5 mutants (the kata asks for 4)"))
        #expect(text.contains("A mutant is the shipped code with one small change nobody wrote on purpose"))
        #expect(text.contains("your tests kill 2 of 5 mutants; the kata asks for 4."), "\(text)")
        let missing = withMutants(
            [.testsFailed], base: self.grade(overrides: ["tells-onchange-twice": Self.passing]))
        #expect(
            self.text(missing).contains(
                "your tests catch 4 of 5 bugs and kill 1 of 1 mutants (the kata asks for 1); 1 bug is still at large:"))
    }

    @Test("--mutants after a pass: each survivor as mutant N, operator, place and diff; before a pass, none")
    func survivors() throws {
        let grade = withMutants([.testsFailed, .testsFailed, .testsFailed, .testsFailed, .passed])
        let diff = "--- a/TapCounter.swift\n+++ b/TapCounter.swift\n@@ -19 +19 @@\n-    onChange?(taps)\n"
        let survivor = CheckReport.Survivor(
            name: "mutant 5", operatorName: "delete-call", file: "TapCounter.swift", line: 19, diff: diff)
        let text = CheckFrontend.survivorText([survivor], grade: grade, style: TextStyle(enabled: false))
        #expect(text.contains("The mutant your tests let through, the shipped code with one change:"))
        #expect(text.contains("mutant 5 · delete-call · TapCounter.swift:19\n  --- a/TapCounter.swift"))
        #expect(text.contains("  -    onChange?(taps)"))
        #expect(text.contains("A test for that promise, on the path the change takes, kills it."))
        let before = CheckFrontend.survivorText(nil, grade: grade, style: TextStyle(enabled: false))
        #expect(before.contains("once they pass") && !before.contains("mutant 5"))
        let report = CheckReport(
            grade: grade, repository: repository, runs: 3, exitCode: 0, changedFiles: [], survivors: [survivor],
            seconds: 1
        ).json()
        #expect(report.contains(#""survivors":[{"diff":"#) && report.contains(#""operator":"delete-call""#))
    }
}
