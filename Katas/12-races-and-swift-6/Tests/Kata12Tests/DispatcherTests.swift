import Dispatch
import Kata12
import Testing

@Suite("Dispatcher, the production wrapper, in Swift 6")
struct DispatcherTests {
    @Test("runs work on its queue, and that work can dispatch follow-up work through the same dispatcher")
    func followUpWork() {
        let queue = DispatchQueue(label: "kata12.dispatcher")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 12)
        let dispatcher: any Dispatching = Dispatcher(queue: queue)

        // What the follow-up work saw, written before `done` is signalled and read after.
        final class Sighting: @unchecked Sendable {
            var queues: [Int?] = []
        }
        let sighting = Sighting()
        let done = DispatchSemaphore(value: 0)
        dispatcher.dispatch {
            let first = DispatchQueue.getSpecific(key: key)
            // The way a retry does it: work that is already on another thread sends more
            // work. The closure captures the dispatcher, so the dispatcher must be Sendable.
            dispatcher.dispatch {
                sighting.queues = [first, DispatchQueue.getSpecific(key: key)]
                done.signal()
            }
        }
        // Work on a queue of its own runs in milliseconds; only a dispatcher that drops it
        // makes the test wait, a second at most, and then fail instead of hanging the run.
        guard done.wait(timeout: .now() + 1) == .success else {
            Issue.record(
                """
                The work never ran within a second: Dispatcher.dispatch(_:) must hand it to the \
                queue it was given, queue.async(execute: work), not drop it.
                """)
            return
        }
        let seen = sighting.queues

        #expect(
            seen == [12, 12],
            "Dispatcher(queue:) must run every work item on the queue it was given: queue.async(execute: work).")
    }
}
