import Foundation
import Kata05
import XCTest

/// The uploader's promise, checked with XCTest expectations.
///
/// The uploader calls back on the main queue. These tests run on the main thread, so a callback
/// can only run while the test waits: `wait(for:timeout:)` and `await fulfillment(of:timeout:)`
/// keep the main queue going until the expectations are met. A passing test returns within
/// milliseconds; the timeouts (half a second, one second for the old test done right) are only
/// reached when the code is broken, so that a broken uploader fails the whole file in seconds.
final class ReceiptUploaderTests: XCTestCase {

    /// The team's old test for the renamed-field bug, kept to show why it was green. It never
    /// waits, so it ends before the completion could run: its assertion is never executed.
    /// This test passes against the shipped code and against yours: it is a demonstration.
    func test_greenButWrong_aTestThatNeverWaitsChecksNothing() {
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport)
        var assertionsRun = 0

        // The old test, as it was written:
        uploader.upload(.lunch) { result in
            assertionsRun += 1
            XCTAssertEqual(result, .failure(.unreadableReply))
        }
        transport.answer(
            with: .status(201, body: #"{"receiptURL": "https://receipts.spendwise.example/r/lunch-0412"}"#))
        // ...and here it ended. Green, with this many assertions run:
        XCTAssertEqual(assertionsRun, 0, "a test that never waits ends before its callback runs")

        drainMainQueue()  // so a late completion runs during this test, not during the next one
    }

    func test_created_deliversTheReceiptURL() {
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport)
        let completed = expectation(description: "completion is called when the server created the receipt")
        var result: Result<URL, UploadError>?

        uploader.upload(.lunch) {
            result = $0
            completed.fulfill()
        }
        transport.answer(with: .created(.lunchReceipt))

        wait(for: [completed], timeout: 0.5)
        XCTAssertEqual(
            result, .success(.lunchReceipt),
            "a 201 reply should complete with the URL from its body")
    }

    /// The old test, done right: the same assertion, but the test waits for the completion.
    func test_unreadableReply_completesWithUnreadableReply() {
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport)
        let completed = expectation(
            description:
                "completion is called when a 201 reply has no receipt URL (every path must call it, or the spinner spins forever)"
        )
        var result: Result<URL, UploadError>?

        uploader.upload(.lunch) {
            result = $0
            completed.fulfill()
        }
        transport.answer(
            with: .status(201, body: #"{"receiptURL": "https://receipts.spendwise.example/r/lunch-0412"}"#))

        wait(for: [completed], timeout: 1)
        XCTAssertEqual(
            result, .failure(.unreadableReply),
            "a reply without a \"url\" field should complete with .unreadableReply")
    }

    func test_networkDown_completesExactlyOnce() {
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport)
        let completed = expectation(description: "completion is called exactly once when the network is down")
        completed.expectedFulfillmentCount = 1  // the default, spelled out: one call, no more
        completed.assertForOverFulfill = true  // a second call fails the test (the default is false on Linux)
        var results: [Result<URL, UploadError>] = []

        uploader.upload(.lunch) {
            results.append($0)
            completed.fulfill()
        }
        transport.answer(with: .networkDown)

        wait(for: [completed], timeout: 0.5)
        drainMainQueue()  // a second call, if the code makes one, runs now: inside this test
        XCTAssertEqual(
            results, [.failure(.offline)],
            "a failed request should complete once, with .offline, and stop there")
    }

    func test_threeUploads_completeThreeTimes() {
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport)
        let completed = expectation(description: "completion is called once for each of the three receipts")
        completed.expectedFulfillmentCount = 3  // met only by the third call
        completed.assertForOverFulfill = true  // and a fourth call fails the test
        var urls: [URL] = []

        for receipt in [Receipt.lunch, .taxi, .hotel] {
            uploader.upload(receipt) {
                if case .success(let url) = $0 { urls.append(url) }
                completed.fulfill()
            }
        }
        transport.answer(with: .created(.lunchReceipt))
        transport.answer(with: .created(.taxiReceipt))
        transport.answer(with: .created(.hotelReceipt))

        wait(for: [completed], timeout: 0.5)
        drainMainQueue()
        XCTAssertEqual(
            Set(urls), [.lunchReceipt, .taxiReceipt, .hotelReceipt],
            "each upload should complete with its own receipt URL")
    }

    func test_cancelBeforeTheReply_neverCallsCompletion() {
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport)
        let notCalled = expectation(
            description: "completion is not called after cancel() (the user has left the screen)")
        notCalled.isInverted = true  // fulfilling it fails the test

        let upload = uploader.upload(.lunch) { _ in notCalled.fulfill() }
        upload.cancel()  // the transport answers a cancelled request with an error, as URLSession does

        drainMainQueue()  // everything the uploader queued has run by now...
        wait(for: [notCalled], timeout: 0)  // ...so there is nothing left to wait for: read the verdict
    }

    func test_cancelAfterTheReplyIsQueued_neverCallsCompletion() {
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport)
        let notCalled = expectation(
            description:
                "completion is not called after cancel(), even when the reply arrived just before and its callback is still queued"
        )
        notCalled.isInverted = true

        let upload = uploader.upload(.lunch) { _ in notCalled.fulfill() }
        transport.answer(with: .created(.lunchReceipt))  // the callback is now queued on the main queue
        upload.cancel()  // and the user leaves before it runs

        drainMainQueue()
        wait(for: [notCalled], timeout: 0)
    }

    /// Cancelling is a promise about one upload: the others, started before or after, still
    /// complete.
    func test_cancellingOneUpload_leavesTheOthersAlone() {
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport)
        let lunchNotCalled = expectation(description: "completion is not called for the cancelled lunch upload")
        lunchNotCalled.isInverted = true
        var taxiResult: Result<URL, UploadError>?
        var hotelResult: Result<URL, UploadError>?

        let lunch = uploader.upload(.lunch) { _ in lunchNotCalled.fulfill() }
        uploader.upload(.taxi) { taxiResult = $0 }
        lunch.cancel()
        uploader.upload(.hotel) { hotelResult = $0 }
        transport.answer(with: .created(.taxiReceipt))
        transport.answer(with: .created(.hotelReceipt))

        drainMainQueue()
        wait(for: [lunchNotCalled], timeout: 0)
        XCTAssertEqual(
            taxiResult, .success(.taxiReceipt),
            "cancel() on the lunch upload silenced the taxi upload too: a cancel belongs to one upload, so remember it in the handle that upload returned, not in the uploader"
        )
        XCTAssertEqual(
            hotelResult, .success(.hotelReceipt),
            "an upload started after another one was cancelled never called back: a cancel belongs to one upload, so remember it in the handle that upload returned, not in the uploader"
        )
    }

    /// A photo too large to send still answers through the callback queue, so the user can leave
    /// before that answer runs: the cancel wins there too.
    func test_cancellingATooLargeUpload_neverCallsCompletion() {
        let uploader = ReceiptUploader(transport: FakeTransport())
        let notCalled = expectation(
            description:
                "completion is not called after cancel(), for a photo too large to send too: its .tooLarge answer goes through the same cancel check as a network reply"
        )
        notCalled.isInverted = true

        let upload = uploader.upload(.hugeScan) { _ in notCalled.fulfill() }
        upload.cancel()  // the user leaves before the main queue runs the .tooLarge answer

        drainMainQueue()
        wait(for: [notCalled], timeout: 0)
    }

    /// Two uploads of the same receipt (a retry while the first is still running) are two
    /// uploads: cancelling one of them says nothing about the other.
    func test_cancellingOneUpload_leavesAnotherUploadOfTheSameReceiptAlone() {
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport)
        let laterNotCalled = expectation(description: "completion is not called for the cancelled second upload")
        laterNotCalled.isInverted = true
        var earlierResult: Result<URL, UploadError>?

        uploader.upload(.lunch) { earlierResult = $0 }
        let later = uploader.upload(.lunch) { _ in laterNotCalled.fulfill() }
        transport.answer(with: .created(.lunchReceipt))  // the first upload's reply is now queued
        later.cancel()

        drainMainQueue()
        wait(for: [laterNotCalled], timeout: 0)
        XCTAssertEqual(
            earlierResult, .success(.lunchReceipt),
            "cancelling the second upload of the lunch receipt silenced the first one, whose reply had arrived: a cancel belongs to one upload, not to a receipt id. Remember it in the handle that upload returned, not in a set of receipt ids"
        )
    }

    /// A screen may call cancel() again as it goes away; a later upload of the same receipt
    /// still completes.
    func test_cancellingAnUploadTwice_leavesTheNextUploadOfTheSameReceiptAlone() {
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport)
        let firstNotCalled = expectation(description: "completion is not called for the cancelled first upload")
        firstNotCalled.isInverted = true
        var retryResult: Result<URL, UploadError>?

        let first = uploader.upload(.lunch) { _ in firstNotCalled.fulfill() }
        first.cancel()
        drainMainQueue()  // what the cancelled upload queued has run, and stayed silent
        first.cancel()  // cancelled again, as the screen goes away
        uploader.upload(.lunch) { retryResult = $0 }  // the user tries the same receipt again
        transport.answer(with: .created(.lunchReceipt))

        drainMainQueue()
        wait(for: [firstNotCalled], timeout: 0)
        XCTAssertEqual(
            retryResult, .success(.lunchReceipt),
            "an upload of the lunch receipt, started after an earlier lunch upload was cancelled twice, never called back: a cancel belongs to one upload, not to a receipt id. Remember it in the handle that upload returned, not in a set of receipt ids"
        )
    }

    /// The screen keeps the handle until the user leaves, and its completion handler captures the
    /// screen. Once an upload has called back, or been cancelled, the handle must let go of the
    /// handler: holding it would keep the screen alive for as long as the screen keeps the handle.
    func test_anUploadThatCalledBackOrWasCancelled_letsGoOfItsCompletionHandler() {
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport)
        var handles: [UploadHandle] = []  // kept, as each screen keeps its own
        var screens: [(path: String, screen: Weak<ExpenseScreen>)] = []
        var calls: [String] = []

        for (path, receipt) in [
            ("a 201 reply", Receipt.lunch), ("a photo over maxBytes", .hugeScan), ("a cancel", .taxi),
        ] {
            let screen = ExpenseScreen()
            screens.append((path, Weak(screen)))
            handles.append(
                uploader.upload(receipt) { result in
                    screen.show(result)
                    calls.append(path)
                })
        }
        transport.answer(with: .created(.lunchReceipt))
        handles[2].cancel()  // the user leaves the taxi receipt's screen before any reply
        drainMainQueue()

        XCTAssertEqual(
            calls.sorted(), ["a 201 reply", "a photo over maxBytes"],
            "the two uploads that were not cancelled should each call back once")
        for (path, screen) in screens {
            XCTAssertNil(
                screen.object,
                "after \(path), the upload is over, yet something the uploader kept still holds its completion handler, and with it the screen the handler captured: the screen keeps the handle until the user leaves, so the screen would never go away. Once you have called the handler (or the upload was cancelled), let go of it"
            )
        }
        withExtendedLifetime(handles) {}
    }

    /// `URLSession` calls a cancelled request back, with an error; a transport may as well drop
    /// it without a word. Either way, once `cancel()` has been called, the handle holds nothing
    /// that waits for that callback.
    func test_aCancelledUpload_letsGoOfItsCompletionHandler_evenWhenTheTransportNeverCallsBack() {
        let transport = FakeTransport()
        transport.callsBackWhenCancelled = false
        let uploader = ReceiptUploader(transport: transport)
        var screen: ExpenseScreen? = ExpenseScreen()
        let left = Weak(screen!)
        let handle = uploader.upload(.taxi) { [screen] result in screen?.show(result) }
        screen = nil

        handle.cancel()  // the user leaves; this transport drops the request, and never calls back
        drainMainQueue()

        XCTAssertNil(
            left.object,
            "the upload was cancelled, yet its handle still holds the completion handler, and with it the screen: it lets go only when a callback comes after the cancel, and this transport sends none (not every transport calls a cancelled request back, as URLSession does). Let go of the completion in cancel() itself"
        )
        withExtendedLifetime(handle) {}
    }

    /// Every path, one upload each, with the callback queue held: nothing may call back before
    /// that queue runs, and once it has run, each upload has called back exactly once, from a
    /// block on it. No waiting: the held queue decides when the callbacks run.
    func test_everyPath_callsBackOnceFromABlockOnTheCallbackQueue() {
        let callbacks = HeldQueue()
        let onCallbackQueue = DispatchSpecificKey<Bool>()
        callbacks.queue.setSpecific(key: onCallbackQueue, value: true)
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport, callbackQueue: callbacks.queue)
        let log = CallLog()
        let paths: [(label: String, receipt: Receipt, reply: FakeReply?, expected: Result<URL, UploadError>)] = [
            ("a photo over maxBytes", .hugeScan, nil, .failure(.tooLarge(bytes: 5_000_000))),
            ("a 201 with a receipt URL", .lunch, .created(.lunchReceipt), .success(.lunchReceipt)),
            ("no network", .taxi, .networkDown, .failure(.offline)),
            ("a 500", .hotel, .status(500, body: ""), .failure(.rejected(status: 500))),
            ("a reply without a status", .hotel, .noStatus, .failure(.rejected(status: 0))),
            ("a 201 without a url field", .lunch, .status(201, body: "{}"), .failure(.unreadableReply)),
            ("a 201 without a body", .taxi, .noBody(status: 201), .failure(.unreadableReply)),
        ]

        for path in paths {
            uploader.upload(path.receipt) { log.record(path.label, $0, onQueueMarkedWith: onCallbackQueue) }
            if let reply = path.reply { transport.answer(with: reply) }
        }

        XCTAssertEqual(
            log.calls.map(\.label), [],
            "completion was called before the callback queue ran anything: call it only from a block you send to callbackQueue, on every path, the too-large photo and the transport's reply included"
        )
        callbacks.drain()
        for path in paths {
            let calls = log.calls(labelled: path.label)
            XCTAssertEqual(
                calls.count, 1,
                "for \(path.label), completion was called \(calls.count) times: every path must call it exactly once (a branch without `return` calls twice; a bare `return` never calls, and the spinner spins forever)"
            )
            XCTAssertEqual(calls.first?.result, path.expected, "for \(path.label), completion got the wrong result")
            XCTAssertTrue(
                calls.allSatisfy(\.onCallbackQueue),
                "for \(path.label), completion ran outside the callback queue: send every call to callbackQueue")
        }
    }

    func test_aPhotoOfExactlyMaxBytes_isSent() {
        XCTAssertEqual(
            ReceiptUploader.maxBytes, 4_000_000,
            "ReceiptUploader.maxBytes is the server's limit, 4_000_000 bytes: keep it as the starter has it")
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport)
        let atTheLimit = Receipt(id: "scan-at-the-limit", jpeg: Data(count: 4_000_000))
        var result: Result<URL, UploadError>?

        uploader.upload(atTheLimit) { result = $0 }

        XCTAssertEqual(
            transport.sentBodies.count, 1,
            "a photo of exactly maxBytes (4_000_000) bytes is not over the limit, so it must be sent: "
                + "only a photo with more bytes than maxBytes is too large"
        )
        if transport.sentBodies.count == 1 { transport.answer(with: .created(.lunchReceipt)) }
        drainMainQueue()
        XCTAssertEqual(result, .success(.lunchReceipt), "a photo at the limit is uploaded like any other")
    }

    func test_aPhotoOneByteOverMaxBytes_isTooLargeAndNeverSent() {
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport)
        let overTheLimit = Receipt(id: "scan-over-the-limit", jpeg: Data(count: 4_000_001))
        var results: [Result<URL, UploadError>] = []

        uploader.upload(overTheLimit) { results.append($0) }
        drainMainQueue()

        XCTAssertEqual(
            transport.sentBodies.count, 0,
            "a photo one byte over maxBytes (4_000_000) was sent: the server refuses it, "
                + "so check the size before handing anything to the transport"
        )
        XCTAssertEqual(
            results, [.failure(.tooLarge(bytes: 4_000_001))],
            "a photo one byte over maxBytes should complete once with .tooLarge and its size")
    }

    /// The same kind of test in an `async` test method: `wait(for:)` is not available there,
    /// `await fulfillment(of:timeout:)` is.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    func test_rejected_completesWithTheStatus() async {
        let transport = FakeTransport()
        let uploader = ReceiptUploader(transport: transport)
        let completed = expectation(description: "completion is called when the server rejects the receipt")
        var result: Result<URL, UploadError>?

        uploader.upload(.lunch) {
            result = $0
            completed.fulfill()
        }
        transport.answer(with: .status(413, body: #"{"error": "too large"}"#))

        await fulfillment(of: [completed], timeout: 0.5)
        XCTAssertEqual(
            result, .failure(.rejected(status: 413)),
            "a non-201 status should complete with .rejected and that status")
    }
}

extension XCTestCase {
    /// Returns once every block already queued on the main queue has run.
    ///
    /// The main queue is serial: a block queued now runs after everything queued before it.
    /// Waiting for that block is a barrier, not a delay: it returns in microseconds.
    func drainMainQueue() {
        let drained = expectation(description: "the main queue ran everything queued before this point")
        DispatchQueue.main.async { drained.fulfill() }
        wait(for: [drained], timeout: 1)
    }
}

/// A screen that shows an upload's result: what a completion handler captures in the app.
private final class ExpenseScreen {
    private(set) var shown: [Result<URL, UploadError>] = []

    func show(_ result: Result<URL, UploadError>) {
        shown.append(result)
    }
}

/// Holds an object without keeping it alive.
private struct Weak<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
