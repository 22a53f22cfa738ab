import Foundation

extension CheckFrontend {
    /// `kata check N` for a tests kata: the learner's tests are graded (see ``GradingEngine``)
    /// against the shipped code and every other version, and the grade explained.
    func grade(
        _ kata: Kata, repository: KataRepository, next: BackgroundValue<Kata?>, options: TestRunOptions,
        timeout: Duration?, verbose: Bool, format: Format, showMutants: Bool = false,
        started: ContinuousClock.Instant
    ) throws -> Int32 {
        let console = context.console
        let text = format == .text
        if let filter = options.filter {
            throw KataError(
                .usage,
                "--filter '\(filter)' picks tests to run, and \(kata.heading) grades your whole test suite: "
                    + "every test counts.",
                advice:
                    "Leave out --filter. To run some of your tests alone, run `swift test --filter \(filter)` "
                    + "in Katas/\(kata.folderName)."
            )
        }
        var runner = context.runner
        runner.timeout = timeout
        let grader = GradingEngine(repository: repository, runner: runner, swift: try runner.swiftExecutable())
        let runs = options.repetitions > 1 ? options.repetitions : GradingEngine.defaultRuns
        let changedCode = Self.changedCode(of: kata)

        if text {
            console.line(console.style.bold("Checking \(kata.heading)"))
            console.line(GradeExplanation.header(for: kata))
            printWarning(aboutCode: changedCode, of: kata)
        }
        let spinner = text && console.isTerminal ? ProgressSpinner(console: console, message: "Building") : nil
        spinner?.start()
        let grade: TestGrade
        let mutants: PreparedMutants?
        do {
            defer { spinner?.stop() }
            let progress: @Sendable (String) -> Void = { message in
                if let spinner {
                    spinner.say(message)
                } else if verbose && text {
                    console.line(console.style.dim(message))
                }
            }
            let versions: [KataVersion]
            (versions, mutants) = try grader.learnerVersions(of: kata, progress: progress)
            grade = try grader.grade(
                kata, versions: versions, runs: runs, sanitizer: options.sanitizer, progress: progress)
        }
        // The mutants a passing suite let through, for those who want to go further; before a
        // pass the README's promises are the guide, not a list of changes to test for.
        let survivors = showMutants && grade.passed ? try Self.survivors(of: grade, among: mutants) : nil
        let status = grade.passed ? ExitStatus.success : ExitStatus.failure
        if text {
            console.line()
            console.write(
                GradeExplanation(grade: grade, repository: repository, style: console.style).text(
                    next: next.value, runs: runs))
            if showMutants {
                console.line()
                console.write(Self.survivorText(survivors, grade: grade, style: console.style))
            }
        } else {
            let changed = changedCode.map {
                CheckReport.ChangedFile(path: "Katas/\(kata.folderName)/\($0.path)", change: $0.difference.rawValue)
            }
            console.line(
                CheckReport(
                    grade: grade, repository: repository, runs: runs, exitCode: status, changedFiles: changed,
                    survivors: survivors, seconds: (ContinuousClock.now - started).seconds
                ).json())
        }
        do {
            try repository.progressStore.record(grade.passed ? .passed : .failing, for: kata)
        } catch let error as KataError {
            console.error(console.style.yellow("warning: ") + error.description)
        }
        return status
    }

    /// `--mutants` needs a kata whose learner's tests are graded on mutants.
    static func requireMutants(of kata: Kata) throws {
        guard kata.metadata.kind == .tests else {
            throw KataError(
                .usage,
                "--mutants shows the mutants your tests let through, in a kata where you write the tests (katas"
                    + " 19–24); in \(kata.heading) the kata's tests are given.",
                advice:
                    "Leave out --mutants. Authors grade a kata's own tests on its mutants with"
                    + " `kata mutate \(kata.number)`.")
        }
        guard kata.metadata.mutantShare != nil else {
            throw KataError(
                .usage,
                "\(kata.heading) grades your tests on its named bugs only (its README sets no `mutants:` share): there"
                    + " are no mutants to show.",
                advice: "Leave out --mutants.")
        }
    }

    /// The mutants `grade` let through, as `mutant N` with its operator and its diff against the
    /// shipped code.
    static func survivors(of grade: TestGrade, among mutants: PreparedMutants?) throws -> [CheckReport.Survivor] {
        guard let mutants else { return [] }
        let texts = try MutationTester.texts(of: grade.kata.shippedCode)
        return grade.survivingMutants.compactMap { result in
            guard let mutant = mutants.counted.first(where: { $0.version == result.version })?.mutant,
                let text = texts[mutant.file], let diff = mutant.unifiedDiff(of: text)
            else { return nil }
            return CheckReport.Survivor(
                name: grade.kata.learnerLabel(of: result.version), operatorName: mutant.operatorName.rawValue,
                file: mutant.file, line: mutant.line, diff: diff)
        }
    }

    /// What `--mutants` adds after the grade: the survivors' diffs, or why there are none to show.
    static func survivorText(_ survivors: [CheckReport.Survivor]?, grade: TestGrade, style: TextStyle) -> String {
        guard let survivors else {
            return "`--mutants` shows the mutants your tests let through once they pass: until then the promises in"
                + " the README are the better guide.\n"
        }
        guard !survivors.isEmpty else {
            return style.green("✔ ") + "Your tests kill every one of the \(grade.mutantResults.count) mutants.\n"
        }
        var lines = [
            style.bold(
                survivors.count == 1
                    ? "The mutant your tests let through, the shipped code with one change:"
                    : "The \(survivors.count) mutants your tests let through, each the shipped code with one change:")
        ]
        for survivor in survivors {
            lines.append("")
            lines.append(
                "\(survivor.name) · \(survivor.operatorName) · \(survivor.file):\(survivor.line)")
            lines += survivor.diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
                line.hasPrefix("+") && !line.hasPrefix("+++")
                    ? style.green("  " + line)
                    : line.hasPrefix("-") && !line.hasPrefix("---") ? style.red("  " + line) : "  " + line
            }
        }
        lines.append("")
        lines.append(
            "Which promise of the README does each break? A test for that promise, on the path the change takes,"
                + " kills it.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A tests kata's code, versions and `Package.swift` that differ from the shipped ones: the
    /// learner's tests are graded against the code as it is on disk, so a change there (to make a
    /// test pass) would grade them against something else.
    static func changedCode(of kata: Kata) -> [(path: String, difference: ShippedRecord.Difference)] {
        guard let shipped = try? ShippedRecord.load(for: kata), let current = try? ShippedRecord.capture(kata) else {
            return []
        }
        return shipped.differences(from: current).filter { !$0.path.hasPrefix("Tests/") }
    }

    private func printWarning(
        aboutCode changed: [(path: String, difference: ShippedRecord.Difference)], of kata: Kata
    ) {
        guard !changed.isEmpty else { return }
        let console = context.console
        let count = changed.count
        console.line(
            console.style.yellow("warning: ")
                + console.style.bold(
                    "\(count == 1 ? "a file" : "\(count) files") of this kata's code "
                        + "differ\(count == 1 ? "s" : "") from the shipped one\(count == 1 ? "" : "s"):"
                ))
        for change in changed.prefix(10) {
            console.line(
                "  " + change.difference.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                    + "Katas/\(kata.folderName)/\(change.path)")
        }
        if count > 10 { console.line("  … and \(count - 10) more") }
        console.line("Your tests are graded against the code as it is: write tests in Tests/, leave the code alone.")
        console.line("`kata reset \(kata.number) --code-only` restores the shipped code and keeps your tests.")
    }
}
