import Foundation

/// `kata verify [N...]`: proves each kata keeps the curriculum's rules (see ``KataVerifier``),
/// one line per kata, then a summary; or, with the JSON format, one ``VerifyReport`` object.
///
/// Katas are verified side by side, up to `jobs` at once, and their lines still come in catalog
/// order. Each kata builds only in its own folders (`Katas/NN-slug/.build` and the grading
/// engine's, `.build/kata/grade/NN-slug-verify…`), so no two builds share a scratch folder:
///
/// ```swift
/// let status = try VerifyFrontend(context: context).run(katas: ["1", "3"], jobs: 2)
/// // Kata 01 · Stub the dispatcher     ✔ documents  ✔ starter builds  ✔ tests fail on starter  ✔ solution passes
/// // Kata 03 · Conform the real queue  ✔ documents  …
/// ```
public struct VerifyFrontend: Sendable {
    public typealias Format = CheckFrontend.Format

    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    /// The default for `--jobs`: one kata per processor core the system lets this process use.
    public static var defaultJobs: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `jobs`: how many katas to verify at once; nil for ``defaultJobs``. Never more than there are katas.
    /// `sanitizer`: only the solutions run, built with it (see ``KataVerifier``); `solutionsOnly`:
    /// the wrong solutions are left out; `mutants`: every mutant must be killed or justified too, in
    /// each of `mutantRuns` runs (nil: `repetitions`); `mutantsOnly`: that rule alone.
    public func run(
        katas references: [String], repetitions: Int = 1, sanitizer: Sanitizer? = nil, solutionsOnly: Bool = false,
        mutants: Bool = false, mutantRuns: Int? = nil, mutantsOnly: Bool = false, jobs: Int? = nil,
        format: Format = .text
    ) throws -> Int32 {
        try context.repository().requireFullRepository(for: "verify")
        let catalog = try context.catalog()
        let katas = try catalog.katas(named: references)
        guard !katas.isEmpty || !catalog.problems.isEmpty else {
            throw KataError(
                .invalidCatalog, "There are no katas to verify in \(catalog.repository.katasDirectory.path).")
        }
        var runner = context.runner
        runner.timeout = CheckFrontend.defaultTimeout
        let verifier = KataVerifier(repository: catalog.repository, runner: runner, swift: try runner.swiftExecutable())
        let console = context.console
        let style = console.style
        let text = format == .text
        let width = katas.map(\.heading.count).max() ?? 0
        let showsProgress = text && console.isTerminal
        if showsProgress, let first = katas.first { console.write(style.dim("verifying \(first.heading)…") + "\r") }

        let outcomes = WorkerThreads.run(count: katas.count, workers: jobs ?? Self.defaultJobs) { index in
            Result {
                try verifier.verify(
                    katas[index], repetitions: repetitions, sanitizer: sanitizer, checksWrongSolutions: !solutionsOnly,
                    checksMutants: mutants || mutantsOnly, mutantRuns: mutantRuns, checksVersions: !mutantsOnly)
            }
        } isFinal: { outcome in
            if case .failure = outcome { return true }
            return false
        } deliver: { index, outcome in
            guard text, case .success(let result) = outcome else { return }
            let marks = result.rules.map { rule in
                let tally = rule.tally.map { " " + $0 } ?? ""
                return rule.passed
                    ? style.green("✔ ") + rule.name + tally : style.red("✘ ") + style.bold(rule.name) + tally
            }
            let padding = String(repeating: " ", count: width - result.kata.heading.count)
            console.line(result.kata.heading + padding + "  " + marks.joined(separator: "  "))
            for rule in result.rules where !rule.passed {
                if let wrongSolutions = result.wrongSolutions,
                    [KataVerifier.wrongSolutionsRuleName, KataVerifier.thoroughRuleName].contains(rule.name)
                {
                    for line in Self.wrongSolutionLines(wrongSolutions, kata: result.kata, style: style) {
                        console.line(line)
                    }
                } else {
                    console.line("    " + style.red(rule.name) + ": " + (rule.detail ?? "broken"))
                }
            }
            if showsProgress, index + 1 < katas.count {
                console.write(style.dim("verifying \(katas[index + 1].heading)…") + "\r")
            }
        }
        var results: [KataVerifier.Result] = []
        for outcome in outcomes {
            switch outcome {
            case .success(let result): results.append(result)
            case .failure(let error): throw error
            case nil: break
            }
        }

        // Folders that are not even readable katas are broken too, when all katas are verified.
        let unreadable = references.isEmpty ? catalog.problems : []
        let report = VerifyReport(results: results, unreadable: unreadable)
        if text {
            for problem in unreadable {
                console.line("Katas/\(problem.folderName)  " + style.red("✘ ") + style.bold("readable"))
                console.line(
                    "    " + style.red("readable") + ": "
                        + problem.error.description.replacingOccurrences(of: "\n", with: " "))
            }
            console.line()
            let summary = "\(report.verified) of \(report.katas.count) katas verified, \(report.broken) broken."
            console.line(report.broken == 0 ? style.green(summary) : style.red(summary))
        } else {
            console.line(report.json())
        }
        return report.broken == 0 ? ExitStatus.success : ExitStatus.failure
    }
    /// An author's view of the wrong solutions that broke the rule: each one that escaped, why,
    /// the sentence of "Your task" it breaks and the misconception it holds; then notes to mend.
    static func wrongSolutionLines(_ results: [WrongSolutionResult], kata: Kata, style: TextStyle) -> [String] {
        var lines: [String] = []
        let escaped = results.filter { !$0.caught }
        let tests = kata.metadata.kind == .tests
        let rule = tests ? KataVerifier.thoroughRuleName : KataVerifier.wrongSolutionsRuleName
        let folder = tests ? "Katas/\(kata.folderName)/Chaffs" : "Solutions/\(kata.folderName)/Chaffs"
        let versions = tests ? "buggy versions" : "wrong solutions"
        if results.count < KataVerifier.minimumWrongSolutions {
            lines.append(
                "    " + style.red(rule) + ": \(folder) holds \(results.count) of the"
                    + " \(KataVerifier.minimumWrongSolutions) \(versions) a kata needs at least"
                    + " (AUTHORING.md, \"\(tests ? "Writing a tests kata" : "Wrong solutions")\")")
        }
        if !escaped.isEmpty {
            lines.append(
                "    " + style.red(rule) + ": \(escaped.count) of \(results.count) escaped the "
                    + (tests ? "reference tests" : "tests"))
        }
        for result in escaped {
            lines.append("      " + style.red("✘ ") + style.bold(result.version.label) + ": " + (result.escape ?? ""))
            if let notes = result.notes {
                if !notes.brokenSentence.isEmpty { lines.append("          breaks: " + notes.brokenSentence) }
                if !notes.misconception.isEmpty { lines.append("          misconception: " + notes.misconception) }
            }
        }
        for result in results where !result.notesProblems.isEmpty {
            lines.append(
                "    " + style.red(rule) + ": " + result.version.notesLabel + ": "
                    + result.notesProblems.joined(separator: "; "))
        }
        return lines
    }
}
