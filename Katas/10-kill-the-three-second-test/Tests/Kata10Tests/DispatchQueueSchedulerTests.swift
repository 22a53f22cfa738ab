import Dispatch
import Testing

@testable import Kata10

// The production scheduler, checked without waiting on the clock: a zero delay, a private serial
// queue that the test suspends and resumes, and `queue.sync {}` as a barrier. Once the barrier
// returns, everything that was put on the queue before it has run.
@Suite("DispatchQueueScheduler, the production scheduler")
struct DispatchQueueSchedulerTests {
    static let queueName = DispatchSpecificKey<String>()

    let queue: DispatchQueue

    init() {
        queue = DispatchQueue(label: "kata10.outbox-scheduler-test")
        queue.setSpecific(key: Self.queueName, value: "outbox-scheduler-test")
    }

    @Test("runs the work later, on the queue it was given")
    func runsOnItsQueue() {
        let scheduler: any Scheduling = DispatchQueueScheduler(queue: queue)
        var ranOn: String?? = .none

        queue.suspend()
        scheduler.schedule(after: .zero) { ranOn = DispatchQueue.getSpecific(key: Self.queueName) }
        #expect(
            ranOn == .none,
            "schedule(after:_:) must return before the work runs: use queue.asyncAfter(deadline:execute:).")
        queue.resume()
        queue.sync {}

        #expect(
            ranOn == .some("outbox-scheduler-test"),
            "The work must run on the queue passed to DispatchQueueScheduler(queue:). It ran \(ranOn == nil ? "never" : "on another queue")."
        )
    }

    @Test("cancelled work never runs")
    func cancelled() {
        let scheduler: any Scheduling = DispatchQueueScheduler(queue: queue)
        var ran = false

        queue.suspend()
        let work = scheduler.schedule(after: .zero) { ran = true }
        work.cancel()
        queue.resume()
        queue.sync {}

        #expect(
            !ran,
            "cancel() must stop work that has not started. Schedule a DispatchWorkItem and return it: its cancel() does exactly that."
        )
    }
}
