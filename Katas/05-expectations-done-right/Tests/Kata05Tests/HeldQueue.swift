import Dispatch
import Foundation
import Kata05

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

/// What completion handlers received, and whether each call came from a block on the queue
/// marked with `key`. Safe to record from any thread.
final class CallLog {
    struct Call {
        let label: String
        let result: Result<URL, UploadError>
        let onCallbackQueue: Bool
    }

    private let lock = NSLock()
    private var recorded: [Call] = []

    func record(_ label: String, _ result: Result<URL, UploadError>, onQueueMarkedWith key: DispatchSpecificKey<Bool>) {
        let call = Call(label: label, result: result, onCallbackQueue: DispatchQueue.getSpecific(key: key) == true)
        lock.lock()
        defer { lock.unlock() }
        recorded.append(call)
    }

    var calls: [Call] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func calls(labelled label: String) -> [Call] {
        calls.filter { $0.label == label }
    }
}

/// How many times `upload(_:completion:)` calls back for `receipt` when the transport answers
/// `reply` at once. The callback queue is held while the upload starts, then drained, so every
/// call the uploader queued has run when the count is read: no waiting on the clock.
///
/// A test that awaits a continuation resumed from the completion needs exactly one call: with
/// none it is suspended forever (Swift Testing has no default time limit), with two the run
/// crashes. Count first, then await.
func callbackCount(uploading receipt: Receipt, reply: FakeReply) -> Int {
    let probe = HeldQueue()
    let onProbeQueue = DispatchSpecificKey<Bool>()
    probe.queue.setSpecific(key: onProbeQueue, value: true)
    let log = CallLog()
    ReceiptUploader(transport: FakeTransport(autoReply: reply), callbackQueue: probe.queue)
        .upload(receipt) { log.record("probe", $0, onQueueMarkedWith: onProbeQueue) }
    probe.drain()
    return log.calls.count
}
