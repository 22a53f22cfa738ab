import ArgumentParser
import KataKit

struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Put a kata back as it shipped, after saving your files to a backup folder.",
        discussion: """
            Restores the kata's Package.swift, Sources and Tests as the repository shipped them, \
            even after you committed your work, and removes files you added. First, all your files \
            of the kata are copied to .kata/backups/NN-slug-<date-time>/, which it names: nothing \
            is lost. On a terminal it asks before it changes anything; elsewhere it needs --yes.

            --tests-only restores only the tests (and Package.swift), for when `kata check` warns \
            that they differ from the shipped ones, and keeps your code. In a kata where you write \
            the tests (katas 19 and on), your tests are your work: --code-only restores the code, \
            its other versions and Package.swift, and keeps your tests.

            Examples:
              kata reset 3
              kata reset 3 --tests-only
              kata reset 19 --code-only
              kata reset conform-the-real-queue --yes
            """
    )

    @Argument(help: "The kata: its number (3 or 03) or its slug.")
    var kata: String

    @Flag(name: .shortAndLong, help: "Do not ask for confirmation.")
    var yes = false

    @Flag(name: .long, help: "Restore only the tests and Package.swift; keep your code.")
    var testsOnly = false

    @Flag(name: .long, help: "In a kata where you write the tests: restore only the code; keep your tests.")
    var codeOnly = false

    func validate() throws {
        if testsOnly && codeOnly {
            throw ValidationError(
                "--tests-only keeps your code and --code-only keeps your tests: a kata has one of them, pick that one.")
        }
    }

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = options.context()
        try runFrontend(console: context.console) {
            try ResetFrontend(context: context).run(
                kata: kata, assumeYes: yes, keepingWork: testsOnly || codeOnly,
                flag: testsOnly ? "--tests-only" : (codeOnly ? "--code-only" : nil))
        }
    }
}
