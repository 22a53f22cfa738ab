/// How a test suite of a tests kata fared against every version of the kata's code, graded as
/// Examplar grades students' tests:
///
/// - **valid**: it passes on the shipped code and on every other correct version, in every run
///   (a test coupled to one implementation's details fails on another; a flaky one fails a run);
/// - **thorough**: every buggy version fails at least one of its tests, and so do enough of the
///   shipped code's mutants (bugs nobody wrote; the share is the front matter's `mutants:`);
/// - **fast**: no test takes long on the shipped code (a quarter of a second is long for a test
///   whose work is held in doubles).
///
/// It passes when it is all three. Thoroughness counts only once the suite is valid: a suite that
/// fails on correct code "catches" bugs by accident.
public struct TestGrade: Sendable, Equatable {
    /// Why a run of a version's tests was cut short.
    public enum Stop: Sendable, Equatable {
        /// Still running after the limit: `tests` are the ones that had not ended.
        case hung(limit: Duration, tests: [String])
        /// It printed more than the limit: a test that prints without end.
        case printedTooMuch(bytes: Int)
    }

    /// One version and what the suite did on it.
    public struct VersionResult: Sendable, Equatable {
        public var version: KataVersion
        public var notes: VersionNotes?
        /// The deciding run: the first that failed, or the last.
        public var summary: TestRunSummary
        public var runs: Int
        public var passedRuns: Int
        public var stop: Stop?

        /// Every run passed (a correct version); for a buggy one, that it escaped.
        public var passed: Bool { stop == nil && summary.outcome == .passed && passedRuns == runs }
        /// A buggy version the suite caught: a test failed on it (a crash or a hang is no catch).
        public var caught: Bool { summary.outcome == .testsFailed && stop == nil }
    }

    /// A version the suite does not compile against, though it compiles against the shipped
    /// code: the suite reaches past the public seam (`@testable import`), or the version is broken.
    public struct CompileFailure: Sendable, Equatable {
        public var version: KataVersion
        public var errors: [TestRunSummary.Diagnostic]
    }

    /// A test that took long on the shipped code. Why it did, the grade does not know: it may wait
    /// on the real clock, do real work it should fake, or wait for another test that holds a thread.
    public struct SlowTest: Sendable, Equatable {
        public var name: String
        public var seconds: Double
    }

    public var kata: Kata
    /// The suite's compile errors against the shipped code, in the learner's files; empty when it compiled.
    public var compileErrors: [TestRunSummary.Diagnostic]
    /// When the suite compiles against the shipped code but not against another version: that
    /// version and the errors (the suite reaches past the public seam).
    public var versionCompileErrors: [CompileFailure]
    public var results: [VersionResult]
    /// The tests that took at least ``GradingEngine/slowTestSeconds`` on the shipped code, slowest first.
    public var slowTests: [SlowTest]
    /// The slowest test on the shipped code, in seconds.
    public var slowestTestSeconds: Double?

    public var compiled: Bool { compileErrors.isEmpty && versionCompileErrors.isEmpty }
    public var correctResults: [VersionResult] { results.filter(\.version.isCorrect) }
    /// The named bugs: the buggy versions, the mutants apart.
    public var buggyResults: [VersionResult] { results.filter { !$0.version.isCorrect && $0.version.role != .mutant } }
    /// The shipped code's mutants the suite was graded against (a tests kata whose front matter
    /// sets `mutants:`), the equivalent ones left out.
    public var mutantResults: [VersionResult] { results.filter { $0.version.role == .mutant } }
    /// The mutants the suite killed: a test failed on it, the runtime's own check stopped the
    /// tests (a continuation resumed twice), or, in a kata that declares a sanitizer, the
    /// sanitizer reported it (a dropped lock's race), as `kata mutate` counts them; a hang is no kill.
    public var killedMutants: [VersionResult] { mutantResults.filter(Self.killsMutant) }
    /// The mutants that got through.
    public var survivingMutants: [VersionResult] { mutantResults.filter { !Self.killsMutant($0) } }

    private static func killsMutant(_ result: VersionResult) -> Bool {
        result.stop == nil && [.testsFailed, .crashed, .sanitizerReported].contains(result.summary.outcome)
    }
    /// How many mutants the suite must kill: the front matter's share of them, rounded up.
    public var requiredMutantKills: Int {
        guard let share = kata.metadata.mutantShare else { return 0 }
        return Int((share * Double(mutantResults.count) - 1e-9).rounded(.up))
    }
    /// Enough mutants killed (true when none were graded).
    public var killsEnoughMutants: Bool { killedMutants.count >= requiredMutantKills }
    /// The correct versions the suite failed on (the shipped code first).
    public var rejected: [VersionResult] { correctResults.filter { !$0.passed } }
    public var atLarge: [VersionResult] { buggyResults.filter { !$0.caught } }
    /// How many tests the suite has, as they ran on the shipped code.
    public var testCount: Int { results.first?.summary.testCount ?? 0 }

    public var valid: Bool { compiled && testCount > 0 && rejected.isEmpty }
    /// Every named bug caught, and the share of mutants the front matter asks for.
    public var thorough: Bool { valid && atLarge.isEmpty && killsEnoughMutants }
    /// Whether the run on the shipped code finished, so its tests' times say how fast the suite is.
    /// A version that hangs says nothing about speed: a buggy one may hang because of its bug.
    public var speedMeasured: Bool { results.first.map { $0.stop == nil } ?? false }
    public var fast: Bool { compiled && speedMeasured && slowTests.isEmpty }
    public var passed: Bool { valid && thorough && fast }

    /// The grade as the outcomes of ``TestRunSummary/Outcome`` know it: passed; buildFailed when
    /// the tests do not compile; timedOut when they hang on the shipped code; testsFailed for
    /// every other way of not passing. What the learner is told is ``outcomeName``.
    public var outcome: TestRunSummary.Outcome {
        if passed { return .passed }
        if !compiled { return .buildFailed }
        if case .hung = results.first?.stop { return .timedOut }
        return .testsFailed
    }

    /// `outcome` in `kata check --format json` and `kata progress`: ``outcome``'s name, except
    /// that tests that are valid (every test passes on every correct version) and miss a bug are
    /// `notThorough`. No test of theirs failed where it should pass; calling that `testsFailed`
    /// sends the learner looking for a failure that is not there.
    public static let notThorough = "notThorough"

    public var outcomeName: String {
        valid && !thorough ? Self.notThorough : outcome.rawValue
    }
}

extension TestGrade {
    /// A grade of runs alone: everything compiled, the slow tests still to be read.
    init(kata: Kata, results: [VersionResult]) {
        self.init(
            kata: kata, compileErrors: [], versionCompileErrors: [], results: results, slowTests: [],
            slowestTestSeconds: nil)
    }
}
