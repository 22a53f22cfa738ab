/// What one `swift test` run did, read from its output by ``TestOutputParser``.
public struct TestRunSummary: Sendable, Equatable {
    public enum Outcome: String, Sendable, Equatable {
        /// Every test ran and passed.
        case passed
        /// The tests ran and at least one failed.
        case testsFailed
        /// The code or the tests did not compile, so nothing ran.
        case buildFailed
        /// The test process died (a crash, a trap, a deadlock detector) before it could report.
        case crashed
        /// It built, but no test ran (for example a `--filter` that matches nothing).
        case noTestsRan
        /// The run went past its time limit and was stopped: usually a deadlock.
        case timedOut
        /// The tests passed, but a sanitizer (`--sanitize thread`) reported a problem, such as a data race.
        case sanitizerReported
    }

    /// One problem a sanitizer reported: `data race` at a place in the code.
    public struct SanitizerReport: Sendable, Equatable {
        /// `ThreadSanitizer`, `AddressSanitizer`, …
        public var sanitizer: String
        /// `data race`, `Swift access race`, `heap-use-after-free`, …
        public var kind: String
        /// `/path/File.swift:6:88`, or a file without a line, as the sanitizer printed it.
        public var location: String
    }

    /// A compiler error: where it is and what the compiler said.
    public struct Diagnostic: Sendable, Equatable {
        public var file: String
        public var line: Int
        public var column: Int
        public var message: String
        /// The source line the compiler quoted, when it quoted one.
        public var sourceLine: String?
    }

    /// A failed assertion (`XCTAssert…`) or expectation (`#expect`).
    public struct Failure: Sendable, Equatable {
        /// The test's name as the framework prints it (`loads messages at once`, `FeedTests.testLoad`).
        public var test: String
        /// The file as printed: a full path (XCTest) or a file name (Swift Testing).
        public var file: String
        public var line: Int
        public var message: String
    }

    /// A test that had started and not ended when its run was stopped: from Swift Testing's event
    /// stream, or from the console, where XCTest prints `Test Case 'A.b' started` and no end.
    public struct RunningTest: Sendable, Equatable {
        public var name: String
        /// The full path of the test's file, as the test was compiled; empty when the framework
        /// does not say (XCTest).
        public var file: String
        /// 0 when the framework does not say.
        public var line: Int
    }

    public var outcome: Outcome
    /// Tests that started; those that never passed or failed were running when the run ended.
    public var startedTests: [String] = []
    /// For a run stopped at its time limit: the tests still running, with where they are.
    public var unfinishedTests: [RunningTest] = []
    public var passedTests: [String] = []
    public var failedTests: [String] = []
    public var failures: [Failure] = []
    public var buildErrors: [Diagnostic] = []
    public var sanitizerReports: [SanitizerReport] = []
    /// Error lines that are neither compiler diagnostics nor test failures (a linker error, a crash).
    public var otherErrors: [String] = []
    /// How long the tests ran, as XCTest and Swift Testing report it (their two runs added up),
    /// without the build or SwiftPM's own start; nil when neither finished a run.
    public var testSeconds: Double? = nil
    /// How long the tests ran before the first of them failed by an assertion (not by a time
    /// limit) or a sanitizer's report: when a learner watching the run would see the code caught.
    /// XCTest's test cases added up to the end of the first that failed, or Swift Testing's
    /// stream from its start to the first failing issue. nil when no test failed, or when only
    /// Swift Testing's console was read (its tests run side by side, so their durations say
    /// nothing of when).
    public var secondsToFirstFailure: Double? = nil
    /// When the run caught the code: ``secondsToFirstFailure``, or the whole run's time when
    /// the output does not say which came first.
    public var timeToCatch: Duration {
        .milliseconds(Int64((secondsToFirstFailure ?? testSeconds ?? 0) * 1000))
    }
    /// How long each test that finished took, by name, as its framework reports it.
    public var testDurations: [String: Double] = [:]

    public var testCount: Int { passedTests.count + failedTests.count }

    /// The tests that failed, with those whose assertion failed but whose end never came (the
    /// process crashed or a sanitizer stopped it after the assertion), each named once.
    public var failingTests: [String] {
        var names = failedTests
        for failure in failures where !names.contains(failure.test) {
            names.append(failure.test)
        }
        return names
    }
}
