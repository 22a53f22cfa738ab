import ArgumentParser
import KataKit

struct SiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Build the static workshop site in site/.",
        discussion: """
            Renders every kata's README, and each reference solution on a page of its own marked as \
            a spoiler, into plain HTML in site/: an index with the kata table, a page per kata with \
            a sidebar, a table of contents and the `kata check` command, the whole workshop on one \
            page to print (workshop.html), and a search that works from disk. Swift code is \
            highlighted at build time; nothing is loaded from elsewhere. With a site.json in the \
            repository's root ({"repository": "https://…", "branch": "main"}), pages link to the \
            repository and to the file to edit.

            The output is the same bytes for the same katas, so site/ is committed and \
            `kata site --check` (run by CI) fails when it is stale. Every link between pages and \
            every #anchor is checked; a broken one stops the build with its file and line, and the \
            previous site stays as it was.

            Examples:
              kata site
              kata site --check
            """
    )

    @Flag(name: .long, help: "Only check that site/ matches the katas; exit 1 when it is stale.")
    var check = false

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = options.context()
        try runFrontend(console: context.console, onInterrupt: check ? .exit : .finishFileChanges) {
            try SiteFrontend(context: context).run(checkOnly: check)
        }
    }
}
