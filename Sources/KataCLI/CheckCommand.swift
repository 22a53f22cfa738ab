import ArgumentParser
import KataKit

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run a kata's tests and explain the result.",
        discussion: """
        Runs `swift test` in the kata's package (Katas/NN-slug), then says PASSED or FAILED: \
        which tests failed and why, or which compile errors stop the build, with file and line \
        relative to the repository. The result is remembered for `kata list`.

        Without a kata, checks the first kata you have not passed yet.
        Exits 0 when the kata passes, 1 when it fails.

        Examples:
          kata check 1
          kata check 03
          kata check stub-the-dispatcher --filter "loads"
        """
    )

    @Argument(help: "The kata: its number (3 or 03) or its slug. Default: the first one not passed yet.")
    var kata: String?

    @Option(name: .long, help: ArgumentHelp("Run only the tests whose name matches (as `swift test --filter`).", valueName: "pattern"))
    var filter: String?

    @Flag(name: .shortAndLong, help: "Show the whole build and test log as it runs.")
    var verbose = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if let filter, filter.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--filter needs a pattern, e.g. --filter loads.")
        }
    }

    func run() throws {
        let context = options.context()
        try runFrontend({ try CheckFrontend(context: context).run(kata: kata, filter: filter, verbose: verbose) }, console: context.console)
    }
}
