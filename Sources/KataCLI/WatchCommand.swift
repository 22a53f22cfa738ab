import ArgumentParser
import KataKit

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Check a kata again each time you change one of its files.",
        discussion: """
            Checks the kata at once, as `kata check` does, then again whenever a file in its \
            Sources or Tests folder, or its Package.swift, changes (build folders, hidden files and \
            editors' swap files do not count). On a terminal the screen is cleared before each check.

            It stays with the kata until you ask for the next one. Keys:
              n  next kata, once this one has passed (before that, press n twice)
              r  check again now
              h  show the kata's next hint
              q  quit
            A key pressed during a check counts when the check ends. Ctrl-C quits at once, and \
            stops a running check with every process it started. Exits 0 on q, 130 on Ctrl-C.

            Without a kata, watches the first kata you have not passed yet.
            On Linux the system tells kata about changes (inotify); --poll looks for them twice a \
            second instead, for folders that never tell (network or shared folders, some \
            containers). Where telling is not possible, kata polls on its own and says so; on macOS \
            it always polls.

            Examples:
              kata watch
              kata watch 3
              kata watch stub-the-dispatcher --poll
            """
    )

    @Argument(help: "The kata: its number (3 or 03) or its slug. Default: the first one not passed yet.")
    var kata: String?

    @Flag(name: .long, help: "Look for changes twice a second instead of being told (for folders that never tell).")
    var poll = false

    @OptionGroup var timeout: TimeoutOption

    @Flag(name: .shortAndLong, help: "Show the whole build and test log of each check as it runs.")
    var verbose = false

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let context = options.context()
        try runFrontend(console: context.console, onInterrupt: .stopCommands) {
            try WatchFrontend(context: context).run(
                kata: kata,
                polling: poll,
                timeout: timeout.duration,
                verbose: verbose
            )
        }
    }
}
