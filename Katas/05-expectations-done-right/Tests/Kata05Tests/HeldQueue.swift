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

/// What `upload(_:) async` gave back within a second: its URL or its error, or nil when it had not
/// returned by then. A bridge that never resumes its continuation suspends the test forever
/// (Swift Testing has no default timeout); here the test fails by name a second later instead.
/// The second is counted only when something is wrong: a bridge that returns ends the wait at once.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
func answerWithinASecond(_ upload: @escaping () async throws -> URL) async -> Result<URL, any Error>? {
    await withCheckedContinuation { (done: CheckedContinuation<Result<URL, any Error>?, Never>) in
        let once = AnswerOnce(done)
        Task {
            do {
                once.resume(returning: .success(try await upload()))
            } catch {
                once.resume(returning: .failure(error))
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { once.resume(returning: nil) }
    }
}

/// Resumes its continuation with the first answer only: the bridge's, or the second's end.
final class AnswerOnce<Value> {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, Never>?

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = continuation
    }

    func resume(returning value: Value) {
        lock.lock()
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: value)
    }
}
