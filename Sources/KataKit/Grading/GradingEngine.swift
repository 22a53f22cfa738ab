import Foundation

/// The one engine that grades a test suite against versions of a kata's code, each expected to
/// pass (a correct version) or to fail (a wrong or buggy one). `kata verify` grades a kata's tests
/// against its reference, its alternative and every wrong solution, and a tests kata's reference
/// suite against its shipped code and every other version; `kata check` and `kata progress` grade
/// a learner's suite of a tests kata the same way.
///
/// The suite is built once and each version once, and the versions run side by side, two at a
/// time. For each version the grade says whether it passed or failed, by which tests and with
/// which messages, how long each test took, whether the run hung (naming the tests still running),
/// crashed or printed too much, or whether the version did not build (its compiler errors in the
/// files an author or learner edits). Every test of the suite runs, whatever mix of XCTest
/// classes and Swift Testing suites it holds.
///
/// Each correct version runs `runs` times (a flaky test is not valid), each wrong one `buggyRuns`
/// times, each stopping at the first run that decides otherwise. The tests are untrusted code:
/// each run is stopped after `runLimit` or once it printed ``outputLimit`` bytes, together with
/// every process it started, and whatever it left running in its process group is killed.
///
/// On Linux the suite is compiled once against the first version (the base: a tests kata's shipped
/// code, a kata's reference) and run against each version's library (``SharedLibraryGrading``);
/// the versions that cannot stand in for the base that way, or all of them when the suite or the
/// kata's settings do not allow it, and every version on other systems, are built in one package
/// with a copy of the suite each (``GradingPackage``). Both give the same grade.
///
/// ```swift
/// let grade = try GradingEngine(repository: repository, runner: runner, swift: swift).grade(kata)
/// grade.valid      // passes on the shipped code and every correct version, every run
/// grade.atLarge    // the buggy versions no test caught
/// ```
public struct GradingEngine: Sendable {
    /// How many times the suite runs on each correct version.
    public static let defaultRuns = 3
    /// How long one run of the suite on one version may take: a valid suite takes milliseconds.
    public static let runLimit = Duration.seconds(10)
    /// How much one run may print.
    public static let outputLimit = 1_000_000
    /// A test that takes this long is waiting on the wall clock, or doing the real work it should fake.
    public static let slowTestSeconds = 0.25

    public let repository: KataRepository
    /// Runs the builds; its timeout bounds them.
    public let runner: CommandRunner
    public let swift: URL

    public init(repository: KataRepository, runner: CommandRunner, swift: URL) {
        self.repository = repository
        self.runner = runner
        self.swift = swift
    }

    /// A run of a wrong or buggy version that decides it was caught: a test failed. (A hang or a
    /// run that printed too much never counts.)
    public static let failedByATest: @Sendable (TestRunSummary) -> Bool = { $0.outcome == .testsFailed }

    /// The environment of a graded run: `environment` with no backtrace for a run that crashes (a
    /// mutant, a buggy version: the runtime's one line says why, and its `swift-backtrace`,
    /// orphaned when the test process dies, held the output open while it waited out its own
    /// 30 s timeout), and, under ThreadSanitizer, a stop at the first race. A version the
    /// sanitizer catches is caught there; run on, a race that corrupted an array crashed the
    /// process later, or hung it in the sanitizer's own crash handling until the run's time limit
    /// (kata 06's mutant that appends observers unguarded, on a loaded machine).
    static func gradingEnvironment(_ environment: [String: String], sanitizer: Sanitizer?) -> [String: String] {
        var graded = environment
        graded["SWIFT_BACKTRACE"] = "enable=no"
        if let sanitizer {
            graded = sanitizer.runEnvironment(graded, haltingAtFirstReport: true)
        }
        return graded
    }

    /// Grades `tests` (the learner's `Tests/KataNNTests` unless given) against `versions` (a tests
    /// kata's ``Kata/gradedVersions()`` unless given; the first is the base the suite is compiled
    /// against): each correct version `runs` times, each wrong or buggy one `buggyRuns` times,
    /// while `catches` says a run of it failed as it should. `stageName` names the package's folder
    /// under `.build/kata/grade` (the kata's folder name unless given: `kata verify` grades in
    /// folders of its own, so the learner's build stays warm). `progress` hears what is
    /// happening, for a spinner.
    public func grade(
        _ kata: Kata, tests: URL? = nil, versions: [KataVersion]? = nil, runs: Int = GradingEngine.defaultRuns,
        buggyRuns: Int = 1, sanitizer: Sanitizer? = nil, stageName: String? = nil,
        runLimit: Duration = GradingEngine.runLimit,
        catches: @escaping @Sendable (TestRunSummary) -> Bool = GradingEngine.failedByATest,
        progress: (@Sendable (String) -> Void)? = nil
    ) throws -> TestGrade {
        let versions = versions ?? kata.gradedVersions()
        guard !versions.isEmpty else { return TestGrade(kata: kata, results: []) }
        let tests = tests ?? kata.testsDirectory
        let root = repository.workDirectory.appendingPathComponent(
            "grade/\(stageName ?? kata.folderName)", isDirectory: true)
        var limited = runner
        limited.timeout = runLimit
        limited.outputLimit = Self.outputLimit
        limited.killsLeftovers = true
        limited.environment = Self.gradingEnvironment(limited.environment, sanitizer: sanitizer)
        let repeating = RepeatedRuns(runs: runs, buggyRuns: buggyRuns, catches: catches)

        #if os(Linux)
            func beside(_ suffix: String) -> URL {
                root.deletingLastPathComponent().appendingPathComponent(
                    root.lastPathComponent + suffix, isDirectory: true)
            }
            let settings = KataBuildSettings.read(
                for: kata, runner: runner, swift: swift,
                cacheFolder: repository.workDirectory.appendingPathComponent(
                    "grade/settings/\(kata.folderName)", isDirectory: true))
            if let settings, settings.moduleFlags != nil {
                let shared = SharedLibraryGrading(
                    kata: kata, versions: versions, tests: tests, root: beside("-shared"), sanitizer: sanitizer,
                    settings: settings, scratchBuildArguments: scratchBuildArguments)
                if let grade = try gradeSharing(
                    shared, root: root, beside: beside, limited: limited, repeating: repeating, progress: progress)
                {
                    return grade
                }
            }
        #endif
        return try gradeInOnePackage(
            kata, versions: versions, tests: tests, root: root, repeating: repeating, sanitizer: sanitizer,
            runner: limited, skippingFirst: false, progress: progress)
    }

    /// How many suites the fast way compiles at most, each against another binary interface.
    static let maximumBases = 8

    /// The fast way, and the slow way for the versions that cannot take it. Nil when the slow
    /// way must grade every version.
    private func gradeSharing(
        _ shared: SharedLibraryGrading, root: URL, beside: (String) -> URL, limited: CommandRunner,
        repeating: RepeatedRuns, progress: (@Sendable (String) -> Void)?
    ) throws -> TestGrade? {
        let (kata, versions, tests, sanitizer) = (shared.kata, shared.versions, shared.tests, shared.sanitizer)
        progress?("Building your tests")
        // Without the first version's library there is nothing to compile the suite against.
        guard let libraries = shared.buildLibraries(runner: runner, swift: swift, in: repository.root),
            libraries[0] != nil
        else { return nil }
        // A suite runs only the versions whose types are laid out as its base's (see
        // ``VersionLibrary/layout()``); the others wait for a base of their own.
        let layouts = versions.indices.map { libraries[$0] == nil ? nil : shared.library($0).layout() }
        var results: [TestGrade.VersionResult?] = Array(repeating: nil, count: versions.count)
        var slowWay = versions.indices.filter { libraries[$0] == nil }
        var pending = versions.indices.filter { libraries[$0] != nil }
        var suite = shared
        var bases = 0
        while let base = pending.first {
            suite.base = base
            let outcome: SharedLibraryGrading.Outcome
            do {
                outcome = try suite.buildSuite(
                    runner: runner, listingRunner: limited, swift: swift, in: repository.root,
                    baseRebuilt: libraries[base] ?? true)
            } catch {
                // Whatever stopped it, the slow way still grades, and says what is wrong.
                if base == 0 { return nil }
                slowWay += pending
                break
            }
            guard case .built(let listing) = outcome else {
                guard base == 0 else {
                    slowWay += pending
                    break
                }
                // Most often a mistake in the suite: built against the base alone, in a package of
                // its own, it is reported after one build rather than one per version. A suite that
                // builds there needs the code without library evolution: the slow way.
                let alone = try gradeInOnePackage(
                    kata, versions: [versions[0]], tests: tests, root: beside("-shipped"), repeating: repeating,
                    sanitizer: sanitizer, runner: limited, skippingFirst: true, progress: progress)
                return alone.compiled ? nil : alone
            }
            let runVersion: @Sendable (Int) -> Result<TestGrade.VersionResult?, Error> = { [limited, suite] index in
                Result {
                    try repeating.result(
                        of: versions[index], run: { try suite.run(version: index, listing: listing, runner: limited) })
                }
            }
            let fitting = pending.filter { $0 == base || VersionLibrary.fits(layouts[$0], base: layouts[base]) }
            let others = base == 0 ? Array(fitting.dropFirst()) : fitting
            if base == 0 {
                // The base first and alone: its run times the tests, and tests that hang on it hang
                // everywhere, so one run limit is all a hang costs.
                progress?("Running your tests against the shipped code")
                guard let first = try runVersion(0).get() else { return nil }
                results[0] = first
                if case .hung = first.stop { return finished(TestGrade(kata: kata, results: [first])) }
            }
            // The other versions two at a time: each run is one short process, most of it
            // loading, and a core would otherwise wait for the other.
            progress?("Running your tests against \(others.count) other versions")
            let outcomes = WorkerThreads.run(count: others.count, workers: 2) { runVersion(others[$0]) }
            pending = pending.filter { !fitting.contains($0) }
            for (index, outcome) in zip(others, outcomes) {
                if let result = try outcome?.get() {
                    results[index] = result
                } else {
                    pending.append(index)
                }
            }
            // A version that does not load against its own module's suite has nothing to gain here.
            if base != 0, results[base] == nil {
                slowWay.append(base)
                pending.removeAll { $0 == base }
            }
            bases += 1
            if bases == Self.maximumBases {
                slowWay += pending
                break
            }
        }
        guard !slowWay.isEmpty else {
            return finished(TestGrade(kata: kata, results: results.compactMap { $0 }))
        }
        // The base comes along for the build: it says whose fault a failed build is.
        let subset = [0] + slowWay.sorted().filter { $0 != 0 }
        let slow = try gradeInOnePackage(
            kata, versions: subset.map { versions[$0] }, tests: tests, root: root, repeating: repeating,
            sanitizer: sanitizer, runner: limited, skippingFirst: results[0] != nil, progress: progress)
        var grade = slow
        grade.results = versions.indices.compactMap { index in
            results[index] ?? slow.results.first { $0.version == versions[index] }
        }
        return finished(grade)
    }

    /// Every version in one ``GradingPackage``, the suite copied once per version. With
    /// `skippingFirst`, the first version is built but not run (its results came another way).
    /// A version that does not build is reported and left out, and the rest built again: one
    /// broken wrong solution must not leave the others ungraded.
    private func gradeInOnePackage(
        _ kata: Kata, versions: [KataVersion], tests: URL, root: URL, repeating: RepeatedRuns,
        sanitizer: Sanitizer?, runner limited: CommandRunner, skippingFirst: Bool,
        progress: (@Sendable (String) -> Void)?
    ) throws -> TestGrade {
        var grade = TestGrade(kata: kata, results: [])
        var building = versions
        while true {
            let package = GradingPackage(kata: kata, versions: Self.distinctCode(building), tests: tests, root: root)
            do {
                try package.write()
            } catch {
                throw KataError(
                    .fileSystem,
                    "Could not prepare the grading of \(kata.heading) in \(package.root.path): "
                        + FileSystemFailure.reason(of: error),
                    advice: "Check that every version of the kata is in place and that .build is writable.")
            }
            progress?("Building your tests against \(building.count) versions of the code")
            let session = SwiftTestSession(runner: runner, swift: swift, workingDirectory: repository.root)
            let build = try session.build(
                package: package.root, options: TestRunOptions(sanitizer: sanitizer),
                extraArguments: scratchBuildArguments)
            if build.result.succeeded { break }
            let broken = try classifyBuildFailure(
                build.report, result: build.result, package: package, sanitizer: sanitizer, into: &grade)
            guard grade.compileErrors.isEmpty, !broken.isEmpty else { return grade }
            let brokenCode = broken.map { package.versions[$0] }
            building.removeAll { version in brokenCode.contains { $0.hasSameCode(as: version) } }
        }
        let package = GradingPackage(kata: kata, versions: Self.distinctCode(building), tests: tests, root: root)
        let bundle = TestBundle(
            package: package, runner: limited, swift: swift, sanitizer: sanitizer, workingDirectory: repository.root)
        let listing = try bundle.listing()
        for (index, version) in building.enumerated() where !(skippingFirst && index == 0) {
            progress?("Running your tests against version \(index + 1) of \(building.count)")
            // A version that shares its code with another (a schema's mutant) runs that module,
            // with its own environment.
            let module = package.versions.firstIndex { $0.hasSameCode(as: version) } ?? index
            var runner = limited
            runner.environment.merge(version.environment) { _, own in own }
            let versionBundle = TestBundle(
                package: package, runner: runner, swift: swift, sanitizer: sanitizer,
                workingDirectory: repository.root)
            let result = try repeating.result(
                of: version, run: { try versionBundle.run(version: module, listing: listing) })
            guard let result else { continue }
            grade.results.append(result)
            // Tests that hang on the base hang everywhere: one run limit a version is enough.
            if index == 0, case .hung = result.stop { break }
        }
        return finished(grade)
    }

    /// How a version's runs are repeated and judged: a correct version must pass every run, a
    /// wrong or buggy one fail every run as `catches` says, and each stops at the first run that
    /// decides otherwise.
    struct RepeatedRuns: Sendable {
        var runs: Int
        var buggyRuns: Int
        var catches: @Sendable (TestRunSummary) -> Bool

        /// The version's result; nil when `run` could not run it.
        func result(of version: KataVersion, run: () throws -> TestBundle.Run?) throws -> TestGrade.VersionResult? {
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
                if version.isCorrect ? !passed : !(run.stop == nil && catches(run.summary)) { break }
            }
            return result
        }
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
    /// Returns the versions (by index in the package) that did not build.
    private func classifyBuildFailure(
        _ report: TestRunSummary, result: CommandResult, package: GradingPackage, sanitizer: Sanitizer?,
        into grade: inout TestGrade
    ) throws -> Set<Int> {
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
                swift,
                ["build", "--package-path", package.root.path, "--target", package.testModule(0)]
                    + sanitizerArguments(package.root, sanitizer) + scratchBuildArguments,
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
            return []
        }
        let broken = byVersion.keys.sorted().filter { $0 > 0 }
        for index in broken {
            grade.versionCompileErrors.append(
                .init(version: package.versions[index], errors: Self.unique(byVersion[index] ?? [])))
        }
        if broken.isEmpty {
            grade.compileErrors =
                unplaced.isEmpty
                ? [
                    .init(
                        file: "", line: 0, column: 0,
                        message: "the build failed: " + (output.split(separator: "\n").last.map(String.init) ?? ""))
                ]
                : unplaced
        }
        return Set(broken)
    }

    /// ``ScratchBuild``'s arguments (the shared Clang module cache, no index of the system's modules),
    /// for every package the engine builds.
    var scratchBuildArguments: [String] { ScratchBuild.arguments(for: repository, environment: runner.environment) }

    /// A sanitized package's scratch folder, as ``SwiftTestSession`` gives it: a command that
    /// names another would build the package again.
    private func sanitizerArguments(_ package: URL, _ sanitizer: Sanitizer?) -> [String] {
        guard let sanitizer else { return [] }
        return [
            "--sanitize", sanitizer.rawValue, "--scratch-path",
            package.appendingPathComponent(sanitizer.scratchFolderName).path,
        ]
    }

    /// The versions with the code of each built once: the first of each, in order.
    static func distinctCode(_ versions: [KataVersion]) -> [KataVersion] {
        versions.reduce(into: []) { distinct, version in
            if !distinct.contains(where: { $0.hasSameCode(as: version) }) { distinct.append(version) }
        }
    }

    private static func unique(_ errors: [TestRunSummary.Diagnostic]) -> [TestRunSummary.Diagnostic] {
        var seen: Set<String> = []
        return errors.filter { seen.insert("\($0.file):\($0.line):\($0.column):\($0.message)").inserted }
    }
}
