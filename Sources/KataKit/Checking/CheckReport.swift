import Foundation

/// `kata check --format json`: the result as one JSON object, for editors and CI.
///
/// Paths are relative to the repository, and the keys are stable; a new key may appear, an
/// existing one keeps its meaning.
///
/// ```json
/// {"kata":{"number":1,"slug":"stub-the-dispatcher","title":"Stub the dispatcher",
///           "folder":"Katas/01-stub-the-dispatcher"},
///  "outcome":"testsFailed","passed":false,"exitCode":1,"runs":1,"repetitions":1,
///  "passedTests":["loads"],"failedTests":["shows the count"],
///  "failures":[{"test":"shows the count","file":"Katas/01-…/Tests/Kata01Tests/InboxTests.swift","line":12,
///               "message":"…"}],
///  "buildErrors":[],"otherErrors":[],"sanitizerReports":[],"unfinishedTests":[],"changedTests":[],"seconds":1.42}
/// ```
public struct CheckReport: Encodable, Sendable {
    public struct KataInfo: Encodable, Sendable {
        public var number: Int
        public var slug: String
        public var title: String
        public var folder: String
    }

    public struct Failure: Encodable, Sendable {
        public var test: String
        public var file: String
        public var line: Int
        public var message: String
    }

    public struct BuildError: Encodable, Sendable {
        public var file: String
        public var line: Int
        public var column: Int
        public var message: String
        public var sourceLine: String?
    }

    public struct SanitizerReport: Encodable, Sendable {
        public var sanitizer: String
        public var kind: String
        public var location: String
    }

    /// A test still running when the run was stopped at its time limit.
    public struct UnfinishedTest: Encodable, Sendable {
        public var test: String
        /// Where the test is; `""` and `0` for an XCTest test, whose framework does not say.
        public var file: String
        public var line: Int
    }

    public struct ChangedFile: Encodable, Sendable {
        public var path: String
        public var change: String
    }

    public var kata: KataInfo
    /// passed, testsFailed, buildFailed, crashed, noTestsRan, timedOut or sanitizerReported; for a
    /// tests kata also notThorough: every test passes on every correct version, and a bug escapes.
    public var outcome: String
    public var passed: Bool
    public var exitCode: Int32
    public var runs: Int
    public var repetitions: Int
    public var passedTests: [String]
    public var failedTests: [String]
    public var failures: [Failure]
    public var buildErrors: [BuildError]
    public var otherErrors: [String]
    public var sanitizerReports: [SanitizerReport]
    /// For `timedOut`: the tests that had started and not ended, XCTest's and Swift Testing's.
    public var unfinishedTests: [UnfinishedTest]
    /// Test files (and Package.swift) that differ from the ones the kata shipped with.
    public var changedTests: [ChangedFile]
    /// Wall-clock time of the check, build included.
    public var seconds: Double
    /// For a tests kata: how the learner's tests were graded (see ``GradeEntry``); absent otherwise.
    public var grade: GradeEntry?

    init(
        kata: Kata, repository: KataRepository, run: RepeatedTestRun, repetitions: Int, exitCode: Int32,
        changedTests: [ChangedFile], seconds: Double
    ) {
        let report = run.report.placingUnfinishedTests(in: kata.testsDirectory)
        self.kata = KataInfo(
            number: kata.number, slug: kata.slug, title: kata.title, folder: "Katas/\(kata.folderName)")
        outcome = report.outcome.rawValue
        passed = report.outcome == .passed
        self.exitCode = exitCode
        runs = run.runs
        self.repetitions = repetitions
        passedTests = report.passedTests
        failedTests = report.failedTests
        failures = report.failures.map {
            Failure(
                test: $0.test, file: Self.path($0.file, kata: kata, repository: repository), line: $0.line,
                message: $0.message)
        }
        buildErrors = report.buildErrors.map {
            BuildError(
                file: Self.path($0.file, kata: kata, repository: repository), line: $0.line, column: $0.column,
                message: $0.message, sourceLine: $0.sourceLine)
        }
        otherErrors = report.otherErrors
        sanitizerReports = report.sanitizerReports.map {
            SanitizerReport(
                sanitizer: $0.sanitizer, kind: $0.kind,
                location: $0.location.hasPrefix("/") ? repository.relativePath($0.location) : $0.location)
        }
        unfinishedTests = report.unfinishedTests.map {
            UnfinishedTest(test: $0.name, file: Self.path($0.file, kata: kata, repository: repository), line: $0.line)
        }
        self.changedTests = changedTests
        self.seconds = (seconds * 1000).rounded() / 1000
    }

    public func json() -> String {
        stableJSON()
    }

    /// Swift Testing prints a bare file name; it is looked up in the kata so editors can open it.
    static func path(_ file: String, kata: Kata, repository: KataRepository) -> String {
        if file.hasPrefix("/") { return repository.relativePath(file) }
        return kata.file(named: file).map { repository.relativePath($0.path) } ?? file
    }
}
