import Foundation

/// `kata workshop room`: the facilitator's view of the room, from learners' progress reports
/// (a folder of `progress.json` files, as `gh run download` leaves them) and, when asked with
/// `runLearnerCode`, from learners' clones, whose katas it runs here. It prints a table and,
/// with `html`, writes one static page (``RoomPage``).
///
/// ```swift
/// let status = try RoomFrontend(context: context).run(
///     paths: ["reports"], html: "room.html")
/// // Learner  01 02 03  passed
/// // ada      ✔  ✘  ·   1 of 3
/// ```
public struct RoomFrontend: Sendable {
    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    /// `paths`: folders of progress reports; `clones`: folders of learners' clones, read only
    /// with `runLearnerCode`. Exits 0 when the room was shown, even with unreadable inputs
    /// (they are listed).
    public func run(
        paths: [String], clones: [String] = [], runLearnerCode: Bool = false, jobs: Int? = nil,
        timeout: Duration? = .seconds(120), html: String? = nil
    ) throws -> Int32 {
        guard !paths.isEmpty || !clones.isEmpty else {
            throw KataError(
                .usage, "Name a folder of progress reports, e.g. `kata workshop room reports --html room.html`.",
                advice:
                    "Download the reports with `gh run download --repo ORG/REPO --name progress --dir reports/REPO`.")
        }
        if !clones.isEmpty, !runLearnerCode {
            throw KataError(
                .usage,
                "Running the katas of learners' clones executes their code on this machine, so it needs "
                    + "--run-learner-code.",
                advice:
                    "Pass --run-learner-code if you trust the clones (or run it in a container), or give the room the "
                    + "progress reports their workflows uploaded instead."
            )
        }
        let catalog = try context.catalog()
        let console = context.console
        var room = Room(katas: catalog.katas)
        for path in paths {
            let folder = URL(fileURLWithPath: path, isDirectory: true, relativeTo: context.workingDirectory)
            try requireFolder(folder, path: path)
            RoomReportReader.read(folder: folder, into: &room)
        }
        if !clones.isEmpty {
            var runner = context.runner
            runner.timeout = timeout
            let cloneRunner = RoomCloneRunner(
                runner: runner, swift: try runner.swiftExecutable(), jobs: jobs ?? VerifyFrontend.defaultJobs)
            let showsProgress = console.isTerminal
            for path in clones {
                let folder = URL(fileURLWithPath: path, isDirectory: true, relativeTo: context.workingDirectory)
                try requireFolder(folder, path: path)
                cloneRunner.measure(clones: folder, into: &room) { done, total in
                    if showsProgress { console.write(console.style.dim("ran \(done) of \(total) katas…") + "\r") }
                }
            }
        }
        console.write(RoomTable.text(room, style: console.style))
        if let html {
            let file = URL(fileURLWithPath: html, relativeTo: context.workingDirectory).standardizedFileURL
            do {
                try Data(RoomPage.html(room).utf8).write(to: file, options: .atomic)
            } catch {
                throw KataError(
                    .fileSystem, "Could not write the room page to \(file.path): \(FileSystemFailure.reason(of: error))"
                )
            }
            console.line("Wrote \(file.path): open it in a browser.")
        }
        return ExitStatus.success
    }

    private func requireFolder(_ folder: URL, path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw KataError(
                .usage, "\(path) is not a folder.",
                advice: "Name the folder the reports were downloaded to, e.g. `kata workshop room reports`.")
        }
    }
}
