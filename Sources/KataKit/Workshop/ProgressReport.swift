import Foundation

/// `kata progress --format json`: a learner's whole standing, measured by running each kata's
/// tests. It is the file a learner's workflow uploads and `kata workshop room` reads, so its
/// shape is versioned: ``schema`` names the document, ``version`` its shape. A new key may
/// appear within a version; a key changes meaning or goes away only with a new version, and
/// the room refuses a version newer than it knows.
///
/// ```json
/// {"schema":"dispatch-katas/progress","version":1,"learner":"ada","commit":"3f2c…",
///  "katas":[{"number":1,"slug":"stub-the-dispatcher","title":"Stub the dispatcher",
///            "outcome":"testsFailed","started":true,"passedTests":["loads"],"failedTests":["shows the count"],
///            "firstFailure":{"test":"shows the count","message":"Expectation failed: 0 == 3","file":"…","line":12},
///            "seconds":4.2}],
///  "passed":0,"total":1}
/// ```
///
/// `outcome` is one of `passed`, `testsFailed`, `buildFailed`, `crashed`, `noTestsRan`,
/// `timedOut`, `sanitizerReported` (see ``TestRunSummary/Outcome``), or for a tests kata
/// `notThorough` (valid tests that miss a bug, ``TestGrade/outcomeName``); `started` is false
/// while the learner's work (the kata's `Sources/`, or a tests kata's `Tests/`) is still as the
/// kata shipped it. A tests kata's result adds `bugs` (since the first version, as a new key):
/// `{"valid":true,"caught":4,"total":6,"atLarge":["bug 2","bug 5"]}`, each bug named as `kata
/// check` names it (``Kata/learnerLabel(of:)``). Reports written before named bugs by folder;
/// the room reads both. A tests kata that grades mutants adds `mutants` (a new key of the first
/// version; reports without it still read): `{"killed":38,"total":41,"required":33}`.
public struct ProgressReport: Codable, Sendable, Equatable {
    /// The name every progress report carries in ``schema``.
    public static let schemaName = "dispatch-katas/progress"
    /// The shape this build writes, and the newest it reads.
    public static let currentVersion = 1
    /// Messages longer than this are cut: a test may print megabytes.
    public static let messageLimit = 2_000

    /// Where a kata's first failure is, and what it said.
    public struct FirstFailure: Codable, Sendable, Equatable {
        /// The failing test, or nil for a compiler error or a hang.
        public var test: String?
        public var message: String
        public var file: String?
        public var line: Int?

        public init(test: String?, message: String, file: String? = nil, line: Int? = nil) {
            self.test = test
            self.message = message
            self.file = file
            self.line = line
        }
    }

    /// How a learner's tests of a tests kata fared against its buggy versions.
    public struct Bugs: Codable, Sendable, Equatable {
        /// The tests pass on every correct version; until they do, no bug counts as caught.
        public var valid: Bool
        public var caught: Int
        public var total: Int
        /// The buggy versions no test caught, as `kata check` names them: `bug 2`.
        public var atLarge: [String]

        public init(valid: Bool, caught: Int, total: Int, atLarge: [String]) {
            self.valid = valid
            self.caught = caught
            self.total = total
            self.atLarge = atLarge
        }
    }

    /// How a learner's tests of a tests kata fared against the mutants of its shipped code.
    public struct Mutants: Codable, Sendable, Equatable {
        public var killed: Int
        /// The mutants graded (the equivalent ones left out).
        public var total: Int
        /// How many the kata asks to kill (its front matter's `mutants:` share of `total`).
        public var required: Int

        public init(killed: Int, total: Int, required: Int) {
            self.killed = killed
            self.total = total
            self.required = required
        }
    }

    /// One kata's result.
    public struct KataResult: Codable, Sendable, Equatable {
        public var number: Int
        public var slug: String
        public var title: String
        public var outcome: String
        public var started: Bool
        public var passedTests: [String]
        public var failedTests: [String]
        public var firstFailure: FirstFailure?
        public var seconds: Double
        /// A tests kata's: the bugs the learner's tests catch; nil for a kata of the first kind.
        public var bugs: Bugs?
        /// A tests kata's that grades mutants: how many the learner's tests kill; nil otherwise,
        /// and in reports written before mutants were graded.
        public var mutants: Mutants?

        public init(
            number: Int, slug: String, title: String, outcome: String, started: Bool, passedTests: [String],
            failedTests: [String], firstFailure: FirstFailure?, seconds: Double, bugs: Bugs? = nil,
            mutants: Mutants? = nil
        ) {
            self.number = number
            self.slug = slug
            self.title = title
            self.outcome = outcome
            self.started = started
            self.passedTests = passedTests
            self.failedTests = failedTests
            self.firstFailure = firstFailure
            self.seconds = seconds
            self.bugs = bugs
            self.mutants = mutants
        }

        public var passed: Bool { outcome == TestRunSummary.Outcome.passed.rawValue }
        /// `NN-slug`, as the kata's folder is named.
        public var folderName: String { "\(Kata.id(number))-\(slug)" }
    }

    public var schema: String
    public var version: Int
    /// Who measured it, when known (`--learner`, or the workflow's GitHub user).
    public var learner: String?
    /// The commit measured, when the repository is a git clone (or `GITHUB_SHA` says).
    public var commit: String?
    public var katas: [KataResult]
    public var passed: Int
    public var total: Int

    public init(learner: String?, commit: String?, katas: [KataResult]) {
        schema = Self.schemaName
        version = Self.currentVersion
        self.learner = learner
        self.commit = commit
        self.katas = katas.sorted { $0.number < $1.number }
        passed = katas.filter(\.passed).count
        total = katas.count
    }

    public func json(prettyPrinted: Bool = false) -> String {
        String(decoding: (try? JSONEncoder.stable(prettyPrinted: prettyPrinted).encode(self)) ?? Data(), as: UTF8.self)
    }

    /// `message` cut to ``messageLimit`` characters, saying so.
    static func truncated(_ message: String) -> String {
        guard message.count > messageLimit else { return message }
        return String(message.prefix(messageLimit)) + " … (cut: \(message.count) characters in all)"
    }
}
