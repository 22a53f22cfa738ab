import ArgumentParser
import KataKit

struct MutateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutate",
        abstract: "Judge a kata's tests on bugs nobody wrote: run them against mutants of the code.",
        discussion: """
            For authors and CI. A mutant is one small change to the code the learner writes, the kind \
            of slip a test should notice: a dispatched closure run at once or never, work sent to the \
            other queue, a suspension inserted where an actor's state could change, two statements \
            swapped, a call such as finish() or completion() deleted, a store such as state = .loading \
            deleted, a guard or an early return \
            removed, a condition negated, < for <=, a delay or a count off by one, a lock dropped, \
            Task.detached for Task, a cancellation check removed, a completion called twice, an error \
            swallowed (try? for try). For \
            katas 01-18 each type of the reference solution that differs from the starter is mutated whole; for a \
            tests kata (19-24) the whole shipped code, against its reference tests.

            Every mutant of a kata is compiled into one copy of its module and switched on at run \
            time by KATA_MUTANT=<number> (a mutant schema), so a kata's mutants build once; a mutant \
            that does not compile is stillborn and not counted. Each mutant is then killed (a test \
            failed by an assertion within 5 seconds, in every run), killed only by a time limit, \
            crashed, survived, or equivalent: listed in Solutions/NN-slug/EQUIVALENT-MUTANTS.md with \
            the reason no test can tell it apart (no behaviour differs, or the README leaves the \
            difference open, quoted). Each mutant has a stable id (operator, file, declaration and \
            a hash of the text it changes): that is what the file lists. Code no test may reach, such \
            as a live URLSession client behind the kata's seam, is left out whole by a heading \
            "## Not mutated: HTTPCatalogue" (the name in backticks) and its reason, and the report says so.

            The report shows each mutant the tests let through as a diff; --all lists every mutant \
            and the test that killed it. A listed mutant is run too: one the tests killed in every \
            run is flagged (!), since its listing may be out of date. --format json prints one object, \
            {katas: [{number, slug, code, counts, score, problem, staleEquivalents, notMutated, seconds, \
            mutants: [{id, operator, file, line, number, status, tests, why, killedThoughListed, \
            diff}]}], counted, killed, survived}: an entry per kata and design mutated, its code \
            naming the design ("the reference solution", "the correct version `name`", …).

            A suite grown until it kills the reference's mutants can still miss the same slips in a \
            design built another way, as a learner's is. --alternative mutates the kata's other \
            correct designs instead, against the same tests: for katas 01-18 the second solution \
            (Solutions/NN-slug/Alternative, each type that differs from the starter), its listings \
            in that folder's own EQUIVALENT-MUTANTS.md; for a tests kata each correct version \
            (Katas/NN-slug/Wheats/<name>.patch), only the mutants its changes make (the same change \
            in the same declaration of the shipped code is graded with the shipped code), its \
            listings in Solutions/NN-slug/Wheats/<name>/EQUIVALENT-MUTANTS.md.

            Exits 0 when every counted mutant of every kata was killed by an assertion and the \
            equivalent-mutants files name only mutants that exist, 1 otherwise.

            Examples:
              kata mutate 3
              kata mutate 19 --all
              kata mutate 5 --alternative
              kata mutate 24 --alternative
              kata mutate --repeat 3 --format json
            """
    )

    @Argument(help: "The katas to mutate, by number or slug. Default: all of them.")
    var katas: [String] = []

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Run the tests up to N times against each mutant: killed means caught in all N.", valueName: "N"))
    var repetitions: Int = 1

    @Flag(name: .long, help: "List every mutant, not only those the tests let through.")
    var all = false

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Mutate the other correct designs instead of the reference.",
            discussion:
                "Katas 01-18: Solutions/NN-slug/Alternative. Katas 19-24: each correct version in Katas/NN-slug/Wheats."
        ))
    var alternative = false

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("How many katas to mutate at once. Default: the number of processor cores.", valueName: "N"))
    var jobs: Int?

    @Option(
        name: .long,
        help: ArgumentHelp("How to report: text (for people) or json (one object, for CI).", valueName: "format"))
    var format: MutateFrontend.Format = .text

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        try validateRepetitions(repetitions)
        if let jobs, !(1...64).contains(jobs) {
            throw ValidationError("--jobs takes a number of katas to mutate at once, from 1 to 64, e.g. --jobs 2.")
        }
    }

    func run() throws {
        let context = options.context()
        try runFrontend(console: context.console, onInterrupt: .stopCommands, errorsAsJSON: format == .json) {
            try MutateFrontend(context: context).run(
                katas: katas, otherDesigns: alternative, runs: repetitions, all: all,
                jobs: jobs, format: format)
        }
    }
}
