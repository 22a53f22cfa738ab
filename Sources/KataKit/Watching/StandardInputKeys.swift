import Foundation

/// Keys from standard input, one byte at a time.
///
/// On a terminal, input is normally handed over a line at a time and echoed; here each key
/// counts at once and is not shown, and the terminal is put back as it was when the source
/// stops, and also when the process exits on its own (Ctrl-C ends `kata watch` with `exit`).
/// From a pipe the bytes are read as they come, so a script or a test can drive the command.
/// At the end of the input, keys simply stop coming.
public final class StandardInputKeys: KeySource, Sendable {
    private let fileDescriptor: Int32
    private let isStopped = Locked(false)

    public init(fileDescriptor: Int32 = STDIN_FILENO) {
        self.fileDescriptor = fileDescriptor
    }

    public func start(onKey: @escaping @Sendable (UInt8) -> Void) throws {
        if isatty(fileDescriptor) == 1 { TerminalInputMode.shared.enterSingleKeyMode(fileDescriptor) }
        let descriptor = fileDescriptor
        // A thread of its own, because it spends its life blocked in read(2); when the command
        // ends, the process ends with it.
        let reader = Thread { [weak self] in
            var byte: UInt8 = 0
            while true {
                let count = read(descriptor, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1, let self, !self.isStopped.value else { return }
                onKey(byte)
            }
        }
        reader.name = "kata keys"
        reader.start()
    }

    public func stop() {
        isStopped.withLock { $0 = true }
        TerminalInputMode.shared.restore()
    }
}
