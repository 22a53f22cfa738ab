import Foundation

/// Turns a ``TestRunSummary`` into what a learner reads after `kata check`: the verdict first,
/// then each problem with its file (relative to the repository) and line, then what to do next.
public struct CheckExplanation: Sendable {
    public let kata: Kata
    public let report: TestRunSummary
    public let repository: KataRepository
    public let filter: String?
    public let style: TextStyle
    /// For repeated runs: how many runs there were (the last one decided) and how many were asked for.
    public let runs: Int
    public let repetitions: Int
    /// The time limit of the run, to name it when the run was stopped.
    public var timeout: Duration?

    public init(
        kata: Kata, report: TestRunSummary, repository: KataRepository, filter: String?, style: TextStyle,
        runs: Int = 1, repetitions: Int = 1
    ) {
        self.kata = kata
        self.report = report
        self.repository = repository
        self.filter = filter
        self.style = style
        self.runs = runs
        self.repetitions = repetitions
    }

    /// How many compiler errors to show; the first ones matter, the rest usually follow from them.
    static let shownBuildErrors = 8

    public func text(rawOutput: String, next: Kata?) -> String {
        var lines: [String] = []
        let failed = style.bold(style.red("✘ FAILED"))
        switch report.outcome {
        case .passed:
            let scope = filter.map { " matching '\($0)'" } ?? ""
            let repeated = repetitions > 1 ? " in each of \(runs) runs" : ""
            lines.append(
                style.bold(style.green("✔ PASSED"))
                    + "  \(kata.heading): \(count(report.passedTests.count, "test"))\(scope) passed\(repeated).")
            lines.append("")
            if filter != nil {
                lines.append("Run `kata check \(kata.number)` without --filter to check the whole kata.")
            } else if let next {
                lines.append(
                    "Next: \(next.heading). Read it with `kata show \(next.number)`, check it with `kata "
                        + "check \(next.number)`."
                )
                // The learner edition (and any copy without Solutions/) has no notes to point to.
                if FileManager.default.fileExists(
                    atPath: kata.solutionDirectory.appendingPathComponent("SOLUTION.md").path)
                {
                    lines.append("Curious how the reference solution did it? Solutions/\(kata.folderName)/SOLUTION.md")
                }
            } else {
                lines.append("That was the last kata. Well done.")
            }
        case .buildFailed:
            lines.append(failed + "  \(kata.heading): the code does not compile yet.")
            lines.append("")
            let errors = report.buildErrors
            lines.append(contentsOf: buildErrorLines(errors))
            let missing = Self.missingNames(in: errors)
            if !missing.isEmpty {
                lines.append("")
                lines.append("Not in your code yet: " + missing.map { "`\($0)`" }.joined(separator: ", ") + ".")
            }
            if errors.isEmpty {
                lines.append(contentsOf: report.otherErrors.prefix(10).map { "  " + $0 })
                if report.otherErrors.isEmpty { lines.append(contentsOf: tail(of: rawOutput)) }
            }
            lines.append("")
            let inTests = errors.contains { $0.file.hasPrefix(kata.testsDirectory.path) || isTestFileName($0.file) }
            let inSources = errors.contains { $0.file.hasPrefix(kata.sourcesDirectory.path) }
            if inSources {
                lines.append(
                    "Your code in Katas/\(kata.folderName)/Sources does not compile: fix the errors above, "
                        + "then check again."
                )
            } else if inTests {
                lines.append(
                    "The tests use what this kata asks you to build (its \"Your task\"), so they compile only "
                        + "once it exists."
                )
                lines.append(
                    "Read what to build with `kata show \(kata.number)`, change the code in "
                        + "Katas/\(kata.folderName)/Sources, then check again."
                )
            } else {
                lines.append(
                    "Fix the problem above, then check again. `kata check \(kata.number) --verbose` shows the "
                        + "whole build log."
                )
            }
        case .testsFailed:
            let failedCount = max(report.failedTests.count, Set(report.failures.map(\.test)).count)
            lines.append(
                failed + "  \(kata.heading): \(failedCount) of \(max(report.testCount, failedCount)) tests failed.")
            lines.append("")
            let failuresByTest = Dictionary(grouping: report.failures, by: \.test)
            var shown = Set<String>()
            for failure in report.failures where shown.insert(failure.test).inserted {
                lines.append(style.red("✘ ") + style.bold(failure.test))
                for issue in failuresByTest[failure.test] ?? [] {
                    lines.append(contentsOf: failureLines(issue))
                }
            }
            for test in report.failedTests where !shown.contains(test) && !shown.contains(where: { test.hasSuffix($0) })
            {
                lines.append(style.red("✘ ") + style.bold(test))
            }
            lines.append("")
            lines.append(
                "Change the code in Katas/\(kata.folderName)/Sources until these pass; the tests stay as they are.")
            lines.append("Stuck? The hints are at the end of `kata show \(kata.number)`.")
        case .crashed:
            lines.append(failed + "  \(kata.heading): the test process crashed before it finished.")
            lines.append("")
            let crashLines =
                report.otherErrors.isEmpty ? tail(of: rawOutput) : report.otherErrors.prefix(10).map { "  " + $0 }
            lines.append(contentsOf: crashLines)
            lines.append("")
            lines.append("In these katas a crash is usually `DispatchQueue.main.sync` called from the main queue, a")
            lines.append(
                "force-unwrapped nil, or a precondition. `kata check \(kata.number) --verbose` shows the whole log.")
        case .timedOut:
            let limit = timeout.map { " within \(Self.describe($0))" } ?? ""
            lines.append(failed + "  \(kata.heading): the tests did not finish\(limit) and were stopped.")
            lines.append("")
            let started = report.startedTests.filter {
                !report.passedTests.contains($0) && !report.failedTests.contains($0)
            }
            let unfinished = report.placingUnfinishedTests(in: kata.testsDirectory).unfinishedTests
            if !unfinished.isEmpty {
                lines.append("Still running when stopped:")
                for test in unfinished {
                    // An XCTest test whose `func` was not found has no place.
                    let place =
                        test.file.isEmpty
                        ? "" : "  " + style.dim(location(file: test.file, line: test.line, column: nil))
                    lines.append("  '\(test.name)'" + place)
                }
                lines.append("")
            } else if !started.isEmpty {
                lines.append("Still running when stopped: " + started.map { "'\($0)'" }.joined(separator: ", ") + ".")
                lines.append("")
            }
            lines.append(
                "A test that never ends is usually waiting for work that cannot run: `DispatchQueue.main.sync`")
            lines.append(
                "called on the main queue, a semaphore or `group.wait()` blocking the thread the work needs, a")
            lines.append("completion handler or continuation that is never called, or a lock that is never unlocked.")
            lines.append("A first build can be slow too: `--timeout 900` allows more time.")
        case .sanitizerReported:
            let count = report.sanitizerReports.count
            lines.append(
                failed
                    + "  \(kata.heading): the tests passed, but \(sanitizerName) reported \(count) "
                    + "problem\(count == 1 ? "" : "s")."
            )
            lines.append("")
            lines.append(contentsOf: sanitizerLines())
        case .noTestsRan:
            if let filter {
                lines.append(failed + "  No test of \(kata.heading) matches --filter '\(filter)'.")
                lines.append("")
                lines.append(
                    "Pass part of a test's name, e.g. `kata check \(kata.number) --filter "
                        + "\(kata.testModuleName)`, or leave --filter out."
                )
            } else {
                lines.append(failed + "  \(kata.heading): it built, but no test ran.")
                lines.append("")
                lines.append("Restore the kata's tests with `git checkout -- Katas/\(kata.folderName)/Tests`.")
            }
        }
        if report.outcome != .sanitizerReported, !report.sanitizerReports.isEmpty {
            lines.append("")
            lines.append("\(sanitizerName) also reported:")
            lines.append(contentsOf: sanitizerLines())
        }
        if repetitions > 1, report.outcome != .passed, runs > 1 {
            lines.insert(
                style.yellow(
                    "Run \(runs) of \(repetitions) failed; the \(runs - 1) run\(runs == 2 ? "" : "s") before "
                        + "it passed. A test that passes only sometimes is flaky."
                ), at: 1)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Compiler errors as a learner reads them: grouped by message, the ones about a missing
    /// name first (they cause most of the rest), each with its place and the line it quotes.
    func buildErrorLines(_ errors: [TestRunSummary.Diagnostic]) -> [String] {
        var lines: [String] = []
        // One missing name breaks many lines; group them so the cause is read once.
        let allGroups = Self.grouped(errors)
        // Errors about a missing name cause most of the others; when there are some, show only them.
        let causes = allGroups.filter {
            $0[0].message.hasPrefix("cannot find") || $0[0].message.contains("has no member")
        }
        let groups = causes.isEmpty ? allGroups : causes
        for group in groups.prefix(Self.shownBuildErrors) {
            let first = group[0]
            let elsewhere =
                group.count > 1
                ? style.dim(" (and \(group.count - 1) more place\(group.count == 2 ? "" : "s"))") : ""
            let place =
                first.file.isEmpty
                ? "" : style.bold(location(file: first.file, line: first.line, column: first.column) + ":") + " "
            lines.append(place + first.message + elsewhere)
            if let source = first.sourceLine {
                lines.append("    " + style.dim(source.trimmingCharacters(in: .whitespaces)))
            }
        }
        let hidden = errors.count - groups.prefix(Self.shownBuildErrors).map(\.count).reduce(0, +)
        if hidden > 0 {
            lines.append(
                style.dim(
                    "… and \(hidden) more error\(hidden == 1 ? "" : "s") that usually follow from these "
                        + "(`--verbose` shows them all)."
                ))
        }
        return lines
    }

    /// A failed expectation as a learner reads it: where, the line it points at, and the message.
    func failureLines(_ issue: TestRunSummary.Failure, indent: String = "    ") -> [String] {
        var lines: [String] = []
        if issue.line > 0 {
            lines.append(indent + style.dim(location(file: issue.file, line: issue.line, column: nil)))
            if let source = sourceLine(file: issue.file, line: issue.line) {
                lines.append(indent + style.cyan("│ ") + source)
            }
        }
        lines.append(indent + issue.message)
        return lines
    }

    static func describe(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        return seconds >= 60 && seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s"
    }

    private var sanitizerName: String {
        report.sanitizerReports.first?.sanitizer ?? "the sanitizer"
    }

    private func sanitizerLines() -> [String] {
        var lines = report.sanitizerReports.map { report in
            let place =
                report.location.isEmpty
                ? ""
                : " at " + (report.location.hasPrefix("/") ? repository.relativePath(report.location) : report.location)
            return style.red("✘ ") + report.kind + place
        }
        if report.sanitizerReports.contains(where: { $0.sanitizer == "ThreadSanitizer" }) {
            lines.append("")
            lines.append("Two threads touched the same memory at the same time, and at least one of them wrote.")
            lines.append(
                "Make the accesses take turns: a serial queue, a lock, or an actor. `--verbose` shows the full reports."
            )
        }
        return lines
    }

    /// Errors with the same message together, in the order they first appear, with the ones
    /// about a missing name first: they are usually the cause of the rest.
    static func grouped(_ errors: [TestRunSummary.Diagnostic]) -> [[TestRunSummary.Diagnostic]] {
        var order: [String] = []
        var groups: [String: [TestRunSummary.Diagnostic]] = [:]
        for error in errors {
            if groups[error.message] == nil { order.append(error.message) }
            groups[error.message, default: []].append(error)
        }
        let missingFirst = order.filter { $0.hasPrefix("cannot find") } + order.filter { !$0.hasPrefix("cannot find") }
        return missingFirst.compactMap { groups[$0] }
    }

    /// The names in "cannot find 'X' in scope" and "cannot find type 'X' in scope".
    /// The types, functions and members the tests name that the code does not have yet:
    /// `Dispatching` from "cannot find type 'Dispatching' in scope", `InboxViewModel.currentProfile`
    /// from "value of type 'InboxViewModel' has no member 'currentProfile'".
    static func missingNames(in errors: [TestRunSummary.Diagnostic]) -> [String] {
        var names: [String] = []
        for error in errors {
            let quoted = error.message.split(separator: "'", omittingEmptySubsequences: false).map(String.init)
            let name: String?
            if error.message.hasPrefix("cannot find"), error.message.hasSuffix("in scope"), quoted.count >= 3 {
                name = quoted[1]
            } else if error.message.contains("has no member"), quoted.count >= 5 {
                // "value of type 'T' has no member 'm'" or "type 'T' has no member 'm'"
                name = quoted[1] + "." + quoted[3]
            } else {
                name = nil
            }
            if let name, !names.contains(name) { names.append(name) }
        }
        return names
    }

    private func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "the 1 \(noun)" : "all \(number) \(noun)s"
    }

    /// `Katas/01-x/Tests/Kata01Tests/FeedTests.swift:12:5`, relative to the repository. Swift
    /// Testing prints only a file name, so it is looked up in the kata's folder.
    private func location(file: String, line: Int, column: Int?) -> String {
        let path = file.hasPrefix("/") ? repository.relativePath(file) : (resolve(fileName: file) ?? file)
        return "\(path):\(line)" + (column.map { ":\($0)" } ?? "")
    }

    /// The line the failure points at, as the learner wrote it, so the message has its context.
    private func sourceLine(file: String, line: Int) -> String? {
        let path =
            file.hasPrefix("/") ? file : resolve(fileName: file).map { repository.root.appendingPathComponent($0).path }
        guard let path, let data = FileManager.default.contents(atPath: path) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard line <= lines.count else { return nil }
        let text = lines[line - 1].trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    private func resolve(fileName: String) -> String? {
        kata.file(named: fileName).map { repository.relativePath($0.path) }
    }

    private func isTestFileName(_ file: String) -> Bool {
        !file.hasPrefix("/") && resolve(fileName: file)?.contains("/Tests/") == true
    }

    private func tail(of output: String) -> [String] {
        output.split(separator: "\n").suffix(12).map { "  " + $0 }
    }
}
