/// What one wrong solution did under its kata's tests, as `kata verify` judges it.
///
/// It is caught when the tests fail on it in every run, by an assertion, within
/// ``KataVerifier/catchDeadline``: a failure that comes only from a time limit (Swift Testing's
/// `.timeLimit`, an XCTest expectation's timeout, a run stopped because it hung) names no
/// misconception and keeps the learner waiting, so it does not count.
public struct WrongSolutionResult: Sendable, Equatable {
    public var version: KataVersion
    /// Its `CHAFF.md`, or nil when there is none.
    public var notes: VersionNotes?
    /// Why it was not caught, for an author to act on; nil when it was.
    public var escape: String?
    /// What is wrong with its `CHAFF.md`: missing parts, a quote not in "Your task", a test
    /// named as catching it that did not fail.
    public var notesProblems: [String]
    /// The tests that failed on it, in the first run.
    public var failingTests: [String]

    public var caught: Bool { escape == nil }
    /// Caught, and its notes are complete and true.
    public var passed: Bool { caught && notesProblems.isEmpty }
}
