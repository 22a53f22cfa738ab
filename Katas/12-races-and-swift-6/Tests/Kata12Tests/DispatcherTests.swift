import Dispatch
import Kata12
import Testing

@Suite("Dispatcher, the production wrapper, in Swift 6")
struct DispatcherTests {
    @Test("runs work on its queue, and that work can dispatch follow-up work through the same dispatcher")
    func followUpWork() async {
        let queue = DispatchQueue(label: "kata12.dispatcher")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 12)
        let dispatcher: any Dispatching = Dispatcher(queue: queue)

        let seen = await withCheckedContinuation { (seen: CheckedContinuation<[Int?], Never>) in
            dispatcher.dispatch {
                let first = DispatchQueue.getSpecific(key: key)
                // The way a retry does it: work that is already on another thread sends more
                // work. The closure captures the dispatcher, so the dispatcher must be Sendable.
                dispatcher.dispatch {
                    seen.resume(returning: [first, DispatchQueue.getSpecific(key: key)])
                }
            }
        }

        #expect(
            seen == [12, 12],
            "Dispatcher(queue:) must run every work item on the queue it was given: queue.async(execute: work).")
    }
}
