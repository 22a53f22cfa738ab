import Foundation

/// A test bundle SwiftPM has built, run directly on Linux the way `swift test` runs it: XCTest's
/// tests first, then Swift Testing's, each a run of the bundle's executable.
///
/// `swift test --skip-build` spends a second or more starting SwiftPM and planning the package
/// before every run. That is nothing once, but `kata verify` runs the tests of every wrong
/// solution three times and `kata check` a tests kata's suite against a dozen versions: there
/// the bundle is run directly and the second goes to the tests.
struct BuiltTestBundle: Sendable {
    /// Swift Testing's exit code when its `--filter` matched no test (`EX_UNAVAILABLE`).
    static let noTestsMatched: Int32 = 69

    /// The bundle's executable, `<scratch>/debug/<Package>PackageTests.xctest`.
    let executable: URL
    /// With whatever limits the caller set: timeout, output limit, leftovers killed.
    let runner: CommandRunner
    let workingDirectory: URL
    /// Runs XCTest through `stdbuf -oL` where there is one: XCTest prints through a buffer, and a
    /// run killed at its time limit would lose the lines that say which tests had started (the
    /// tests that hung). Left off under a sanitizer, whose runtime wants to load first.
    var lineBuffered = false

    /// `stdbuf`, where the system has one.
    static let stdbuf: URL? = ["/usr/bin/stdbuf", "/bin/stdbuf"].map { URL(fileURLWithPath: $0) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// The one test bundle a package's scratch folder holds (`.build` or a sanitizer's), if it
    /// was built on a system where a bundle is an executable.
    static func find(package: URL, sanitizer: Sanitizer?) -> URL? {
        find(scratch: package.appendingPathComponent(sanitizer?.scratchFolderName ?? ".build"))
    }

    /// The one test bundle in a scratch folder (`--scratch-path`), as ``find(package:sanitizer:)``.
    static func find(scratch: URL) -> URL? {
        #if os(Linux)
            let debug = scratch.appendingPathComponent("debug")
            let bundles = ((try? FileManager.default.contentsOfDirectory(atPath: debug.path)) ?? [])
                .filter { $0.hasSuffix("PackageTests.xctest") }
            return bundles.count == 1 ? debug.appendingPathComponent(bundles[0]) : nil
        #else
            return nil
        #endif
    }

    /// The two runs and what they say together, read as one `swift test` would be.
    ///
    /// - Parameters:
    ///   - xctestArguments: what selects XCTest's tests: none runs them all; nil skips XCTest.
    ///   - swiftTestingFilter: a regular expression over Swift Testing's test identifiers.
    ///   - runsSwiftTesting: false when the tests are known to hold no Swift Testing test.
    func run(
        xctestArguments: [String]?, swiftTestingFilter: String? = nil, runsSwiftTesting: Bool = true,
        onOutput: (@Sendable (String) -> Void)? = nil
    ) throws -> (report: TestRunSummary, results: [CommandResult]) {
        let events = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kata-bundle-events-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: events) }
        var results: [CommandResult] = []
        if let xctestArguments {
            if lineBuffered, let stdbuf = Self.stdbuf {
                results.append(
                    try runner.run(
                        stdbuf, ["-oL", executable.path] + xctestArguments, in: workingDirectory, onOutput: onOutput))
            } else {
                results.append(try runner.run(executable, xctestArguments, in: workingDirectory, onOutput: onOutput))
            }
        }
        if runsSwiftTesting, results.allSatisfy({ !$0.timedOut && !$0.printedTooMuch }) {
            var swiftTesting = try runner.run(
                executable,
                ["--testing-library", "swift-testing"] + (swiftTestingFilter.map { ["--filter", $0] } ?? [])
                    + TestEventStream.arguments(writingTo: events),
                in: workingDirectory, onOutput: onOutput)
            // A suite written all in XCTest matches no Swift Testing test, which is no failure
            // (`swift test` says nothing of it either).
            if swiftTesting.exitCode == Self.noTestsMatched, !swiftTesting.wasSignaled,
                FileManager.default.contents(atPath: events.path).flatMap(TestEventStream.run(in:))?.started.isEmpty
                    ?? true
            {
                swiftTesting.exitCode = 0
            }
            results.append(swiftTesting)
        }
        let report = TestOutputParser.parse(
            results.map(\.output).joined(separator: "\n"),
            exitCode: results.first { $0.exitCode != 0 }?.exitCode ?? 0,
            wasSignaled: results.contains(where: \.wasSignaled), timedOut: results.contains(where: \.timedOut),
            swiftTesting: FileManager.default.contents(atPath: events.path).flatMap(TestEventStream.run(in:)))
        return (report, results)
    }
}
