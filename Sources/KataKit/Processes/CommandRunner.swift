import Foundation

/// Runs the tools the `kata` command builds on (`swift build`, `swift test`).
///
/// Foundation's `Process` is used on purpose rather than swift-subprocess: it ships with the
/// toolchain, so it adds nothing to a learner's first build, and it does all this needs.
public struct CommandRunner: Sendable {
    /// The environment the commands see; its `PATH` is where executables are looked up.
    public var environment: [String: String]
    /// How long a command may run before it and every process it started are stopped; nil for
    /// no limit. A deadlocked test would otherwise hang `kata check` forever.
    public var timeout: Duration?
    /// How many bytes a command may print before it and every process it started are stopped;
    /// nil for no limit. A learner's test that prints without end would otherwise fill the memory.
    public var outputLimit: Int? = nil
    /// Whether processes the command left running in its process group (a test that started a
    /// child and did not wait for it) are killed when it ends. Untrusted code is run this way.
    public var killsLeftovers = false

    public init(environment: [String: String], timeout: Duration? = nil) {
        self.environment = environment
        self.timeout = timeout
    }

    /// The full path of `name` on `PATH`, or nil.
    public func executable(named name: String) -> URL? {
        let path = environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The `swift` driver, or an error that says how to get one.
    public func swiftExecutable() throws -> URL {
        guard let swift = executable(named: "swift") else {
            throw KataError(
                .toolUnavailable,
                "The `swift` command was not found on your PATH, and kata needs it to build and test the katas.",
                advice: "Install Swift 6 (https://www.swift.org/install) "
                    + "and make sure `swift --version` works in this shell."
            )
        }
        return swift
    }

    /// Runs `executable` with `arguments` in `directory` and waits for it to finish. Each chunk
    /// of output is also handed to `onOutput` as it arrives, for commands that show progress.
    public func run(
        _ executable: URL,
        _ arguments: [String],
        in directory: URL,
        onOutput: (@Sendable (String) -> Void)? = nil
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        // Not `waitUntilExit()`: on Linux it polls the run loop every 50 ms, which is up to 50 ms
        // added to every check. The termination handler says at once.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw KataError(
                .toolUnavailable,
                "Could not start \(executable.path): \(FileSystemFailure.reason(of: error))",
                advice: "Check that it is installed and executable."
            )
        }
        let started = ContinuousClock.now
        let pid = process.processIdentifier
        RunningCommands.shared.insert(pid)
        defer { RunningCommands.shared.remove(pid) }
        let timedOut = Locked(false)
        if let timeout {
            let seconds = timeout.seconds
            // Weakly: the timer outlives a quick command, and a process it held would keep its
            // pipe open until the deadline. `kata verify --repeat 200` ran out of descriptors so.
            let killsLeftovers = killsLeftovers
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [weak process] in
                // Gone: the command ended and was read to the end before its limit.
                guard let process else { return }
                // Foundation may still call a command running that has ended (a zombie it has not
                // collected, while an orphan holds the output): the process table knows better.
                if process.isRunning, ProcessTree.isAlive(pid) {
                    timedOut.withLock { $0 = true }
                    // The whole tree: `swift test` runs the tests in a process group of their own.
                    ProcessTree.stop([pid])
                }
                // And the command's own group, where an orphan the tree no longer shows may hold
                // the output open after the command ended: a crashed test's `swift-backtrace`,
                // adopted by init.
                if killsLeftovers { kill(-pid, SIGKILL) }
            }
        }
        var data = Data()
        var printedTooMuch = false
        let reader = pipe.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            if let outputLimit, data.count + chunk.count > outputLimit {
                if !printedTooMuch {
                    printedTooMuch = true
                    data.append(chunk.prefix(max(0, outputLimit - data.count)))
                    ProcessTree.stop([pid])
                }
                continue  // drain what is left in the pipe, so the writer's end closes
            }
            data.append(chunk)
            onOutput?(String(decoding: chunk, as: UTF8.self))
        }
        // Foundation reaps the command and says so; should it miss the exit (seen on Linux once a
        // test crashed under load: a zombie for minutes, and kata waiting on it), kata reaps it.
        var reapedStatus: Int32?
        while exited.wait(timeout: .now() + 1) == .timedOut {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                reapedStatus = status
                break
            }
        }
        try? reader.close()
        if killsLeftovers {
            // Foundation starts the command as the leader of a process group of its own; whatever
            // is still in that group now outlived it.
            kill(-pid, SIGKILL)
        }
        RunningCommands.shared.waitIfInterrupted()
        // A status waitpid gave: the low seven bits are the signal that ended it, if any.
        let signal = reapedStatus.map { $0 & 0x7f }
        var result = CommandResult(
            exitCode: reapedStatus.map { signal == 0 ? ($0 >> 8) & 0xff : signal! } ?? process.terminationStatus,
            wasSignaled: signal.map { $0 != 0 } ?? (process.terminationReason == .uncaughtSignal),
            timedOut: timedOut.value,
            output: String(decoding: data, as: UTF8.self)
        )
        result.printedTooMuch = printedTooMuch
        CommandTrace.record(
            executable: executable, arguments: arguments, in: directory,
            seconds: (ContinuousClock.now - started).seconds,
            result: result, to: environment[CommandTrace.variable])
        return result
    }
}
