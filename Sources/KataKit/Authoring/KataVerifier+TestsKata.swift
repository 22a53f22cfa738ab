import Foundation

extension KataVerifier {
    /// A tests kata's rules, graded as its learners' tests are, by the one ``GradingEngine``:
    ///
    /// 1. documents (as every kata);
    /// 2. the shipped code builds on its own;
    /// 3. the starter tests compile, pass on every correct version and catch no bug: the kata
    ///    starts with nothing solved;
    /// 4. the reference suite (`Solutions/NN-slug/Tests`) is valid: it passes on the shipped code
    ///    and every correct version, in every run, fast;
    /// 5. it is thorough: every buggy version fails it by an assertion within ``catchDeadline``,
    ///    in every run of `--repeat`; and the versions' notes quote "What the code promises".
    ///
    /// Both suites are graded in one package folder, `.build/kata/grade/NN-slug-verify`, so the
    /// versions build once and only the tests change between the two.
    func verifyTestsKata(
        _ kata: Kata, repetitions: Int, sanitizer: Sanitizer?, checksWrongSolutions: Bool
    ) throws -> Result {
        let clock = ContinuousClock()
        let started = clock.now
        var rules: [Rule] = [checkDocuments(kata)]
        // In a scratch folder of verify's with the shared module cache, as the starter rules build.
        let build = try runner.run(
            swift,
            [
                "build", "--package-path", kata.directory.path, "--target", kata.moduleName, "--scratch-path",
                repository.workDirectory.appendingPathComponent("grade/\(kata.folderName)-starter").path,
            ] + ScratchBuild.arguments(for: repository, environment: runner.environment), in: repository.root)
        rules.append(
            Rule(
                name: "code builds", passed: build.succeeded,
                detail: build.succeeded
                    ? nil
                    : "the shipped code \(kata.moduleName) does not compile: "
                        + firstProblem(
                            TestOutputParser.parse(build.output, exitCode: build.exitCode), build.output)))

        let engine = GradingEngine(repository: repository, runner: runner, swift: swift)
        let stageName = kata.folderName + "-verify"
        let runs = max(repetitions, GradingEngine.defaultRuns)
        // Graded as `kata check` grades a learner's suite: under the sanitizer the kata declares, so
        // a buggy version only ThreadSanitizer sees counts as caught here as it does there.
        let declared = kata.metadata.sanitizer
        if sanitizer == nil {
            let starter = try engine.grade(
                kata, tests: kata.testsDirectory, runs: runs, sanitizer: declared, stageName: stageName)
            rules.append(starterTestsRule(starter))
        }
        // A buggy version must be caught in every run of `--repeat`, not once by luck.
        let referenceStarted = clock.now
        // Under a sanitizer only the correct versions run (the tests themselves must be race-free), in
        // a folder of their own so the package with every version stays built.
        let buggyVersions = kata.gradedVersions().filter { !$0.isCorrect }
        let reference = try engine.grade(
            kata, tests: kata.referenceTestsDirectory,
            versions: kata.gradedVersions().filter { sanitizer == nil || $0.isCorrect }, runs: runs,
            buggyRuns: max(1, repetitions), sanitizer: sanitizer ?? declared,
            stageName: sanitizer == nil ? stageName : stageName + "-" + (sanitizer?.rawValue ?? ""),
            catches: Self.catchesInTime)
        rules.append(referenceValidRule(reference, kata: kata))
        guard checksWrongSolutions, sanitizer == nil else {
            return Result(kata: kata, rules: rules, seconds: (clock.now - started).seconds)
        }
        let buggy = buggyVersions.map {
            wrongSolutionResult(
                $0, in: reference, kata: kata, repetitions: repetitions,
                missingNotes: $0.missingNotes + ": say the bug in its author's words, quote the promise it breaks,"
                    + " nudge toward what to test, and name the test that catches it")
        }
        rules.append(referenceThoroughRule(buggy, correct: reference.correctResults, kata: kata))
        return Result(
            kata: kata, rules: rules, wrongSolutions: buggy, seconds: (clock.now - started).seconds,
            wrongSolutionsSeconds: (clock.now - referenceStarted).seconds)
    }

    private func starterTestsRule(_ starter: TestGrade) -> Rule {
        let name = "starter tests catch no bug"
        if !starter.compiled {
            let error = (starter.compileErrors + starter.versionCompileErrors.flatMap(\.errors)).first
            return Rule(
                name: name, passed: false,
                detail: "the starter tests do not compile: "
                    + (error.map { "\(repository.relativePath($0.file)):\($0.line): \($0.message)" }
                        ?? "the build failed"))
        }
        if let rejected = starter.rejected.first {
            return Rule(
                name: name, passed: false,
                detail:
                    "the starter tests fail on \(rejected.version.label): a learner would start from a suite "
                    + "that is not valid"
            )
        }
        let caught = starter.buggyResults.filter(\.caught)
        guard caught.isEmpty else {
            return Rule(
                name: name, passed: false,
                detail: "the starter tests already catch " + caught.map(\.version.name).joined(separator: ", ")
                    + ": the learner's tests must start from nothing caught")
        }
        return Rule(name: name, passed: true)
    }

    private func referenceValidRule(_ reference: TestGrade, kata: Kata) -> Rule {
        let name = "reference tests valid"
        let label = "Solutions/\(kata.folderName)/Tests"
        if !reference.compiled {
            let failure = reference.versionCompileErrors.first
            let error = (reference.compileErrors + (failure?.errors ?? [])).first
            let against = failure.map { " against \($0.version.label)" } ?? ""
            return Rule(
                name: name, passed: false,
                detail: "\(label) does not compile\(against): "
                    + (error.map { "\(repository.relativePath($0.file)):\($0.line): \($0.message)" }
                        ?? "the build failed"))
        }
        if reference.testCount == 0 {
            return Rule(name: name, passed: false, detail: "\(label) has no test that runs")
        }
        if let rejected = reference.rejected.first {
            let failure = rejected.summary.failures.first.map { ": `\($0.test)`: \($0.message)" } ?? ""
            let stopped = rejected.stop.map { _ in " (the run was stopped)" } ?? ""
            return Rule(
                name: name, passed: false,
                detail: "\(label) fails on \(rejected.version.label) in run \(rejected.runs)\(stopped)\(failure)")
        }
        if let slow = reference.slowTests.first {
            return Rule(
                name: name, passed: false,
                detail:
                    "\(label): `\(slow.name)` took \(GradeExplanation.duration(slow.seconds)) on the shipped "
                    + "code; a reference test runs in milliseconds"
            )
        }
        let correct = reference.correctResults.count
        if correct - 1 < Self.minimumCorrectVersions {
            return Rule(
                name: name, passed: false,
                detail:
                    "Katas/\(kata.folderName)/Wheats holds \(correct - 1) correct "
                    + "version\(correct == 2 ? "" : "s"); a tests kata needs at least "
                    + "\(Self.minimumCorrectVersions), each built differently where the contract leaves room"
            )
        }
        let notes = reference.correctResults.dropFirst().flatMap { result in
            (result.notes?.problems(for: result.version, of: kata) ?? [result.version.missingNotes])
                .map {
                    "\(result.version.notesLabel): \($0)"
                }
        }
        return Rule(
            name: name, passed: notes.isEmpty, detail: notes.isEmpty ? nil : notes.joined(separator: "; "),
            tally: "\(correct)/\(correct)")
    }

    private func referenceThoroughRule(_ buggy: [WrongSolutionResult], correct: [TestGrade.VersionResult], kata: Kata)
        -> Rule
    {
        var problems: [String] = []
        if buggy.count < Self.minimumWrongSolutions {
            problems.append(
                "Katas/\(kata.folderName)/Chaffs holds \(buggy.count) buggy "
                    + "version\(buggy.count == 1 ? "" : "s"); a tests kata needs at least "
                    + "\(Self.minimumWrongSolutions)"
            )
        }
        let escaped = buggy.filter { !$0.caught }
        if !escaped.isEmpty {
            problems.append(
                "\(escaped.count) of \(buggy.count) escaped the reference tests: "
                    + escaped.map { "\($0.version.name) (\($0.escape ?? ""))" }.joined(separator: "; "))
        }
        for result in buggy where !result.notesProblems.isEmpty {
            problems.append(
                "\(result.version.notesLabel): " + result.notesProblems.joined(separator: "; "))
        }
        return Rule(
            name: Self.thoroughRuleName, passed: problems.isEmpty,
            detail: problems.isEmpty ? nil : problems.joined(separator: "; "),
            tally: "\(buggy.count - escaped.count)/\(buggy.count)")
    }
}
