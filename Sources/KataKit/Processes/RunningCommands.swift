import Foundation

/// The commands running now, so that Ctrl-C can stop them too: the terminal sends SIGINT only
/// to kata's own process group, and the commands run in groups of their own.
public final class RunningCommands: Sendable {
    public static let shared = RunningCommands()
    private let processes = Locked<Set<pid_t>>([])
    private let interrupted = Locked(false)

    func insert(_ pid: pid_t) { processes.withLock { _ = $0.insert(pid) } }
    func remove(_ pid: pid_t) { processes.withLock { _ = $0.remove(pid) } }

    /// A command that ended because Ctrl-C stopped it has no result worth reporting: its caller
    /// would record a failure the learner never had. So its thread waits here for the interrupt
    /// handler, which exits the process.
    func waitIfInterrupted() {
        guard interrupted.value else { return }
        while true { sleep(60) }
    }

    /// Stops every running command and every process it started.
    public func stopAll() {
        ProcessTree.stop(Array(processes.value))
    }

    /// On SIGINT or SIGTERM, stops the running commands and exits with 130 (interrupted).
    /// Nothing is recorded for an interrupted check, so the progress file stays as it was.
    public static func stopOnInterrupt() -> [DispatchSourceSignal] {
        InterruptSignals.handle {
            shared.interrupted.withLock { $0 = true }
            // try?: with standard error closed, FileHandle.write(_:) would trap.
            try? FileHandle.standardError.write(contentsOf: Data("\nInterrupted; stopping the tests…\n".utf8))
            shared.stopAll()
            try? FileHandle.standardError.write(
                contentsOf: Data("Interrupted; the tests were stopped and nothing was recorded.\n".utf8))
            exit(ExitStatus.interrupted)
        }
    }
}
