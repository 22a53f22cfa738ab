import Foundation

extension TestRunSummary {
    /// The summary as the learner should read it: every module name the grader made up, put back
    /// to the name the learner wrote.
    ///
    /// To run one suite against many versions of a kata's code, the grader compiles each version
    /// under a name of its own (`Kata21_v1`, its tests as `Kata21Tests_v1`) in a package of its
    /// own (`KataGrading`, `KataGradingShared`), and those names leak into what the tests print:
    /// `XCTAssertEqual failed: ("Kata21_v1.Address(…)")`. A learner who reads `Kata21_v1` learns
    /// nothing about their test and wonders what they did to deserve it; `Kata21.Address` is the
    /// type they wrote against. Every grade is explained and reported through this one transform
    /// (``TestGrade/inLearnerNames()``), so an engine may invent names freely as long as they
    /// follow the grader's pattern: the learner's module name, `_`, letters and a number
    /// (`Kata21_v1`, `Kata21Tests_mutant12`), or a name that starts with `KataGrading`.
    ///
    /// ```swift
    /// summary.inLearnerNames(of: kata).failures[0].message
    /// // XCTAssertEqual failed: ("Kata21.Address(…)") is not equal to …
    /// ```
    public func inLearnerNames(of kata: Kata) -> TestRunSummary {
        let rename = Self.learnerNames(of: kata)
        var summary = self
        summary.startedTests = startedTests.map(rename)
        summary.unfinishedTests = unfinishedTests.map {
            RunningTest(name: rename($0.name), file: $0.file, line: $0.line)
        }
        summary.passedTests = passedTests.map(rename)
        summary.failedTests = failedTests.map(rename)
        summary.failures = failures.map {
            Failure(test: rename($0.test), file: $0.file, line: $0.line, message: rename($0.message))
        }
        summary.buildErrors = buildErrors.map { $0.inLearnerNames(rename) }
        summary.otherErrors = otherErrors.map(rename)
        summary.testDurations = Dictionary(
            testDurations.map { (rename($0.key), $0.value) }, uniquingKeysWith: { max($0, $1) })
        return summary
    }

    /// The function that puts the learner's names back into one string, for `kata`.
    static func learnerNames(of kata: Kata) -> (String) -> String {
        let module = NSRegularExpression.escapedPattern(for: kata.moduleName)
        let tests = NSRegularExpression.escapedPattern(for: kata.testModuleName)
        // Longest first: `Kata21Tests_v1` is the tests' module, not `Kata21` followed by text.
        let rules: [(pattern: String, template: String)] = [
            ("\\b(\(tests)|\(module))_[A-Za-z]*[0-9]+\\b", "$1"),
            ("\\bKataGrading[A-Za-z0-9]*PackageTests\\b", kata.moduleName + "PackageTests"),
            ("\\bKataGrading[A-Za-z0-9]*\\b", kata.moduleName),
        ]
        let expressions = rules.compactMap { rule in
            (try? NSRegularExpression(pattern: rule.pattern)).map { ($0, rule.template) }
        }
        return { text in
            guard text.contains("_") || text.contains("KataGrading") else { return text }
            var result = text
            for (expression, template) in expressions {
                result = expression.stringByReplacingMatches(
                    in: result, range: NSRange(result.startIndex..., in: result),
                    withTemplate: template)
            }
            return result
        }
    }
}

extension TestRunSummary.Diagnostic {
    func inLearnerNames(_ rename: (String) -> String) -> TestRunSummary.Diagnostic {
        var diagnostic = self
        diagnostic.message = rename(message)
        diagnostic.sourceLine = sourceLine.map(rename)
        return diagnostic
    }
}
