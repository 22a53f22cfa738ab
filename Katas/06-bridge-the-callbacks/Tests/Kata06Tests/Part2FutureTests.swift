import Dispatch
import Synchronization
import XCTest

@testable import Kata06

/// `Future<Value>` and the one `waitForCompletion(of:timeout:)` overload that waits for any future,
/// whatever arguments the function that made it took.
final class FutureTests: XCTestCase {

    func test_waitsForTheStoresFuture() throws {
        let store = Fixture.store()

        let future: Future<[Post]> = store.recentPosts(by: "ada", limit: 2)
        let posts = try waitForCompletion(of: future, timeout: 0.3)

        XCTAssertEqual(
            posts.map(\.id), [4, 3],
            "recentPosts(by:limit:) should deliver what fetchRecentPosts(by:limit:completion:) does: Ada's two newest posts, newest first"
        )
    }

    func test_throwsTheFuturesError() {
        let store = Fixture.store()
        let future = store.recentPosts(by: "nobody", limit: 3)

        XCTAssertThrowsError(try waitForCompletion(of: future, timeout: 0.3)) { error in
            XCTAssertEqual(
                error as? ProfileError, .notFound(id: "nobody"),
                "waiting for a future that failed should throw the future's own error, not a timeout or a wrapper")
        }
    }

    func test_aFutureCompletedBeforeAnyoneObservesItStillDelivers() throws {
        let future = Future<Int> { complete in
            complete(.success(7))
        }

        // Completed already: there is nothing to wait for, so a timeout of 0 is enough.
        XCTAssertEqual(
            try waitForCompletion(of: future, timeout: 0), 7,
            "the future completed while it was created, before the helper observed it: it must keep its result and hand it to later observers"
        )
    }

    func test_anObserverAddedAfterTheResultIsCalledBeforeObservingReturns() {
        // A timeout of 0 gives nothing time to arrive: whatever the helper's observer has not
        // received by the time observing returns counts as missing. An observer called later,
        // from another queue, still arrives in time in most rounds, but misses a few in every
        // thousand, so the check runs 5,000 times: a tenth of a second with correct code.
        for round in 0..<5000 {
            let future = Future<Int> { complete in complete(.success(round)) }
            guard (try? waitForCompletion(of: future, timeout: 0)) == round else {
                XCTFail(
                    "round \(round): the future had completed, yet an observer added afterwards did not get the result before observing returned. Call a late observer at once, on the thread that observes, with the stored result: not later through DispatchQueue.async"
                )
                return
            }
        }
    }

    func test_observersAddedFromSeveralThreadsWhileTheResultArrivesAllGetIt() {
        let rounds = 1000
        // One slot per thread, so that nothing the test shares orders one thread's observing
        // before another's: only the future itself stands between them.
        let slots = (0..<3).map { _ in Slot() }
        let answered = DispatchSemaphore(value: 0)
        for slot in slots {
            Thread { [self] in
                while true {
                    slot.go.wait()
                    guard let future = slot.future else { return }
                    slot.answer = try? waitForCompletion(of: future, timeout: 0.5)
                    answered.signal()
                }
            }.start()
        }
        defer {  // lets the threads end
            for slot in slots { slot.future = nil }
            for slot in slots { slot.go.signal() }
        }

        for round in 0..<rounds {
            var complete: ((Result<Int, Error>) -> Void)?
            let future = Future<Int> { complete = $0 }
            for slot in slots {
                slot.future = future
                slot.answer = nil
            }
            // Every thread observes at the same moment, and the result arrives among them.
            for slot in slots { slot.go.signal() }
            complete?(.success(round))

            for _ in slots {
                guard answered.wait(timeout: .now() + 5) == .success else {
                    XCTFail("round \(round): observers waiting on several threads never returned")
                    return
                }
            }
            let missing = slots.filter { $0.answer != round }.count
            guard missing == 0 else {
                XCTFail(
                    "round \(round): \(missing) of \(slots.count) observers, added from different threads while the result arrived, never got it. Observing checks for a result and then adds the observer; completing stores the result and calls the observers. Do both under the same lock, or an observer added between the check and the append is lost"
                )
                return
            }
        }
    }

    func test_theWorkStartsWhenTheFutureIsCreated() {
        let started = XCTestExpectation(description: "the future's closure ran")

        _ = Future<Int> { _ in started.fulfill() }

        // Nobody observes this future. Waiting with a timeout of 0 reads the verdict at once:
        // the closure has run inside init, or it has not.
        XCTAssertEqual(
            XCTWaiter().wait(for: [started], timeout: 0), .completed,
            "Future's init should run its closure right away, before anyone observes it: the request starts when it is made, as fetchRecentPosts does"
        )
    }

    func test_aFutureCompletedLaterDelivers() throws {
        var complete: ((Result<String, Error>) -> Void)?
        let future = Future<String> { complete = $0 }
        // Queued on main now, run while the helper waits: the helper observes the future first.
        DispatchQueue.main.async { complete?(.success("later")) }

        XCTAssertEqual(
            try waitForCompletion(of: future, timeout: 0.2), "later",
            "an observer added before the result arrives must be called when it does")
    }

    func test_everyObserverGetsTheSameResult() throws {
        var complete: ((Result<String, Error>) -> Void)?
        let future = Future<String> { complete = $0 }
        DispatchQueue.main.async { complete?(.success("once")) }

        let first = try waitForCompletion(of: future, timeout: 0.2)
        let second = try waitForCompletion(of: future, timeout: 0)

        XCTAssertEqual(
            [first, second], ["once", "once"],
            "a future completes once and remembers its result: waiting on it again must not hang")
    }

    func test_onlyTheFirstCompletionCounts() throws {
        let future = Future<Int> { complete in
            complete(.success(1))
            complete(.success(2))
            complete(.failure(ProfileError.notFound(id: "late")))
        }

        XCTAssertEqual(
            try waitForCompletion(of: future, timeout: 0), 1,
            "the future was completed three times and kept a later result: only the first completion counts, so ignore every completion after it"
        )
    }

    func test_twoObserversWaitingAtOnceBothGetTheResult() {
        var complete: ((Result<String, Error>) -> Void)?
        let future = Future<String> { complete = $0 }
        var secondAnswer: String?

        // The first wait below turns the run loop, which runs this block: a second wait, on the
        // same future, starts while the first is still waiting. The block inside it runs during
        // the second wait and completes the future. By then both waits observe the future.
        RunLoop.current.perform { [self] in
            RunLoop.current.perform { complete?(.success("for both")) }
            secondAnswer = try? waitForCompletion(of: future, timeout: 0.2)
            // Wake the first wait's run loop, so that it sees its result now rather than at its
            // next check, a tenth of a second later.
            DispatchQueue.main.async {}
        }
        let firstAnswer = try? waitForCompletion(of: future, timeout: 0.2)

        XCTAssertEqual(
            secondAnswer, "for both", "an observer added while another one waits must get the result when it arrives")
        XCTAssertEqual(
            firstAnswer, "for both",
            "the first observer never got the result: adding a second observer replaced it. Keep every observer added before the result arrives, and call each one"
        )
    }

    func test_anObserverAddedOnAnotherThreadBeforeTheResultGetsIt() {
        // Each round, another thread observes the future before any result, then raises a flag
        // that orders nothing (a relaxed atomic); this thread sees the flag and completes the
        // future. Only the future's own lock orders the observing before the completing, so
        // ThreadSanitizer reports a future that appends, or completes, outside its lock.
        for round in 0..<50 {
            var complete: ((Result<Int, Error>) -> Void)?
            let future = Future<Int> { complete = $0 }
            let observed = RelaxedFlag()
            let answer = CallLog()
            let delivered = DispatchSemaphore(value: 0)
            Thread {
                future.observe {
                    answer.append("\((try? $0.get()) ?? -1)")
                    delivered.signal()
                }
                observed.raise()
            }.start()
            guard observed.waitUntilRaised(seconds: 1) else {
                XCTFail("round \(round): observing a future that has no result yet did not return")
                return
            }

            complete?(.success(round))

            guard delivered.wait(timeout: .now() + 0.3) == .success, answer.entries == ["\(round)"] else {
                XCTFail(
                    "round \(round): an observer added on another thread before the result arrived got "
                        + "\(answer.entries) instead of [\(round)] once: observing and completing must both "
                        + "happen under the same lock, or the completion misses an observer added just before it")
                return
            }
        }
    }

    func test_anObserverAddedOnAnotherThreadJustAfterTheResultGetsIt() {
        // The mirror image: this thread completes the future, then raises a flag that orders
        // nothing; another thread sees it and observes. Only the future's own lock orders the
        // completing before the observing, so ThreadSanitizer reports a future that reads its
        // result outside the lock.
        for round in 0..<50 {
            var complete: ((Result<Int, Error>) -> Void)?
            let future = Future<Int> { complete = $0 }
            let completed = RelaxedFlag()
            let answer = CallLog()
            let delivered = DispatchSemaphore(value: 0)
            Thread {
                guard completed.waitUntilRaised(seconds: 1) else { return }
                future.observe {
                    answer.append("\((try? $0.get()) ?? -1)")
                    delivered.signal()
                }
            }.start()

            complete?(.success(round))
            completed.raise()

            guard delivered.wait(timeout: .now() + 0.3) == .success, answer.entries == ["\(round)"] else {
                XCTFail(
                    "round \(round): an observer added on another thread just after the result arrived got "
                        + "\(answer.entries) instead of [\(round)] once: a late observer must find the stored "
                        + "result, read under the same lock that completing stores it under")
                return
            }
        }
    }

    func test_manyObserversAddedFromSeveralThreadsAsTheResultArrivesAreEachCalledOnce() {
        // Three threads add observers in a tight loop; the result arrives once each of them has
        // added one, in the middle of their loops. Observing must check for a result and add
        // the observer in one step under the lock: an observer that finds no result, then waits
        // for the lock while the completion runs, is added too late and never called.
        let threads = 3
        let perThread = 100
        for round in 0..<40 {
            var complete: ((Result<Int, Error>) -> Void)?
            let future = Future<Int> { complete = $0 }
            let calls = Counter()
            let started = Counter()
            let finished = DispatchSemaphore(value: 0)
            for _ in 0..<threads {
                Thread {
                    for index in 0..<perThread {
                        future.observe { _ in calls.increment() }
                        if index == 0 { started.increment() }
                    }
                    finished.signal()
                }.start()
            }
            guard becomesTrue(withinSeconds: 1, { started.value == threads }) else {
                XCTFail("round \(round): the observing threads did not get going")
                return
            }

            complete?(.success(round))

            let deadline = DispatchTime.now() + 0.3
            guard (0..<threads).allSatisfy({ _ in finished.wait(timeout: deadline) == .success }),
                becomesTrue(withinSeconds: 0.3, { calls.value == threads * perThread })
            else {
                XCTFail(
                    "round \(round): \(threads * perThread) observers were added from \(threads) threads as the "
                        + "result arrived, and \(calls.value) calls were made: each observer is called exactly once. "
                        + "Check for the result and add the observer in one step under the lock")
                return
            }
        }
    }

    func test_anObserverMayObserveTheSameFutureAgainFromInsideItsCall() {
        var complete: ((Result<Int, Error>) -> Void)?
        let future = Future<Int> { complete = $0 }
        let calls = CallLog()
        let called = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        func record(_ label: String, _ result: Result<Int, Error>) {
            calls.append("\(label) \((try? result.get()) ?? -1)")
            called.signal()
        }

        // On a thread of its own: a future that calls its observers while it holds its lock
        // blocks forever on the nested observe, and the test must still end, by a failure.
        Thread {
            future.observe { first in  // added before the result arrives
                record("early", first)
                future.observe { record("early, again", $0) }
            }
            complete?(.success(5))
            future.observe { late in  // added after the result arrived
                record("late", late)
                future.observe { record("late, again", $0) }
            }
            finished.signal()
        }.start()

        let deadline = DispatchTime.now() + 0.3
        guard finished.wait(timeout: deadline) == .success,
            (0..<4).allSatisfy({ _ in called.wait(timeout: deadline) == .success })
        else {
            XCTFail(
                "an observer that observed the same future again from inside its call never got past it "
                    + "(calls so far: \(calls.entries)): the future calls its observers while it holds its lock, "
                    + "and the nested observe waits for that lock forever. Take what you need under the lock, "
                    + "unlock, then call the observers")
            return
        }
        XCTAssertEqual(
            calls.entries.sorted(), ["early 5", "early, again 5", "late 5", "late, again 5"],
            "observers added from inside another observer's call should get the result like any other")
    }

    func test_theFutureKeepsNoObserverOnceItHasCalledIt() {
        var complete: ((Result<Int, Error>) -> Void)?
        let future = Future<Int> { complete = $0 }
        let earlyCalled = DispatchSemaphore(value: 0)
        weak var earlyScreen: Screen?
        weak var lateScreen: Screen?

        do {
            let screen = Screen()
            earlyScreen = screen
            future.observe { _ in  // waits for the result
                screen.didUpdate()
                earlyCalled.signal()
            }
        }
        complete?(.success(1))
        do {
            let screen = Screen()
            lateScreen = screen
            future.observe { _ in screen.didUpdate() }  // called at once
        }

        guard earlyCalled.wait(timeout: .now() + 0.3) == .success else {
            XCTFail("an observer added before the result was never called")
            return
        }
        XCTAssertTrue(
            becomesTrue(withinSeconds: 0.3) { earlyScreen == nil },
            "the future still holds an observer it called when the result arrived: a screen it captured "
                + "stays alive as long as the future does. Let go of the waiting observers once you have called them"
        )
        XCTAssertNil(
            lateScreen,
            "the future still holds an observer added after the result, which it called at once: "
                + "a late observer needs no storing, call it and let it go")
    }
}

/// Polls `condition` for at most `seconds`: true as soon as it holds.
private func becomesTrue(withinSeconds seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = DispatchTime.now() + seconds
    while !condition() {
        guard DispatchTime.now() < deadline else { return false }
        sched_yield()
    }
    return true
}

/// What an observer captures in the app: something that should not outlive its use.
private final class Screen {
    private let lock = NSLock()
    private var updates = 0

    func didUpdate() {
        lock.lock()
        updates += 1
        lock.unlock()
    }
}

/// A flag that one thread raises and another polls, with relaxed atomics: unlike a lock or a
/// semaphore, it gives ThreadSanitizer no order between the two threads.
private final class RelaxedFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    func raise() { raised.store(true, ordering: .relaxed) }

    /// Polls for at most `seconds`; true once the flag is up.
    func waitUntilRaised(seconds: Double) -> Bool {
        let deadline = DispatchTime.now() + seconds
        while !raised.load(ordering: .relaxed) {
            guard DispatchTime.now() < deadline else { return false }
            sched_yield()
        }
        return true
    }
}

/// A count kept under a lock, for any thread.
private final class Counter {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// Calls recorded from any thread, under a lock.
private final class CallLog {
    private let lock = NSLock()
    private var recorded: [String] = []

    func append(_ entry: String) {
        lock.lock()
        recorded.append(entry)
        lock.unlock()
    }

    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}

/// What one observing thread works on: the round's future, and the answer it got. Under a lock
/// of its own.
private final class Slot {
    /// Signalled once per round, for this thread only.
    let go = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var storedFuture: Future<Int>?
    private var storedAnswer: Int?

    var future: Future<Int>? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return storedFuture
        }
        set {
            lock.lock()
            storedFuture = newValue
            lock.unlock()
        }
    }

    var answer: Int? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return storedAnswer
        }
        set {
            lock.lock()
            storedAnswer = newValue
            lock.unlock()
        }
    }
}
