import ArgumentParser
import KataKit

extension KataMetadata.Difficulty: ExpressibleByArgument {}
extension KataScaffold.LanguageMode: ExpressibleByArgument {}
extension KataMetadata.Kind: ExpressibleByArgument {}

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Scaffold a new kata that already keeps every rule (for authors).",
        discussion: """
            Creates Katas/NN-slug (Package.swift, a README with the front matter and every section \
            AUTHORING.md names, a placeholder starter, a test that fails against it, .shipped.json) \
            and Solutions/NN-slug (a placeholder solution that passes, SOLUTION.md), and adds \
            Kata("NN-slug", .v6) to the katas list of the root Package.swift. NN is the next free \
            number (or --number), the slug is made from the title.

            Right away, `kata verify NN` passes every rule but one: the kata has one example wrong \
            solution of the five it needs. You start from green tooling, then replace the \
            placeholders and every TODO with the kata, and write the other wrong solutions.

            --kind tests makes a kata where the learner writes the tests (front matter `kind: \
            tests`): correct code in Sources, two other correct versions in Wheats/, a buggy one in \
            Chaffs/, a starter test that catches nothing, and the reference tests in \
            Solutions/NN-slug/Tests; `kata check` grades a learner's tests against every version.

            Nothing is ever overwritten: a title whose slug exists, a number that is taken, or an \
            out-of-range value is refused before anything is written (exit 64), and a failure while \
            writing removes what was written.

            Examples:
              kata new "Retry without waiting" --patterns "virtual time,fake" --minutes 30
              kata new "Drain the queue" --patterns barrier --language-mode 5
              kata new "Catch it with a stub" --patterns "synchronous stub" --kind tests
            """
    )

    @Argument(help: "The kata's title: short and imperative. The slug (folder name) is made from it.")
    var title: String

    @Option(
        name: .long,
        help: ArgumentHelp("The patterns the kata teaches, comma-separated (at least one).", valueName: "a,b"))
    var patterns: String

    @Option(name: .long, help: ArgumentHelp("Workshop time, from 5 to 240 minutes.", valueName: "minutes"))
    var minutes: Int = 30

    @Option(name: .long, help: ArgumentHelp("How hard the kata is for a learner.", valueName: "level"))
    var difficulty: KataMetadata.Difficulty = .intermediate

    @Option(name: .long, help: ArgumentHelp("One line on what the learner does. Default: a TODO.", valueName: "text"))
    var summary: String?

    @Option(name: .long, help: ArgumentHelp("The seed topic the kata grew from. Default: a TODO.", valueName: "text"))
    var seed: String?

    @Option(
        name: .long, help: ArgumentHelp("The kata's number, if not the next free one; it must be free.", valueName: "N")
    )
    var number: Int?

    @Option(name: .long, help: ArgumentHelp("The kata's Swift language mode: 5 for legacy GCD code.", valueName: "5|6"))
    var languageMode: KataScaffold.LanguageMode = .v6

    @Option(
        name: .long,
        help: ArgumentHelp(
            "What the learner writes: code (make it testable) or tests (graded against correct and buggy versions).",
            valueName: "code|tests"))
    var kind: KataMetadata.Kind = .code

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = options.context()
        let request = NewFrontend.Request(
            title: title, patterns: patterns, minutes: minutes, difficulty: difficulty,
            summary: summary, seed: seed, number: number, languageMode: languageMode, kind: kind
        )
        try runFrontend(console: context.console) {
            try NewFrontend(context: context).run(request)
        }
    }
}
