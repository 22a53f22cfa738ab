import ArgumentParser
import KataKit

struct ShipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ship",
        abstract: "Record katas as shipped, for kata reset and the tamper warnings (for authors).",
        discussion: """
            Writes Katas/NN-slug/.shipped.json: the kata's Package.swift, Sources and Tests as they \
            are now. `kata reset` restores the starter from it, and `kata check` warns a learner whose \
            tests differ from it. Run it after you change a kata's starter or tests, and commit the \
            file; `kata verify` fails while it is stale. Never run it in a kata you are solving.

            Exits 0 when every record is written or already up to date; with --check, 1 when any is stale.

            Examples:
              kata ship 3
              kata ship --check
            """
    )

    @Argument(help: "The katas to record, by number or slug. Default: all of them.")
    var katas: [String] = []

    @Flag(name: .long, help: "Write nothing; exit 1 when a record does not match its kata.")
    var check = false

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = options.context()
        try runFrontend(console: context.console) {
            try ShipFrontend(context: context).run(katas: katas, checkOnly: check)
        }
    }
}
