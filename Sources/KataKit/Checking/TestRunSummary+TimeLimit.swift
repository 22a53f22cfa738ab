extension TestRunSummary.Failure {
    /// Whether the failure says only that time ran out: Swift Testing's `.timeLimit`, an XCTest
    /// expectation's timeout, or an outer wait's that cut an inner one short. Such a failure
    /// says nothing of what the code did wrong, and comes only after the limit has passed.
    public var isTimeLimit: Bool {
        ["Time limit was exceeded", "Exceeded timeout of", "Interrupted by timeout of containing waiter"].contains {
            message.contains($0)
        }
    }
}
