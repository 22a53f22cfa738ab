import ArgumentParser
import KataKit

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Prove katas keep the rules: the starter builds, its tests fail, the solution passes.",
        discussion: """
        For authors and CI. For each kata: the README repeats the front-matter hints and \
        SOLUTION.md exists; the starter module builds on its own; the kata's tests fail against \
        the starter; and they pass against the reference solution in Solutions/NN-slug (run in a \
        copy under .build/kata, so your kata folder is untouched). Run it on a clean checkout: \
        a kata you solved in place no longer fails against its starter.

        Exits 0 when every kata verifies, 1 when any breaks a rule.

        Examples:
          kata verify
          kata verify 1 3
        """
    )

    @Argument(help: "The katas to verify, by number or slug. Default: all of them.")
    var katas: [String] = []

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = options.context()
        try runFrontend({ try VerifyFrontend(context: context).run(katas: katas) }, console: context.console)
    }
}
