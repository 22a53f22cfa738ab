import Foundation

/// Runs a package's tests once or many times: it builds once with the first `swift test`, and
/// runs the rest from the built bundle (``runBuilt(package:options:onOutput:)``), stopping at the
/// first run that does not pass. Flaky tests show themselves this way (`kata check 14 --repeat
/// 200`), at the cost of the test run alone.
public struct SwiftTestSession: Sendable {
    public let runner: CommandRunner
    public let swift: URL
    /// Where `swift` runs; paths in its output are absolute either way.
    public let workingDirectory: URL

    public init(runner: CommandRunner, swift: URL, workingDirectory: URL) {
        self.runner = runner
        self.swift = swift
        self.workingDirectory = workingDirectory
    }

    /// The `swift test` arguments for `package`; `skipBuild` for the runs after the first.
    public func arguments(package: URL, options: TestRunOptions, skipBuild: Bool = false) -> [String] {
        var arguments =
            ["test", "--package-path", package.path] + sanitizerArguments(package: package, options: options)
        if skipBuild { arguments.append("--skip-build") }
        if let filter = options.filter { arguments += ["--filter", filter] }
        return arguments
    }

    /// A sanitized build goes to a scratch folder of its own: toggling the sanitizer in the
    /// usual one would rebuild everything each time.
    private func sanitizerArguments(package: URL, options: TestRunOptions) -> [String] {
        guard let sanitizer = options.sanitizer else { return [] }
        return [
            "--sanitize", sanitizer.rawValue, "--scratch-path",
            package.appendingPathComponent(sanitizer.scratchFolderName).path,
        ]
    }

    public func run(
        package: URL,
        options: TestRunOptions,
        onOutput: (@Sendable (String) -> Void)? = nil,
        onRunFinished: ((Int, TestRunSummary) -> Void)? = nil
    ) throws -> RepeatedTestRun {
        var passedRuns = 0
        var run = 0
        while true {
            run += 1
            let (report, result) =
                run > 1
                ? try runBuilt(package: package, options: options, onOutput: onOutput)
                : try runOnce(package: package, options: options, skipBuild: false, onOutput: onOutput)
            onRunFinished?(run, report)
            if report.outcome == .passed { passedRuns += 1 }
            if report.outcome != .passed || run >= max(1, options.repetitions) {
                return RepeatedTestRun(report: report, output: result.output, runs: run, passedRuns: passedRuns)
            }
        }
    }

    /// Builds the package and its tests without running them (`swift build --build-tests`), so
    /// that every run after it, with `skipBuild`, times the tests alone. `extraArguments` go to
    /// every target (`-Xswiftc -I -Xswiftc <folder>`), SwiftPM's derived ones included.
    public func build(
        package: URL, options: TestRunOptions, extraArguments: [String] = []
    ) throws -> (report: TestRunSummary, result: CommandResult) {
        let command =
            ["build", "--build-tests", "--package-path", package.path]
            + sanitizerArguments(package: package, options: options) + extraArguments
        let result = try runner.run(swift, command, in: workingDirectory)
        let report = TestOutputParser.parse(result.output, exitCode: result.exitCode, wasSignaled: result.wasSignaled)
        return (report, result)
    }

    /// The tests an earlier run or ``build(package:options:)`` built, run again: on Linux straight
    /// from their test bundle (``BuiltTestBundle``), a second or more faster than
    /// `swift test --skip-build`, which a filter, a Mac or a missing bundle still use.
    public func runBuilt(
        package: URL, options: TestRunOptions, onOutput: (@Sendable (String) -> Void)? = nil
    ) throws -> (report: TestRunSummary, result: CommandResult) {
        guard options.filter == nil,
            let executable = BuiltTestBundle.find(package: package, sanitizer: options.sanitizer)
        else {
            return try runOnce(package: package, options: options, skipBuild: true, onOutput: onOutput)
        }
        let (report, results) = try BuiltTestBundle(
            executable: executable, runner: runner, workingDirectory: workingDirectory
        ).run(xctestArguments: [], onOutput: onOutput)
        var result = results.first { !$0.succeeded } ?? results[results.count - 1]
        result.output = results.map(\.output).joined(separator: "\n")
        result.timedOut = results.contains(where: \.timedOut)
        result.printedTooMuch = results.contains(where: \.printedTooMuch)
        return (report, result)
    }

    /// One `swift test`, read: Swift Testing's results from its event stream (without the
    /// console's symbols) and, when the run was stopped at its time limit, the tests that hung.
    public func runOnce(
        package: URL, options: TestRunOptions, skipBuild: Bool, onOutput: (@Sendable (String) -> Void)? = nil
    ) throws -> (report: TestRunSummary, result: CommandResult) {
        let events = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kata-test-events-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: events) }
        let command =
            arguments(package: package, options: options, skipBuild: skipBuild)
            + TestEventStream.arguments(writingTo: events)
        let result = try runner.run(swift, command, in: workingDirectory, onOutput: onOutput)
        let report = TestOutputParser.parse(
            result.output, exitCode: result.exitCode, wasSignaled: result.wasSignaled, timedOut: result.timedOut,
            swiftTesting: FileManager.default.contents(atPath: events.path).flatMap(TestEventStream.run(in:)))
        return (report, result)
    }
}
