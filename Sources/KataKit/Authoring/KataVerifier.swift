import Foundation

/// Proves a kata keeps the rules of the curriculum, as `kata verify` reports them:
///
/// 1. the starter module builds on its own (`swift build --target KataNN`);
/// 2. the kata's tests fail against the starter (they do not compile, or an expectation fails);
/// 3. the same tests pass against the reference solution;
/// 4. a differently built solution passes them too (`Solutions/NN-slug/Alternative`), so the tests
///    hold a learner to the contract, not to one design;
/// 5. every wrong solution (`Solutions/NN-slug/Chaffs/<name>`, at least five) fails the tests in
///    every run, by an assertion and within seconds, and its `CHAFF.md` says which sentence of
///    "Your task" it breaks and which test catches it (see ``WrongSolutionResult``);
/// 6. the README's `## Hints` section repeats the front-matter hints, `SOLUTION.md` exists, and
///    `.shipped.json` (see ``ShippedRecord``) matches the starter;
/// 7. with `--mutants`, every mutant of the code the learner writes is killed by an assertion
///    within seconds in every run, or listed as equivalent with its reason, one in five at most
///    (see ``mutantsRule(_:repetitions:)``).
///
/// Rules 3 to 5 are one grading (``GradingEngine``): the kata's tests against the reference, the
/// alternative and every wrong solution, the tests built once and each version once, in
/// `.build/kata/grade/NN-slug-verify`, so the learner's folder is never touched. The starter
/// rules build the kata's own package as a learner's `swift test` would, in a scratch folder
/// beside it (`NN-slug-starter`).
///
/// With a sanitizer (`kata verify --sanitize thread`) only the solutions run, built with it: the
/// rules about the starter and the wrong solutions were proved by the plain run, and kata 12's
/// starter races by design.
public struct KataVerifier: Sendable {
    public struct Rule: Sendable, Equatable {
        public var name: String
        public var passed: Bool
        /// Why it broke, for an author to act on.
        public var detail: String?
        /// How much of it held, where it counts things: `6/6` wrong solutions caught.
        public var tally: String? = nil
    }

    public struct Result: Sendable, Equatable {
        public var kata: Kata
        public var rules: [Rule]
        /// Each wrong solution's fate; nil when they were not run (with a sanitizer, or when left out).
        public var wrongSolutions: [WrongSolutionResult]? = nil
        /// How long the kata's verification took, and the grading's part of it (the solutions and the
        /// wrong solutions are graded together, by one engine).
        public var seconds: Double = 0
        public var wrongSolutionsSeconds: Double? = nil
        public var passed: Bool { rules.allSatisfy(\.passed) }
    }

    public let repository: KataRepository
    public let runner: CommandRunner
    public let swift: URL

    public init(repository: KataRepository, runner: CommandRunner, swift: URL) {
        self.repository = repository
        self.runner = runner
        self.swift = swift
    }

    /// `repetitions` > 1: the starter must fail in at least one of that many runs, the solutions pass them all.
    /// `checksWrongSolutions` false leaves the wrong solutions out (`kata verify --solutions-only`),
    /// as a sanitizer does.
    /// `checksMutants` adds rule 7 (``mutantsRule(_:repetitions:)``, `kata verify --mutants`): every
    /// mutant of the code the learner writes killed, or justified in the equivalent-mutants file,
    /// in each of `mutantRuns` runs (nil: `repetitions`). `checksVersions` false leaves every rule
    /// but that one out (`kata verify --mutants-only`, after a run that kept the others).
    public func verify(
        _ kata: Kata, repetitions: Int = 1, sanitizer: Sanitizer? = nil, checksWrongSolutions: Bool = true,
        checksMutants: Bool = false, mutantRuns: Int? = nil, checksVersions: Bool = true
    ) throws -> Result {
        var result =
            checksVersions
            ? try verifyVersions(
                kata, repetitions: repetitions, sanitizer: sanitizer, checksWrongSolutions: checksWrongSolutions)
            : Result(kata: kata, rules: [])
        if checksMutants, sanitizer == nil, result.rules.allSatisfy({ $0.name != Self.versionsRuleName }) {
            let clock = ContinuousClock()
            let started = clock.now
            result.rules.append(try mutantsRule(kata, repetitions: mutantRuns ?? repetitions))
            result.seconds += (clock.now - started).seconds
        }
        return result
    }

    private func verifyVersions(
        _ kata: Kata, repetitions: Int, sanitizer: Sanitizer?, checksWrongSolutions: Bool
    ) throws -> Result {
        // Nothing is graded until every version can be built: the rule names what to mend.
        if let versions = versionsProblem(kata) {
            return Result(kata: kata, rules: [checkDocuments(kata), versions])
        }
        if kata.metadata.kind == .tests {
            return try verifyTestsKata(
                kata, repetitions: repetitions, sanitizer: sanitizer, checksWrongSolutions: checksWrongSolutions)
        }
        let clock = ContinuousClock()
        let started = clock.now
        var rules: [Rule] = [checkDocuments(kata)]
        // A kata that declares a sanitizer is verified as learners check it: built with it.
        let options = TestRunOptions(sanitizer: sanitizer ?? kata.metadata.sanitizer, repetitions: repetitions)
        if sanitizer == nil {
            rules += try starterRules(kata, options: options)
        }
        let checksWrongSolutions = sanitizer == nil && checksWrongSolutions
        let solutions = [kata.referenceSolution, kata.alternativeSolution]
        let missing = solutions.filter { !FileManager.default.fileExists(atPath: $0.sourcesDirectory.path) }
        if !missing.isEmpty {
            // Nothing to grade against: say which module to write, rather than how a build failed.
            for (name, version) in zip(["solution passes", "alternative passes"], solutions) {
                let detail =
                    missing.contains(version)
                    ? "\(version.label)/Sources/\(kata.moduleName) is missing: every kata carries a reference and a"
                        + " differently built solution (AUTHORING.md, \"Reference solutions\")"
                    : "not graded while \(missing[0].label)/Sources/\(kata.moduleName) is missing"
                rules.append(Rule(name: name, passed: missing.isEmpty, detail: detail))
            }
            return Result(kata: kata, rules: rules, seconds: (clock.now - started).seconds)
        }
        let wrongSolutions = checksWrongSolutions ? kata.wrongSolutions() : []
        let gradingStarted = clock.now
        let grade: TestGrade
        do {
            grade = try gradeSolutions(kata, versions: solutions + wrongSolutions, options: options)
        } catch let error as KataError {
            rules += ["solution passes", "alternative passes"].map {
                Rule(name: $0, passed: false, detail: error.message)
            }
            return Result(kata: kata, rules: rules, seconds: (clock.now - started).seconds)
        }
        rules.append(solutionRule(kata, name: "solution passes", version: solutions[0], grade: grade, options: options))
        rules.append(
            solutionRule(kata, name: "alternative passes", version: solutions[1], grade: grade, options: options))
        guard checksWrongSolutions else {
            return Result(kata: kata, rules: rules, seconds: (clock.now - started).seconds)
        }
        let (wrongSolutionsRule, results) = wrongSolutionsRule(
            kata, versions: wrongSolutions, grade: grade, repetitions: repetitions)
        rules.append(wrongSolutionsRule)
        return Result(
            kata: kata, rules: rules, wrongSolutions: results, seconds: (clock.now - started).seconds,
            wrongSolutionsSeconds: (clock.now - gradingStarted).seconds)
    }

    /// The kata's tests against `versions` (the reference first), each run `--repeat` times: a
    /// wrong solution counts as caught in a run only when ``escape(of:elapsed:)`` finds nothing.
    private func gradeSolutions(_ kata: Kata, versions: [KataVersion], options: TestRunOptions) throws -> TestGrade {
        let repetitions = max(1, options.repetitions)
        let engine = GradingEngine(repository: repository, runner: runner, swift: swift)
        let sanitizerSuffix = options.sanitizer.map { "-" + $0.rawValue } ?? ""
        return try engine.grade(
            kata, tests: kata.testsDirectory, versions: versions, runs: repetitions, buggyRuns: repetitions,
            sanitizer: options.sanitizer, stageName: kata.folderName + "-verify" + sanitizerSuffix,
            runLimit: options.sanitizer == nil ? Self.wrongSolutionRunLimit : Self.sanitizedRunLimit,
            catches: Self.catchesInTime)
    }

    /// A run that catches a wrong or buggy version: ``escape(of:elapsed:)`` finds nothing by
    /// the time its first test failed (``TestRunSummary/timeToCatch``).
    static let catchesInTime: @Sendable (TestRunSummary) -> Bool = { summary in
        escape(of: summary, elapsed: summary.timeToCatch) == nil
    }

    /// The starter builds, and the tests fail against it: one `swift build --build-tests` of the
    /// kata's own package, in a scratch folder of verify's (the author's `.build` stays as it
    /// was) with the shared module cache, read for where its errors are. Errors in the starter's
    /// sources break the first rule; errors in the tests alone are the second rule kept. When
    /// everything builds, the tests run, up to `--repeat` times, until one run fails.
    func starterRules(_ kata: Kata, options: TestRunOptions) throws -> [Rule] {
        let scratch = repository.workDirectory.appendingPathComponent(
            "grade/\(kata.folderName)-starter" + (options.sanitizer.map { "-" + $0.rawValue } ?? ""),
            isDirectory: true)
        let packageArguments =
            ["--package-path", kata.directory.path, "--scratch-path", scratch.path]
            + (options.sanitizer.map { ["--sanitize", $0.rawValue] } ?? [])
            + ScratchBuild.arguments(for: repository, environment: runner.environment)
        let build = try runner.run(swift, ["build", "--build-tests"] + packageArguments, in: repository.root)
        let buildReport = TestOutputParser.parse(build.output, exitCode: build.exitCode, wasSignaled: build.wasSignaled)
        let sources = kata.directory.appendingPathComponent("Sources").standardizedFileURL.path + "/"
        let starterErrors = buildReport.buildErrors.filter {
            URL(fileURLWithPath: $0.file).standardizedFileURL.path.hasPrefix(sources)
        }
        // A failure no error places (a linker's, say) is the starter's unless its module builds alone.
        let starterBuilds: Bool
        if build.succeeded || !starterErrors.isEmpty {
            starterBuilds = build.succeeded
        } else if !buildReport.buildErrors.isEmpty {
            starterBuilds = true  // every error is in the tests
        } else {
            starterBuilds =
                try runner.run(swift, ["build", "--target", kata.moduleName] + packageArguments, in: repository.root)
                .succeeded
        }
        var rules = [
            Rule(
                name: "starter builds", passed: starterBuilds,
                detail: starterBuilds
                    ? nil
                    : "the starter module \(kata.moduleName) does not compile: "
                        + firstProblem(starterErrors.isEmpty ? buildReport : starterReport(starterErrors), build.output)
            )
        ]

        var outcome = buildReport.outcome
        var runs = 0
        if build.succeeded {
            repeat {
                runs += 1
                outcome = try runStarter(kata, scratch: scratch, packageArguments: packageArguments).outcome
            } while outcome == .passed && runs < max(1, options.repetitions)
        }
        let failsProperly = [.testsFailed, .buildFailed, .sanitizerReported].contains(outcome)
        let tries = runs > 1 ? " in any of \(runs) runs" : ""
        rules.append(
            Rule(
                name: "tests fail on starter",
                passed: failsProperly,
                detail: failsProperly
                    ? nil
                    : "against the starter the tests should fail, but the run ended as '\(outcome.rawValue)'\(tries)"
            ))
        return rules
    }

    private func starterReport(_ errors: [TestRunSummary.Diagnostic]) -> TestRunSummary {
        var report = TestRunSummary(outcome: .buildFailed)
        report.buildErrors = errors
        return report
    }

    /// One run of the tests the starter's build made: straight from the bundle where the system
    /// has one (Linux), else `swift test` on the built package.
    private func runStarter(_ kata: Kata, scratch: URL, packageArguments: [String]) throws -> TestRunSummary {
        if let executable = BuiltTestBundle.find(scratch: scratch) {
            return try BuiltTestBundle(executable: executable, runner: runner, workingDirectory: kata.directory)
                .run(xctestArguments: []).report
        }
        let result = try runner.run(
            swift, ["test", "--skip-build"] + packageArguments, in: repository.root)
        return TestOutputParser.parse(result.output, exitCode: result.exitCode, wasSignaled: result.wasSignaled)
    }

    /// The kata's tests pass against `version`, in every run.
    private func solutionRule(
        _ kata: Kata, name: String, version: KataVersion, grade: TestGrade, options: TestRunOptions
    ) -> Rule {
        let label = version.label
        let sanitized = options.sanitizer.map { " with the \($0.rawValue) sanitizer" } ?? ""
        // The tests that do not build against the reference fail both rules.
        let compileErrors =
            grade.compileErrors.isEmpty
            ? grade.versionCompileErrors.first { $0.version == version }?.errors ?? [] : grade.compileErrors
        if let error = compileErrors.first {
            return Rule(
                name: name, passed: false,
                detail: "against \(label)\(sanitized) the run ended as 'buildFailed': "
                    + "\(repository.relativePath(error.file)):\(error.line): \(error.message)")
        }
        guard let result = grade.results.first(where: { $0.version == version }) else {
            return Rule(
                name: name, passed: false,
                detail: "\(label) was not graded: "
                    + (grade.compiled ? "the tests hung on the reference solution" : "the tests did not build"))
        }
        if result.passed { return Rule(name: name, passed: true) }
        let repetitions = options.repetitions
        let failedRun =
            repetitions > 1
            ? " (run \(result.runs) of \(repetitions); the \(result.passedRuns) before it passed)" : ""
        return Rule(
            name: name,
            passed: false,
            detail: "against \(label)\(sanitized) the run ended as '\(result.summary.outcome.rawValue)'\(failedRun): "
                + firstProblem(result.summary, Self.describe(result.stop))
        )
    }

    /// What a run cut short by the engine's limits says in place of the output.
    static func describe(_ stop: TestGrade.Stop?) -> String {
        switch stop {
        case .hung(let limit, let tests):
            return "the run hung and was stopped after \(Int(limit.seconds)) s"
                + (tests.isEmpty ? "" : " (still running: " + tests.map { "`\($0)`" }.joined(separator: ", ") + ")")
        case .printedTooMuch(let bytes):
            return "the run printed more than \(bytes) bytes and was stopped"
        case nil:
            return "no output"
        }
    }

    /// The README and `SOLUTION.md` rules, which need no build.
    func checkDocuments(_ kata: Kata) -> Rule {
        var problems: [String] = []
        let readmeHints = HintsSection.hints(in: kata.instructions)
        if readmeHints != kata.metadata.hints.map(HintsSection.normalize) {
            problems.append(
                "the README's `## Hints` section (\(readmeHints.count) hints) does not repeat the "
                    + "\(kata.metadata.hints.count) front-matter hints word for word, in order"
            )
        }
        let solutionNotes = kata.solutionDirectory.appendingPathComponent("SOLUTION.md")
        if !FileManager.default.fileExists(atPath: solutionNotes.path) {
            problems.append("Solutions/\(kata.folderName)/SOLUTION.md is missing")
        }
        problems.append(contentsOf: shippedRecordProblems(kata))
        return Rule(
            name: "documents", passed: problems.isEmpty,
            detail: problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    /// `kata reset` and the tamper warnings trust `.shipped.json`, so it must match the starter.
    func shippedRecordProblems(_ kata: Kata) -> [String] {
        let path = "Katas/\(kata.folderName)/\(ShippedRecord.fileName)"
        guard FileManager.default.fileExists(atPath: ShippedRecord.url(for: kata).path) else {
            return ["\(path) is missing: run `kata ship \(kata.number)`"]
        }
        do {
            let differences = try ShippedRecord.load(for: kata).differences(from: ShippedRecord.capture(kata))
            guard !differences.isEmpty else { return [] }
            let listed = differences.prefix(3).map { "\($0.path) \($0.difference.rawValue)" }.joined(separator: ", ")
            return [
                "\(path) does not match the starter (\(listed)\(differences.count > 3 ? ", …" : "")): run "
                    + "`kata ship \(kata.number)` after changing the starter"
            ]
        } catch let error as KataError {
            return [error.message]
        } catch {
            return ["\(path): \(FileSystemFailure.reason(of: error))"]
        }
    }

    /// The first thing to fix, for an author.
    func firstProblem(_ report: TestRunSummary, _ output: String) -> String {
        if let error = report.buildErrors.first {
            return "\(repository.relativePath(error.file)):\(error.line): \(error.message)"
        }
        if let failure = report.failures.first { return "\(failure.test): \(failure.message)" }
        if let other = report.otherErrors.first { return other }
        return output.split(separator: "\n").last.map(String.init) ?? "no output"
    }
}
