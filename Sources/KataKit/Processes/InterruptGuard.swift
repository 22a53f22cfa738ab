import Foundation

/// Ctrl-C for commands that change files (`kata site`): the interrupt waits until the change in
/// progress is whole, cleans up what was only half made, says what state things are in, and
/// exits with 130.
///
/// Without it, Ctrl-C between the two renames that swap a new site in would leave no `site/` at
/// all. Writers wrap each step in ``whole(_:)``; once the handler holds the lock, the next step
/// never starts.
///
/// ```swift
/// let sources = InterruptGuard.install()               // in the command, before the work
/// InterruptGuard.shared.whole { try write(file) }      // in the writer, per step
/// ```
public final class InterruptGuard: @unchecked Sendable {
    public static let shared = InterruptGuard()

    private let lock = NSLock()
    private var cleanup: (@Sendable () -> Void)?
    private var message = "Interrupted; nothing was changed."
    /// Set before the handler waits for the lock: a lock is not fair, and a writer that takes it
    /// again at once for its next step would otherwise run to the end before the interrupt.
    private let interrupted = Locked(false)

    /// Runs `body` so that an interrupt waits for it to finish; once interrupted, no further
    /// step starts (the thread waits for the handler to end the process).
    public func whole<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        if interrupted.value {
            lock.unlock()
            while true { sleep(60) }
        }
        return try body()
    }

    /// What an interrupt from now on must undo (remove a staging folder), and what it then says.
    /// Call it inside ``whole(_:)`` so that the state and the message change together.
    public func onInterrupt(say message: String, cleanup: (@Sendable () -> Void)? = nil) {
        self.message = message
        self.cleanup = cleanup
    }

    /// On SIGINT or SIGTERM: wait for the step in progress, clean up, explain, exit 130.
    public static func install() -> [DispatchSourceSignal] {
        InterruptSignals.handle {
            shared.interrupted.withLock { $0 = true }
            // Never released: the process ends holding it, so no further step starts.
            shared.lock.lock()
            shared.cleanup?()
            try? FileHandle.standardError.write(contentsOf: Data("\n\(shared.message)\n".utf8))
            exit(ExitStatus.interrupted)
        }
    }
}
