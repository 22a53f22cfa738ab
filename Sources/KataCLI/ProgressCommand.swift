import ArgumentParser
import Foundation
import KataKit

extension ProgressFrontend.Format: ExpressibleByArgument {}

struct ProgressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Measure where you stand: run every kata's tests and report each kata's result.",
        discussion: """
            Unlike `kata list`, which shows what your last `kata check` of each kata said, this runs \
            the tests of every kata now, side by side (--jobs N, default: one per core), each \
            stopped after --timeout seconds. The workshop's GitHub workflow runs it on every push.

            --format json prints one object (schema "dispatch-katas/progress", version 1: see \
            README, "Running a workshop"); --format markdown a table for a job summary; \
            --json-file FILE also writes the JSON object to FILE.

            Exits 0 once every kata was measured, passed or not.

            Examples:
              kata progress
              kata progress --jobs 1 --format json > progress.json
              kata progress --format markdown --json-file progress.json
            """
    )

    @Argument(help: "The katas to measure, by number or slug. Default: all of them.")
    var katas: [String] = []

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("How many katas to run at once. Default: the number of processor cores.", valueName: "N"))
    var jobs: Int?

    @Option(
        name: .long,
        help: ArgumentHelp("How to report: text, json (one object) or markdown (a table).", valueName: "format"))
    var format: ProgressFrontend.Format = .text

    @Option(name: .long, help: ArgumentHelp("Also write the JSON report to this file.", valueName: "file"))
    var jsonFile: String?

    @Option(name: .long, help: ArgumentHelp("The learner's name the report carries.", valueName: "name"))
    var learner: String?

    @OptionGroup var timeout: TimeoutOption
    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if let jobs, !(1...64).contains(jobs) {
            throw ValidationError("--jobs takes a number of katas to run at once, from 1 to 64, e.g. --jobs 2.")
        }
    }

    func run() throws {
        let context = options.context()
        let file = jsonFile.map { URL(fileURLWithPath: $0, relativeTo: context.workingDirectory) }
        try runFrontend(console: context.console, onInterrupt: .stopCommands, errorsAsJSON: format == .json) {
            try ProgressFrontend(context: context).run(
                katas: katas, format: format, jobs: jobs, timeout: timeout.duration, learner: learner, jsonFile: file)
        }
    }
}
