import Foundation

/// What became of one mutant when the kata's tests ran against it (``MutationTester``).
public struct MutantResult: Sendable {
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// A test failed by an assertion within ``KataVerifier/catchDeadline``, in every run.
        case killed
        /// The tests noticed only by a time limit: the run hung and was stopped, a test failed
        /// only by its time limit, or the failures came after the deadline. A learner would wait.
        case timedOut
        /// The test process stopped on a check of the runtime's before any test's assertion failed,
        /// within the deadline, in every run: a continuation resumed twice, an unbalanced
        /// `leave()`, `removeFirst()` on an empty array. Such a check is an assertion too, the
        /// only one that can speak first (nothing runs after it), and the check fails on it as it
        /// fails on a test: it counts as killed. Its message says which check stopped it.
        case crashed
        /// Every test passed: the tests cannot tell this mutant from the code.
        case survived
        /// It does not compile, so it proves nothing; not counted.
        case stillborn
        /// Listed in the kata's equivalent-mutants file with the reason no test can tell it
        /// apart; not counted.
        case equivalent

        /// Whether the mutant was caught in time, every run: by a test's assertion or the runtime's.
        public var isKill: Bool { self == .killed || self == .crashed }

        /// How reports say it.
        public var phrase: String {
            switch self {
            case .killed: "killed"
            case .timedOut: "killed only by a time limit"
            case .crashed: "killed by a crash"
            case .survived: "survived"
            case .stillborn: "stillborn"
            case .equivalent: "equivalent"
            }
        }
    }

    public var mutant: Mutant
    /// Its number in the schema (`KATA_MUTANT`); nil for a stillborn one, left out of it.
    public var number: Int?
    public var status: Status
    /// The tests that failed on it.
    public var failingTests: [String] = []
    /// Why it was not killed, or the equivalent-mutants file's reason.
    public var why: String? = nil
    /// Listed as equivalent, yet caught in time in every run (`failingTests` says by what): a
    /// listing the tests have outgrown, or a race they catch only sometimes. Still not counted,
    /// since one more run may let it through, but `kata mutate` shows it.
    public var killedThoughListed = false

    /// The grade of mutant `number` (`result` nil when it was not run).
    static func graded(_ mutant: Mutant, number: Int, result: TestGrade.VersionResult?, runs: Int) -> MutantResult {
        var graded = MutantResult(mutant: mutant, number: number, status: .survived)
        guard let result else {
            graded.status = .timedOut
            graded.why = "it was not run: the tests hung with no mutant on"
            return graded
        }
        graded.failingTests = result.summary.failingTests
        let inRun = runs > 1 ? " (run \(result.runs) of \(runs))" : ""
        if let stop = result.stop {
            graded.status = .timedOut
            graded.why = KataVerifier.describe(stop) + inRun
            return graded
        }
        guard let escape = KataVerifier.escape(of: result.summary, elapsed: result.summary.timeToCatch) else {
            graded.status = .killed
            return graded
        }
        switch result.summary.outcome {
        case .passed: graded.status = .survived
        case .crashed:
            graded.status = .crashed
            graded.why = "the runtime stopped the tests: " + (result.summary.otherErrors.first ?? "the process crashed")
            return graded
        case .buildFailed: graded.status = .stillborn
        default: graded.status = .timedOut
        }
        graded.why = escape + inRun
        return graded
    }
}
