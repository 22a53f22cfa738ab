import ArgumentParser
import KataKit

extension Sanitizer: ExpressibleByArgument {}
extension CheckFrontend.Format: ExpressibleByArgument {}

/// `--repeat` takes 1 to 10,000 runs: enough to catch a 1-in-1,000 flake, few enough to finish.
func validateRepetitions(_ repetitions: Int) throws {
    guard (1...10_000).contains(repetitions) else {
        throw ValidationError("--repeat takes a number of runs from 1 to 10000, e.g. --repeat 200.")
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run a kata's tests and explain the result.",
        discussion: """
            Runs `swift test` in the kata's package (Katas/NN-slug), then says PASSED or FAILED: \
            which tests failed and why, or which compile errors stop the build, with file and line \
            relative to the repository. The result is remembered for `kata list`.

            Without a kata, checks the kata whose folder you are in, or else the first kata you \
            have not passed yet.
            Exits 0 when the kata passes, 1 when it fails.

            A run that takes longer than --timeout seconds (default 600, enough for the slowest \
            first build) is stopped with every process it started, and explained, naming the Swift \
            Testing tests still running: in these katas it is usually a deadlock. Ctrl-C stops the \
            tests too and records nothing.

            --repeat N builds once and runs the tests up to N times, stopping at the first failure: \
            the way to catch a flaky test. --sanitize thread builds with ThreadSanitizer (in its own \
            build folder, .build-tsan, so the normal build stays warm) and fails on any data race.

            If the kata's tests differ from the ones it shipped with, it says so before the result: \
            the kata is solved in the code, not the tests (`kata reset N --tests-only` restores them).

            In a kata where you write the tests (katas 19–24, `kind: tests`), it grades your tests \
            instead: they run against the shipped code and the correct versions in Wheats/, 3 times \
            each, and against the buggy versions in Chaffs/. PASSED means valid (they pass on every \
            correct version), thorough (every buggy version fails one of them by an assertion) and \
            fast (no test takes 0.25 s). A bug still at large comes with a nudge; a correct version \
            they reject, with what it does differently and the words of the README that allow it. \
            Tests that hang, print without end or leave processes are stopped after 10 s. Here the \
            warning guards the code: Sources/, Wheats/ and Chaffs/ (`kata reset N --code-only` \
            restores them and keeps your tests); --filter does not apply.

            Where the README's front matter sets `mutants:` (a share, such as 0.8), your tests also \
            run against the shipped code's mutants: the code with one small change each that nobody \
            wrote on purpose (a call dropped, work sent to another queue, a condition turned \
            around), generated as `kata mutate` makes them. Thorough then also needs that share of \
            them killed: "your tests catch all 6 bugs and kill 38 of 41 mutants (the kata asks for \
            33)". After a pass, --mutants shows the ones they let through, each as a diff.

            --format json prints only the result, as one JSON object (kata, outcome, passed, \
            exitCode, passedTests, failedTests, failures, buildErrors, unfinishedTests, changedTests, \
            seconds, …), for editors and CI; the exit code is the same. An error is one object too: {outcome: \
            "error", exitCode, error, advice}, with the message also on standard error.

            Examples:
              kata check 1
              kata check 03
              kata check stub-the-dispatcher --filter "loads"
              kata check 14 --repeat 200
              kata check 12 --sanitize thread
              kata check 1 --format json
              kata check 20 --mutants
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The kata: its number (3 or 03) or its slug. Default: the one whose folder you are in, else the first "
                + "not passed yet.")
    )
    var kata: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Run only the tests whose name matches (as `swift test --filter`).", valueName: "pattern"))
    var filter: String?

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp("Run the tests up to N times, stopping at the first failure.", valueName: "N"))
    var repetitions: Int = 1

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Build and run the tests with a sanitizer: thread, address or undefined.", valueName: "sanitizer"))
    var sanitize: Sanitizer?

    @OptionGroup var timeout: TimeoutOption

    @Option(
        name: .long,
        help: ArgumentHelp("How to report: text (for people) or json (one object, for tools).", valueName: "format"))
    var format: CheckFrontend.Format = .text

    @Flag(
        help: ArgumentHelp(
            "In a kata where you write the tests: after they pass, show the mutants they let through, as diffs."))
    var mutants = false

    @Flag(name: .shortAndLong, help: "Show the whole build and test log as it runs.")
    var verbose = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if let filter, filter.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--filter needs a pattern, e.g. --filter loads.")
        }
        try validateRepetitions(repetitions)
        if verbose && format == .json {
            throw ValidationError(
                "--verbose and --format json cannot be combined: the JSON object must be all that is printed. "
                    + "Leave out one of them."
            )
        }
    }

    func run() throws {
        let context = options.context()
        try runFrontend(console: context.console, onInterrupt: .stopCommands, errorsAsJSON: format == .json) {
            try CheckFrontend(context: context).run(
                kata: kata,
                options: TestRunOptions(filter: filter, sanitizer: sanitize, repetitions: repetitions),
                timeout: timeout.duration,
                verbose: verbose,
                format: format,
                showMutants: mutants
            )
        }
    }
}
