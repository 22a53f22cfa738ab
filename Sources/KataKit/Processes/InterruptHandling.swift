import Foundation

/// What Ctrl-C (SIGINT) or SIGTERM does while a `kata` command runs; each command picks one.
///
/// ```swift
/// let sources = InterruptHandling.stopCommands.install()   // before the work
/// defer { sources.forEach { $0.cancel() } }
/// ```
public enum InterruptHandling: Sendable {
    /// The system's default: the process ends at once. For commands that only read, or write one
    /// file in a single step.
    case exit
    /// Stop the commands it runs (`swift build`, `swift test`) with every process they started,
    /// then exit with ``ExitStatus/interrupted`` (check, verify, watch).
    case stopCommands
    /// Wait until the file change in progress is whole, clean up, then exit with
    /// ``ExitStatus/interrupted`` (site). See ``InterruptGuard``.
    case finishFileChanges

    /// Installs the handling; keep the returned sources for as long as the command runs, then
    /// cancel them.
    public func install() -> [DispatchSourceSignal] {
        switch self {
        case .exit: []
        case .stopCommands: RunningCommands.stopOnInterrupt()
        case .finishFileChanges: InterruptGuard.install()
        }
    }
}
