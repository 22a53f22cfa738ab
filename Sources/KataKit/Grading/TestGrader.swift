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
    /// `kata`: each correct version `runs` times, each buggy one `buggyRuns` times. `stageName` names the package's folder under `.build/kata/grade` (the kata's folder
    /// name unless given: `kata verify` grades the reference suite in a folder of its own, so
    /// the learner's build stays warm). `progress` hears what is happening, for a spinner.
    public func grade(
        _ kata: Kata, tests: URL? = nil, runs: Int = TestGrader.defaultRuns, buggyRuns: Int = 1,
        sanitizer: Sanitizer? = nil, stageName: String? = nil, correctVersionsOnly: Bool = false,
        progress: (@Sendable (String) -> Void)? = nil
    ) throws -> TestGrade {
        let versions = kata.gradedVersions().filter { !correctVersionsOnly || $0.isCorrect }
        let package = GradingPackage(
            kata: kata, versions: versions, tests: tests ?? kata.testsDirectory,
            root: repository.workDirectory.appendingPathComponent(
                "grade/\(stageName ?? kata.folderName)", isDirectory: true))
        do {
            try package.write()
        } catch {
            throw KataError(
                .fileSystem,
                "Could not prepare the grading of \(kata.heading) in \(package.root.path): \(FileSystemFailure.reason(of: error))",
                advice: "Check that .build is writable.")
        }
        var grade = TestGrade(
            kata: kata, compileErrors: [], versionCompileErrors: [], results: [], slowTests: [],
            slowestTestSeconds: nil)

        progress?("Building your tests against \(versions.count) versions of the code")
        let session = SwiftTestSession(runner: runner, swift: swift, workingDirectory: repository.root)
        let options = TestRunOptions(sanitizer: sanitizer)
        let build = try session.build(package: package.root, options: options)
        if !build.result.succeeded {
            try classifyBuildFailure(build.report, output: build.result.output, package: package, into: &grade)
            return grade
        }

        var limited = runner
        limited.timeout = Self.runLimit
        limited.outputLimit = Self.outputLimit
        limited.killsLeftovers = true
        let bundle = TestBundle(
            package: package, runner: limited, swift: swift, sanitizer: sanitizer, workingDirectory: repository.root)
        let listing = try bundle.listing()
        for (index, version) in versions.enumerated() {
            progress?("Running your tests against version \(index + 1) of \(versions.count)")
            var result = TestGrade.VersionResult(
                version: version, notes: VersionNotes.load(for: version),
                summary: TestRunSummary(outcome: .noTestsRan), runs: 0, passedRuns: 0, stop: nil)
            // A correct version must pass every run, a buggy one fail every run: each stops at the
            // first run that decides otherwise.
            for _ in 1...max(1, version.isCorrect ? runs : buggyRuns) {
                let run = try bundle.run(version: index, listing: listing)
                result.runs += 1
                result.summary = run.summary
                result.stop = run.stop
                let passed = run.stop == nil && run.summary.outcome == .passed
                if passed { result.passedRuns += 1 }
                if version.isCorrect ? !passed : !result.caught { break }
            }
            grade.results.append(result)
            // Tests that hang on the shipped code hang everywhere: ten seconds a version is enough.
            if index == 0, case .hung = result.stop { break }
        }

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
        _ report: TestRunSummary, output: String, package: GradingPackage, into grade: inout TestGrade
    ) throws {
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
        // the shipped code's. Building that copy alone says whether the suite compiles at all.
        let shipped = try runner.run(
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
