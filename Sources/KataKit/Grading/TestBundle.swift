import Foundation

/// The test bundle a built ``GradingPackage`` holds, and how to run one version's tests in it:
/// every test of the suite, whatever mix of XCTest classes and Swift Testing suites it holds.
///
/// On Linux the bundle is an executable, run directly: XCTest's tests by their classes (read
/// once per build with `--list-tests`), then Swift Testing's with `--filter`, the two runs
/// `swift test` makes, without SwiftPM's second or so of starting up for each of a dozen
/// versions. Elsewhere (a Mac, where an `.xctest` bundle needs a host) each version's tests run
/// through `swift test --skip-build --filter`.
struct TestBundle: Sendable {
    /// A run of one version's tests, and why it was cut short, if it was.
    struct Run: Sendable {
        var summary: TestRunSummary
        var stop: TestGrade.Stop?
    }

    let package: GradingPackage
    /// With the run limits set: timeout, output limit, leftovers killed.
    let runner: CommandRunner
    let swift: URL
    let sanitizer: Sanitizer?
    let workingDirectory: URL

    /// The executable on Linux: `.build/debug/KataGradingPackageTests.xctest`.
    var executable: URL {
        package.root.appendingPathComponent(sanitizer?.scratchFolderName ?? ".build")
            .appendingPathComponent("debug/\(GradingPackage.name)PackageTests.xctest")
    }

    /// Which tests each version's module holds, read once per build.
    struct Listing: Sendable {
        /// The XCTest classes of each test module, `["Kata21Tests_v0": ["Kata21Tests_v0.UploadTests"]]`.
        var xctestClasses: [String: [String]] = [:]
        /// The test modules with a Swift Testing test; nil when they could not be listed.
        var swiftTestingModules: Set<String>?
    }

    /// Lists the bundle's tests, XCTest's and Swift Testing's, so that each version runs only
    /// the libraries its tests use: a suite all in XCTest starts one process per run, not two.
    func listing() throws -> Listing {
        try Self.listing(of: executable, runner: runner, in: package.root)
    }

    /// The tests a built bundle holds, by module.
    static func listing(of executable: URL, runner: CommandRunner, in directory: URL) throws -> Listing {
        #if os(Linux)
            var listing = Listing()
            let xctest = try runner.run(executable, ["--list-tests"], in: directory)
            for line in xctest.output.split(separator: "\n") {
                // `Kata21Tests_v0.UploadTests/testCallsBackOnce`
                guard let slash = line.firstIndex(of: "/"), let dot = line.firstIndex(of: "."), dot < slash else {
                    continue
                }
                let module = String(line[..<dot])
                let testClass = String(line[..<slash])
                if !(listing.xctestClasses[module]?.contains(testClass) ?? false) {
                    listing.xctestClasses[module, default: []].append(testClass)
                }
            }
            let swiftTesting = try runner.run(
                executable, ["--testing-library", "swift-testing", "--list-tests"], in: directory)
            if swiftTesting.succeeded || swiftTesting.exitCode == BuiltTestBundle.noTestsMatched {
                // `Kata19Tests_v0.DeliveriesViewModelTests/emptyState()/DeliveriesViewModelTests.swift:93:6`
                listing.swiftTestingModules = Set(
                    swiftTesting.output.split(separator: "\n").compactMap { line in
                        line.firstIndex(of: ".").map { String(line[..<$0]) }
                    })
            }
            return listing
        #else
            return Listing()
        #endif
    }

    /// Runs the tests of version `index` once.
    func run(version index: Int, listing: Listing) throws -> Run {
        let xctestClasses = listing.xctestClasses[package.testModule(index)] ?? []
        let filter = package.testModule(index) + "\\."
        var summary: TestRunSummary
        var results: [CommandResult]
        #if os(Linux)
            // No classes, no XCTest run: without arguments it would run every version's. Corelibs
            // XCTest reads one filter argument, a comma-separated list: a second would be ignored,
            // and the tests of every class but the first with it.
            var bundle = BuiltTestBundle(executable: executable, runner: runner, workingDirectory: package.root)
            bundle.lineBuffered = sanitizer == nil
            (summary, results) = try bundle.run(
                xctestArguments: xctestClasses.isEmpty ? nil : [xctestClasses.joined(separator: ",")],
                swiftTestingFilter: filter,
                runsSwiftTesting: listing.swiftTestingModules?.contains(package.testModule(index)) ?? true)
        #else
            let session = SwiftTestSession(runner: runner, swift: swift, workingDirectory: workingDirectory)
            let once = try session.runOnce(
                package: package.root, options: TestRunOptions(filter: filter, sanitizer: sanitizer), skipBuild: true)
            (summary, results) = (once.report, [once.result])
        #endif
        // Failures point into the package's copy of the tests; the learner edits the original.
        summary = Self.pointing(summary) { package.origin(of: $0)?.file.path }
        return Run(summary: summary, stop: Self.stop(of: results, runner: runner, summary: summary))
    }

    /// The summary with each failure and unfinished test in the file `original` names for its
    /// file (a copy of the tests, read where the learner wrote it); unchanged where it names none.
    static func pointing(_ summary: TestRunSummary, to original: (String) -> String?) -> TestRunSummary {
        var summary = summary
        for index in summary.failures.indices {
            summary.failures[index].file = original(summary.failures[index].file) ?? summary.failures[index].file
        }
        for index in summary.unfinishedTests.indices {
            summary.unfinishedTests[index].file =
                original(summary.unfinishedTests[index].file) ?? summary.unfinishedTests[index].file
        }
        return summary
    }

    /// Why a run was cut short by the runner's limits, if it was.
    static func stop(of results: [CommandResult], runner: CommandRunner, summary: TestRunSummary) -> TestGrade.Stop? {
        if results.contains(where: \.timedOut) {
            // Swift Testing's event stream names the tests still running; XCTest's console says
            // which tests started, and the ones that never ended are those.
            let ended = Set(summary.passedTests + summary.failedTests)
            let unfinished =
                summary.unfinishedTests.isEmpty
                ? summary.startedTests.filter { !ended.contains($0) } : summary.unfinishedTests.map(\.name)
            return .hung(limit: runner.timeout ?? .zero, tests: unfinished)
        } else if results.contains(where: \.printedTooMuch) {
            return .printedTooMuch(bytes: runner.outputLimit ?? 0)
        }
        return nil
    }
}
