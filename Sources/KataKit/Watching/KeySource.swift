import Foundation

/// Where the keys a learner presses come from, for commands that react to single keys.
///
/// ```swift
/// let keys = StandardInputKeys()
/// try keys.start { key in if key == UInt8(ascii: "q") { print("quit") } }
/// defer { keys.stop() }
/// ```
public protocol KeySource: Sendable {
    /// Starts handing each key, one byte each, to `onKey` on a thread of the source's own.
    func start(onKey: @escaping @Sendable (UInt8) -> Void) throws
    /// Stops handing keys on, and gives back whatever it took (the terminal's settings).
    func stop()
}

/// Keys from standard input, one byte at a time.
///
/// On a terminal, input is normally handed over a line at a time and echoed; here each key
/// counts at once and is not shown, and the terminal is put back as it was when the source
/// stops, and also when the process exits on its own (Ctrl-C ends `kata watch` with `exit`).
/// From a pipe the bytes are read as they come, so a script or a test can drive the command.
/// At the end of the input, keys simply stop coming.
public final class StandardInputKeys: KeySource, @unchecked Sendable {
    private let fileDescriptor: Int32
    private let lock = NSLock()
    private var isStopped = false

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
                guard count == 1, let self, !self.lock.withLock({ self.isStopped }) else { return }
                onKey(byte)
            }
        }
        reader.name = "kata keys"
        reader.start()
    }

    public func stop() {
        lock.withLock { isStopped = true }
        TerminalInputMode.shared.restore()
    }
}

/// The terminal's input settings, changed so single keys count and are not echoed, and put back.
///
/// One per process, because the terminal is: the saved settings are restored by ``restore()``
/// or, as a safety net, when the process exits, so a learner is never left with a terminal that
/// does not echo what they type.
final class TerminalInputMode: @unchecked Sendable {
    static let shared = TerminalInputMode()

    private let lock = NSLock()
    private var saved: (descriptor: Int32, settings: termios)?
    private var restoresAtExit = false

    /// Turns off line editing (each key is read at once) and echo; Ctrl-C still interrupts.
    func enterSingleKeyMode(_ descriptor: Int32) {
        lock.withLock {
            var settings = termios()
            guard saved == nil, tcgetattr(descriptor, &settings) == 0 else { return }
            saved = (descriptor, settings)
            settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &settings.c_cc) { characters in
                characters[Int(VMIN)] = 1
                characters[Int(VTIME)] = 0
            }
            tcsetattr(descriptor, TCSANOW, &settings)
            if !restoresAtExit {
                restoresAtExit = true
                atexit { TerminalInputMode.shared.restore() }
            }
        }
    }

    func restore() {
        lock.withLock {
            guard let (descriptor, settings) = saved else { return }
            var original = settings
            tcsetattr(descriptor, TCSANOW, &original)
            saved = nil
        }
    }
}
