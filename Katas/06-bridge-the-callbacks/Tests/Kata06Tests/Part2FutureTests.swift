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
        // The store's queue is serial: once it has answered this later request, it has answered
        // the one above, and the future holds its failure. Nothing is left to wait for.
        _ = try? waitForCompletion(of: store.fetchCurrentProfile)

        XCTAssertThrowsError(try waitForCompletion(of: future, timeout: 0)) { error in
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
            try waitForCompletion(of: future, timeout: 0.5), "later",
            "an observer added before the result arrives must be called when it does")
    }

    func test_everyObserverGetsTheSameResult() throws {
        var complete: ((Result<String, Error>) -> Void)?
        let future = Future<String> { complete = $0 }
        DispatchQueue.main.async { complete?(.success("once")) }

        let first = try waitForCompletion(of: future, timeout: 0.5)
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
            secondAnswer = try? waitForCompletion(of: future, timeout: 0.5)
            // Wake the first wait's run loop, so that it sees its result now rather than at its
            // next check, a tenth of a second later.
            DispatchQueue.main.async {}
        }
        let firstAnswer = try? waitForCompletion(of: future, timeout: 0.5)

        XCTAssertEqual(
            secondAnswer, "for both", "an observer added while another one waits must get the result when it arrives")
        XCTAssertEqual(
            firstAnswer, "for both",
            "the first observer never got the result: adding a second observer replaced it. Keep every observer added before the result arrives, and call each one"
        )
    }
}
