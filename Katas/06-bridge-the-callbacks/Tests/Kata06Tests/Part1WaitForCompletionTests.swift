import Dispatch
import XCTest

@testable import Kata06

/// `waitForCompletion(of:timeout:)` and `waitForCompletion(of:calledWith:timeout:)`:
/// one line in a test instead of an expectation, a captured variable and a wait.
///
/// The doubles answer within microseconds, so each wait is bounded at a few tenths of a second:
/// a helper that never sees the handler fails the whole file in a few seconds, not a minute.
final class WaitForCompletionTests: XCTestCase {

    // MARK: A function whose only argument is its completion handler

    func test_returnsWhatTheCompletionHandlerReceived() throws {
        let store = Fixture.store(signedInAs: "ada")

        let result = try waitForCompletion(of: store.fetchCurrentProfile, timeout: 0.3)

        XCTAssertEqual(
            try result.get(), Fixture.ada,
            "waitForCompletion(of:) should wait until the store calls back, then return what it delivered")
    }

    func test_returnsAFailureAsItWasDelivered() throws {
        let store = Fixture.store(signedInAs: "someone-deleted")

        let result = try waitForCompletion(of: store.fetchCurrentProfile, timeout: 0.3)

        XCTAssertEqual(
            result, .failure(.notFound(id: "someone-deleted")),
            "the helper returns the handler's argument as it is; a Result with a failure is still a delivery")
    }

    func test_aHandlerCalledBeforeTheWaitStartsStillCounts() throws {
        let answer = try waitForCompletion(of: answerRightAway, timeout: 0)

        XCTAssertEqual(
            answer, 42,
            "a handler called synchronously, before the helper starts waiting, must not be missed: set up the expectation before calling the function"
        )
    }

    func test_nilIsAnAnswerToo() throws {
        let answer = try waitForCompletion(of: answerNothingFound, timeout: 0.3)

        XCTAssertNil(
            answer,
            "a handler called with nil was called: do not treat a nil value as 'never called'")
    }

    func test_throwsInsteadOfHangingWhenTheHandlerIsNeverCalled() {
        let (outcome, failuresTheHelperRecorded) = recordedFailures {
            Result { try waitForCompletion(of: neverAnswer, timeout: 0) }
        }

        XCTAssertEqual(
            failuresTheHelperRecorded.count, 0,
            "the helper failed the test by itself when the handler was not called: the test case's own wait(for:) and waitForExpectations record a failure. Wait with XCTWaiter(), which returns .timedOut instead, and throw"
        )
        XCTAssertThrowsError(
            try outcome.get(),
            "when the handler is not called within the timeout, the helper should throw (use XCTWaiter and check its result) rather than return a made-up value or wait forever"
        )
    }

    func test_waitsWithoutBlockingTheMainQueue() {
        // The answer is already queued on main when the wait starts: a helper that keeps the run
        // loop turning gets it on the first turn. The short timeout only bounds what a helper
        // that blocks the main thread costs: it can never get the answer.
        let answer = try? waitForCompletion(of: answerOnTheMainQueue, timeout: 0.2)

        XCTAssertEqual(
            answer, "delivered on main",
            "this test runs on the main queue; a handler delivered there can only run if the helper keeps the run loop turning while it waits (XCTWaiter does; a semaphore or a DispatchGroup blocks the thread, and the handler never runs)"
        )
    }

    func test_aHandlerCalledOnAThreadOfItsOwnIsReturnedWhole() {
        // Each thread that calls the handler stays alive until the test has read the answer, so
        // nothing but the helper's own expectation orders its work before the test's read. A
        // helper that stores the value after fulfill() sometimes wakes first and finds nothing, in
        // about one round of a hundred on two cores: five hundred rounds make "sometimes" nearly
        // every run (the observers' test below catches the rest), in a tenth of a second or two
        // under ThreadSanitizer, which never sees it: XCTest's own locks order the two threads often
        // enough. More rounds cost the wrong solutions of Part 3 their 5 s on a loaded machine.
        for round in 0..<500 {
            let done = DispatchSemaphore(value: 0)
            defer { done.signal() }
            let answer = try? waitForCompletion(
                of: { (completion: @escaping (Int) -> Void) in
                    Thread {
                        completion(round)
                        done.wait()
                    }.start()
                }, timeout: 0.3)
            guard answer == round else {
                XCTFail(
                    "round \(round): a handler called on another thread gave the helper \(round), but the helper "
                        + "returned \(answer.map(String.init) ?? "nothing"): store what the handler received "
                        + "before you fulfill the expectation, or the wait may end before the value is there")
                return
            }
        }
    }

    // MARK: A function that takes one argument before its completion handler

    func test_passesTheExtraArgumentAlong() throws {
        let store = Fixture.store()

        let result = try waitForCompletion(of: store.fetchProfile, calledWith: "grace", timeout: 0.3)

        XCTAssertEqual(
            try result.get(), Fixture.grace,
            "waitForCompletion(of:calledWith:) should call the function with the argument, then wait like the first helper"
        )
    }

    func test_theExtraArgumentCanBeOfAnyType() throws {
        let answer = try waitForCompletion(of: double, calledWith: 21, timeout: 0.3)

        XCTAssertEqual(
            answer, 42,
            "the overload should be generic over the argument's type, not written for String ids only")
    }

    // MARK: Failures XCTest records, caught so that a test can look at them

    private var interceptedFailures: [String]?

    /// Runs `body` and returns, besides its value, the descriptions of the failures XCTest
    /// recorded meanwhile. Those failures do not count against this test.
    private func recordedFailures<T>(during body: () -> T) -> (T, [String]) {
        interceptedFailures = []
        let value = body()
        let failures = interceptedFailures ?? []
        interceptedFailures = nil
        return (value, failures)
    }

    #if canImport(ObjectiveC)
        override func record(_ issue: XCTIssue) {
            guard interceptedFailures == nil else {
                interceptedFailures?.append(issue.compactDescription)
                return
            }
            super.record(issue)
        }
    #else
        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            guard interceptedFailures == nil else {
                interceptedFailures?.append(description)
                return
            }
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    #endif
}
