import Dispatch
import Foundation
import Testing

@testable import Kata10

// The production scheduler, checked without sleeping: a zero delay on a private serial queue that
// the test suspends and resumes. The contract says the work runs on the queue, after the delay; it
// does not say how soon after `schedule` returns the work reaches the queue (`asyncAfter` puts
// already-due work there at once, a `DispatchSourceTimer` a moment later). So the test waits for the
// work itself, with a bound of one second that a passing run never comes near. Work due after
// 900 ms or 3 s is the delay that must not run yet: a correct scheduler runs the zero-delay work
// behind it within microseconds, far inside those 900 ms.
@Suite("DispatchQueueScheduler, the production scheduler")
struct DispatchQueueSchedulerTests {
    static let queueName = DispatchSpecificKey<String>()
    static let zeroDelayWorkNeverRan =
        "The work scheduled after .zero never ran (the test gave up after 1 s). DispatchQueueScheduler must run it on its queue once the delay has passed."

    let queue: DispatchQueue

    init() {
        queue = DispatchQueue(label: "kata10.outbox-scheduler-test")
        queue.setSpecific(key: Self.queueName, value: "outbox-scheduler-test")
    }

    @Test("runs the work later, on the queue it was given")
    func runsOnItsQueue() {
        let scheduler: any Scheduling = DispatchQueueScheduler(queue: queue)
        let runs = WorkRuns()

        queue.suspend()
        scheduler.schedule(after: .zero) { runs.record(DispatchQueue.getSpecific(key: Self.queueName)) }
        #expect(
            runs.queues.isEmpty,
            "schedule(after:_:) must return before the work runs, and the work must run on the scheduler's queue (which the test holds suspended). It ran at once, inside schedule."
        )
        queue.resume()

        guard runs.waitForFirstRun() else {
            Issue.record(Comment(rawValue: Self.zeroDelayWorkNeverRan))
            return
        }
        #expect(
            runs.queues == ["outbox-scheduler-test"],
            "The work must run once, on the queue passed to DispatchQueueScheduler(queue:). It ran \(runs.queues.count) time(s), on \(runs.queues.map { $0 ?? "another queue" })."
        )
    }

    @Test("waits the whole delay, whole seconds and milliseconds alike")
    func keepsTheWholeDelay() {
        let scheduler: any Scheduling = DispatchQueueScheduler(queue: queue)
        let laterRuns = WorkRuns()
        let nowRuns = WorkRuns()

        queue.suspend()
        // The app's own delay, and one below a second: a scheduler that keeps only one part of a
        // Duration (its whole seconds, or the fraction below them) runs one of them at once.
        let appDelay = scheduler.schedule(after: .seconds(3)) { laterRuns.record("3 s work") }
        let later = scheduler.schedule(after: .milliseconds(900)) { laterRuns.record("900 ms work") }
        scheduler.schedule(after: .zero) { nowRuns.record("zero-delay work") }
        queue.resume()

        guard nowRuns.waitForFirstRun() else {
            Issue.record(Comment(rawValue: Self.zeroDelayWorkNeverRan))
            appDelay.cancel()
            later.cancel()
            return
        }
        queue.sync {}
        appDelay.cancel()
        later.cancel()

        #expect(
            !laterRuns.queues.contains("3 s work"),
            "Work scheduled after 3 seconds, the app's own undo window, ran at once, before the work scheduled after .zero behind it: the scheduler dropped the whole seconds of the delay. delay.components.attoseconds is only the fraction below a second; delay / .seconds(1) is the whole delay in seconds, as a Double that DispatchTime can add."
        )
        #expect(
            !laterRuns.queues.contains("900 ms work"),
            "Work scheduled after 900 ms ran at once, before the work scheduled after .zero behind it: the scheduler dropped the part of the delay below one second. delay.components.seconds is only the whole seconds; delay / .seconds(1) is the whole delay in seconds, as a Double that DispatchTime can add."
        )
    }

    @Test("keeps the delay below one second: 100 ms runs before 400 ms")
    func keepsSubSecondDelaysApart() {
        let scheduler: any Scheduling = DispatchQueueScheduler(queue: queue)
        let runs = WorkRuns()
        let bothRan = DispatchGroup()

        // The longer delay is scheduled first: only a scheduler that keeps both delays as they
        // are runs the 100 ms work first. Rounded to whole seconds (down, to the nearest, or up),
        // the two are due at the same second, and the one scheduled first runs first.
        bothRan.enter()
        bothRan.enter()
        scheduler.schedule(after: .milliseconds(400)) {
            runs.record("400 ms work")
            bothRan.leave()
        }
        // Work the queue itself has due at 60 ms: the 100 ms work must come after it. A scheduler
        // that shortens the delay (halves it, say) runs the 100 ms work first.
        bothRan.enter()
        queue.asyncAfter(deadline: .now() + .milliseconds(60)) {
            runs.record("60 ms work of the queue's own")
            bothRan.leave()
        }
        scheduler.schedule(after: .milliseconds(100)) {
            runs.record("100 ms work")
            bothRan.leave()
        }

        guard bothRan.wait(timeout: .now() + 1) == .success else {
            Issue.record(
                "Work scheduled after 100 ms and 400 ms had not all run after 1 s. DispatchQueueScheduler must run work on its queue once its delay has passed."
            )
            return
        }
        #expect(
            runs.queues.first == "60 ms work of the queue's own",
            "Work scheduled after 100 ms ran before work the queue itself had due at 60 ms: the scheduler shortened the delay. Wait the whole delay, no less: delay / .seconds(1) is the delay in seconds, as a Double that DispatchTime can add."
        )
        #expect(
            runs.queues.filter { $0 != "60 ms work of the queue's own" } == ["100 ms work", "400 ms work"],
            "Work due after 100 ms must run before work due after 400 ms; they ran as \(runs.queues.map { $0 ?? "?" }). The scheduler rounded the delays to whole seconds (0 s or 1 s for both). Keep the whole delay: delay / .seconds(1) is a Double in seconds that DispatchTime can add."
        )
    }

    @Test("cancelled work never runs")
    func cancelled() {
        let scheduler: any Scheduling = DispatchQueueScheduler(queue: queue)
        let cancelledRuns = WorkRuns()
        let laterRuns = WorkRuns()

        queue.suspend()
        let work = scheduler.schedule(after: .zero) { cancelledRuns.record("cancelled work") }
        work.cancel()
        // Due 10 ms after the cancelled work, so that a cancel() that does not work shows up
        // before it, with timer sources too (two timers due at the same moment fire in any order).
        scheduler.schedule(after: .milliseconds(10)) { laterRuns.record("later work") }
        queue.resume()

        // The later work, not cancelled, runs; then the queue is drained once more.
        guard laterRuns.waitForFirstRun() else {
            Issue.record(
                "Work that was not cancelled never ran (the test gave up after 1 s). cancel() on one piece of work must leave the others alone."
            )
            return
        }
        queue.sync {}

        #expect(
            cancelledRuns.queues.isEmpty,
            "cancel() must stop work that has not started. A DispatchWorkItem's cancel() does exactly that (return the item you pass to asyncAfter); so does cancelling a DispatchSourceTimer."
        )
    }

    @Test("lets go of work once it ran")
    func releasesWorkThatRan() {
        let scheduler: any Scheduling = DispatchQueueScheduler(queue: queue)
        let runs = WorkRuns()
        let released = DispatchSemaphore(value: 0)

        // The work holds the only reference to the token; the test drops the ScheduledWork too.
        // Once the work has run, nothing should keep it, so the token goes away.
        queue.suspend()
        do {
            let token = ReleaseToken { released.signal() }
            scheduler.schedule(after: .zero) { runs.record(token.name) }
        }
        queue.resume()

        guard runs.waitForFirstRun() else {
            Issue.record(Comment(rawValue: Self.zeroDelayWorkNeverRan))
            return
        }
        #expect(
            released.wait(timeout: .now() + 1) == .success,
            "The work ran, and a second later the scheduler still held on to it, with everything it captured: each email sent would leak its timers. A DispatchSourceTimer that fired stays alive, with its handler, until it is cancelled: cancel it in its event handler. asyncAfter lets go of a DispatchWorkItem by itself."
        )
    }
}

/// Where a test's work writes down that it ran. The work runs on the scheduler's queue and the
/// test reads on its own thread, so every access goes through a lock.
final class WorkRuns: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String?] = []
    private let firstRun = DispatchSemaphore(value: 0)

    /// Called by the work: the name of the queue it ran on (nil for a queue the test does not know).
    func record(_ queue: String?) {
        lock.lock()
        recorded.append(queue)
        lock.unlock()
        firstRun.signal()
    }

    var queues: [String?] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Waits until the work has run once. The bound, 1 s, is only there so that broken code fails
    /// instead of hanging the test run; a passing run waits a few microseconds.
    func waitForFirstRun() -> Bool {
        firstRun.wait(timeout: .now() + 1) == .success
    }
}

/// Something for the work to capture. It says when it goes away, on whatever thread lets go of
/// it last.
final class ReleaseToken: @unchecked Sendable {
    let name: String? = "outbox-scheduler-test"
    private let onRelease: () -> Void

    init(onRelease: @escaping () -> Void) {
        self.onRelease = onRelease
    }

    deinit {
        onRelease()
    }
}
