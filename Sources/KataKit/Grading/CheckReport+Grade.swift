import Foundation

extension CheckReport {
    /// `grade` in `kata check --format json` for a tests kata: whether the learner's tests are
    /// valid, thorough and fast, the correct versions they fail on, the bugs they miss (with the
    /// nudge toward what to test) and the tests that took long on the shipped code.
    ///
    /// Versions are named as the text names them (``Kata/learnerLabel(of:)``): `the shipped code`,
    /// `correct version 2`, `bug 3`; never by folder, which would tell the learner the bug.
    ///
    /// ```json
    /// "grade":{"valid":true,"thorough":false,"fast":true,"tests":4,
    ///   "correctVersions":{"passed":3,"total":3,"rejected":[]},
    ///   "bugs":{"caught":4,"total":6,"atLarge":[{"name":"bug 2","nudge":"Does any test …",
    ///     "stopped":null,"unfinishedTests":[]}]},
    ///   "mutants":{"killed":38,"required":33,"survivors":null,"total":41},
    ///   "slowTests":[],"slowestTestSeconds":0.002}
    /// ```
    public struct GradeEntry: Encodable, Sendable {
        public struct Rejected: Encodable, Sendable {
            /// `the shipped code` or `correct version N`.
            public var name: String
            /// The same as `name` (it once held the version's folder).
            public var label: String
            public var failedTests: [String]
            public var failures: [Failure]
            /// What the version does differently, and the sentence of the contract that allows it.
            public var differs: String?
            public var allowedBy: String?
            /// `hung` or `printedTooMuch` when a run was stopped; null otherwise.
            public var stopped: String?
        }

        public struct Versions: Encodable, Sendable {
            public var passed: Int
            public var total: Int
            public var rejected: [Rejected]
        }

        public struct AtLarge: Encodable, Sendable {
            /// `bug N`, numbered in the order the bugs are graded, as the text numbers them.
            public var name: String
            public var nudge: String
            /// `hung` or `printedTooMuch` when the run on this bug was stopped (no catch); null otherwise.
            public var stopped: String?
            /// The tests still running when a hung run was stopped.
            public var unfinishedTests: [String]
        }

        public struct Bugs: Encodable, Sendable {
            public var caught: Int
            public var total: Int
            public var atLarge: [AtLarge]
        }

        /// The shipped code's mutants (a kata whose front matter sets `mutants:`), the
        /// equivalent ones left out; `survivors` only with `--mutants` after a pass, else null.
        public struct Mutants: Encodable, Sendable {
            public var killed: Int
            public var total: Int
            /// How many the kata asks to kill.
            public var required: Int
            public var survivors: [Survivor]?

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(killed, forKey: .killed)
                try container.encode(total, forKey: .total)
                try container.encode(required, forKey: .required)
                try container.encode(survivors, forKey: .survivors)
            }

            enum CodingKeys: String, CodingKey { case killed, total, required, survivors }
        }

        public struct SlowTest: Encodable, Sendable {
            public var test: String
            public var seconds: Double
        }

        public var valid: Bool
        public var thorough: Bool
        public var fast: Bool
        public var tests: Int
        public var correctVersions: Versions
        public var bugs: Bugs
        /// Absent when the kata grades no mutants.
        public var mutants: Mutants?
        public var slowTests: [SlowTest]
        public var slowestTestSeconds: Double?
    }

    /// A mutant a passing suite let through (`kata check --mutants`): `mutant N`, its operator,
    /// where it is, and its change as a unified diff of the shipped file.
    public struct Survivor: Encodable, Sendable {
        public var name: String
        public var operatorName: String
        public var file: String
        public var line: Int
        public var diff: String

        enum CodingKeys: String, CodingKey {
            case name
            case operatorName = "operator"
            case file, line, diff
        }
    }

    init(
        grade: TestGrade, repository: KataRepository, runs: Int, exitCode: Int32, changedFiles: [ChangedFile],
        survivors: [Survivor]? = nil, seconds: Double
    ) {
        let grade = grade.inLearnerNames()
        let kata = grade.kata
        let shipped = (grade.results.first?.summary ?? TestRunSummary(outcome: grade.outcome))
            .placingUnfinishedTests(in: kata.testsDirectory)
        self.kata = KataInfo(
            number: kata.number, slug: kata.slug, title: kata.title, folder: "Katas/\(kata.folderName)")
        outcome = grade.outcomeName
        passed = grade.passed
        self.exitCode = exitCode
        self.runs = grade.results.first?.runs ?? 0
        repetitions = runs
        passedTests = shipped.passedTests
        failedTests = shipped.failedTests
        let path = { (file: String) in Self.path(file, kata: kata, repository: repository) }
        failures = shipped.failures.map {
            Failure(test: $0.test, file: path($0.file), line: $0.line, message: $0.message)
        }
        buildErrors = (grade.compileErrors + grade.versionCompileErrors.flatMap(\.errors)).map {
            BuildError(
                file: path($0.file), line: $0.line, column: $0.column, message: $0.message, sourceLine: $0.sourceLine)
        }
        otherErrors = shipped.otherErrors
        sanitizerReports = shipped.sanitizerReports.map {
            SanitizerReport(sanitizer: $0.sanitizer, kind: $0.kind, location: $0.location)
        }
        unfinishedTests = shipped.unfinishedTests.map {
            UnfinishedTest(test: $0.name, file: path($0.file), line: $0.line)
        }
        changedTests = changedFiles
        self.seconds = (seconds * 1000).rounded() / 1000
        self.grade = GradeEntry(
            valid: grade.valid, thorough: grade.thorough, fast: grade.fast, tests: grade.testCount,
            correctVersions: GradeEntry.Versions(
                passed: grade.correctResults.count - grade.rejected.count, total: grade.correctResults.count,
                rejected: grade.rejected.map { result in
                    GradeEntry.Rejected(
                        name: kata.learnerLabel(of: result.version), label: kata.learnerLabel(of: result.version),
                        failedTests: result.summary.failedTests,
                        failures: result.summary.failures.map {
                            Failure(test: $0.test, file: path($0.file), line: $0.line, message: $0.message)
                        },
                        differs: result.notes?.misconception, allowedBy: result.notes?.brokenSentence,
                        stopped: result.stop.map(Self.describe))
                }),
            bugs: GradeEntry.Bugs(
                caught: grade.buggyResults.count - grade.atLarge.count, total: grade.buggyResults.count,
                atLarge: grade.atLarge.map {
                    GradeEntry.AtLarge(
                        name: kata.learnerLabel(of: $0.version), nudge: $0.notes?.nudge ?? "",
                        stopped: $0.stop.map(Self.describe), unfinishedTests: $0.summary.unfinishedTests.map(\.name))
                }),
            mutants: grade.mutantResults.isEmpty
                ? nil
                : GradeEntry.Mutants(
                    killed: grade.killedMutants.count, total: grade.mutantResults.count,
                    required: grade.requiredMutantKills, survivors: survivors),
            slowTests: grade.slowTests.map { GradeEntry.SlowTest(test: $0.name, seconds: $0.seconds) },
            slowestTestSeconds: grade.slowestTestSeconds)
    }

    private static func describe(_ stop: TestGrade.Stop) -> String {
        switch stop {
        case .hung: "hung"
        case .printedTooMuch: "printedTooMuch"
        }
    }
}
