import Foundation

/// The terminal's input settings, changed so single keys count and are not echoed, and put back.
///
/// One per process, because the terminal is: the saved settings are restored by ``restore()``
/// or, as a safety net, when the process exits, so a learner is never left with a terminal that
/// does not echo what they type.
final class TerminalInputMode: Sendable {
    static let shared = TerminalInputMode()

    private let state = Locked(State())

    private struct State {
        var saved: (descriptor: Int32, settings: termios)?
        var restoresAtExit = false
    }

    /// Turns off line editing (each key is read at once) and echo; Ctrl-C still interrupts.
    func enterSingleKeyMode(_ descriptor: Int32) {
        state.withLock { state in
            var settings = termios()
            guard state.saved == nil, tcgetattr(descriptor, &settings) == 0 else { return }
            state.saved = (descriptor, settings)
            settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
            withUnsafeMutableBytes(of: &settings.c_cc) { characters in
                characters[Int(VMIN)] = 1
                characters[Int(VTIME)] = 0
            }
            tcsetattr(descriptor, TCSANOW, &settings)
            if !state.restoresAtExit {
                state.restoresAtExit = true
                atexit { TerminalInputMode.shared.restore() }
            }
        }
    }

    func restore() {
        state.withLock { state in
            guard let (descriptor, settings) = state.saved else { return }
            var original = settings
            tcsetattr(descriptor, TCSANOW, &original)
            state.saved = nil
        }
    }
}
