import ArgumentParser
import KataKit

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract:
            "Prove katas keep the rules: the starter builds, its tests fail, the solutions pass, wrong solutions fail.",
        discussion: """
            For authors and CI. For each kata: the README repeats the front-matter hints and \
            SOLUTION.md exists; the starter module builds on its own; the kata's tests fail against \
            the starter; they pass against the reference solution in Solutions/NN-slug and against \
            the differently built one in Solutions/NN-slug/Alternative; and they catch every wrong \
            solution in Solutions/NN-slug/Chaffs (each version built once, under .build/kata, so \
            your kata folder is untouched). Run it on a clean checkout: a kata you solved in place no \
            longer fails against its starter.

            Wrong solutions: a kata needs at least five, each NAME.patch: its notes (the \
            misconception, the sentence of the README's "Your task" it breaks, the test that catches \
            it), then a diff against the reference with one misconception (`kata version edit` opens \
            one as a folder). A version whose diff no longer applies, or one left open for editing, \
            stops the kata's verification with the version, the file and the line to mend. Each must \
            fail the tests in every run, by an assertion, within 5 seconds (counted to the first \
            test that fails): a run that passes, hangs, crashes or fails only by a time limit lets \
            it escape. The report names each one that escaped, why, and the sentence it breaks.

            --sanitize thread runs only the two solutions, built with ThreadSanitizer, and fails on \
            any data race: the tests themselves must be race-free. A kata whose front matter declares \
            `sanitizer: thread` is built with it in every run, its wrong solutions (or a tests \
            kata's buggy versions) too, as `kata check` builds it: a race report catches them.

            --mutants adds a rule, "mutants killed": every mutant `kata mutate` makes of the code the \
            learner writes is killed by an assertion within 5 seconds in every run, or listed in \
            Solutions/NN-slug/EQUIVALENT-MUTANTS.md with its reason ("No behaviour differs: …", or \
            the README's sentence that leaves it open, quoted as the README has it), at most one \
            mutant in five. Katas 01-18 are held to it for both designs: the alternative's mutants \
            too (kata mutate N --alternative), listed in \
            Solutions/NN-slug/Alternative/EQUIVALENT-MUTANTS.md, the one-in-five share counted over \
            both. A tests kata's reference tests are held to the mutants of its correct versions too \
            (Katas/NN-slug/Wheats, where each differs from the shipped code), listed in \
            Solutions/NN-slug/Wheats/<name>/EQUIVALENT-MUTANTS.md; written to take the freedoms the \
            README leaves open, their listings are not held to the share. Each mutant runs as often \
            as --repeat says, or --mutant-runs N times: scripts/test, on every commit, runs the \
            wrong solutions 3 times and each mutant once. \
            --mutants-only checks that rule alone, for katas whose other rules a run just checked. \
            The tests must be judged on at least 20 mutants over all the kata's designs, killed or \
            listed: fewer, and the code is too small to judge them on; a test fixture may lower the \
            floor in its front matter (mutants-at-least: 8).

            With --repeat N, the starter's tests must fail at least once in N runs, the solutions' \
            tests must pass all N runs, and every wrong solution must be caught in all N: the proof \
            that a kata about flakiness shows it, that no solution is flaky, and that no wrong \
            solution is caught only by luck. --solutions-only leaves the wrong solutions out, for \
            --repeat 200.

            Katas are verified side by side, as many at once as the machine has cores (--jobs N \
            to choose); each line still appears in catalog order, as soon as its kata and those \
            before it are done. --format json prints only one JSON object, {katas: [{number, slug, \
            passed, rules: [{name, passed, detail}], wrongSolutions: {caught, total, escaped: [{name, \
            breaks, why}], seconds}, seconds}], verified, broken}, for CI; an error is one \
            object too: {outcome: "error", exitCode, error, advice}.

            Exits 0 when every kata verifies, 1 when any breaks a rule.

            Examples:
              kata verify
              kata verify 1 3
              kata verify 3 --repeat 5
              kata verify --repeat 200 --solutions-only
              kata verify --sanitize thread
              kata verify 19 --mutants --repeat 3
              kata verify --jobs 1 --format json
            """
    )

    @Argument(help: "The katas to verify, by number or slug. Default: all of them.")
    var katas: [String] = []

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Run the tests up to N times against the starter, each solution and each wrong solution.", valueName: "N"))
    var repetitions: Int = 1

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Run only the solutions, built with a sanitizer: thread, address or undefined.", valueName: "sanitizer"))
    var sanitize: Sanitizer?

    @Flag(
        name: .customLong("solutions-only"),
        help: ArgumentHelp(
            "Leave out the wrong solutions: with --repeat 200, prove no solution is flaky without running each "
                + "wrong one 200 times."
        ))
    var solutionsOnly = false

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Also require every mutant of the code the learner writes to be killed, or listed as equivalent with its "
                + "reason (see kata mutate)."))
    var mutants = false

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Only the mutants rule: no starter, solution or wrong solution is run (CI, after a run that checked them).")
    )
    var mutantsOnly = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --mutants: run each mutant N times rather than --repeat's number (CI runs them once a commit).",
            valueName: "N"))
    var mutantRuns: Int?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("How many katas to verify at once. Default: the number of processor cores.", valueName: "N"))
    var jobs: Int?

    @Option(
        name: .long,
        help: ArgumentHelp("How to report: text (for people) or json (one object, for CI).", valueName: "format"))
    var format: VerifyFrontend.Format = .text

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        try validateRepetitions(repetitions)
        if mutantsOnly && (sanitize != nil || solutionsOnly) {
            throw ValidationError(
                "--mutants-only checks the mutants alone: leave out --sanitize and --solutions-only (a kata's own"
                    + " sanitizer grades its mutants anyway).")
        }
        if let mutantRuns {
            guard mutants || mutantsOnly else {
                throw ValidationError("--mutant-runs says how often each mutant runs: add --mutants, or leave it out.")
            }
            guard (1...10_000).contains(mutantRuns) else {
                throw ValidationError("--mutant-runs takes a number of runs from 1 to 10000, e.g. --mutant-runs 1.")
            }
        }
        if let jobs, !(1...64).contains(jobs) {
            throw ValidationError("--jobs takes a number of katas to verify at once, from 1 to 64, e.g. --jobs 2.")
        }
    }

    func run() throws {
        let context = options.context()
        try runFrontend(console: context.console, onInterrupt: .stopCommands, errorsAsJSON: format == .json) {
            try VerifyFrontend(context: context).run(
                katas: katas, repetitions: repetitions, sanitizer: sanitize, solutionsOnly: solutionsOnly,
                mutants: mutants, mutantRuns: mutantRuns, mutantsOnly: mutantsOnly, jobs: jobs, format: format)
        }
    }
}
