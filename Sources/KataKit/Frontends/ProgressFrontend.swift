import Foundation

/// `kata progress`: a learner's whole standing, measured by running every kata's tests, katas
/// side by side (up to `jobs` at once). Unlike `kata list`, it does not trust `.kata/state.json`:
/// what it reports is what the tests say on this commit, which is what a workshop's workflow
/// needs to grade and what `kata workshop room` reads.
///
/// ```swift
/// let status = try ProgressFrontend(context: context).run(format: .json, jobs: 2)
/// // {"schema":"dispatch-katas/progress","version":1,"katas":[…],"passed":3,"total":14}
/// ```
///
/// It exits 0 once every kata was measured, passed or not (a workflow that publishes the report
/// must not stop at the first failing kata); it fails only when it could not measure.
public struct ProgressFrontend: Sendable {
    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    /// How `kata progress` reports.
    public enum Format: String, Sendable, CaseIterable {
        /// A line per kata, for people.
        case text
        /// One ``ProgressReport`` object.
        case json
        /// A Markdown table, for a workflow's job summary.
        case markdown
    }

    /// `jsonFile`: also write the JSON report there (a workflow shows the Markdown and uploads the JSON
    /// from one run). `learner`: the name the report carries.
    public func run(
        katas references: [String] = [], format: Format = .text, jobs: Int? = nil,
        timeout: Duration? = CheckFrontend.defaultTimeout, learner: String? = nil, jsonFile: URL? = nil
    ) throws -> Int32 {
        let catalog = try context.catalog()
        let named = try references.isEmpty ? catalog.katas : references.map { try catalog.kata(named: $0) }
        var seen: Set<String> = []
        let katas = named.filter { seen.insert($0.folderName).inserted }
        guard !katas.isEmpty else {
            throw KataError(
                .invalidCatalog, "There are no katas to measure in \(catalog.repository.katasDirectory.path).",
                advice: "Restore the Katas folder with `git checkout -- Katas`.")
        }
        _ = context.reportProblems(of: catalog)
        var runner = context.runner
        runner.timeout = timeout
        let measurer = KataResultMeasurer(
            runner: runner, swift: try runner.swiftExecutable(), root: catalog.repository.root)
        let console = context.console
        let style = console.style
        let text = format == .text
        let showsProgress = console.isTerminal && text
        let width = katas.map(\.heading.count).max() ?? 0
        if text {
            console.line(
                style.bold("Measuring \(katas.count) kata\(katas.count == 1 ? "" : "s") by running their tests"))
        }
        if showsProgress, let first = katas.first { console.write(style.dim("checking \(first.heading)…") + "\r") }
        let results = WorkerThreads.run(count: katas.count, workers: jobs ?? VerifyFrontend.defaultJobs) { index in
            measurer.measure(katas[index])
        } deliver: { index, result in
            guard text else { return }
            let kata = katas[index]
            let padding = String(repeating: " ", count: max(0, width - kata.heading.count))
            let tests = result.passedTests.count + result.failedTests.count
            let label = ProgressReport.resultLabel(of: result)
            let coloured = result.passed ? style.green(label) : style.red(label)
            console.line(
                "\(kata.heading)\(padding)  \(coloured)  \(result.passedTests.count) of \(tests) tests  "
                    + style.dim("\(result.seconds) s"))
            if let failure = result.firstFailure {
                console.line(
                    "    " + style.dim((failure.test.map { "\(RoomText.clean($0, limit: 80)): " } ?? ""))
                        + RoomText.clean(failure.message, limit: 160))
            }
            if showsProgress, index + 1 < katas.count {
                console.write(style.dim("checking \(katas[index + 1].heading)…") + "\r")
            }
        }
        let report = ProgressReport(
            learner: learner, commit: commit(of: catalog.repository), katas: results.compactMap { $0 })
        if let jsonFile {
            do {
                try Data((report.json() + "\n").utf8).write(to: jsonFile, options: .atomic)
            } catch {
                throw KataError(
                    .fileSystem,
                    "Could not write the progress report to \(jsonFile.path): \(FileSystemFailure.reason(of: error))")
            }
        }
        switch format {
        case .text:
            console.line()
            let summary = "\(report.passed) of \(report.total) katas passed."
            console.line(report.passed == report.total ? style.green(summary) : style.bold(summary))
        case .json:
            console.line(report.json())
        case .markdown:
            console.write(report.markdown())
        }
        return ExitStatus.success
    }

    /// `GITHUB_SHA` on GitHub's runners, else the clone's `HEAD`, else nil.
    func commit(of repository: KataRepository) -> String? {
        if let sha = context.environment["GITHUB_SHA"], !sha.isEmpty { return sha }
        let runner = CommandRunner(environment: context.environment)
        guard let git = runner.executable(named: "git"),
            let result = try? runner.run(git, ["rev-parse", "--verify", "--quiet", "HEAD"], in: repository.root),
            result.succeeded
        else { return nil }
        let sha = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return sha.count == 40 && sha.allSatisfy(\.isHexDigit) ? sha : nil
    }
}
