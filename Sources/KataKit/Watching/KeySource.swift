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
