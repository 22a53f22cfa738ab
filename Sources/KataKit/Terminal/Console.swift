import Foundation

/// Where a command writes, and how it may style what it writes.
///
/// Commands never call `print`: they are handed a console, so tests can capture everything a
/// command says. Colour is used only on a terminal and never when `NO_COLOR` is set
/// (https://no-color.org):
///
/// ```swift
/// let console = Console.standard(environment: ProcessInfo.processInfo.environment)
/// console.line(console.style.green("PASSED"))
/// ```
public final class Console: Sendable {
    public let style: TextStyle
    /// True when standard output is a terminal (so paging and spinners make sense).
    public let isTerminal: Bool
    /// One write at a time, so lines from several threads never interleave.
    private let writing = Locked(())
    private let writeOutput: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void

    public init(
        style: TextStyle,
        isTerminal: Bool,
        writeOutput: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void
    ) {
        self.style = style
        self.isTerminal = isTerminal
        self.writeOutput = writeOutput
        self.writeError = writeError
    }

    /// Standard output and standard error of this process.
    public static func standard(environment: [String: String]) -> Console {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        let colors = isTerminal && environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
        return Console(
            style: TextStyle(enabled: colors),
            isTerminal: isTerminal,
            // `kata list | head` closes the pipe early; the reader has what it wanted, so a
            // failed write is dropped rather than crashing (FileHandle.write(_:) would trap).
            writeOutput: { try? FileHandle.standardOutput.write(contentsOf: Data($0.utf8)) },
            writeError: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) }
        )
    }

    public func write(_ text: String) {
        writing.withLock { _ in writeOutput(text) }
    }

    public func line(_ text: String = "") {
        write(text + "\n")
    }

    /// A problem, on standard error.
    public func error(_ text: String) {
        writing.withLock { _ in writeError(text + "\n") }
    }
}
