import Foundation

extension TestGrade {
    /// The grade as the learner should read it: every test name, message and compiler error with
    /// the grader's own module names put back to the learner's (``TestRunSummary/inLearnerNames(of:)``).
    /// ``GradeExplanation``, `kata check --format json` and `kata progress` read a grade through
    /// this, whichever way the engine ran it.
    public func inLearnerNames() -> TestGrade {
        let rename = TestRunSummary.learnerNames(of: kata)
        var grade = self
        grade.compileErrors = compileErrors.map { $0.inLearnerNames(rename) }
        grade.versionCompileErrors = versionCompileErrors.map {
            CompileFailure(version: $0.version, errors: $0.errors.map { $0.inLearnerNames(rename) })
        }
        grade.results = results.map { result in
            var result = result
            result.summary = result.summary.inLearnerNames(of: kata)
            if case .hung(let limit, let tests) = result.stop {
                result.stop = .hung(limit: limit, tests: tests.map(rename))
            }
            return result
        }
        grade.slowTests = slowTests.map { SlowTest(name: rename($0.name), seconds: $0.seconds) }
        return grade
    }
}
