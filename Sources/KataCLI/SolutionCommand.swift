import ArgumentParser
import KataKit

struct SolutionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solution",
        abstract: "Compare your code with the reference solution, and read its notes.",
        discussion: """
            Shows how the reference solution in Solutions/NN-slug differs from your code in \
            Katas/NN-slug/Sources, as a unified diff (- yours, + the reference), then the \
            solution's notes from SOLUTION.md: why it is built that way, and its trade-offs. \
            Your files are only read, never changed.

            After `kata check N` passed, it is shown at once. Before, it is a spoiler: on a \
            terminal kata asks first; piped or in a script, pass --yes. On a terminal it opens in \
            your pager ($PAGER, or less).

            Examples:
              kata solution 1
              kata solution 3 --yes --no-pager
            """
    )

    @Argument(help: "The kata: its number (3 or 03) or its slug.")
    var kata: String

    @Flag(name: .shortAndLong, help: "Show the solution even if the kata has not passed yet, without asking.")
    var yes = false

    @Flag(name: .long, help: "Print straight to the terminal instead of opening a pager.")
    var noPager = false

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = options.context()
        try runFrontend(console: context.console) {
            try SolutionFrontend(context: context).run(kata: kata, assumeYes: yes, usePager: !noPager)
        }
    }
}
