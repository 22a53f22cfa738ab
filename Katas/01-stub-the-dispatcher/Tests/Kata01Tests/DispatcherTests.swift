import Dispatch
import Testing

@testable import Kata01

// The time limit is a ceiling a passing run never reaches: it stops a dispatcher that never
// runs its work from hanging the test run.
@Suite("Dispatcher, the one the app uses", .timeLimit(.minutes(1)))
struct DispatcherTests {
    /// What the dispatched work saw when it ran.
    struct Sighting {
        var ranOnGivenQueue: Bool
        var dispatchHadReturned: Bool
    }

    @Test("runs the work later, on the queue it was given")
    func runsLaterOnItsQueue() async {
        let queue = DispatchQueue(label: "kata01.dispatcher-queue")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let dispatcher = Dispatcher(queue: queue)

        // Calls dispatch from a block that runs on `queue` itself. The queue is serial,
        // so work sent there with async can only start after this block has finished.
        // (If the test run crashes here with `_dispatch_sync_f_slow` in the backtrace,
        // Dispatcher uses queue.sync: waiting on the queue you are already on is a
        // deadlock, and libdispatch stops the process instead of hanging.)
        let sighting = await withCheckedContinuation { (seen: CheckedContinuation<Sighting, Never>) in
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
            sighting.ranOnGivenQueue,
            "Dispatcher(queue:) should run the work on the queue it was given: queue.async { work() }.")
        #expect(
            sighting.dispatchHadReturned,
            """
            The work ran before dispatch(_:) returned. The production dispatcher must not \
            run work in place: that is the stub's job. Use queue.async { work() }.
            """)
    }
}
