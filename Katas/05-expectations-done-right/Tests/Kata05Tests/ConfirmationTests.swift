import Dispatch
import Kata05
import Testing

/// Swift Testing's `confirmation` counts the calls made while its body runs, and checks the
/// count the moment the body returns. It has no timeout and never waits.
@Suite("confirmation() checks when its body returns")
struct ConfirmationTests {

    /// A demonstration: passes against the shipped code and against yours.
    @Test("a callback that runs later is confirmed 0 times")
    func confirmationDoesNotWait() async {
        // The callback queue is held, so this demonstration ends the same way on every run.
        // Unheld, it is a race the test usually loses: flaky, which is worse than red.
        let callbacks = HeldQueue()
        let uploader = ReceiptUploader(
            transport: FakeTransport(autoReply: .created(.lunchReceipt)),
            callbackQueue: callbacks.queue)

        await withKnownIssue("confirmation() checked its count before the completion ran") {
            await confirmation("completion is called") { completed in
                _ = uploader.upload(.lunch) { _ in completed() }
            }  // the body has returned: the count is checked now, and it is 0
        }

        callbacks.drain()  // let the late completion run before the test ends
    }

    /// The same check done right: the body does not return until the callback has run.
    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @Test("a body that waits for the callback through a continuation is confirmed once")
    func confirmationWithContinuation() async throws {
        // A continuation that is never resumed suspends this test forever: Swift Testing has no
        // default time limit. So count the calls first, with the callback queue held and drained.
        let calls = callbackCount(uploading: .lunch, reply: .created(.lunchReceipt))
        try #require(
            calls == 1,
            "a 201 reply called completion \(calls) times: a continuation needs exactly one call to resume once")
        let uploader = ReceiptUploader(transport: FakeTransport(autoReply: .created(.lunchReceipt)))

        await confirmation("completion is called") { completed in
            await withCheckedContinuation { continuation in
                uploader.upload(.lunch) { _ in
                    completed()
                    continuation.resume()  // resume exactly once: the body returns only now
                }
            }
        }
    }
}
