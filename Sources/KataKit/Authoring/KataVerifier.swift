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
///    `.shipped.json` (see ``ShippedRecord``) matches the starter.
///
/// Every version (the reference, the alternative, then each wrong solution) takes its turn in one
/// copy of the kata package, `.build/kata/verify/NN-slug`, with its sources in place of the
/// starter's: the learner's folder is never touched, and each build after the first recompiles
/// only the module and the tests, not the whole package (a kata costs one cold build, and one
/// more with a sanitizer, however many versions it has).
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
        /// How long the kata's verification took, and the wrong solutions' part of it.
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
    public func verify(
        _ kata: Kata, repetitions: Int = 1, sanitizer: Sanitizer? = nil, checksWrongSolutions: Bool = true
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
        let session = SwiftTestSession(runner: runner, swift: swift, workingDirectory: repository.root)
        // A kata that declares a sanitizer is verified as learners check it: built with it.
        let options = TestRunOptions(sanitizer: sanitizer ?? kata.metadata.sanitizer, repetitions: repetitions)
        if sanitizer == nil {
            rules += try starterRules(kata, session: session, options: options)
        }
        rules.append(
            try solutionRule(
                kata, name: "solution passes", version: kata.referenceSolution, session: session,
                options: options))
        rules.append(
            try solutionRule(
                kata, name: "alternative passes", version: kata.alternativeSolution, session: session,
                options: options))
        guard sanitizer == nil, checksWrongSolutions else {
            return Result(kata: kata, rules: rules, seconds: (clock.now - started).seconds)
        }
        let wrongSolutionsStarted = clock.now
        let (wrongSolutionsRule, wrongSolutions) = try wrongSolutionsRule(kata, session: session, options: options)
        rules.append(wrongSolutionsRule)
        return Result(
            kata: kata, rules: rules, wrongSolutions: wrongSolutions, seconds: (clock.now - started).seconds,
            wrongSolutionsSeconds: (clock.now - wrongSolutionsStarted).seconds)
    }

    /// The starter builds, and the tests fail against it.
    private func starterRules(_ kata: Kata, session: SwiftTestSession, options: TestRunOptions) throws -> [Rule] {
        var rules: [Rule] = []

        let build = try runner.run(
            swift, ["build", "--package-path", kata.directory.path, "--target", kata.moduleName], in: repository.root)
        let buildReport = TestOutputParser.parse(build.output, exitCode: build.exitCode, wasSignaled: build.wasSignaled)
        rules.append(
            Rule(
                name: "starter builds",
                passed: build.succeeded,
                detail: build.succeeded
                    ? nil
                    : "the starter module \(kata.moduleName) does not compile: "
                        + firstProblem(buildReport, build.output)
            ))

        let starter = try session.run(package: kata.directory, options: options)
        let failsProperly = [.testsFailed, .buildFailed, .sanitizerReported].contains(starter.report.outcome)
        let repetitions = options.repetitions
        let tries = repetitions > 1 ? " in any of \(starter.runs) runs" : ""
        rules.append(
            Rule(
                name: "tests fail on starter",
                passed: failsProperly,
                detail: failsProperly
                    ? nil
                    : "against the starter the tests should fail, but the run ended as '\(starter.report.outcome.rawValue)'\(tries)"
            ))

        return rules
    }

    /// The kata's tests pass against the solution in `sources`, in every run.
    private func solutionRule(
        _ kata: Kata, name: String, version: KataVersion, session: SwiftTestSession, options: TestRunOptions
    ) throws -> Rule {
        let label = version.label
        let sources = version.sourcesDirectory
        guard FileManager.default.fileExists(atPath: sources.path) else {
            return Rule(
                name: name, passed: false,
                detail: "\(label)/Sources/\(kata.moduleName) is missing: every kata carries a reference and a"
                    + " differently built solution (AUTHORING.md, \"Reference solutions\")")
        }
        let stage = try stageSolution(of: kata, version: version)
        let solution = try session.run(package: stage, options: options)
        let passes = solution.report.outcome == .passed
        let repetitions = options.repetitions
        let failedRun =
            repetitions > 1
            ? " (run \(solution.runs) of \(repetitions); the \(solution.passedRuns) before it passed)" : ""
        let sanitized = options.sanitizer.map { " with the \($0.rawValue) sanitizer" } ?? ""
        return Rule(
            name: name,
            passed: passes,
            detail: passes
                ? nil
                : "against \(label)\(sanitized) the run ended as '\(solution.report.outcome.rawValue)'\(failedRun): "
                    + firstProblem(solution.report, solution.output, staged: (kata, version))
        )
    }

    /// The kata package with a version's sources (the reference's unless `version` says), ready
    /// for `swift test`.
    func stageSolution(of kata: Kata, version: KataVersion? = nil) throws -> URL {
        let version = version ?? kata.referenceSolution
        let stage = repository.workDirectory.appendingPathComponent(
            "verify/\(kata.folderName)", isDirectory: true)
        if version.change == nil { try repository.requireInside(version.sourcesDirectory, what: version.label) }
        do {
            // The kata's package as it is, but its sources: those are the version's.
            try FolderMirror.mirror(kata.directory, to: stage) { path in
                path.hasPrefix(".build") || path == "Sources" || path.hasPrefix("Sources/")
            }
            if try version.writeSources(to: stage.appendingPathComponent("Sources/\(kata.moduleName)")) {
                FolderMirror.discardObjects(ofModule: kata.moduleName, inPackage: stage)
            }
        } catch let error as KataError {
            throw error
        } catch {
            throw KataError(
                .fileSystem,
                "Could not prepare the solution of \(kata.heading) in \(stage.path): \(FileSystemFailure.reason(of: error))",
                advice:
                    "Check that \(version.label) exists and that .build is writable."
            )
        }
        return stage
    }

    /// The README and `SOLUTION.md` rules, which need no build.
    func checkDocuments(_ kata: Kata) -> Rule {
        var problems: [String] = []
        let readmeHints = HintsSection.hints(in: kata.instructions)
        if readmeHints != kata.metadata.hints.map(HintsSection.normalize) {
            problems.append(
                "the README's `## Hints` section (\(readmeHints.count) hints) does not repeat the \(kata.metadata.hints.count) front-matter hints word for word, in order"
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
                "\(path) does not match the starter (\(listed)\(differences.count > 3 ? ", …" : "")): run `kata ship \(kata.number)` after changing the starter"
            ]
        } catch let error as KataError {
            return [error.message]
        } catch {
            return ["\(path): \(FileSystemFailure.reason(of: error))"]
        }
    }

    /// The first thing to fix, for an author. A staged `version`'s files are named where the
    /// author edits them: its own sources, or the kata's tests.
    func firstProblem(_ report: TestRunSummary, _ output: String, staged version: (Kata, KataVersion)? = nil) -> String
    {
        if let error = report.buildErrors.first {
            var file = repository.relativePath(error.file)
            if let (kata, version) = version {
                let stage = ".build/kata/verify/\(kata.folderName)/"
                if file.hasPrefix(stage + "Sources/") {
                    file = version.label + "/" + file.dropFirst(stage.count)
                } else if file.hasPrefix(stage) {
                    file = "Katas/\(kata.folderName)/" + file.dropFirst(stage.count)
                }
            }
            return "\(file):\(error.line): \(error.message)"
        }
        if let failure = report.failures.first { return "\(failure.test): \(failure.message)" }
        if let other = report.otherErrors.first { return other }
        return output.split(separator: "\n").last.map(String.init) ?? "no output"
    }
}
