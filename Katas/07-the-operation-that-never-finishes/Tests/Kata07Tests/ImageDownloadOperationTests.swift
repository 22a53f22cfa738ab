import Foundation
import XCTest

@testable import Kata07

/// These tests use XCTest for one reason: they need a *bounded* wait. Finishing the operation
/// sends KVO notifications, and Foundation reacts on its own threads: it runs `completionBlock`
/// on a global queue and starts dependents on their queue. `XCTWaiter` returns the moment the
/// expectations are fulfilled (a few milliseconds when the operation is correct) and fails
/// after `timeout` only when it is broken. Swift Testing's `confirmation` does not wait at all,
/// and a continuation would hang forever on a broken operation instead of failing.
///
/// The tests never race: each one lets `start()` return first, then finishes the download by
/// hand. That is the order that breaks an operation without KVO, every single time.
final class ImageDownloadOperationTests: XCTestCase {
    private let beach = URL(string: "https://photos.example.com/lisbon/beach.jpg")!
    private let harbour = URL(string: "https://photos.example.com/lisbon/harbour.jpg")!
    private let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x4A, 0x46, 0x49, 0x46])

    /// Reached only when something is broken. A correct operation is done in milliseconds.
    private let timeout: TimeInterval = 1

    // MARK: - Helpers

    /// Waits at most `timeout` for `expectation` and says whether it arrived. On a timeout the
    /// test stops right there (`guard ... else { return }`): a broken operation may have a
    /// thread stuck on its lock, and asking it for `isFinished` would freeze the test run.
    private func arrived(_ expectation: XCTestExpectation, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard XCTWaiter().wait(for: [expectation], timeout: timeout) == .completed else {
            XCTFail(
                "Waited \(timeout) s for this, and it never happened: \(expectation.description)", file: file,
                line: line)
            return false
        }
        return true
    }

    /// Calls `start()` on another thread, as a queue would, and waits until it has returned.
    private func startAndWaitUntilItReturns(_ operation: Operation, file: StaticString = #filePath, line: UInt = #line)
        -> Bool
    {
        let returned = XCTestExpectation(
            description: "start() returned. It should return right after handing the URL to the loader; "
                + "if it never does, look for a lock held while calling willChangeValue/didChangeValue.")
        DispatchQueue.global().async {
            operation.start()
            returned.fulfill()
        }
        return arrived(returned, file: file, line: line)
    }

    /// Finishes the open download on another thread, the way URLSession calls back.
    private func finishDownload(
        _ loader: ManualImageLoader, with result: Result<Data, Error>, file: StaticString = #filePath,
        line: UInt = #line
    ) -> Bool {
        let finished = XCTestExpectation(
            description: "the loader's completion returned. If it never does, the operation is stuck on its "
                + "own lock: call willChangeValue/didChangeValue outside of it.")
        let hadRequest = LockedBox(false)
        DispatchQueue.global().async {
            hadRequest.value = loader.finishOldestRequest(with: result)
            finished.fulfill()
        }
        guard arrived(finished, file: file, line: line) else { return false }
        guard hadRequest.value else {
            XCTFail(
                "The loader has no open request to finish: start() should call loader.loadImage(from: url) { ... }.",
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
        let completionRan = XCTestExpectation(
            description: "completionBlock ran after the download ended. Operation runs it only when it hears "
                + "didChangeValue(forKey: \"isFinished\"): wrap the change to the finished state in "
                + "willChangeValue(forKey:) / didChangeValue(forKey:) for \"isExecuting\" and \"isFinished\".")
        download.completionBlock = { completionRan.fulfill() }

        guard startAndWaitUntilItReturns(download) else { return }
        guard finishDownload(loader, with: .success(jpeg)) else { return }

        guard arrived(completionRan) else { return }
        XCTAssertTrue(download.isFinished, "After the loader called back, isFinished should be true.")
        XCTAssertFalse(download.isExecuting, "A finished operation is no longer executing.")
        XCTAssertEqual(
            download.imageData, jpeg, "The operation should keep the bytes the loader delivered in imageData.")
        XCTAssertNil(download.error, "A successful download has no error.")
    }

    func test_aFailedDownloadFinishesToo_andKeepsTheError() {
        let loader = ManualImageLoader()
        let download = ImageDownloadOperation(url: beach, loader: loader)
        let completionRan = XCTestExpectation(
            description: "completionBlock ran after a failed download. A failure must finish the operation "
                + "with the same KVO notifications as a success, or the queue waits for it forever.")
        download.completionBlock = { completionRan.fulfill() }

        guard startAndWaitUntilItReturns(download) else { return }
        guard finishDownload(loader, with: .failure(Offline())) else { return }

        guard arrived(completionRan) else { return }
        XCTAssertTrue(download.isFinished, "A failed download is finished as well.")
        XCTAssertNil(download.imageData, "A failed download has no image data.")
        XCTAssertEqual(download.error as? Offline, Offline(), "The operation should keep the loader's error in error.")
    }

    func test_theDependentSaveStepRuns_onceTheDownloadHasFinished() {
        let loader = ManualImageLoader()
        let download = ImageDownloadOperation(url: beach, loader: loader)
        let saveRan = XCTestExpectation(
            description: "the dependent save operation ran. A dependent becomes ready only when its dependency "
                + "sends didChangeValue(forKey: \"isFinished\"); without it the save step waits forever.")
        let save = BlockOperation { saveRan.fulfill() }
        save.addDependency(download)
        let queue = OperationQueue()
        queue.addOperation(save)  // it waits for the download, which the test starts itself

        guard startAndWaitUntilItReturns(download) else { return }
        XCTAssertFalse(save.isFinished, "The save step must not run before the download has finished.")
        guard finishDownload(loader, with: .success(jpeg)) else { return }

        guard arrived(saveRan) else { return }
    }

    func test_aDownloadCancelledBeforeItStarted_finishesWithoutAskingTheLoader() {
        let loader = ManualImageLoader()
        let download = ImageDownloadOperation(url: beach, loader: loader)
        let completionRan = XCTestExpectation(
            description: "completionBlock ran for a download cancelled before it started. A queue calls start() "
                + "on cancelled operations so they can finish: start() should move straight to finished, "
                + "with willChangeValue/didChangeValue(forKey: \"isFinished\").")
        download.completionBlock = { completionRan.fulfill() }

        download.cancel()
        guard startAndWaitUntilItReturns(download) else { return }

        guard arrived(completionRan) else { return }
        XCTAssertEqual(loader.requestedURLs, [], "A cancelled download must not ask the loader for anything.")
        XCTAssertTrue(download.isFinished, "A cancelled operation is finished once start() returns.")
        XCTAssertFalse(download.isExecuting, "A cancelled operation never executes.")
    }

    func test_inAOneSlotQueue_theNextPhotoStarts_afterTheFirstFinishedLate() {
        let loader = ManualImageLoader()
        let first = ImageDownloadOperation(url: beach, loader: loader)
        let second = ImageDownloadOperation(url: harbour, loader: loader)

        // The queue runs each start() as a block on `lane`. Because `lane` is serial, a block
        // the test adds to it runs only after the queue's call to start() has returned.
        let lane = DispatchQueue(label: "kata07.one-slot-lane")
        let queue = OperationQueue()
        queue.underlyingQueue = lane
        queue.maxConcurrentOperationCount = 1

        let firstRequested = XCTestExpectation(description: "the queue started the first download")
        let secondRequested = XCTestExpectation(
            description: "the queue started the second download after the first one finished. With one slot, "
                + "the queue frees it only when the first operation sends didChangeValue(forKey: \"isFinished\"); "
                + "without it the album stops after the first photo.")
        loader.onRequest { url in
            if url == self.beach { firstRequested.fulfill() }
            if url == self.harbour { secondRequested.fulfill() }
        }

        queue.addOperations([first, second], waitUntilFinished: false)
        guard arrived(firstRequested) else { return }
        let startReturned = XCTestExpectation(description: "the queue's call to start() returned")
        lane.async { startReturned.fulfill() }
        guard arrived(startReturned) else { return }

        guard finishDownload(loader, with: .success(jpeg)) else { return }

        guard arrived(secondRequested) else { return }
        XCTAssertEqual(
            loader.requestedURLs, [beach, harbour], "The photos should be downloaded one after the other, in order.")
    }
}
