import Foundation
import Synchronization
import XCTest

@testable import Kata07

/// These tests use XCTest for one reason: they need a *bounded* wait. `start()` and the loader's
/// callback run on other threads, as a queue and URLSession run them, and a broken operation can
/// leave such a thread stuck on its own lock. The test waits at most `timeout` for that thread
/// and fails with a message instead of freezing the test run.
///
/// Everything else is checked the moment the thread is back, with no waiting: a correct operation
/// is finished, and has told its dependents, by the time the loader's callback returns. Only
/// `completionBlock` needs a short wait, because Foundation runs it on a global queue: `XCTWaiter`
/// returns the moment it ran (a millisecond when the operation is correct).
///
/// The tests never race: each one lets `start()` return first, then finishes the download by
/// hand (or has the loader answer at once, inside `start()`). Those are the orders that break an
/// operation without KVO, every single time.
final class ImageDownloadOperationTests: XCTestCase {
    private let beach = URL(string: "https://photos.example.com/lisbon/beach.jpg")!
    private let harbour = URL(string: "https://photos.example.com/lisbon/harbour.jpg")!
    private let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x4A, 0x46, 0x49, 0x46])

    /// Reached only when something is broken. A correct operation is done in milliseconds.
    private let timeout: TimeInterval = 1

    /// What a thread that never came back was doing. Such a thread stays stuck for good, and the
    /// next test would get stuck the same way: the first test waits `timeout`, the others stop
    /// at once.
    private static let stuckThread = LockedBox<String?>(nil)

    private let startMustReturn =
        "start() should return right after handing the URL to the loader, without waiting for the download; "
        + "and look for a lock held while calling willChangeValue/didChangeValue."

    // MARK: - Helpers

    /// False, after failing the test, when an earlier test left a thread stuck on an operation:
    /// this test would get stuck on it too.
    private func noThreadLeftStuck(file: StaticString, line: UInt) -> Bool {
        guard let stuck = Self.stuckThread.value else { return true }
        XCTFail(
            "An earlier test left a thread stuck in \(stuck); this test would get stuck too.", file: file, line: line)
        return false
    }

    /// Runs `work` on another thread and waits at most `timeout` for it to return. The wait
    /// blocks this thread without running the main queue, so the test looks at the operation
    /// exactly as `work` left it. On a timeout the test stops right there
    /// (`guard ... else { return }`): the thread may be stuck on the operation's lock, and asking
    /// the operation for `isFinished` would freeze the test run.
    private func onAnotherThread(
        _ what: String, hint: String, file: StaticString, line: UInt, _ work: @escaping () -> Void
    ) -> Bool {
        guard noThreadLeftStuck(file: file, line: line) else { return false }
        let returned = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            work()
            returned.signal()
        }
        guard returned.wait(timeout: .now() + timeout) == .success else {
            Self.stuckThread.value = what
            XCTFail("Waited \(timeout) s for \(what) to return, and it never did. \(hint)", file: file, line: line)
            return false
        }
        return true
    }

    /// Calls `start()` on another thread, as a queue would, and waits until it has returned.
    private func startAndWaitUntilItReturns(_ operation: Operation, file: StaticString = #filePath, line: UInt = #line)
        -> Bool
    {
        onAnotherThread(
            "start()",
            hint: startMustReturn,
            file: file, line: line
        ) {
            ThreadMark.finishingMoment.run { operation.start() }
        }
    }

    /// What an operation and the step that depends on it said at one moment.
    private struct Look {
        let isExecuting: Bool
        let isFinished: Bool
        let stepIsReady: Bool
    }

    /// Finishes the open download on another thread, the way URLSession calls back, and waits
    /// until the loader's completion has returned. When given `download` and `step`, it reads
    /// their state on that thread, the moment the completion returns, into `look`: nothing
    /// another queue does later can make up for an operation that was not finished then.
    private func finishDownload(
        _ loader: ManualImageLoader, with result: Result<Data, Error>, lookingAt download: Operation? = nil,
        andAt step: Operation? = nil, into look: LockedBox<Look?>? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) -> Bool {
        let hadRequest = LockedBox(false)
        let returned = onAnotherThread(
            "the loader's completion",
            hint: "The operation is stuck on its own lock: call willChangeValue/didChangeValue outside of it.",
            file: file, line: line
        ) {
            hadRequest.value = loader.finishOldestRequest(with: result)
            if let download, let step, let look {
                look.value = ThreadMark.testsLook.run {
                    Look(isExecuting: download.isExecuting, isFinished: download.isFinished, stepIsReady: step.isReady)
                }
            }
        }
        guard returned else { return false }
        guard hadRequest.value else {
            XCTFail(
                "The loader has no open request to finish: start() should call loader.loadImage(from: url) { ... }.",
                file: file, line: line)
            return false
        }
        return true
    }

    /// Waits until the serial `lane` has run every block handed to it so far. An `OperationQueue`
    /// with `lane` as its `underlyingQueue` runs each `start()` as such a block, so after this
    /// every `start()` the queue began has returned.
    private func waitForTheQueuesStarts(on lane: DispatchQueue, file: StaticString = #filePath, line: UInt = #line)
        -> Bool
    {
        onAnotherThread(
            "the queue's call to start()",
            hint: startMustReturn,
            file: file, line: line
        ) {
            lane.sync {}
        }
    }

    /// Waits at most `timeout` for `expectation` and says whether it arrived.
    private func arrived(_ expectation: XCTestExpectation, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard XCTWaiter().wait(for: [expectation], timeout: timeout) == .completed else {
            XCTFail(
                "Waited \(timeout) s for this, and it never happened: \(expectation.description)", file: file,
                line: line)
            return false
        }
        return true
    }

    /// An operation that depends on `download`, as the album's save step does. The test never
    /// runs it; it reads its `isReady`, which Foundation updates the moment `download` announces,
    /// with `didChangeValue(forKey: "isFinished")`, that it has finished.
    ///
    /// Foundation on Linux does not retain the operations that depend on another one, and a
    /// broken download may finish after its test has ended (from a block it sent to the main
    /// queue, say). Touching a freed step then would crash the whole test run, so every step
    /// stays alive until the run is over.
    private func stepThatDepends(on download: Operation) -> Operation {
        let step = StepThatLooksBack(at: download)
        step.addDependency(download)
        Self.stepsKeptAlive.value.append(step)
        return step
    }

    private static let stepsKeptAlive = LockedBox<[Operation]>([])

    /// Checks, right after `moment` (the loader's completion or `start()` returned), that the
    /// operation has finished and told the operations that depend on it. Returns false, and the
    /// test stops, when it has not: its `completionBlock` would never run.
    private func hasFinished(
        _ download: ImageDownloadOperation, andTold step: Operation, once moment: String, as seen: Look? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) -> Bool {
        let now =
            seen
            ?? ThreadMark.testsLook.run {
                Look(isExecuting: download.isExecuting, isFinished: download.isFinished, stepIsReady: step.isReady)
            }
        XCTAssertFalse(
            now.isExecuting,
            "\(moment) has returned, and isExecuting is still true. Finishing moves the operation out of executing "
                + "too: isExecuting false, isFinished true, each announced with willChangeValue/didChangeValue.",
            file: file, line: line)
        guard now.isFinished else {
            XCTFail(
                "\(moment) has returned, and isFinished is still false. Finish before it returns: in the loader's "
                    + "callback (no hop to another queue, no retry), or in start() for a cancelled operation. And move "
                    + "to executing before asking the loader, so that an answer that comes at once is the last word.",
                file: file, line: line)
            return false
        }
        guard now.stepIsReady else {
            XCTFail(
                "\(moment) has returned and isFinished is true, but the step that depends on the download is still "
                    + "not ready: nobody polls isFinished. Announce the change with "
                    + "willChangeValue/didChangeValue(forKey: \"isFinished\"), on every way to finish.",
                file: file, line: line)
            return false
        }
        if let step = step as? StepThatLooksBack, step.heardTheDownloadFinishOnAnotherThread {
            XCTFail(
                "\(moment) has returned, and the download was finished by then, but on another thread: the step "
                    + "that depends on it heard of it there, not inside the loader's callback. Finish inside the "
                    + "callback, on the thread that calls it (no hop to another queue): a hop that happened to run "
                    + "first here runs a moment too late on a phone.",
                file: file, line: line)
            return false
        }
        if let step = step as? StepThatLooksBack, step.sawTheDownloadExecutingAndFinished {
            XCTFail(
                "The download announced isFinished while isExecuting was still true: the step that depends on it, "
                    + "asked whether it is ready at that moment, found it executing and finished at once. Leave "
                    + "executing before you announce finished: set isExecuting false no later than isFinished true.",
                file: file, line: line)
            return false
        }
        return true
    }

    // MARK: - Tests

    func test_start_asksTheLoaderForThePhoto_andIsExecutingUntilTheDownloadEnds() {
        let loader = ManualImageLoader()
        let download = ImageDownloadOperation(url: beach, loader: loader)

        guard startAndWaitUntilItReturns(download) else { return }

        XCTAssertEqual(
            loader.requestedURLs, [beach],
            "start() should ask the injected loader for the operation's URL, exactly once.")
        XCTAssertTrue(
            download.isExecuting,
            "start() has returned but the download is still in flight: isExecuting should be true.")
        XCTAssertFalse(
            download.isFinished,
            "The loader has not called back yet, so the operation must not be finished.")
    }

    func test_completionBlockRuns_whenTheDownloadEndsAfterStartReturned() {
        let loader = ManualImageLoader()
        let download = ImageDownloadOperation(url: beach, loader: loader)
        let save = stepThatDepends(on: download)
        let completionRan = XCTestExpectation(description: "completionBlock ran after the download ended.")
        download.completionBlock = { completionRan.fulfill() }

        guard startAndWaitUntilItReturns(download) else { return }
        XCTAssertFalse(
            ThreadMark.testsLook.run { save.isReady },
            "The save step must not be ready before the download has finished.")
        let look = LockedBox<Look?>(nil)
        guard finishDownload(loader, with: .success(jpeg), lookingAt: download, andAt: save, into: look) else { return }

        let moment = "The loader's completion (looked at on its own thread, the moment it returned)"
        guard hasFinished(download, andTold: save, once: moment, as: look.value) else { return }
        XCTAssertEqual(
            download.imageData, jpeg, "The operation should keep the bytes the loader delivered in imageData.")
        XCTAssertNil(download.error, "A successful download has no error.")
        guard arrived(completionRan) else { return }
    }

    func test_isFinishedOnTheLoadersThread_theMomentItsCompletionReturns() {
        // A hop to another queue finishes a few microseconds later: in most rounds after the test
        // has looked, in some before, and then the step that depends on the download hears of it on
        // the hop's thread. Fifty downloads, each looked at on the loader's thread.
        for round in 1...50 {
            let loader = ManualImageLoader()
            let download = ImageDownloadOperation(url: beach, loader: loader)
            let save = stepThatDepends(on: download)
            guard startAndWaitUntilItReturns(download) else { return }
            let look = LockedBox<Look?>(nil)
            guard finishDownload(loader, with: .success(jpeg), lookingAt: download, andAt: save, into: look) else {
                return
            }
            let finishedElsewhere = (save as? StepThatLooksBack)?.heardTheDownloadFinishOnAnotherThread ?? false
            guard let seen = look.value, seen.isFinished, !seen.isExecuting, seen.stepIsReady, !finishedElsewhere else {
                XCTFail(
                    "Download \(round): the loader's completion returned, and the operation was not finished on its "
                        + "thread (isFinished \(look.value?.isFinished ?? false)"
                        + (finishedElsewhere ? ", and it finished on another thread" : "") + "). Finish inside the "
                        + "loader's callback, on the thread that calls it: a hop to another queue (DispatchQueue."
                        + "global().async, main.async) finishes after the callback has returned.")
                return
            }
        }
    }

    func test_theStateCanBeReadOnAnyThread_whileTheLoaderFinishesOnAnother() {
        // A queue reads isExecuting and isFinished on its own threads while the loader finishes on
        // another, with nothing else ordering the two. Here the test's thread is that queue: it
        // reads while the loader's completion runs, before it waits for the completion to return.
        // Only ThreadSanitizer (which `kata check 7` builds the tests with) sees state read and
        // written by two threads without the lock: it fails this test when it does. Whether it sees
        // one download depends on how the two threads meet, so there are twenty.
        for round in 1...20 {
            let loader = ManualImageLoader()
            let download = ImageDownloadOperation(url: beach, loader: loader)
            guard startAndWaitUntilItReturns(download) else { return }

            let answered = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                _ = loader.finishOldestRequest(with: .success(self.jpeg))
                answered.signal()
            }
            var returned = false
            var looks = 0
            while !returned, looks < 1_000 {
                _ = download.isExecuting
                _ = download.isFinished
                _ = download.imageData
                looks += 1
                returned = answered.wait(timeout: .now()) == .success
            }
            guard returned || answered.wait(timeout: .now() + timeout) == .success else {
                XCTFail(
                    "Download \(round): waited \(timeout) s for the loader's completion to return, and it never did. "
                        + "The operation is stuck on its own lock: call willChangeValue/didChangeValue outside of it.")
                return
            }
            XCTAssertTrue(
                download.isFinished && !download.isExecuting,
                "Download \(round): the loader's completion has returned, so the operation should be finished, "
                    + "not executing.")
            XCTAssertEqual(
                download.imageData, jpeg, "Download \(round): the operation should keep the bytes the loader delivered."
            )
        }
    }

    /// Reads one property on this thread, over and over with nothing in between, while `change`
    /// runs on another thread, until it reads the value `change` leaves. The other thread starts
    /// `change` only once this one has read a few times, and returns only once it has read the new
    /// value; the turns are handed over with a relaxed atomic and a semaphore this thread signals
    /// last, so nothing orders the change before the read that meets it. The other thread is a
    /// `Thread` of its own, not a dispatch queue's: ThreadSanitizer links work on dispatch queues
    /// through the queues it runs on, and could find an order there. An operation that reads the
    /// property without its lock (or queue) lets ThreadSanitizer (which `kata check 7` builds the
    /// tests with) see the read meet the change, in every run.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    private func keepReading(
        _ property: String, until hasChanged: @escaping () -> Bool, while what: String,
        _ change: @escaping () -> Void, file: StaticString = #filePath, line: UInt = #line
    ) -> Bool {
        guard noThreadLeftStuck(file: file, line: line) else { return false }
        let reads = RelaxedCount()
        let seen = DispatchSemaphore(value: 0)
        let returned = DispatchSemaphore(value: 0)
        let timeout = self.timeout
        Thread {
            reads.waitUntil(atLeast: 3, seconds: timeout)
            change()
            _ = seen.wait(timeout: .now() + timeout)
            returned.signal()
        }.start()
        let deadline = DispatchTime.now() + timeout
        var changed = hasChanged()
        reads.add()
        while !changed, DispatchTime.now() < deadline {
            changed = hasChanged()
            reads.add()
        }
        seen.signal()
        guard returned.wait(timeout: .now() + timeout) == .success else {
            Self.stuckThread.value = what
            XCTFail(
                "Waited \(timeout) s for \(what) to return, and it never did. The operation is stuck on its own "
                    + "lock: call willChangeValue/didChangeValue outside of it.", file: file, line: line)
            return false
        }
        guard changed else {
            XCTFail(
                "\(what) has returned, and \(property) never changed in \(timeout) s of reading it on another thread.",
                file: file, line: line)
            return false
        }
        return true
    }

    func test_eachPropertyCanBeReadOnAnyThread_theMomentItChanges() {
        // A queue reads isExecuting on its own thread while start() runs on another, and anyone
        // may read isFinished, imageData and error while the loader finishes. Each property is read
        // here, alone, while it changes. Only ThreadSanitizer sees a read without the lock, and it
        // remembers only the last few accesses to each variable, so one round can miss what the
        // next one shows: ten rounds, each with downloads of its own.
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
        for _ in 1...10 {
            let loader = ManualImageLoader()
            let download = ImageDownloadOperation(url: beach, loader: loader)
            guard keepReading("isExecuting", until: { download.isExecuting }, while: "start()", { download.start() })
            else { return }
            guard
                keepReading(
                    "isFinished", until: { download.isFinished }, while: "the loader's completion",
                    {
                        loader.finishOldestRequest(with: .success(self.jpeg))
                    })
            else { return }
            XCTAssertEqual(download.imageData, jpeg, "The operation should keep the bytes the loader delivered.")

            let photoLoader = ManualImageLoader()
            let photo = ImageDownloadOperation(url: beach, loader: photoLoader)
            guard startAndWaitUntilItReturns(photo) else { return }
            guard
                keepReading(
                    "imageData", until: { photo.imageData != nil }, while: "the loader's completion",
                    {
                        photoLoader.finishOldestRequest(with: .success(self.jpeg))
                    })
            else { return }

            let failingLoader = ManualImageLoader()
            let failed = ImageDownloadOperation(url: harbour, loader: failingLoader)
            guard startAndWaitUntilItReturns(failed) else { return }
            guard
                keepReading(
                    "error", until: { failed.error != nil }, while: "the loader's completion",
                    {
                        failingLoader.finishOldestRequest(with: .failure(Offline()))
                    })
            else { return }
            XCTAssertEqual(
                failed.error as? Offline, Offline(), "The operation should keep the loader's error in error.")
        }
    }

    func test_aFailedDownloadFinishesToo_andKeepsTheError() {
        let loader = ManualImageLoader()
        let download = ImageDownloadOperation(url: beach, loader: loader)
        let save = stepThatDepends(on: download)
        let completionRan = XCTestExpectation(description: "completionBlock ran after a failed download.")
        download.completionBlock = { completionRan.fulfill() }

        guard startAndWaitUntilItReturns(download) else { return }
        let look = LockedBox<Look?>(nil)
        guard finishDownload(loader, with: .failure(Offline()), lookingAt: download, andAt: save, into: look) else {
            return
        }

        XCTAssertEqual(
            loader.requestedURLs, [beach],
            "After a failure the operation asked the loader again. It asks exactly once: a failed download "
                + "finishes and keeps the loader's error, and whoever wants a retry adds a new operation.")
        let moment = "The loader's completion of a failure (looked at on its own thread, the moment it returned)"
        guard hasFinished(download, andTold: save, once: moment, as: look.value) else { return }
        XCTAssertNil(download.imageData, "A failed download has no image data.")
        XCTAssertEqual(download.error as? Offline, Offline(), "The operation should keep the loader's error in error.")
        guard arrived(completionRan) else { return }
    }

    /// Has the loader call back once more, on another thread, for the request it answered last.
    private func answerAgain(
        _ loader: ManualImageLoader, with result: Result<Data, Error>, file: StaticString = #filePath,
        line: UInt = #line
    ) -> Bool {
        let hadAnswered = LockedBox(false)
        guard
            onAnotherThread(
                "the loader's second call of the completion",
                hint: "The operation is stuck on its own lock: call willChangeValue/didChangeValue outside of it.",
                file: file, line: line,
                { hadAnswered.value = loader.answerTheLastRequestAgain(with: result) })
        else { return false }
        guard hadAnswered.value else {
            XCTFail("The loader never answered a request, so it cannot answer again.", file: file, line: line)
            return false
        }
        return true
    }

    func test_aSecondAnswerFromTheLoader_changesNothing() {
        let secondAnswerIgnored =
            "Once the operation has finished, it ignores whatever the loader says next: the first answer is the "
            + "last word. Store the result only on the way from executing to finished, once."

        // A photo, then an error.
        let loader = ManualImageLoader()
        let download = ImageDownloadOperation(url: beach, loader: loader)
        guard startAndWaitUntilItReturns(download) else { return }
        guard finishDownload(loader, with: .success(jpeg)) else { return }
        guard answerAgain(loader, with: .failure(Offline())) else { return }
        XCTAssertEqual(download.imageData, jpeg, "The photo arrived first. \(secondAnswerIgnored)")
        XCTAssertNil(
            download.error,
            "The loader called back a second time, with an error, after the photo had arrived, and the operation "
                + "kept that error too. \(secondAnswerIgnored)")
        XCTAssertTrue(download.isFinished, "A second answer must not take the operation out of finished.")

        // An error, then a photo.
        let failing = ManualImageLoader()
        let failed = ImageDownloadOperation(url: harbour, loader: failing)
        guard startAndWaitUntilItReturns(failed) else { return }
        guard finishDownload(failing, with: .failure(Offline())) else { return }
        guard answerAgain(failing, with: .success(jpeg)) else { return }
        XCTAssertEqual(failed.error as? Offline, Offline(), "The error arrived first. \(secondAnswerIgnored)")
        XCTAssertNil(
            failed.imageData,
            "The loader called back a second time, with a photo, after the download had failed, and the operation "
                + "kept the photo too. \(secondAnswerIgnored)")

        // A cache that answered at once, inside loadImage, then the network later.
        let cache = ManualImageLoader(answeringAtOnceWith: .success(jpeg))
        let cached = ImageDownloadOperation(url: beach, loader: cache)
        guard startAndWaitUntilItReturns(cached) else { return }
        guard answerAgain(cache, with: .failure(Offline())) else { return }
        XCTAssertEqual(cached.imageData, jpeg, "The cache answered first. \(secondAnswerIgnored)")
        XCTAssertNil(
            cached.error,
            "The cache answered at once, then the loader called back again with an error, and the operation kept "
                + "that error too. \(secondAnswerIgnored)")
    }

    func test_theDependentSaveStepRuns_onceTheDownloadHasFinished() {
        let loader = ManualImageLoader()
        let download = ImageDownloadOperation(url: beach, loader: loader)
        let saveRan = XCTestExpectation(description: "the dependent save operation ran on its queue.")
        let save = BlockOperation { saveRan.fulfill() }
        save.addDependency(download)
        let queue = OperationQueue()
        queue.addOperation(save)  // it waits for the download, which the test starts itself

        guard startAndWaitUntilItReturns(download) else { return }
        XCTAssertFalse(save.isFinished, "The save step must not run before the download has finished.")
        let look = LockedBox<Look?>(nil)
        guard finishDownload(loader, with: .success(jpeg), lookingAt: download, andAt: save, into: look) else { return }

        let moment = "The loader's completion (looked at on its own thread, the moment it returned)"
        guard hasFinished(download, andTold: save, once: moment, as: look.value) else { return }
        guard arrived(saveRan) else { return }
    }

    func test_aPhotoTheLoaderHasAtHand_finishesBeforeStartReturns() {
        let loader = ManualImageLoader(answeringAtOnceWith: .success(jpeg))
        let download = ImageDownloadOperation(url: beach, loader: loader)
        let save = stepThatDepends(on: download)
        let completionRan = XCTestExpectation(description: "completionBlock ran for a download answered at once.")
        download.completionBlock = { completionRan.fulfill() }

        guard startAndWaitUntilItReturns(download) else { return }

        XCTAssertEqual(loader.requestedURLs, [beach], "start() should ask the loader for the operation's URL once.")
        let moment = "start(), with a loader that answered at once (inside loadImage, as a cache does),"
        guard hasFinished(download, andTold: save, once: moment) else { return }
        XCTAssertEqual(download.imageData, jpeg, "The operation should keep the bytes the loader delivered.")
        guard arrived(completionRan) else { return }
    }

    func test_aDownloadCancelledBeforeItStarted_finishesWithoutAskingTheLoader() {
        let loader = ManualImageLoader()
        let download = ImageDownloadOperation(url: beach, loader: loader)
        let save = stepThatDepends(on: download)
        let completionRan = XCTestExpectation(description: "completionBlock ran for a cancelled download.")
        download.completionBlock = { completionRan.fulfill() }

        download.cancel()
        guard startAndWaitUntilItReturns(download) else { return }

        XCTAssertEqual(
            loader.requestedURLs, [],
            "A cancelled download must not ask the loader for anything. A queue calls start() on cancelled "
                + "operations too, so that they can finish: start() checks isCancelled first.")
        guard hasFinished(download, andTold: save, once: "start() of a cancelled operation") else { return }
        guard arrived(completionRan) else { return }
    }

    func test_inAOneSlotQueue_theNextPhotoStarts_afterTheFirstFinishedLate() {
        let loader = ManualImageLoader()
        let first = ImageDownloadOperation(url: beach, loader: loader)
        let second = ImageDownloadOperation(url: harbour, loader: loader)

        // The queue runs each start() as a block on `lane`. Because `lane` is serial, once a
        // block the test adds to it has run, every start() the queue handed it has returned.
        let lane = DispatchQueue(label: "kata07.one-slot-lane")
        let queue = OperationQueue()
        queue.underlyingQueue = lane
        queue.maxConcurrentOperationCount = 1

        queue.addOperations([first, second], waitUntilFinished: false)
        guard waitForTheQueuesStarts(on: lane) else { return }
        XCTAssertEqual(loader.requestedURLs, [beach], "With one slot, the queue starts the first download only.")

        guard finishDownload(loader, with: .success(jpeg)) else { return }
        guard waitForTheQueuesStarts(on: lane) else { return }

        XCTAssertEqual(
            loader.requestedURLs, [beach, harbour],
            "The first download has finished, and the queue has not started the second one. With one slot, the "
                + "queue frees it only when the first operation sends didChangeValue(forKey: \"isFinished\"); "
                + "without it the album stops after the first photo.")
    }
}
