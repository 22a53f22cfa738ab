import Foundation
import Kata21
import Testing

/// The same promise, seen from Swift Testing.
///
/// `confirmation` would not wait for a callback queued for later: it checks its count the moment
/// its body returns. A checked continuation does wait: the test is suspended until the completion
/// resumes it. A continuation must be resumed exactly once, so the completion resumes it through a
/// gate that lets the first call through and counts any other: a second call fails the test
/// instead of crashing the whole run.
@Suite("Awaiting a lookup")
struct AwaitingALookupTests {
    @Test("found addresses can be awaited through a checked continuation, and arrive once")
    func foundAddressesCanBeAwaited() async {
        let callbacks = DispatchQueue(label: "kata21.awaited-callbacks")
        let asking = DispatchQueue(label: "kata21.asking")
        let directory = ManualDirectory()
        directory.answerAtOnce(with: .success([Address(line: "14 Alma Road", postcode: "SW18 1AA")]))
        let lookup = AddressLookup(directory: directory, callbackQueue: callbacks)
        let gate = FirstCallGate()
        let resume = FirstCallGate()

        let result: Result<[Address], LookupError>? = await withCheckedContinuation { continuation in
            // The directory answers inside `fetchAddresses`, on the thread that called `lookUp`. The
            // lookup is called from a queue of the test's own, so that a lookup that waits for itself
            // there holds that queue, not this task: the continuation's body returns at once, and the
            // deadline below still ends the wait.
            asking.async {
                lookup.lookUp("SW18 1AA") { result in
                    if gate.letThrough(), resume.letThrough() { continuation.resume(returning: result) }
                }
            }
            // A bound on the wait: a lookup that never calls back fails this test after a second,
            // instead of holding the whole run. A passing run never gets here first.
            DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
                if resume.letThrough() { continuation.resume(returning: nil) }
            }
        }
        if result != nil { asking.sync {} }  // lookUp has returned: all it queued on callbacks is queued...
        callbacks.sync {}  // ...and a second call, if any, has run by now

        #expect(
            result != nil,
            """
            completion never ran (waited a second): every lookup that is not cancelled calls completion, \
            in a block on callbackQueue, on every path, found addresses included, even when the directory \
            answers inside fetchAddresses.
            """)
        #expect(result == .success([Address(line: "14 Alma Road", postcode: "SW18 1AA")]))
        #expect(gate.turnedAway == 0, "completion ran more than once for one lookup")
    }
}

/// Lets the first call through and counts the others. Safe from any thread.
final class FirstCallGate: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0

    func letThrough() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        calls += 1
        return calls == 1
    }

    var turnedAway: Int {
        lock.lock()
        defer { lock.unlock() }
        return max(0, calls - 1)
    }
}
