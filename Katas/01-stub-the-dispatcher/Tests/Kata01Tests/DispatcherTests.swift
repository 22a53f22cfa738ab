import Foundation
import Testing

@testable import Kata01

// The time limit is a ceiling a passing run never reaches: it stops a dispatcher that never
// runs its work from hanging the test run.
@Suite("Dispatcher, the one the app uses", .timeLimit(.minutes(1)))
struct DispatcherTests {
    /// What the dispatched work saw when it ran.
    struct Sighting {
        var ranOnGivenQueue: Bool
        var ranOnCallersThread = false
        var dispatchHadReturned = false
    }

    /// Marks the thread that calls `dispatch`, so the work can tell whether it runs there.
    static let callerMark = "kata01.calls-dispatch"

    @Test("runs the work later, on the queue it was given")
    func runsLaterOnItsQueue() async {
        let queue = DispatchQueue(label: "kata01.dispatcher-queue")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let dispatcher = Dispatcher(queue: queue)

        // First from a thread of the test's own, which GCD never runs queued work on. Work
        // sent with queue.async runs on one of GCD's threads; a dispatcher that waits for the
        // work (queue.sync) runs it right here, on the calling thread.
        let fromAThread = await withCheckedContinuation { (seen: CheckedContinuation<Sighting, Never>) in
            let caller = Thread {
                Thread.current.threadDictionary[Self.callerMark] = true
                dispatcher.dispatch {
                    seen.resume(
                        returning: Sighting(
                            ranOnGivenQueue: DispatchQueue.getSpecific(key: key) == true,
                            ranOnCallersThread: Thread.current.threadDictionary[Self.callerMark] != nil))
                }
            }
            caller.start()
        }

        #expect(
            fromAThread.ranOnGivenQueue,
            "Dispatcher(queue:) should run the work on the queue it was given: queue.async { work() }.")
        #expect(
            !fromAThread.ranOnCallersThread,
            """
            The work ran on the thread that called dispatch(_:), before dispatch returned: the \
            production dispatcher waited for the work (queue.sync does that). It must hand the \
            work over and return at once, so the app's load() never blocks. Use queue.async { work() }.
            """)
        // A dispatcher that waits for the work would deadlock below, so stop here.
        guard !fromAThread.ranOnCallersThread else { return }

        // Then from a block that runs on `queue` itself. The queue is serial, so work sent
        // there with async can only start after this block has finished.
        let fromItsQueue = await withCheckedContinuation { (seen: CheckedContinuation<Sighting, Never>) in
            queue.async {
                var dispatchHadReturned = false
                dispatcher.dispatch {
                    seen.resume(
                        returning: Sighting(
                            ranOnGivenQueue: DispatchQueue.getSpecific(key: key) == true,
                            dispatchHadReturned: dispatchHadReturned))
                }
                dispatchHadReturned = true
            }
        }

        #expect(
            fromItsQueue.ranOnGivenQueue,
            "Dispatcher(queue:) should run the work on the queue it was given: queue.async { work() }.")
        #expect(
            fromItsQueue.dispatchHadReturned,
            """
            The work ran before dispatch(_:) returned. The production dispatcher must not \
            run work in place: that is the stub's job. Use queue.async { work() }.
            """)
    }
}
