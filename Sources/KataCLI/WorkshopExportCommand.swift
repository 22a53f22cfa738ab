import ArgumentParser
import Foundation
import KataKit

/// `kata workshop export DIR`: the learner edition.
struct WorkshopExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the learner edition: the katas and the tool, without solutions, ready to push.",
        discussion: """
            DIR must be new or empty, and outside this repository. The edition has the katas with \
            their .shipped.json, the kata tool (Sources/KataKit, KataCLI, CCmarkGFM), scripts/setup \
            and scripts/install-dependencies, a Package.swift that builds the tool only, a README \
            for learners, the site without solution pages, the GitHub workflows \
            (.github/workflows/classroom.yml, one grader step per kata, and progress.yml), and the \
            marker .kata-edition.json; no Solutions/ and no SOLUTION.md. Exporting the same \
            commit twice writes the same bytes.

            Examples:
              kata workshop export ../katas-workshop
            """
    )

    @Argument(help: ArgumentHelp("The folder to write the learner edition to.", valueName: "DIR"))
    var destination: String

    @Option(
        name: .customLong("tool-sources"),
        help: ArgumentHelp(
            "Where the kata tool's sources are, when not in the repository (for tests).", valueName: "path",
            visibility: .hidden))
    var toolSources: String?

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = options.context()
        let toolRoot = toolSources.map {
            URL(fileURLWithPath: $0, isDirectory: true, relativeTo: context.workingDirectory)
        }
        try runFrontend(console: context.console) {
            try WorkshopExportFrontend(context: context).run(destination: destination, toolRoot: toolRoot)
        }
    }
}
