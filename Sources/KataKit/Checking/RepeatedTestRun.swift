import Foundation

/// The deciding run of a series: the first that did not pass, or the last one.
public struct RepeatedTestRun: Sendable, Equatable {
    public var report: TestRunSummary
    public var output: String
    /// How many runs happened, and how many of them passed.
    public var runs: Int
    public var passedRuns: Int
}
