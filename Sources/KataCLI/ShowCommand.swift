import ArgumentParser
import KataKit

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Read a kata's instructions in the terminal.",
        discussion: """
            Renders the kata's README: the story, why the code is hard to test, the pattern, \
            your task, the steps and the hints. On a terminal it opens in your pager ($PAGER, or \
            less); piped, it prints plain text.

            Examples:
              kata show 1
              kata show stub-the-dispatcher --no-pager
            """
    )

    @Argument(help: "The kata: its number (3 or 03) or its slug.")
    var kata: String

    @Flag(name: .long, help: "Print straight to the terminal instead of opening a pager.")
    var noPager = false

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = options.context()
        try runFrontend(console: context.console) {
            try ShowFrontend(context: context).run(kata: kata, usePager: !noPager)
        }
    }
}
