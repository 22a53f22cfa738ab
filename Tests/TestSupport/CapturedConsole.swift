import KataKit

/// A console that keeps what it is told, for tests to read.
public final class CapturedConsole: Sendable {
    private let written = Locked((output: "", errors: ""))

    public init() {}

    public var output: String { written.value.output }
    public var errors: String { written.value.errors }

    public func console(isTerminal: Bool = false) -> Console {
        Console(
            style: TextStyle(enabled: false),
            isTerminal: isTerminal,
            writeOutput: { text in self.written.withLock { $0.output += text } },
            writeError: { text in self.written.withLock { $0.errors += text } }
        )
    }
}
