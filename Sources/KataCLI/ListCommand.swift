import ArgumentParser
import KataKit

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the katas in order, with your progress.",
        discussion: """
            Shows each kata's number, title, the patterns it teaches, its workshop time and what \
            your last `kata check` of it said: not started, failing or passed.

            Example:
              kata list
            """
    )

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = options.context()
        try runFrontend(console: context.console) {
            try ListFrontend(context: context).run()
        }
    }
}
