import ArgumentParser
import KataKit

struct HintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hint",
        abstract: "Reveal a kata's next hint, one at a time.",
        discussion: """
            Shows the next of the kata's hints, from a nudge to nearly the answer, and remembers \
            how many you have seen (in .kata/state.json), so the next `kata hint N` goes one step \
            further. After the last one it shows them all again. --all shows every hint at once.

            Seeing hints is no failure: `kata list` and `kata check` do not count them.

            Examples:
              kata hint 1
              kata hint stub-the-dispatcher --all
            """
    )

    @Argument(help: "The kata: its number (3 or 03) or its slug.")
    var kata: String

    @Flag(name: .long, help: "Show every hint of the kata, and remember them all as seen.")
    var all = false

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = options.context()
        try runFrontend(console: context.console) {
            try HintFrontend(context: context).run(kata: kata, all: all)
        }
    }
}
