import Foundation
import Testing

@testable import Kata01

// The time limit is a ceiling a passing run never reaches; a dispatcher that never runs its work
// fails within a second instead (see `sighting(_:)`).
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

    static let neverRan: Comment = """
        The work never ran within a second: Dispatcher.dispatch(_:) must hand it to the queue it \
        was given, queue.async { work() }, not drop it.
        """

    /// Starts `scenario`, which reports what the dispatched work saw through the function it is
    /// handed, and waits at most a second for that report: nil when the work never ran. Work that
    /// runs comes back in milliseconds; only a dispatcher that drops it makes the test wait.
    static func sighting(_ scenario: (@escaping (Sighting) -> Void) -> Void) async -> Sighting? {
        await withCheckedContinuation { (done: CheckedContinuation<Sighting?, Never>) in
            let once = ResumeOnce(done)
            scenario { once.resume(returning: $0) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 1) { once.resume(returning: nil) }
        }
    }

    @Test("runs the work later, on the queue it was given")
    func runsLaterOnItsQueue() async {
        let queue = DispatchQueue(label: "kata01.dispatcher-queue")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let dispatcher = Dispatcher(queue: queue)

        // First from a thread of the test's own, which GCD never runs queued work on. Work
        // sent with queue.async runs on one of GCD's threads; a dispatcher that waits for the
        // work (queue.sync) runs it right here, on the calling thread.
        let sightingFromAThread = await Self.sighting { seen in
            let caller = Thread {
                Thread.current.threadDictionary[Self.callerMark] = true
                dispatcher.dispatch {
                    seen(
                        Sighting(
                            ranOnGivenQueue: DispatchQueue.getSpecific(key: key) == true,
                            ranOnCallersThread: Thread.current.threadDictionary[Self.callerMark] != nil))
                }
            }
            caller.start()
        }
        guard let fromAThread = sightingFromAThread else {
            Issue.record(Self.neverRan)
            return
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
        let sightingFromItsQueue = await Self.sighting { seen in
            queue.async {
                var dispatchHadReturned = false
                dispatcher.dispatch {
                    seen(
                        Sighting(
                            ranOnGivenQueue: DispatchQueue.getSpecific(key: key) == true,
                            dispatchHadReturned: dispatchHadReturned))
                }
                dispatchHadReturned = true
            }
        }
        guard let fromItsQueue = sightingFromItsQueue else {
            Issue.record(Self.neverRan)
            return
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
