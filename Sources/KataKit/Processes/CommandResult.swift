import Foundation

/// The result of running a command to completion.
public struct CommandResult: Sendable, Equatable {
    public var exitCode: Int32
    /// True when the command was killed by a signal (a crash such as `main.sync` on main, or a kill).
    public var wasSignaled: Bool
    /// True when the command ran past its time limit and was stopped.
    public var timedOut = false
    /// True when the command printed more than its output limit and was stopped; `output` then
    /// holds what came before the limit.
    public var printedTooMuch = false
    /// Standard output and standard error, interleaved as the command wrote them.
    public var output: String

    public init(exitCode: Int32, wasSignaled: Bool = false, timedOut: Bool = false, output: String) {
        self.exitCode = exitCode
        self.wasSignaled = wasSignaled
        self.timedOut = timedOut
        self.output = output
    }

    public var succeeded: Bool { exitCode == 0 && !wasSignaled }
}
