import Foundation

/// Reads the text `swift test` prints (SwiftPM's build log, XCTest's and Swift Testing's
/// reports) into a ``TestRunSummary``.
///
/// Swift Testing's results are taken from its event stream when the run wrote one
/// (``TestEventStream``); its console lines are read only when there is none. Those lines are
/// read through ``SwiftTestingGlyphs/normalized(_:)``, so SF Symbols and colours read as plain text.
///
/// It works line by line on the plain (non-terminal) format, which is stable across the Swift 6
/// toolchains on Linux and macOS:
///
/// ```
/// /repo/Katas/01-x/Tests/Kata01Tests/T.swift:12:5: error: cannot find type 'Dispatching' in scope
/// /repo/Katas/01-x/Tests/Kata01Tests/T.swift:20: error: FeedTests.testLoad : XCTAssertEqual failed: ...
/// ✘ Test "loads at once" recorded an issue at T.swift:5:43: Expectation failed: ...
/// ✔ Test addsZero() passed after 0.001 seconds.
/// ```
public enum TestOutputParser {
    /// `swiftTesting`: what the event stream says Swift Testing's tests did; the console's
    /// Swift Testing lines are then skipped.
    static func parse(
        _ output: String, exitCode: Int32, wasSignaled: Bool = false, timedOut: Bool = false,
        swiftTesting: TestEventStream.Run?
    ) -> TestRunSummary {
        var report = TestRunSummary(outcome: .passed)
        var seenDiagnostics = Set<String>()
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map {
            SwiftTestingGlyphs.normalized(String($0).replacingOccurrences(of: "\r", with: ""))
        }
        let readsSwiftTestingLines = swiftTesting == nil
        var swiftTestingSeconds: Double? = nil
        var xctestSeconds: Double? = nil
        // XCTest runs its test cases one after another, so their durations added up, to the end
        // of the first that failed by an assertion or a sanitizer's report, are when the run
        // caught something.
        var xctestElapsed = 0.0
        var xctestFirstFailure: Double? = nil
        var caughtInCase = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            defer { index += 1 }
            if let diagnostic = compilerError(line) {
                let key = "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column):\(diagnostic.message)"
                guard seenDiagnostics.insert(key).inserted else { continue }
                var withSource = diagnostic
                withSource.sourceLine = quotedSource(in: lines, after: index, line: diagnostic.line)
                report.buildErrors.append(withSource)
            } else if let failure = xctestFailure(line) {
                report.failures.append(failure)
                if !failure.isTimeLimit { caughtInCase = true }
            } else if readsSwiftTestingLines, var failure = swiftTestingIssue(line) {
                // Swift Testing prints the expectation's comment on the lines after, behind "↳",
                // sometimes after a diff of two collections behind "±", which is left out.
                var next = index + 1
                while next < lines.count, lines[next].hasPrefix("↳ ") || lines[next].hasPrefix("± ") {
                    if lines[next].hasPrefix("↳ ") { failure.message += " — " + lines[next].dropFirst(2) }
                    next += 1
                }
                report.failures.append(failure)
            } else if let sanitizerReport = sanitizerSummary(line) {
                // XCTest fails the test case the sanitizer reported in: a catch, like an assertion.
                caughtInCase = true
                if !report.sanitizerReports.contains(sanitizerReport) {
                    report.sanitizerReports.append(sanitizerReport)
                }
            } else if let name = testStarted(line) {
                if readsSwiftTestingLines || !isSwiftTestingLine(line) { report.startedTests.append(name) }
            } else if let (name, passed) = testResult(line) {
                guard readsSwiftTestingLines || !isSwiftTestingLine(line) else { continue }
                if passed { report.passedTests.append(name) } else { report.failedTests.append(name) }
                let seconds = testCaseSeconds(line)
                if let seconds { report.testDurations[name] = seconds }
                if !isSwiftTestingLine(line) {
                    xctestElapsed += seconds ?? 0
                    if caughtInCase, xctestFirstFailure == nil { xctestFirstFailure = xctestElapsed }
                    caughtInCase = false
                }
            } else if isOtherError(line) {
                report.otherErrors.append(line.trimmingCharacters(in: .whitespaces))
            }
            if let seconds = swiftTestingRunSeconds(line) {
                swiftTestingSeconds = seconds
            } else if let seconds = xctestSuiteSeconds(line) {
                // Suites nest; the outermost one, which finishes last, holds the whole run.
                xctestSeconds = max(xctestSeconds ?? 0, seconds)
            }
        }
        if swiftTestingSeconds != nil || xctestSeconds != nil {
            report.testSeconds = (swiftTestingSeconds ?? 0) + (xctestSeconds ?? 0)
        }
        // `swift test` runs XCTest's tests first, then Swift Testing's.
        report.secondsToFirstFailure =
            xctestFirstFailure ?? swiftTesting?.secondsToFirstFailure.map { (xctestSeconds ?? 0) + $0 }
        if timedOut {
            // XCTest names a test only on the console, where its start is printed and its end never
            // comes; Swift Testing names its own in the stream, or on the console when there is none.
            let ended = Set(report.passedTests + report.failedTests)
            report.unfinishedTests = report.startedTests.filter { !ended.contains($0) }.map {
                TestRunSummary.RunningTest(name: $0, file: "", line: 0)
            }
        }
        if let swiftTesting {
            report.testDurations.merge(swiftTesting.durations) { max($0, $1) }
            report.startedTests += swiftTesting.started
            report.passedTests += swiftTesting.passed
            report.failedTests += swiftTesting.failed
            report.failures += swiftTesting.failures
            if timedOut { report.unfinishedTests += swiftTesting.unfinished }
        }
        report.outcome = timedOut ? .timedOut : outcome(of: report, exitCode: exitCode, wasSignaled: wasSignaled)
        return report
    }

    /// The same, from the console alone: for a build (`swift build`), or a run without a stream.
    public static func parse(_ output: String, exitCode: Int32, wasSignaled: Bool = false, timedOut: Bool = false)
        -> TestRunSummary
    {
        parse(output, exitCode: exitCode, wasSignaled: wasSignaled, timedOut: timedOut, swiftTesting: nil)
    }

    /// XCTest's `Test Case 'A.b' passed (0.104 seconds)` (a Mac adds a full stop) and Swift
    /// Testing's `✔ Test b() passed after 0.001 seconds.`: how long the test took.
    private static func testCaseSeconds(_ line: String) -> Double? {
        let line = line.hasSuffix("seconds).") ? String(line.dropLast()) : line
        guard line.hasSuffix("seconds)") || line.hasSuffix("seconds."),
            let number = line.range(of: line.hasSuffix(")") ? " (" : " after ", options: .backwards)
        else { return nil }
        return Double(line[number.upperBound...].prefix { $0.isNumber || $0 == "." })
    }

    /// Swift Testing's last line, `✔ Test run with 7 tests in 2 suites passed after 0.002 seconds.`
    private static func swiftTestingRunSeconds(_ line: String) -> Double? {
        guard line.contains("Test run with "), let after = line.range(of: " after ", options: .backwards) else {
            return nil
        }
        return Double(line[after.upperBound...].prefix { $0.isNumber || $0 == "." })
    }

    /// XCTest's `\t Executed 4 tests, with 1 failure (0 unexpected) in 0.104 (0.105) seconds`: the
    /// figure in brackets, the suite's time with XCTest's own work in it.
    private static func xctestSuiteSeconds(_ line: String) -> Double? {
        guard line.contains("Executed "), line.hasSuffix(" seconds"),
            let open = line.range(of: " (", options: .backwards)
        else { return nil }
        return Double(line[open.upperBound...].prefix { $0.isNumber || $0 == "." })
    }

    /// A line of Swift Testing's (`◇ Test …`, `✔ Test …`), not XCTest's (`Test Case '…'`).
    private static func isSwiftTestingLine(_ line: String) -> Bool {
        !line.hasPrefix("Test Case '")
    }

    private static func outcome(of report: TestRunSummary, exitCode: Int32, wasSignaled: Bool) -> TestRunSummary.Outcome
    {
        if !report.buildErrors.isEmpty { return .buildFailed }
        if !report.failures.isEmpty || !report.failedTests.isEmpty { return .testsFailed }
        if !report.sanitizerReports.isEmpty { return .sanitizerReported }
        if wasSignaled { return .crashed }
        if exitCode != 0 {
            // Nothing ran and nothing failed: the build broke in a way without a file and line
            // (a linker error), or the test process died before it could say anything.
            return report.testCount == 0 && !report.otherErrors.contains(where: isCrashLine) ? .buildFailed : .crashed
        }
        return report.testCount == 0 ? .noTestsRan : .passed
    }

    // MARK: - Line formats

    /// `/path/File.swift:12:5: error: message`
    static func compilerError(_ line: String) -> TestRunSummary.Diagnostic? {
        guard let range = line.range(of: ": error: ") else { return nil }
        let location = line[..<range.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        guard location.count >= 3,
            let column = Int(location[location.count - 1]),
            let lineNumber = Int(location[location.count - 2])
        else { return nil }
        let file = location[..<(location.count - 2)].joined(separator: ":")
        guard file.hasSuffix(".swift") || file.hasSuffix(".h") || file.hasSuffix(".c") else { return nil }
        return .init(
            file: file, line: lineNumber, column: column, message: String(line[range.upperBound...]), sourceLine: nil)
    }

    /// The compiler quotes the offending line as ` 12 |     code`; it is among the next few lines.
    static func quotedSource(in lines: [String], after index: Int, line number: Int) -> String? {
        let prefix = "\(number) |"
        for candidate in lines.dropFirst(index + 1).prefix(8) {
            let trimmed = candidate.drop { $0 == " " }
            if trimmed.hasPrefix(prefix) {
                let code = trimmed.dropFirst(prefix.count)
                return String(code.hasPrefix(" ") ? code.dropFirst() : code)
            }
        }
        return nil
    }

    /// `/path/File.swift:20: error: Suite.testName : XCTAssertEqual failed: ...`
    static func xctestFailure(_ line: String) -> TestRunSummary.Failure? {
        guard let range = line.range(of: ": error: ") else { return nil }
        let location = line[..<range.lowerBound]
        guard let colon = location.lastIndex(of: ":"), let lineNumber = Int(location[location.index(after: colon)...])
        else {
            return nil
        }
        let rest = line[range.upperBound...]
        guard let separator = rest.range(of: " : ") else { return nil }
        return .init(
            test: String(rest[..<separator.lowerBound]),
            file: String(location[..<colon]),
            line: lineNumber,
            message: String(rest[separator.upperBound...])
        )
    }

    /// `✘ Test "name" recorded an issue at File.swift:5:43: Expectation failed: ...`
    /// (parameterized tests add `with 1 argument x → 3` before ` at`).
    static func swiftTestingIssue(_ line: String) -> TestRunSummary.Failure? {
        guard line.hasPrefix("✘ Test "), let recorded = line.range(of: " recorded an issue") else { return nil }
        let name = testName(line[line.index(line.startIndex, offsetBy: 7)..<recorded.lowerBound])
        let rest = line[recorded.upperBound...]
        if let at = rest.range(of: " at "), let messageStart = rest[at.upperBound...].range(of: ": ") {
            let location = rest[at.upperBound..<messageStart.lowerBound].split(separator: ":")
            if location.count >= 2, let lineNumber = Int(location[1]) {
                return .init(
                    test: name, file: String(location[0]), line: lineNumber,
                    message: String(rest[messageStart.upperBound...]))
            }
        }
        let message = rest.drop { $0 == ":" || $0 == " " }
        return .init(test: name, file: "", line: 0, message: String(message))
    }

    /// `SUMMARY: ThreadSanitizer: data race /path/File.swift:6:88 in $s3Toy4raceSiyFySiXEfU_`
    static func sanitizerSummary(_ line: String) -> TestRunSummary.SanitizerReport? {
        guard line.hasPrefix("SUMMARY: ") else { return nil }
        let body = line.dropFirst("SUMMARY: ".count)
        guard let colon = body.range(of: ": ") else { return nil }
        let sanitizer = String(body[..<colon.lowerBound])
        guard sanitizer.hasSuffix("Sanitizer") else { return nil }
        var rest = body[colon.upperBound...]
        if let symbol = rest.range(of: " in ", options: .backwards) { rest = rest[..<symbol.lowerBound] }
        guard let space = rest.lastIndex(of: " ") else {
            return .init(sanitizer: sanitizer, kind: String(rest), location: "")
        }
        return .init(
            sanitizer: sanitizer, kind: String(rest[..<space]), location: String(rest[rest.index(after: space)...]))
    }

    /// Swift Testing's `◇ Test name started.` and XCTest's `Test Case 'A.b' started at …`.
    static func testStarted(_ line: String) -> String? {
        if line.hasPrefix("◇ Test "), line.hasSuffix(" started."), !line.hasPrefix("◇ Test run") {
            return testName(line.dropFirst("◇ Test ".count).dropLast(" started.".count))
        }
        if line.hasPrefix("Test Case '"), let end = line.range(of: "' started") {
            return String(line[line.index(line.startIndex, offsetBy: 11)..<end.lowerBound])
        }
        return nil
    }

    /// XCTest's `Test Case 'A.b' passed (…)` and Swift Testing's `✔ Test b() passed after …`.
    static func testResult(_ line: String) -> (String, Bool)? {
        if line.hasPrefix("Test Case '"),
            let end = line.range(of: "' ", range: line.index(line.startIndex, offsetBy: 11)..<line.endIndex)
        {
            let name = String(line[line.index(line.startIndex, offsetBy: 11)..<end.lowerBound])
            let verdict = line[end.upperBound...]
            if verdict.hasPrefix("passed") { return (name, true) }
            if verdict.hasPrefix("failed") { return (name, false) }
            return nil
        }
        // "━" marks a test that passed with a known issue (`withKnownIssue`).
        for (symbol, passed) in [("✔ Test ", true), ("━ Test ", true), ("✘ Test ", false)] where line.hasPrefix(symbol)
        {
            let body = line.dropFirst(symbol.count)
            guard !body.hasPrefix("run with") else { return nil }
            let verdict = passed ? " passed after " : " failed after "
            guard let range = body.range(of: verdict) else { return nil }
            return (testName(body[..<range.lowerBound]), passed)
        }
        return nil
    }

    static func testName(_ raw: Substring) -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") {
            return String(trimmed.dropFirst().dropLast())
        }
        return trimmed
    }

    static func isOtherError(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        // SwiftPM ends every failed build with a bare "error: fatalError", which says nothing.
        if trimmed == "error: fatalError" { return false }
        return trimmed.hasPrefix("error: ") || isCrashLine(trimmed)
    }

    static func isCrashLine(_ line: String) -> Bool {
        line.contains("Fatal error:") || line.contains("Exited with signal code")
            || line.contains("Exited with unexpected signal")
            || line.contains("error: Exited with")
    }
}
