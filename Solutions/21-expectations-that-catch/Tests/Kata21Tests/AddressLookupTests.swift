import Foundation
import Kata21
import XCTest

/// AddressLookup's promises, checked with XCTest expectations.
///
/// The lookup calls back in a block on its callback queue: the main queue in most of these tests.
/// The tests run on the main thread, so that block can only run while a test waits.
/// `drainMainQueue()` is the barrier: it queues one more block and waits for it, and the main queue
/// is serial, so by then every block the lookup queued before it has run. After the barrier the
/// verdict on an expectation is read with `wait(for:timeout: 0)`: whatever was going to happen has
/// happened. No test waits out a timeout when the code is right, and none waits for one to catch
/// a bug: a missing call, a second call or a call after `cancel()` fails at once.
final class AddressLookupTests: XCTestCase {
    private let alma = Address(line: "14 Alma Road", postcode: "SW18 1AA")
    private let elm = Address(line: "3 Elm Grove", postcode: "SW18 1AA")
    private let station = Address(line: "1 Station Approach", postcode: "E1 6AN")
    private let quay = Address(line: "9 Quay Street", postcode: "N1 9GU")

    // MARK: - Helpers

    /// Returns once the main queue has run every block queued on it before this call.
    private func drainMainQueue() {
        let drained = expectation(description: "the main queue ran every block queued before this one")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: 1)
    }

    /// An expectation for one lookup's completion: met by the first call, failed by a second one.
    private func completesOnce(_ description: String) -> XCTestExpectation {
        let completed = expectation(description: description)
        completed.expectedFulfillmentCount = 1  // the default, spelled out: one call...
        completed.assertForOverFulfill = true  // ...and a second one fails the test (off by default on Linux)
        return completed
    }

    /// Looks `postcode` up once, has the directory answer `addresses`, and drains: from here on the
    /// postcode is one found before.
    private func findOnce(
        _ postcode: String, _ addresses: [Address], with lookup: AddressLookup, directory: ManualDirectory
    ) {
        let first = completesOnce("the first lookup of \(postcode) completed")
        lookup.lookUp(postcode) { _ in first.fulfill() }
        directory.answerOldestRequest(with: .success(addresses))
        drainMainQueue()
        wait(for: [first], timeout: 0)
    }

    /// Runs `lookingUp`, which calls `lookUp` and then sets the test's "returned" flag, on a thread
    /// of its own, and waits for it to finish, a second at most. The tests that use it hand the
    /// lookup a directory that answers inside `fetchAddresses`, on the thread that called `lookUp`.
    /// A lookup that keeps its lock while it asks the directory, and takes it again for the answer,
    /// never returns then: on the main thread that would hang the whole run, and a run that hangs
    /// catches nothing. Here the test fails instead, within the second. The main thread waits on a
    /// semaphore, not in `wait(for:timeout:)`, so the main queue runs nothing meanwhile: a block the
    /// lookup queued there is still waiting when the flag is set. A correct lookup returns in
    /// microseconds.
    private func returnsWithinASecond(_ lookingUp: @escaping () -> Void) -> Bool {
        let finished = DispatchSemaphore(value: 0)
        Thread {
            lookingUp()
            finished.signal()
        }.start()
        return finished.wait(timeout: .now() + 1) == .success
    }

    /// An expectation that fails the test if it is fulfilled at all.
    private func neverCalled(_ description: String) -> XCTestExpectation {
        let silent = expectation(description: description)
        silent.isInverted = true
        return silent
    }

    // MARK: - Asking the directory

    func test_theFirstLookupOfAPostcode_asksTheDirectoryOnce_beforeLookUpReturns() {
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory)
        let completed = completesOnce("completion ran once the directory answered")

        lookup.lookUp("SW18 1AA") { _ in completed.fulfill() }

        XCTAssertEqual(
            directory.requestCount, 1,
            "lookUp returned having asked the directory \(directory.requestCount) times: the first lookup of a "
                + "well-formed postcode asks once, before it returns.")
        directory.answerEveryOpenRequest(with: .success([alma]))
        drainMainQueue()
        wait(for: [completed], timeout: 0)
    }

    func test_aMalformedPostcode_failsOnce_withoutAskingTheDirectory() {
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory)
        let completed = completesOnce("completion ran once for the malformed postcode \"SW18-1AA\"")
        let results = Recorded<Result<[Address], LookupError>>()

        lookup.lookUp("SW18-1AA") {
            results.append($0)
            completed.fulfill()
        }
        drainMainQueue()

        wait(for: [completed], timeout: 0)
        XCTAssertEqual(results.values, [.failure(.malformedPostcode)], "A hyphen is not part of a postcode.")
        XCTAssertEqual(directory.requestCount, 0, "A malformed postcode is never sent to the directory.")
    }

    func test_wellFormed_meansFiveToSevenLettersOrDigits_notCountingSpaces() {
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory)
        let results = Recorded<(postcode: String, result: Result<[Address], LookupError>)>()
        let tooShort = "N1 9G"  // 4 characters without the space
        let tooLong = "SW18 1AAB"  // 8
        let shortest = "N1 9GU"  // 5
        let longest = "SW18 1AA"  // 7

        for postcode in [tooShort, tooLong, shortest, longest] {
            lookup.lookUp(postcode) { results.append((postcode, $0)) }
        }
        directory.answerEveryOpenRequest(with: .success([quay]))
        drainMainQueue()

        let malformed = results.values.filter { $0.result == .failure(.malformedPostcode) }.map(\.postcode)
        XCTAssertEqual(
            Set(malformed), [tooShort, tooLong],
            "Postcodes judged malformed: \(malformed). Leaving out spaces, 5 to 7 letters or digits is well-formed: "
                + "\"\(tooShort)\" (4) and \"\(tooLong)\" (8) are malformed, \"\(shortest)\" (5) and \"\(longest)\" (7) "
                + "are not. Check both ends of the range, not only a postcode far outside it.")
        XCTAssertEqual(
            directory.requestCount, 2,
            "The directory was asked \(directory.requestCount) times: once for each well-formed postcode "
                + "(\(shortest), \(longest)), never for a malformed one.")
    }

    func test_afterAFailure_theNextLookupOfThatPostcode_asksTheDirectoryAgain() {
        // Both ways a lookup fails once the directory answered: the directory's own failure, and
        // an answer with no address in it (`.noAddresses`, a failure too, however it came).
        let failures: [(answer: Result<[Address], any Error>, why: String)] = [
            (.failure(DirectoryDown()), "a customer who was offline once stays without addresses"),
            (.success([]), "a street the directory did not know yesterday stays unknown after it learns it"),
        ]
        for failure in failures {
            let directory = ManualDirectory()
            let lookup = AddressLookup(directory: directory)
            let failed = completesOnce("the first lookup completed with its failure")

            lookup.lookUp("SW18 1AA") { _ in failed.fulfill() }
            directory.answerOldestRequest(with: failure.answer)
            drainMainQueue()
            wait(for: [failed], timeout: 0)

            let retried = completesOnce("the lookup after the failure completed once the directory answered")
            lookup.lookUp("SW18 1AA") { _ in retried.fulfill() }
            XCTAssertEqual(
                directory.requestCount, 2,
                "After a lookup failed (the directory answered \(failure.answer)), the next one of the same postcode"
                    + " must ask the directory again: a failure is never remembered, or \(failure.why).")
            directory.answerEveryOpenRequest(with: .success([alma]))
            drainMainQueue()
            wait(for: [retried], timeout: 0)
        }
    }

    // MARK: - Every path calls back, once

    func test_foundAddresses_completeOnce_inTheDirectorysOrder() {
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory)
        let completed = completesOnce("completion ran once with the addresses the directory found")
        let results = Recorded<Result<[Address], LookupError>>()

        lookup.lookUp("SW18 1AA") {
            results.append($0)
            completed.fulfill()
        }
        directory.answerOldestRequest(with: .success([elm, alma]))
        drainMainQueue()

        wait(for: [completed], timeout: 0)
        XCTAssertEqual(results.values, [.success([elm, alma])], "The addresses come back as the directory sent them.")
    }

    func test_aDirectoryFailure_completesOnce_withDirectoryUnavailable() {
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory)
        let completed = completesOnce(
            "completion ran once when the directory failed (without it the form's spinner spins forever)")
        let results = Recorded<Result<[Address], LookupError>>()

        lookup.lookUp("SW18 1AA") {
            results.append($0)
            completed.fulfill()
        }
        directory.answerOldestRequest(with: .failure(DirectoryDown()))
        drainMainQueue()

        wait(for: [completed], timeout: 0)
        XCTAssertEqual(results.values, [.failure(.directoryUnavailable)])
    }

    func test_aPostcodeWithNoAddresses_completesOnce_withNoAddresses() {
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory)
        let completed = completesOnce("completion ran once when the directory found no address")
        let results = Recorded<Result<[Address], LookupError>>()

        lookup.lookUp("SW18 1AA") {
            results.append($0)
            completed.fulfill()
        }
        directory.answerOldestRequest(with: .success([]))
        drainMainQueue()

        wait(for: [completed], timeout: 0)
        XCTAssertEqual(results.values, [.failure(.noAddresses)])
    }

    /// The test answers whatever the lookup asked, and counts the calls: a lookup that answers from
    /// memory and then asks the directory anyway calls back twice. (That it answers from memory at
    /// all has a test of its own, below.)
    func test_aPostcodeFoundBefore_completesExactlyOnce() {
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory)
        findOnce("SW18 1AA", [alma, elm], with: lookup, directory: directory)

        let again = completesOnce(
            "the second lookup of SW18 1AA completed exactly once (the form shows one list per lookup, "
                + "not a list from memory and then another one)")
        let results = Recorded<Result<[Address], LookupError>>()
        lookup.lookUp("SW18 1AA") {
            results.append($0)
            again.fulfill()
        }
        directory.answerEveryOpenRequest(with: .success([alma, elm]))  // if it asked again, here is the answer
        drainMainQueue()

        wait(for: [again], timeout: 0)
        XCTAssertEqual(results.values, [.success([alma, elm])])
    }

    func test_aPostcodeFoundBefore_isAnsweredFromMemory_withoutAskingTheDirectoryAgain() {
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory)
        findOnce("SW18 1AA", [alma, elm], with: lookup, directory: directory)

        // The customer goes back and forth in the form: the same postcode, twice more. Nobody
        // answers the directory this time.
        let later = expectation(description: "the second and third lookups of SW18 1AA completed from memory")
        later.expectedFulfillmentCount = 2
        later.assertForOverFulfill = true
        let results = Recorded<Result<[Address], LookupError>>()
        for _ in 1...2 {
            lookup.lookUp("SW18 1AA") {
                results.append($0)
                later.fulfill()
            }
        }
        drainMainQueue()

        wait(for: [later], timeout: 0)
        XCTAssertEqual(
            results.values, [.success([alma, elm]), .success([alma, elm])],
            "A postcode found before must be answered from memory, with the addresses found, each time.")
        XCTAssertEqual(
            directory.requestCount, 1,
            "SW18 1AA was found once; looking it up again asked the directory \(directory.requestCount - 1) more "
                + "times. Remember the addresses the directory found, and answer later lookups of that postcode "
                + "from memory (still in a block on the callback queue).")
    }

    func test_aPostcodeIsRememberedOnceTheDirectorysCompletionReturned_beforeTheCallbackQueueRuns() {
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory)
        let first = completesOnce("the first lookup of SW18 1AA completed")
        lookup.lookUp("SW18 1AA") { _ in first.fulfill() }
        directory.answerOldestRequest(with: .success([alma, elm]))

        // The directory's completion has returned; the main queue has not run its block yet. The
        // customer looks the postcode up again in that moment.
        let again = completesOnce("the second lookup of SW18 1AA completed")
        let results = Recorded<Result<[Address], LookupError>>()
        lookup.lookUp("SW18 1AA") {
            results.append($0)
            again.fulfill()
        }
        XCTAssertEqual(
            directory.requestCount, 1,
            "The directory's completion had returned the addresses of SW18 1AA, and a lookup of it right after "
                + "(before the callback queue ran) asked the directory again. Remember the addresses when the "
                + "directory's completion gets them, not later in the block on the callback queue.")
        drainMainQueue()
        wait(for: [first, again], timeout: 0)
        XCTAssertEqual(results.values, [.success([alma, elm])])
    }

    // MARK: - Never before lookUp returns

    func test_aMalformedPostcode_isReportedOnlyAfterLookUpReturned() {
        let lookup = AddressLookup(directory: ManualDirectory())
        let completed = completesOnce("completion ran for the malformed postcode")
        var lookUpReturned = false
        var calledBeforeReturning = false

        lookup.lookUp("12") { _ in
            if !lookUpReturned { calledBeforeReturning = true }
            completed.fulfill()
        }
        lookUpReturned = true

        XCTAssertFalse(
            calledBeforeReturning,
            "completion ran inside lookUp, before it returned. The form sets up its spinner after calling lookUp, "
                + "so an answer known at once must still come later, in a block on the callback queue.")
        drainMainQueue()
        wait(for: [completed], timeout: 0)
    }

    /// The directory answers inside `fetchAddresses`, so the lookup is called on a thread of its own
    /// (see `returnsWithinASecond`): a lookup that waits for itself there fails the test instead of
    /// hanging the run.
    func test_anAnswerTheDirectoryHadAtHand_isReportedOnlyAfterLookUpReturned() {
        let directory = ManualDirectory()
        directory.answerAtOnce(with: .success([alma]))
        let lookup = AddressLookup(directory: directory)
        let completed = completesOnce("completion ran for an answer the directory gave inside fetchAddresses")
        let lookUpReturned = Recorded<Bool>()
        let calledBeforeReturning = Recorded<Bool>()

        let returned = returnsWithinASecond {
            lookup.lookUp("SW18 1AA") { _ in
                if lookUpReturned.values.isEmpty { calledBeforeReturning.append(true) }
                completed.fulfill()
            }
            lookUpReturned.append(true)
        }

        guard returned else {
            return XCTFail(
                "The directory answered inside fetchAddresses, and lookUp had not returned a second later: the "
                    + "lookup waits for itself (a lock it still holds while it asks the directory?). The directory "
                    + "may answer before fetchAddresses returns; every lookup still calls completion.")
        }
        XCTAssertEqual(
            calledBeforeReturning.values, [],
            "The directory answered inside fetchAddresses, and completion ran before lookUp returned. "
                + "However fast the answer, it reaches the form in a block on the callback queue.")
        drainMainQueue()
        wait(for: [completed], timeout: 0)
    }

    func test_aPostcodeFoundBefore_isReportedOnlyAfterLookUpReturned() {
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory)
        findOnce("SW18 1AA", [alma], with: lookup, directory: directory)

        directory.answerAtOnce(with: .success([alma]))  // should it ask again, the answer is at hand
        let again = completesOnce("the second lookup of SW18 1AA completed")
        var lookUpReturned = false
        var calledBeforeReturning = false
        lookup.lookUp("SW18 1AA") { _ in
            if !lookUpReturned { calledBeforeReturning = true }
            again.fulfill()
        }
        lookUpReturned = true

        XCTAssertFalse(
            calledBeforeReturning,
            "A postcode looked up before was reported inside lookUp, before it returned: even an answer from "
                + "memory reaches the form in a block on the callback queue.")
        drainMainQueue()
        wait(for: [again], timeout: 0)
    }

    /// On a queue of the test's own, `completion` may rightly run as soon as `lookUp` returns, before
    /// the test sets its flag. So the test holds the queue: it suspends it before `lookUp` and resumes
    /// it once the flag is set. A block the lookup queued waits until then; a call made inside
    /// `lookUp` does not, and sees the flag unset.
    func test_onAQueueOfItsOwn_anAnswerKnownAtOnce_isReportedOnlyAfterLookUpReturned() {
        let callbacks = DispatchQueue(label: "kata21.held-callbacks")
        let directory = ManualDirectory()
        directory.answerAtOnce(with: .success([alma]))
        let lookup = AddressLookup(directory: directory, callbackQueue: callbacks)
        let calledEarly = Recorded<String>()

        /// False when `lookUp` never returned: the lookup is stuck, and the test says so and stops.
        func lookUp(_ postcode: String, _ path: String) -> Bool {
            let completed = completesOnce("completion ran for \(path)")
            let returned = Recorded<Bool>()
            callbacks.suspend()  // nothing queued on callbacks runs until the flag is set
            let lookUpReturned = returnsWithinASecond {
                lookup.lookUp(postcode) { _ in
                    if returned.values.isEmpty { calledEarly.append(path) }
                    completed.fulfill()
                }
                returned.append(true)
            }
            callbacks.resume()  // before any return: a queue released while suspended crashes the run
            guard lookUpReturned else {
                XCTFail(
                    "lookUp had not returned a second after it was called for \(path), with a callback queue of "
                        + "the lookup's own: the lookup waits for itself (a lock it still holds while it asks a "
                        + "directory that answers inside fetchAddresses?).")
                return false
            }
            callbacks.sync {}  // the lookup's block has run...
            drainMainQueue()  // ...and so has anything it sent to the main queue instead
            wait(for: [completed], timeout: 0)
            return true
        }

        guard lookUp("12", "a malformed postcode"),
            lookUp("SW18 1AA", "an answer the directory had at hand"),
            lookUp("SW18 1AA", "a postcode found before")
        else { return }

        XCTAssertEqual(
            calledEarly.values, [],
            "completion ran inside lookUp, before it returned, on these paths, with a callback queue of the "
                + "lookup's own: an answer known at once must still come later, in a block on that queue.")
    }

    /// The block must be on the callback queue by the time the directory's `completion` returns: a
    /// lookup that first sorts out the answer elsewhere (on a global queue, say) queues its block a
    /// moment later, after whatever the app queued meanwhile. The test answers, queues a block of its
    /// own at once, and looks at the order; a hop elsewhere loses that race most times, so the test
    /// runs it a hundred times. Correct code wins it every time: its block is queued before.
    func test_theBlockIsOnTheCallbackQueue_byTheTimeTheDirectorysCompletionReturns() {
        for round in 1...100 {
            let callbacks = DispatchQueue(label: "kata21.ordered-callbacks")
            let directory = ManualDirectory()
            let lookup = AddressLookup(directory: directory, callbackQueue: callbacks)
            let order = Recorded<String>()
            let completed = completesOnce("completion ran in round \(round)")
            callbacks.suspend()
            lookup.lookUp("SW18 1AA") { _ in
                order.append("the lookup's completion")
                completed.fulfill()
            }
            directory.answerOldestRequest(with: .success([alma]))
            callbacks.async { order.append("a block queued after the directory's completion returned") }
            callbacks.resume()
            callbacks.sync {}
            drainMainQueue()
            wait(for: [completed], timeout: 1)
            callbacks.sync {}
            guard order.values.first == "the lookup's completion" else {
                XCTFail(
                    "In round \(round) a block queued on the callback queue right after the directory's completion "
                        + "returned ran before the lookup's completion (\(order.values)): the lookup's block must be "
                        + "on the callback queue by then, not sent there later from another queue.")
                return
            }
        }
    }

    // MARK: - On the callback queue

    /// The lookup is handed a queue of the test's own, marked with a key, and the directory answers
    /// from a background thread, as URLSession does. Each completion notes whether it ran in a
    /// block on that queue. After each answer the test drains that queue and then the main queue, so
    /// a completion sent to the main queue instead has run too, and was seen off the queue.
    func test_callsBackInABlockOnTheCallbackQueue_onEveryPath() {
        let callbacks = DispatchQueue(label: "kata21.callbacks")
        let marker = DispatchSpecificKey<Bool>()
        callbacks.setSpecific(key: marker, value: true)
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory, callbackQueue: callbacks)
        let offQueue = Recorded<String>()

        func lookUp(_ postcode: String, _ path: String, answer: Result<[Address], Error>?) {
            let completed = completesOnce("completion ran for \(path)")
            lookup.lookUp(postcode) { _ in
                if DispatchQueue.getSpecific(key: marker) != true { offQueue.append(path) }
                completed.fulfill()
            }
            if let answer {
                let answered = expectation(description: "the directory's answer for \(path) returned")
                DispatchQueue.global().async {
                    directory.answerEveryOpenRequest(with: answer)
                    answered.fulfill()
                }
                wait(for: [answered], timeout: 1)
            }
            callbacks.sync {}  // what the lookup queued on its callback queue has run...
            drainMainQueue()  // ...and so has anything it sent to the main queue instead
            wait(for: [completed], timeout: 0)
        }

        lookUp("SW18-1AA", "a malformed postcode", answer: nil)
        lookUp("SW18 1AA", "found addresses", answer: .success([alma]))
        lookUp("SW18 1AA", "a postcode found before", answer: .success([alma]))
        lookUp("E1 6AN", "a directory failure", answer: .failure(DirectoryDown()))
        lookUp("N1 9GU", "no addresses", answer: .success([]))

        XCTAssertEqual(
            offQueue.values, [],
            "completion ran outside a block on the callbackQueue the lookup was given, for these paths. The app "
                + "passes the main queue, but the lookup must use the queue it is handed, on every path.")
    }

    // MARK: - Lookups that overlap

    func test_overlappingLookups_eachCompleteWithTheirOwnAddresses() {
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory)
        let allCompleted = expectation(description: "each of the three overlapping lookups completed")
        allCompleted.expectedFulfillmentCount = 3  // met by the third call...
        allCompleted.assertForOverFulfill = true  // ...and a fourth fails the test
        let sw18 = Recorded<Result<[Address], LookupError>>()
        let e1 = Recorded<Result<[Address], LookupError>>()
        let n1 = Recorded<Result<[Address], LookupError>>()

        lookup.lookUp("SW18 1AA") {
            sw18.append($0)
            allCompleted.fulfill()
        }
        lookup.lookUp("E1 6AN") {
            e1.append($0)
            allCompleted.fulfill()
        }
        lookup.lookUp("N1 9GU") {
            n1.append($0)
            allCompleted.fulfill()
        }
        // The directory answers the newest request first: N1, then E1, then SW18.
        directory.answerNewestRequest(with: .success([quay]))
        directory.answerNewestRequest(with: .success([station]))
        directory.answerNewestRequest(with: .success([alma]))
        drainMainQueue()

        wait(for: [allCompleted], timeout: 0)
        let message =
            "Three lookups were in flight and the directory answered them last first. Each completion "
            + "must get the answer to its own postcode, once: keep each lookup's completion with its own request."
        XCTAssertEqual(sw18.values, [.success([alma])], message)
        XCTAssertEqual(e1.values, [.success([station])], message)
        XCTAssertEqual(n1.values, [.success([quay])], message)
    }

    func test_answersArrivingTogetherOnTwoThreads_eachCompleteOnceWithTheirOwnAddresses() {
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory)
        let sw18Completed = completesOnce("the SW18 lookup completed")
        let e1Completed = completesOnce("the E1 lookup completed")
        let sw18 = Recorded<Result<[Address], LookupError>>()
        let e1 = Recorded<Result<[Address], LookupError>>()

        lookup.lookUp("SW18 1AA") {
            sw18.append($0)
            sw18Completed.fulfill()
        }
        lookup.lookUp("E1 6AN") {
            e1.append($0)
            e1Completed.fulfill()
        }
        // Both answers arrive at the same moment, each on a thread of its own.
        directory.answerEveryOpenRequestAtOnce(with: [.success([alma, elm]), .success([station])])

        wait(for: [sw18Completed, e1Completed], timeout: 1)
        let message =
            "The directory answered two lookups at once, from two threads. Each completion must get the "
            + "answer to its own postcode, once: the directory may call back on any thread, at any moment."
        XCTAssertEqual(sw18.values, [.success([alma, elm])], message)
        XCTAssertEqual(e1.values, [.success([station])], message)
    }

    // MARK: - Cancel

    func test_aCancelledLookup_staysSilent_evenWhenItsAnswerIsAlreadyQueued() {
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory)
        let silent = neverCalled(
            "completion did not run after cancel(), although the answer was already queued when the "
                + "customer typed another postcode")

        let handle = lookup.lookUp("SW18 1AA") { _ in silent.fulfill() }
        directory.answerOldestRequest(with: .success([alma]))  // the answer is queued on the main queue now...
        handle.cancel()  // ...and the customer moves on before it runs

        drainMainQueue()  // everything the lookup queued has run by now...
        wait(for: [silent], timeout: 0)  // ...so read the verdict without waiting
    }

    func test_aLookupCancelledBeforeTheAnswer_staysSilent_andTheOthersStillComplete() {
        let directory = ManualDirectory()
        let lookup = AddressLookup(directory: directory)
        let silent = neverCalled("completion did not run for the cancelled lookup of SW18 1AA")
        let othersCompleted = expectation(
            description: "the lookup of E1 6AN and the other lookup of SW18 1AA, not cancelled, both completed")
        othersCompleted.expectedFulfillmentCount = 2
        othersCompleted.assertForOverFulfill = true
        let others = Recorded<Result<[Address], LookupError>>()

        lookup.lookUp("E1 6AN") {
            others.append($0)
            othersCompleted.fulfill()
        }
        let cancelled = lookup.lookUp("SW18 1AA") { _ in silent.fulfill() }
        lookup.lookUp("SW18 1AA") {
            others.append($0)
            othersCompleted.fulfill()
        }
        cancelled.cancel()
        directory.answerOldestRequest(with: .success([station]))  // E1 asked first
        directory.answerEveryOpenRequest(with: .success([alma]))  // then SW18, in one request or two
        drainMainQueue()

        wait(for: [silent, othersCompleted], timeout: 0)
        XCTAssertEqual(
            others.values.count, 2,
            "cancel() silences the lookup it was returned for, and only that one, even for the same postcode.")
    }
}
