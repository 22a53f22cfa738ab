import ArgumentParser
import KataKit

/// `--timeout`, for the commands that run a kata's tests (check, watch): a deadlocked test is
/// stopped after this long instead of hanging the workshop.
struct TimeoutOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Stop a run that takes longer than this many seconds, build included (a deadlock, usually).",
            valueName: "seconds"))
    var timeout: Int = Int(CheckFrontend.defaultTimeout.components.seconds)

    var duration: Duration { .seconds(timeout) }

    func validate() throws {
        guard (1...86_400).contains(timeout) else {
            throw ValidationError("--timeout takes a number of seconds from 1 to 86400, e.g. --timeout 900.")
        }
    }
}
