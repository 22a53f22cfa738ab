import Foundation

/// The commands running now, so that Ctrl-C can stop them too: the terminal sends SIGINT only
/// to kata's own process group, and the commands run in groups of their own.
public final class RunningCommands: @unchecked Sendable {
    public static let shared = RunningCommands()
    private let lock = NSLock()
    private var processes: Set<pid_t> = []
    private var interrupted = false

    func insert(_ pid: pid_t) { lock.withLock { _ = processes.insert(pid) } }
    func remove(_ pid: pid_t) { lock.withLock { _ = processes.remove(pid) } }

    /// A command that ended because Ctrl-C stopped it has no result worth reporting: its caller
    /// would record a failure the learner never had. So its thread waits here for the interrupt
    /// handler, which exits the process.
    func waitIfInterrupted() {
        guard lock.withLock({ interrupted }) else { return }
        while true { sleep(60) }
    }

    /// Stops every running command and every process it started.
    public func stopAll() {
        ProcessTree.stop(Array(lock.withLock { processes }))
    }

    /// On SIGINT or SIGTERM, stops the running commands and exits with 130 (interrupted).
    /// Nothing is recorded for an interrupted check, so the progress file stays as it was.
    public static func stopOnInterrupt() -> [DispatchSourceSignal] {
        InterruptSignals.handle {
            shared.lock.withLock { shared.interrupted = true }
            // try?: with standard error closed, FileHandle.write(_:) would trap.
            try? FileHandle.standardError.write(contentsOf: Data("\nInterrupted; stopping the tests…\n".utf8))
            shared.stopAll()
            try? FileHandle.standardError.write(contentsOf: Data("Interrupted; the tests were stopped and nothing was recorded.\n".utf8))
            exit(ExitStatus.interrupted)
        }
    }
}
