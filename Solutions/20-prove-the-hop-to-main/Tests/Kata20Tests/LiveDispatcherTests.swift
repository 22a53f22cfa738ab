import Dispatch
import Foundation
import Kata20
import Testing

/// The app's dispatcher, on real queues. Each test hands it one piece of work that writes down the
/// queue it runs on, and waits for that piece at most a second: no test waits when the dispatcher is
/// right, and a piece of work that never runs fails the test instead of holding the run.
@Suite("LiveDispatcher")
struct LiveDispatcherTests {
    /// Marks the main queue and the queue a test hands work over from.
    static let queueName = DispatchSpecificKey<String>()

    init() {
        DispatchQueue.main.setSpecific(key: Self.queueName, value: "main")
    }

    @Test("mainAsync runs the work on the main queue, even when handed over from another queue")
    func mainAsyncRunsOnMain() async {
        let caller = DispatchQueue(label: "kata20.caller")
        caller.setSpecific(key: Self.queueName, value: "caller")

        let ranOn = await queueNameOfWork(handedOverBy: { work in caller.async { LiveDispatcher().mainAsync(work) } })

        #expect(
            ranOn == .some("main"),
            """
            mainAsync work ran on \(ranOn.map { $0 ?? "a queue that is not main" } ?? "no queue within a second"). \
            The board's state is main-queue only: mainAsync must hand the work to DispatchQueue.main.
            """)
    }

    @Test("backgroundAsync runs the work on a global queue: not on main, not on the queue that handed it over")
    func backgroundAsyncRunsOffMain() async {
        let caller = DispatchQueue(label: "kata20.caller")
        caller.setSpecific(key: Self.queueName, value: "caller")

        let dispatcher = LiveDispatcher()
        let fromCaller = await queueNameOfWork(handedOverBy: { work in
            caller.async { dispatcher.backgroundAsync(work) }
        })
        let fromMain = await queueNameOfWork(handedOverBy: { work in
            DispatchQueue.main.async { dispatcher.backgroundAsync(work) }
        })

        for (handedOverOn, ranOn) in [("caller", fromCaller), ("main", fromMain)] {
            #expect(
                ranOn == .some(nil),
                """
                backgroundAsync work handed over on the \(handedOverOn) queue ran on \
                \(ranOn.map { $0 ?? "a global queue" } ?? "no queue within a second"). The timetable read is slow \
                and blocking: it belongs on a global queue, never on main, and never run on the spot.
                """)
        }
    }

    /// Hands `handOver` a piece of work, and returns the name of the queue it ran on (`.some(nil)`
    /// for a queue with no name: a global queue), or `nil` when it did not run within a second.
    private func queueNameOfWork(
        handedOverBy handOver: @escaping (@escaping () -> Void) -> Void
    ) async -> String?? {
        let once = ResumeOnce()
        return await withCheckedContinuation { (continuation: CheckedContinuation<String??, Never>) in
            handOver {
                let name = DispatchQueue.getSpecific(key: Self.queueName)
                if once.claim() { continuation.resume(returning: .some(name)) }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
                if once.claim() { continuation.resume(returning: nil) }
            }
        }
    }
}

/// Lets one of several callers resume a continuation. Safe from any thread.
final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if claimed { return false }
        claimed = true
        return true
    }
}
