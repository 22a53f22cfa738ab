import Dispatch
import Foundation

/// A serial queue that runs nothing until `release()` is called.
///
/// Holding the uploader's callback queue makes a race come out the same way on every run:
/// whatever the uploader queues waits until the test lets it go.
final class HeldQueue {
    let queue = DispatchQueue(label: "held callbacks")
    private let lock = NSLock()
    private var held = true

    init() {
        queue.suspend()
    }

    /// Lets the queue run. Safe to call more than once, from any thread.
    func release() {
        lock.lock()
        defer { lock.unlock() }
        guard held else { return }
        held = false
        queue.resume()
    }

    /// Blocks until everything queued so far has run.
    func drain() {
        release()
        queue.sync {}
    }

    deinit {
        release()  // a dispatch queue must not be destroyed while suspended
    }
}
