import Foundation

/// `kata mutate [N...]`: runs each kata's tests against its mutants (``MutationTester``), one
/// line per kata, then the mutants the tests let through, each as a diff; or, with the JSON
/// format, one ``MutationReport`` object.
///
/// ```text
/// Kata 03 · Conform the real queue  24 mutants of the reference solution: 21 killed, 2 survived, 1 equivalent · 91%
///     ✘ survived  delete-call  Screen.swift:42  delete-call:Screen.swift:tapAdd:3f2a9c
///         --- a/Screen.swift
///         …
/// ```
public struct MutateFrontend: Sendable {
    public typealias Format = CheckFrontend.Format

    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    /// `otherDesigns`: mutate each kata's other designs (``MutatedDesign/others(of:)``: the
    /// alternative solution of a kata of 01–18, each correct version of a tests kata) instead of
    /// its reference solution (a tests kata's shipped code). `runs`: a mutant is
    /// killed only when every run catches it. `all`: every mutant is listed, not only those the
    /// tests let through. Exits 0 when every counted mutant was killed by an assertion, 1 otherwise.
    public func run(
        katas references: [String], otherDesigns: Bool = false, runs: Int = 1, all: Bool = false,
        jobs: Int? = nil, format: Format = .text
    ) throws -> Int32 {
        try context.repository().requireFullRepository(for: "mutate")
        let catalog = try context.catalog()
        let katas = try catalog.katas(named: references)
        guard !katas.isEmpty else {
            throw KataError(
                .invalidCatalog, "There are no katas to mutate in \(catalog.repository.katasDirectory.path).")
        }
        let work: [(kata: Kata, design: MutatedDesign)] = katas.flatMap { kata in
            (otherDesigns ? MutatedDesign.others(of: kata) : [.reference]).map { (kata, $0) }
        }
        guard !work.isEmpty else {
            throw KataError(
                .usage,
                "\(katas[0].heading) has no other correct design to mutate: no correct version in"
                    + " Katas/\(katas[0].folderName)/Wheats.",
                advice: "Leave out --alternative to mutate its shipped code.")
        }
        var runner = context.runner
        runner.timeout = CheckFrontend.defaultTimeout
        let tester = MutationTester(repository: catalog.repository, runner: runner, swift: try runner.swiftExecutable())
        let console = context.console
        let style = console.style
        let text = format == .text
        let width = katas.map(\.heading.count).max() ?? 0
        if text && console.isTerminal, let first = work.first {
            console.write(style.dim("mutating \(first.kata.heading)…") + "\r")
        }
        let outcomes = WorkerThreads.run(count: work.count, workers: jobs ?? VerifyFrontend.defaultJobs) { index in
            Result { () -> (MutationTester.Outcome, [String: String]) in
                let (kata, design) = work[index]
                let outcome = try tester.test(kata, design: design, runs: runs)
                return (outcome, try MutationTester.texts(of: design.version(of: kata)))
            }
        } isFinal: { outcome in
            if case .failure = outcome { return true }
            return false
        } deliver: { index, outcome in
            guard text, case .success(let (result, texts)) = outcome else { return }
            let padding = String(repeating: " ", count: width - result.kata.heading.count)
            console.line(result.kata.heading + padding + "  " + Self.summary(of: result, style: style))
            for line in Self.detailLines(of: result, texts: texts, all: all, style: style) { console.line(line) }
            if text && console.isTerminal, index + 1 < work.count {
                console.write(style.dim("mutating \(work[index + 1].kata.heading)…") + "\r")
            }
        }
        var results: [MutationTester.Outcome] = []
        var texts: [String: [String: String]] = [:]
        for outcome in outcomes {
            switch outcome {
            case .success(let (result, files)):
                results.append(result)
                texts[result.schemaName] = files
            case .failure(let error): throw error
            case nil: break
            }
        }
        let report = MutationReport(outcomes: results, files: texts)
        let clean = results.allSatisfy { Self.isClean($0) }
        if text {
            console.line()
            let line =
                "\(report.killed) of \(report.counted) mutants killed in \(katas.count) kata"
                + (katas.count == 1 ? "" : "s") + "; \(report.survived) survived."
            console.line(clean ? style.green(line) : style.red(line))
        } else {
            console.line(report.json())
        }
        return clean ? ExitStatus.success : ExitStatus.failure
    }

    /// Every counted mutant killed by an assertion, and nothing stopped the grading.
    static func isClean(_ outcome: MutationTester.Outcome) -> Bool {
        outcome.problem == nil && outcome.killed == outcome.counted && outcome.staleEquivalents.isEmpty
    }

    /// The mutated module's files, for the diffs.
    /// "24 mutants of the reference solution: 21 killed, 2 survived, 1 equivalent · 91%"
    static func summary(of outcome: MutationTester.Outcome, style: TextStyle) -> String {
        if let problem = outcome.problem { return style.red("✘ ") + style.bold("not graded") + ": " + problem }
        let shown = [MutantResult.Status.killed, .timedOut, .crashed, .survived, .equivalent].compactMap { status in
            let count = outcome.count(status)
            return count == 0 && status != .killed ? nil : "\(count) \(status.phrase)"
        }
        let stillborn = outcome.count(.stillborn)
        let score = outcome.counted == 0 ? "" : " · \(outcome.killed * 100 / outcome.counted)%"
        let line =
            "\(outcome.counted) mutants of \(outcome.code): " + shown.joined(separator: ", ")
            + (stillborn == 0 ? "" : " (\(stillborn) stillborn, not counted)") + score
        return isClean(outcome) ? style.green("✔ ") + line : style.red("✘ ") + line
    }

    /// The mutants the tests let through, each with why and its diff (every mutant, one line
    /// each, with `all`), and the equivalent-mutants file's stale entries.
    static func detailLines(
        of outcome: MutationTester.Outcome, texts: [String: String], all: Bool, style: TextStyle
    ) -> [String] {
        var lines: [String] = []
        for result in outcome.results {
            let letThrough = [.survived, .timedOut].contains(result.status)
            guard letThrough || all else { continue }
            let mark = result.status.isKill ? style.green("✔") : letThrough ? style.red("✘") : style.dim("·")
            let place = "\(result.mutant.file):\(result.mutant.line)"
            var line =
                "    \(mark) \(result.status.phrase)  \(result.mutant.operatorName.rawValue)  \(place)  "
                + style.dim(result.mutant.id)
            if result.status == .killed, let test = result.failingTests.first { line += "  by `\(test)`" }
            lines.append(line)
            if let why = result.why, result.status != .killed { lines.append("        " + why) }
            if letThrough, let diff = texts[result.mutant.file].flatMap({ result.mutant.unifiedDiff(of: $0) }) {
                lines += diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
                    diff.hasSuffix("\n") ? 1 : 0
                )
                .map { "        " + $0 }
            }
        }
        for excluded in outcome.notMutated {
            lines.append(
                "    " + style.dim("· not mutated: \(excluded.declaration) (\(excluded.mutants) mutants): ")
                    + excluded.reason.replacingOccurrences(of: "\n", with: " "))
        }
        // Not a failure: a race the tests win only sometimes is rightly listed, and one more run
        // may let it through. But a listing the tests now beat every time should go.
        for result in outcome.killedThoughListed {
            let by = result.failingTests.first.map { " by `\($0)`" } ?? ""
            lines.append(
                "    " + style.yellow("! ") + "`\(result.mutant.id)` is listed as equivalent, yet it was killed\(by)"
                    + " in every run: if the tests now see it, remove it from \(EquivalentMutants.fileName);"
                    + " if they see it only sometimes, say so in its reason")
        }
        for id in outcome.staleEquivalents {
            lines.append(
                "    " + style.red("✘ ")
                    + "\(outcome.design.solutionLabel(of: outcome.kata))/\(EquivalentMutants.fileName) lists `\(id)`,"
                    + " which kata mutate no longer makes (or no longer finds): remove it or give its new id")
        }
        return lines
    }
}
