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

        XCTAssertThrowsError(try waitForCompletion(of: store.recentPosts(by: "nobody", limit: 3))) { error in
            XCTAssertEqual(
                error as? ProfileError, .notFound(id: "nobody"),
                "waiting for a future that failed should throw the future's own error, not a timeout or a wrapper")
        }
    }

    func test_aFutureCompletedBeforeAnyoneObservesItStillDelivers() throws {
        let future = Future<Int> { complete in
            complete(.success(7))
        }

        XCTAssertEqual(
            try waitForCompletion(of: future), 7,
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
        let future = Future<String> { complete in
            DispatchQueue.global().async {
                complete(.success("later"))
            }
        }

        XCTAssertEqual(
            try waitForCompletion(of: future), "later",
            "an observer added before the result arrives must be called when it does")
    }

    func test_everyObserverGetsTheSameResult() throws {
        let future = Future<String> { complete in
            DispatchQueue.global().async {
                complete(.success("once"))
            }
        }

        let first = try waitForCompletion(of: future)
        let second = try waitForCompletion(of: future)

        XCTAssertEqual(
            [first, second], ["once", "once"],
            "a future completes once and remembers its result: waiting on it again must not hang")
    }
}
