import ArgumentParser
import Foundation
import KataKit

/// `kata workshop room PATH…`: the facilitator's view of the room.
struct WorkshopRoomCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "room",
        abstract: "Show where every learner stands: a table here, and one HTML page with --html.",
        discussion: """
            PATH is a folder of progress reports, one learner each, as `gh run download` leaves \
            the `progress` artifact of the learners' workflow (reports/REPO/progress.json). With \
            --clones FOLDER and --run-learner-code, it also runs the katas of learners' clones \
            (as `gh classroom clone student-repos` lays them out): that executes their code here, \
            each kata stopped after --timeout seconds, --jobs at once.

            Reports that cannot be read (cut short, not JSON, a newer version, another set of \
            katas, a second one for a learner) are listed under "Could not read"; the rest of the \
            room is still shown. The page works from file://, loads nothing from elsewhere and \
            runs no script.

            Examples:
              kata workshop room reports --html room.html
              kata workshop room --clones submissions --run-learner-code --jobs 2 --html room.html
            """
    )

    @Argument(help: ArgumentHelp("Folders of progress reports.", valueName: "PATH"))
    var paths: [String] = []

    @Option(name: .long, help: ArgumentHelp("A folder of learners' clones, one per folder.", valueName: "folder"))
    var clones: [String] = []

    @Flag(name: .long, help: "Run the katas of the clones given with --clones: this executes learners' code here.")
    var runLearnerCode = false

    @Option(name: .long, help: ArgumentHelp("Write the room as one HTML page to this file.", valueName: "file"))
    var html: String?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("How many katas of clones to run at once. Default: one per core.", valueName: "N"))
    var jobs: Int?

    @Option(
        name: .long,
        help: ArgumentHelp("Stop a clone's kata after this many seconds, build included.", valueName: "seconds"))
    var timeout: Int = 300

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if let jobs, !(1...64).contains(jobs) {
            throw ValidationError("--jobs takes a number of katas to run at once, from 1 to 64, e.g. --jobs 2.")
        }
        guard (1...86_400).contains(timeout) else {
            throw ValidationError("--timeout takes a number of seconds from 1 to 86400, e.g. --timeout 300.")
        }
    }

    func run() throws {
        let context = options.context()
        try runFrontend(console: context.console, onInterrupt: .stopCommands) {
            try RoomFrontend(context: context).run(
                paths: paths, clones: clones, runLearnerCode: runLearnerCode, jobs: jobs,
                timeout: .seconds(timeout), html: html)
        }
    }
}
