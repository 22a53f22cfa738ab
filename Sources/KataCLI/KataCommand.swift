import ArgumentParser
import Foundation
import KataKit

/// The `kata` command: a thin layer that parses arguments and hands off to KataKit's frontends.
@main
struct KataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kata",
        abstract: "Katas that make Grand Central Dispatch and async Swift code testable.",
        discussion: """
            The learner's loop: `kata list` to see where you are, `kata show N` to read a kata, \
            change the code in Katas/NN-slug/Sources, then `kata check N` until it passes \
            (or leave `kata watch N` running: it checks again on every save).
            Stuck? `kata hint N` reveals one hint at a time; `kata solution N` compares your code \
            with the reference solution.
            Authors start a kata with `kata new "Title" --patterns "a,b"`, run `kata verify` to \
            prove every kata keeps the rules, and `kata mutate` to judge its tests on bugs nobody \
            wrote.
            Facilitators hand out `kata workshop export DIR` (the learner edition, without \
            solutions) and watch `kata workshop room REPORTS --html room.html`; `kata progress` \
            runs every kata's tests and reports where a learner stands.

            Exit codes: 0 success, 1 a kata failed, 64 bad arguments or unknown kata, \
            65 a kata's README or layout is broken, 66 no kata repository found, \
            69 a tool kata needs (swift, diff) is missing, 74 a file could not be read or written, \
            130 interrupted (Ctrl-C).
            """,
        version: "0.1.0",
        subcommands: [
            ListCommand.self,
            ShowCommand.self,
            HintCommand.self,
            CheckCommand.self,
            WatchCommand.self,
            SolutionCommand.self,
            ResetCommand.self,
            VerifyCommand.self,
            MutateCommand.self,
            VersionCommand.self,
            NewCommand.self,
            ShipCommand.self,
            SiteCommand.self,
            ProgressCommand.self,
            WorkshopCommand.self,
        ]
    )
}

/// Options every subcommand takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The kata repository to work in. Default: found from the current folder upward.", valueName: "path"),
        completion: .directory
    )
    var root: String?

    func context() -> CommandContext {
        let environment = ProcessInfo.processInfo.environment
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        return CommandContext(
            workingDirectory: workingDirectory,
            environment: environment,
            console: .standard(environment: environment),
            explicitRoot: root.map { URL(fileURLWithPath: $0, isDirectory: true, relativeTo: workingDirectory) }
        )
    }
}

/// Runs a frontend and turns its status, or its ``KataError``, into the process's exit code.
/// `onInterrupt`: what Ctrl-C does meanwhile (stop the `swift` commands it runs, or let a file
/// change finish). `errorsAsJSON`: a `KataError` is also printed as one JSON object on standard
/// output (`--format json`).
func runFrontend(
    console: Console,
    onInterrupt interruptHandling: InterruptHandling = .exit,
    errorsAsJSON: Bool = false,
    _ body: () throws -> Int32
) throws {
    // A reader who quits the pager, or `kata list | head`, closes the pipe; that is no crash.
    signal(SIGPIPE, SIG_IGN)
    // A write past a file-size limit (`ulimit -f`, some quota setups) would kill kata with
    // SIGXFSZ mid-write; ignored, the write fails with EFBIG and kata explains it like a full disk.
    signal(SIGXFSZ, SIG_IGN)
    let interruptSources = interruptHandling.install()
    defer {
        for source in interruptSources { source.cancel() }
    }
    let status: Int32
    do {
        status = try body()
    } catch let error as KataError {
        console.error(console.style.red("error: ") + error.message)
        if let advice = error.advice { console.error(advice) }
        if errorsAsJSON { console.line(error.json()) }
        throw ExitCode(error.exitCode)
    }
    if status != 0 { throw ExitCode(status) }
}
