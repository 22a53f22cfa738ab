import Dispatch
import XCTest

@testable import Kata06

/// `Future<Value>` and the one `waitForCompletion(of:timeout:)` overload that waits for any future,
/// whatever arguments the function that made it took.
final class FutureTests: XCTestCase {

    func test_waitsForTheStoresFuture() throws {
        let store = Fixture.store()

        let future: Future<[Post]> = store.recentPosts(by: "ada", limit: 2)
        let posts = try waitForCompletion(of: future)

        XCTAssertEqual(
            posts.map(\.id), [4, 3],
            "recentPosts(by:limit:) should deliver what fetchRecentPosts(by:limit:completion:) does: Ada's two newest posts, newest first"
        )
    }

    func test_throwsTheFuturesError() {
        let store = Fixture.store()
        let future = store.recentPosts(by: "nobody", limit: 3)

        XCTAssertThrowsError(try waitForCompletion(of: future)) { error in
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
