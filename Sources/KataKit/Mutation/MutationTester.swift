import Foundation

/// Runs a kata's tests against its mutants (`kata mutate`): bugs nobody wrote, made by
/// ``MutantGenerator`` from the code the learner writes, so a suite is judged on more than the
/// wrong solutions its author could imagine.
///
/// 1. The code: for katas 01–18 each type of the reference solution that differs from the
///    starter, whole (``MutableLines``: what the learner rewrites, not the seams the README says
///    to keep); for a tests kata the whole shipped code. Another ``MutatedDesign`` is mutated the
///    same way: the alternative solution, or a tests kata's correct version, where only the
///    mutants the shipped code does not make count.
/// 2. One ``MutantSchema`` holds every mutant, each switched on by `KATA_MUTANT=<number>`; the
///    *stillborn* ones, that do not compile, are dropped first (`swiftc -emit-sil` with the
///    kata's own settings, or a build of its package when a dependency needs SwiftPM).
/// 3. The one ``GradingEngine`` grades the kata's tests (a tests kata's reference suite) against
///    the schema with no mutant on, which must pass, and against each mutant: one library, one
///    suite, a run per mutant, two at a time.
///
/// Each mutant is then ``MutantResult/Status/killed`` by an assertion (naming the tests),
/// killed only by a time limit, crashed, survived, or listed as equivalent in the kata's
/// ``EquivalentMutants`` file with the reason it cannot be told apart.
///
/// ```text
/// .build/kata/mutants/03-conform-the-real-queue/
///   Sources/Kata03/…            the schema: the reference with every mutant, and __KataMutant.swift
///   check/Package.swift …       the kata's own manifest around it, when a dependency needs SwiftPM
/// ```
public struct MutationTester: Sendable {
    /// The environment variable that picks the mutant a run switches on.
    public static let selectorVariable = "KATA_MUTANT"

    public let repository: KataRepository
    public let runner: CommandRunner
    public let swift: URL

    public init(repository: KataRepository, runner: CommandRunner, swift: URL) {
        self.repository = repository
        self.runner = runner
        self.swift = swift
    }

    /// A declaration the equivalent-mutants file leaves out of mutation.
    public struct NotMutated: Sendable, Encodable {
        public var declaration: String
        public var reason: String
        /// The mutants it would have had.
        public var mutants: Int
    }

    /// What was mutated, made and found for one kata.
    public struct Outcome: Sendable {
        public var kata: Kata
        /// The design mutated.
        public var design: MutatedDesign
        /// "the reference solution", "the shipped code", "the alternative solution" or "the correct
        /// version `name`".
        public var code: String { design.codeName(in: kata) }
        /// The kata's folder name and the design's suffix: the schema's folder, one per design.
        public var schemaName: String { design.schemaName(in: kata) }
        public var results: [MutantResult]
        /// The mutants (and declarations left out) the equivalent-mutants file lists that
        /// `kata mutate` no longer makes.
        public var staleEquivalents: [String]
        /// The declarations the file leaves out, with how many mutants each would have had.
        public var notMutated: [NotMutated]
        /// Why nothing could be graded: the tests fail with no mutant on, or the schema does not
        /// compile; nil when every mutant was graded.
        public var problem: String?
        public var seconds: Double

        public func count(_ status: MutantResult.Status) -> Int { results.filter { $0.status == status }.count }
        /// Mutants caught in time in every run: by a test's assertion, or by the runtime's.
        public var killed: Int { results.filter(\.status.isKill).count }
        /// Mutants that count: all but the stillborn and the equivalent.
        public var counted: Int { results.count - count(.stillborn) - count(.equivalent) }
        /// Listed as equivalent, yet killed in every run.
        public var killedThoughListed: [MutantResult] { results.filter(\.killedThoughListed) }
    }

    /// Mutates `kata`'s code and grades its tests against every mutant, each run `runs` times
    /// (a mutant is killed only when every run catches it). `progress` hears what is happening.
    public func test(
        _ kata: Kata, design: MutatedDesign = .reference, runs: Int = 1,
        progress: (@Sendable (String) -> Void)? = nil
    ) throws -> Outcome {
        let clock = ContinuousClock()
        let started = clock.now
        let isTestsKata = kata.metadata.kind == .tests
        var outcome = Outcome(
            kata: kata, design: design, results: [], staleEquivalents: [], notMutated: [], problem: nil, seconds: 0)
        let prepared: PreparedMutants
        do {
            prepared = try prepare(kata, design: design, progress: progress)
        } catch let failure as MutantSchema.UnexplainedErrors {
            outcome.problem = failure.description
            return finished(outcome, clock: clock, started: started)
        }
        outcome.staleEquivalents = prepared.staleEquivalents
        outcome.notMutated = prepared.notMutated
        outcome.results += prepared.stillborn.map { MutantResult(mutant: $0, number: nil, status: .stillborn) }

        // Nothing to grade: a correct version whose changes make no mutant of their own. Whether
        // the tests pass on it is `kata verify`'s to say, not worth a suite's build here.
        if prepared.schema.numbered.isEmpty { return finished(outcome, clock: clock, started: started) }
        progress?("Running the tests against \(prepared.schema.numbered.count) mutants")
        let grade = try GradingEngine(repository: repository, runner: runner, swift: swift).grade(
            kata, tests: isTestsKata ? kata.referenceTestsDirectory : kata.testsDirectory,
            versions: [prepared.base] + prepared.versions, runs: 1, buggyRuns: max(1, runs),
            sanitizer: kata.metadata.sanitizer, stageName: outcome.schemaName + "-mutants",
            runLimit: KataVerifier.wrongSolutionRunLimit, catches: Self.catchesInTime, progress: progress)
        if let problem = baseProblem(grade, base: prepared.base) {
            outcome.problem = problem
            return finished(outcome, clock: clock, started: started)
        }
        for (number, mutant) in prepared.schema.numbered {
            let result = grade.results.first { $0.version.environment[Self.selectorVariable] == String(number) }
            var graded = MutantResult.graded(mutant, number: number, result: result, runs: max(1, runs))
            if let reason = prepared.equivalents.reason(for: mutant.id) {
                graded.killedThoughListed = graded.status.isKill
                graded.status = .equivalent
                graded.why = reason
            }
            outcome.results.append(graded)
        }
        outcome.results.sort {
            ($0.mutant.file, $0.mutant.range.lowerBound, $0.mutant.id) < (
                $1.mutant.file, $1.mutant.range.lowerBound, $1.mutant.id
            )
        }
        return finished(outcome, clock: clock, started: started)
    }

    /// Makes `kata`'s mutants and their schema, drops the stillborn ones, and returns them as
    /// versions the ``GradingEngine`` can grade (the schema with no mutant on first). `kata mutate`
    /// grades a kata's own tests against them; `kata check` of a tests kata, the learner's.
    ///
    /// Which mutants are stillborn depends only on the code and the compiler, so it is kept in the
    /// schema's folder (`stillborn.json`) and the compiler asked again only when either changed: a
    /// learner's second check goes straight to the runs.
    public func prepare(
        _ kata: Kata, design: MutatedDesign = .reference, progress: (@Sendable (String) -> Void)? = nil
    ) throws -> PreparedMutants {
        let isTestsKata = kata.metadata.kind == .tests
        let code = try design.version(of: kata)
        let files = try Self.texts(of: code)
        let mutableLines =
            isTestsKata ? nil : MutableLines.module(starter: try Self.starterTexts(of: kata), reference: files)
        let settings = KataBuildSettings.read(
            for: kata, runner: runner, swift: swift,
            cacheFolder: repository.workDirectory.appendingPathComponent(
                "grade/settings/\(kata.folderName)", isDirectory: true))
        let isolatedByDefault = settings?.moduleFlags?.contains("MainActor") ?? false
        let equivalents = try EquivalentMutants.load(for: kata, design: design)
        let generator = MutantGenerator(isolatedByDefault: isolatedByDefault)
        var generated = generator.mutants(of: files, mutableLines: mutableLines)
        if case .correctVersion = design {
            // A correct version's mutants are those its changes make: the same change in the same
            // declaration of the shipped code is graded with it, and what it leaves out stays out.
            let shipped = try EquivalentMutants.load(for: kata)
            let shippedIDs = Set(
                generator.mutants(of: try Self.texts(of: kata.shippedCode), mutableLines: nil).map(\.id))
            generated.removeAll { shippedIDs.contains($0.id) || shipped.exclusion(covering: $0.declaration) != nil }
        }
        let mutants = generated.filter { equivalents.exclusion(covering: $0.declaration) == nil }

        progress?("Compiling \(mutants.count) mutants of \(design.codeName(in: kata))")
        let folder = repository.workDirectory.appendingPathComponent(
            "mutants/\(design.schemaName(in: kata))", isDirectory: true)
        let module = folder.appendingPathComponent("Sources/\(kata.moduleName)", isDirectory: true)
        let memo = StillbornMemo(
            files: files, mutants: mutants, compiler: settings.map { "\($0.swiftVersion) \($0.moduleFlags ?? [])" },
            swift: swift)
        let schema: MutantSchema
        let stillborn: [Mutant]
        if let known = memo.stillborn(in: folder) {
            stillborn = mutants.filter { known.contains($0.id) }
            schema = MutantSchema(
                files: files, mutants: mutants.filter { !known.contains($0.id) }, isolatedByDefault: isolatedByDefault)
            try? FileManager.default.removeItem(at: module)
            try schema.writeFiles(into: module)
        } else {
            (schema, stillborn) = try MutantSchema.removingStillborn(
                files: files, mutants: mutants, isolatedByDefault: isolatedByDefault, folder: module
            ) { urls in
                try compilerErrors(of: kata, files: urls, settings: settings, folder: folder)
            }
            memo.record(stillborn: stillborn.map(\.id), in: folder)
        }

        // The schema with no mutant on is the base: the same library as every mutant, so one
        // library and one suite serve them all.
        var base = code
        base.folder = folder
        base.sourcesDirectory = module
        base.change = nil
        base.base = nil
        let versions = schema.numbered.map { number, mutant in
            var version = KataVersion(
                role: .mutant, folder: folder, name: mutant.id, label: "mutant \(number) (\(mutant.id))",
                moduleName: kata.moduleName)
            version.environment = [Self.selectorVariable: String(number)]
            return version
        }
        return PreparedMutants(
            schema: schema, stillborn: stillborn, base: base, versions: versions, equivalents: equivalents,
            staleEquivalents: equivalents.entries.map(\.id).filter { id in !mutants.contains { $0.id == id } }
                + equivalents.exclusions.map(\.declaration).filter { name in
                    !generated.contains { equivalents.exclusion(covering: $0.declaration)?.declaration == name }
                },
            notMutated: equivalents.exclusions.compactMap { exclusion in
                let count = generated.filter { equivalents.exclusion(covering: $0.declaration) == exclusion }.count
                return count == 0
                    ? nil : NotMutated(declaration: exclusion.declaration, reason: exclusion.reason, mutants: count)
            })
    }

    /// A run that kills a mutant: a test failed by an assertion in time (``KataVerifier/catchesInTime``;
    /// under the kata's sanitizer, a report of it), or the runtime's own check stopped the process
    /// (``MutantResult/Status/crashed``). Under the sanitizer the kata declares, as `kata check`
    /// runs it: a lock dropped is a race no test can stop mid-access, and the sanitizer's report is
    /// what the kata's check fails on.
    static let catchesInTime: @Sendable (TestRunSummary) -> Bool = { summary in
        summary.outcome == .crashed || KataVerifier.catchesInTime(summary)
    }

    private func finished(_ outcome: Outcome, clock: ContinuousClock, started: ContinuousClock.Instant) -> Outcome {
        var outcome = outcome
        outcome.seconds = (clock.now - started).seconds
        return outcome
    }

    /// Why the grade says nothing of the mutants: the suite does not build, or fails, with none on.
    private func baseProblem(_ grade: TestGrade, base: KataVersion) -> String? {
        if let error = (grade.compileErrors + grade.versionCompileErrors.flatMap(\.errors)).first {
            return "the tests do not compile against the schema: \(repository.relativePath(error.file)):\(error.line): "
                + error.message
        }
        guard let result = grade.results.first(where: { $0.version == base }) else {
            return "the tests did not run with no mutant on"
        }
        guard result.passed else {
            let failure = result.summary.failures.first.map { " (`\($0.test)`: \($0.message))" } ?? ""
            return "with no mutant on the tests ended as '\(result.summary.outcome.rawValue)'\(failure): "
                + "mend the tests or the code before their mutants can say anything"
        }
        return nil
    }

    /// The schema's compiler errors, file and line: `swiftc -emit-sil` with the kata's own settings
    /// where flags can say them, else a build of the kata's own package around the schema.
    private func compilerErrors(
        of kata: Kata, files: [URL], settings: KataBuildSettings?, folder: URL
    ) throws -> [(file: String, line: Int)] {
        let swiftc = swift.deletingLastPathComponent().appendingPathComponent("swiftc")
        if let settings, let flags = settings.moduleFlags, FileManager.default.isExecutableFile(atPath: swiftc.path) {
            let result = try runner.run(
                swiftc,
                [
                    // SIL, not only types: definite initialization ("captured by a closure before
                    // being initialized") is checked there, and a schema must pass it to build.
                    "-emit-sil", "-whole-module-optimization", "-o", "/dev/null",
                    "-parse-as-library", "-module-name", kata.moduleName, "-swift-version",
                    settings.swiftVersion,
                ]
                    + flags + files.filter { $0.pathExtension == "swift" }.map(\.path),
                in: repository.root)
            return try Self.placedErrors(of: result)
        }
        let package = folder.appendingPathComponent("check", isDirectory: true)
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let manifest = try Data(contentsOf: kata.directory.appendingPathComponent("Package.swift"))
        let manifestURL = package.appendingPathComponent("Package.swift")
        if FileManager.default.contents(atPath: manifestURL.path) != manifest {
            try manifest.write(to: manifestURL, options: .atomic)
        }
        let sources = package.appendingPathComponent("Sources/\(kata.moduleName)", isDirectory: true)
        try FolderMirror.mirror(
            folder.appendingPathComponent("Sources/\(kata.moduleName)", isDirectory: true), to: sources)
        // The manifest names the test target's folder too, and SwiftPM refuses a package whose
        // target folder is missing even when only the module is built.
        let tests = kata.directory.appendingPathComponent("Tests", isDirectory: true)
        if FileManager.default.fileExists(atPath: tests.path) {
            try FolderMirror.mirror(tests, to: package.appendingPathComponent("Tests", isDirectory: true))
        }
        let result = try runner.run(
            swift,
            ["build", "--package-path", package.path, "--target", kata.moduleName]
                + ScratchBuild.arguments(for: repository, environment: runner.environment),
            in: repository.root)
        return try Self.placedErrors(of: result).map { error in
            // The copy's errors, as the schema's files.
            (
                error.file.replacingOccurrences(
                    of: sources.path, with: folder.path + "/Sources/\(kata.moduleName)"), error.line
            )
        }
    }

    /// The compiler's errors in `result`, file and line. A compiler that failed without one it
    /// can place (a manifest SwiftPM refuses, a crash) is not a schema that compiles: the failure
    /// is thrown, in its own last words, rather than every mutant taken for living.
    static func placedErrors(of result: CommandResult) throws -> [(file: String, line: Int)] {
        if result.succeeded { return [] }
        let errors = MutantSchema.compilerErrors(in: result.output)
        guard errors.isEmpty else { return errors }
        let lastWords = result.output.split(separator: "\n").suffix(3).joined(separator: " / ")
        throw MutantSchema.UnexplainedErrors(errors: [
            lastWords.isEmpty ? "the compiler failed and said nothing" : lastWords
        ])
    }

    /// The starter's module as it shipped (`.shipped.json`), by path below its module folder: the
    /// learner's folder may hold their solution by now.
    static func starterTexts(of kata: Kata) throws -> [String: String] {
        let prefix = "Sources/\(kata.moduleName)/"
        return Dictionary(
            uniqueKeysWithValues: try ShippedRecord.load(for: kata).files.compactMap { path, text in
                path.hasPrefix(prefix) ? (String(path.dropFirst(prefix.count)), text) : nil
            })
    }

    /// A version's files as text, by path below its module folder.
    static func texts(of version: KataVersion) throws -> [String: String] {
        try version.sourceFiles().mapValues { String(decoding: $0, as: UTF8.self) }
    }
}
