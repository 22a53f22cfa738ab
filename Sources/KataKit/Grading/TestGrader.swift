import Foundation

/// Grades a test suite of a tests kata (`kind: tests`) against every version of the kata's code:
/// the shipped code, the other correct versions (`Wheats/`) and the buggy ones (`Chaffs/`).
///
/// It builds them all at once in a ``GradingPackage``, then runs the suite on each version by
/// itself: each correct version ``defaultRuns`` times (a flaky test is not valid), each buggy
/// one once. The learner's tests are untrusted code: each run is stopped after ``runLimit`` or
/// once it printed ``outputLimit`` bytes, together with every process it started, and whatever
/// it left running in its process group is killed when it ends.
///
/// ```swift
/// let grade = try TestGrader(repository: repository, runner: runner, swift: swift).grade(kata)
/// grade.valid      // passes on the shipped code and every correct version, every run
/// grade.atLarge    // the buggy versions no test caught
/// ```
public struct TestGrader: Sendable {
    /// How many times the suite runs on each correct version.
    public static let defaultRuns = 3
    /// How long one run of the suite on one version may take: a valid suite takes milliseconds.
    public static let runLimit = Duration.seconds(10)
    /// How much one run may print.
    public static let outputLimit = 1_000_000
    /// A test that takes this long is waiting on the wall clock, or doing the real work it should fake.
    public static let slowTestSeconds = 0.25

    public let repository: KataRepository
    /// Runs the build; its timeout bounds it.
    public let runner: CommandRunner
    public let swift: URL

    public init(repository: KataRepository, runner: CommandRunner, swift: URL) {
        self.repository = repository
        self.runner = runner
        self.swift = swift
    }

    /// Grades `tests` (the learner's `Tests/KataNNTests` unless given) on every version of
    /// `kata`: each correct version `runs` times, each buggy one `buggyRuns` times. `stageName`
    /// names the package's folder under `.build/kata/grade` (the kata's folder name unless given:
    /// `kata verify` grades the reference suite in a folder of its own, so the learner's build
    /// stays warm). `progress` hears what is happening, for a spinner.
    ///
    /// On Linux the suite is compiled once and run against each version's library
    /// (``SharedLibraryGrading``); the versions that cannot stand in for the shipped code that
    /// way, or all of them when the suite cannot be built so, are built in one package with a
    /// copy of the suite each (``GradingPackage``).
    public func grade(
        _ kata: Kata, tests: URL? = nil, runs: Int = TestGrader.defaultRuns, buggyRuns: Int = 1,
        sanitizer: Sanitizer? = nil, stageName: String? = nil, correctVersionsOnly: Bool = false,
        progress: (@Sendable (String) -> Void)? = nil
    ) throws -> TestGrade {
        let versions = kata.gradedVersions().filter { !correctVersionsOnly || $0.isCorrect }
        let tests = tests ?? kata.testsDirectory
        let root = repository.workDirectory.appendingPathComponent(
            "grade/\(stageName ?? kata.folderName)", isDirectory: true)
        var limited = runner
        limited.timeout = Self.runLimit
        limited.outputLimit = Self.outputLimit
        limited.killsLeftovers = true

        #if os(Linux)
            func beside(_ suffix: String) -> URL {
                root.deletingLastPathComponent().appendingPathComponent(
                    root.lastPathComponent + suffix, isDirectory: true)
            }
            let shared = SharedLibraryGrading(
                kata: kata, versions: versions, tests: tests, root: beside("-shared"),
                sanitizer: sanitizer, swiftVersion: GradingPackage.languageMode(of: kata) == ".v5" ? "5" : "6")
            progress?("Building your tests")
            let outcome: SharedLibraryGrading.Outcome
            do {
                outcome = try shared.build(runner: runner, listingRunner: limited, swift: swift, in: repository.root)
            } catch {
                // Whatever stopped it, the slow way still grades, and says what is wrong.
                outcome = .unavailable
            }
            switch outcome {
            case .unavailable:
                break
            case .suiteDoesNotBuild:
                // Most often a mistake in the suite: built against the shipped code alone, in a
                // package of its own, it is reported after one build rather than one per version.
                // A suite that builds there needs the code without library evolution: the slow way.
                let alone = try gradeInOnePackage(
                    kata, versions: [versions[0]], tests: tests, root: beside("-shipped"), runs: runs,
                    buggyRuns: buggyRuns, sanitizer: sanitizer, runner: limited, skippingFirst: true,
                    progress: progress)
                if !alone.compiled { return alone }
            case .built(let listing, let withoutLibrary):
                var results: [TestGrade.VersionResult?] = Array(repeating: nil, count: versions.count)
                var slowWay = withoutLibrary
                let runVersion: @Sendable (Int) -> Result<TestGrade.VersionResult?, Error> = { [limited] index in
                    Result {
                        try runRepeatedly(
                            versions[index], runs: runs, buggyRuns: buggyRuns,
                            run: { try shared.run(version: index, listing: listing, runner: limited) })
                    }
                }
                // The shipped code first and alone: its run times the tests, and tests that hang
                // on it hang everywhere, so ten seconds is all a hang costs.
                progress?("Running your tests against the shipped code")
                if let shipped = try runVersion(0).get() {
                    results[0] = shipped
                    if case .hung = shipped.stop { return finished(TestGrade(kata: kata, results: [shipped])) }
                } else {
                    slowWay.append(0)
                }
                // The other versions two at a time: each run is one short process, most of it
                // loading, and a core would otherwise wait for the other.
                let others = versions.indices.filter { $0 != 0 && !slowWay.contains($0) }
                progress?("Running your tests against \(others.count) other versions")
                let outcomes = WorkerThreads.run(count: others.count, workers: 2) { runVersion(others[$0]) }
                for (index, outcome) in zip(others, outcomes) {
                    if let result = try outcome?.get() {
                        results[index] = result
                    } else {
                        slowWay.append(index)
                    }
                }
                guard !slowWay.isEmpty else {
                    return finished(TestGrade(kata: kata, results: results.compactMap { $0 }))
                }
                // The shipped code comes along for the build: it says whose fault a failed build is.
                let subset = [0] + slowWay.sorted().filter { $0 != 0 }
                let slow = try gradeInOnePackage(
                    kata, versions: subset.map { versions[$0] }, tests: tests, root: root, runs: runs,
                    buggyRuns: buggyRuns, sanitizer: sanitizer, runner: limited, skippingFirst: results[0] != nil,
                    progress: progress)
                guard slow.compiled else { return slow }
                for index in subset where results[index] == nil {
                    results[index] = slow.results.first { $0.version == versions[index] }
                }
                return finished(TestGrade(kata: kata, results: results.compactMap { $0 }))
            }
        #endif
        return try gradeInOnePackage(
            kata, versions: versions, tests: tests, root: root, runs: runs, buggyRuns: buggyRuns,
            sanitizer: sanitizer, runner: limited, skippingFirst: false, progress: progress)
    }

    /// Every version in one ``GradingPackage``, the suite copied once per version. With
    /// `skippingFirst`, the first version is built but not run (its results came another way).
    private func gradeInOnePackage(
        _ kata: Kata, versions: [KataVersion], tests: URL, root: URL, runs: Int, buggyRuns: Int,
        sanitizer: Sanitizer?, runner limited: CommandRunner, skippingFirst: Bool,
        progress: (@Sendable (String) -> Void)?
    ) throws -> TestGrade {
        let package = GradingPackage(kata: kata, versions: versions, tests: tests, root: root)
        do {
            try package.write()
        } catch {
            throw KataError(
                .fileSystem,
                "Could not prepare the grading of \(kata.heading) in \(package.root.path): \(FileSystemFailure.reason(of: error))",
                advice: "Check that .build is writable.")
        }
        var grade = TestGrade(kata: kata, results: [])

        progress?("Building your tests against \(versions.count) versions of the code")
        let session = SwiftTestSession(runner: runner, swift: swift, workingDirectory: repository.root)
        let options = TestRunOptions(sanitizer: sanitizer)
        let build = try session.build(package: package.root, options: options)
        if !build.result.succeeded {
            try classifyBuildFailure(build.report, result: build.result, package: package, into: &grade)
            return grade
        }

        let bundle = TestBundle(
            package: package, runner: limited, swift: swift, sanitizer: sanitizer, workingDirectory: repository.root)
        let listing = try bundle.listing()
        for (index, version) in versions.enumerated() where !(skippingFirst && index == 0) {
            progress?("Running your tests against version \(index + 1) of \(versions.count)")
            let result = try runRepeatedly(
                version, runs: runs, buggyRuns: buggyRuns,
                run: { try bundle.run(version: index, listing: listing) })
            guard let result else { continue }
            grade.results.append(result)
            // Tests that hang on the shipped code hang everywhere: ten seconds a version is enough.
            if index == 0, case .hung = result.stop { break }
        }
        return finished(grade)
    }

    /// A version's runs: a correct version must pass every run, a buggy one fail every run, and
    /// each stops at the first run that decides otherwise. Nil when `run` could not run it.
    private func runRepeatedly(
        _ version: KataVersion, runs: Int, buggyRuns: Int,
        run: () throws -> TestBundle.Run?
    ) throws -> TestGrade.VersionResult? {
        var result = TestGrade.VersionResult(
            version: version, notes: VersionNotes.load(for: version),
            summary: TestRunSummary(outcome: .noTestsRan), runs: 0, passedRuns: 0, stop: nil)
        for _ in 1...max(1, version.isCorrect ? runs : buggyRuns) {
            guard let run = try run() else { return nil }
            result.runs += 1
            result.summary = run.summary
            result.stop = run.stop
            let passed = run.stop == nil && run.summary.outcome == .passed
            if passed { result.passedRuns += 1 }
            if version.isCorrect ? !passed : !result.caught { break }
        }
        return result
    }

    /// The slow tests, read from the run on the shipped code.
    private func finished(_ grade: TestGrade) -> TestGrade {
        var grade = grade
        let durations = grade.results.first?.summary.testDurations ?? [:]
        grade.slowestTestSeconds = durations.values.max()
        grade.slowTests = durations.filter { $0.value >= Self.slowTestSeconds }
            .map { TestGrade.SlowTest(name: $0.key, seconds: $0.value) }
            .sorted { $0.seconds > $1.seconds }
        return grade
    }

    /// Whose fault a failed build is: the suite's own (it does not compile against the shipped
    /// code), or one version's (the suite uses more than the public seam, or the version is broken).
    private func classifyBuildFailure(
        _ report: TestRunSummary, result: CommandResult, package: GradingPackage, into grade: inout TestGrade
    ) throws {
        let output = result.output
        var byVersion: [Int: [TestRunSummary.Diagnostic]] = [:]
        var unplaced: [TestRunSummary.Diagnostic] = []
        for error in report.buildErrors {
            var mapped = error
            if let origin = package.origin(of: URL(fileURLWithPath: error.file).standardizedFileURL.path) {
                mapped.file = origin.file.path
                byVersion[origin.version, default: []].append(mapped)
            } else {
                unplaced.append(mapped)
            }
        }
        // The same mistake in the suite shows in every copy; the build may stop before it reaches
        // the shipped code's. Building that copy alone says whether the suite compiles at all
        // (in a package of the shipped code alone, the build just made said it).
        let shipped =
            package.versions.count == 1
            ? result
            : try runner.run(
                swift, ["build", "--package-path", package.root.path, "--target", package.testModule(0)],
                in: repository.root)
        if !shipped.succeeded {
            let own = TestOutputParser.parse(shipped.output, exitCode: shipped.exitCode).buildErrors.map {
                error -> TestRunSummary.Diagnostic in
                var mapped = error
                if let origin = package.origin(of: URL(fileURLWithPath: error.file).standardizedFileURL.path) {
                    mapped.file = origin.file.path
                }
                return mapped
            }
            grade.compileErrors = Self.unique(own.isEmpty ? unplaced + byVersion.values.flatMap { $0 } : own)
            if grade.compileErrors.isEmpty {
                let line = output.split(separator: "\n").first { $0.contains("error:") }.map(String.init)
                grade.compileErrors = [.init(file: "", line: 0, column: 0, message: line ?? "the build failed")]
            }
            return
        }
        for index in byVersion.keys.sorted() where index > 0 {
            grade.versionCompileErrors.append(
                .init(version: package.versions[index], errors: Self.unique(byVersion[index] ?? [])))
        }
        if grade.versionCompileErrors.isEmpty {
            grade.compileErrors =
                unplaced.isEmpty
                ? [
                    .init(
                        file: "", line: 0, column: 0,
                        message: "the build failed: " + (output.split(separator: "\n").last.map(String.init) ?? ""))
                ]
                : unplaced
        }
    }

    private static func unique(_ errors: [TestRunSummary.Diagnostic]) -> [TestRunSummary.Diagnostic] {
        var seen: Set<String> = []
        return errors.filter { seen.insert("\($0.file):\($0.line):\($0.column):\($0.message)").inserted }
    }
}
