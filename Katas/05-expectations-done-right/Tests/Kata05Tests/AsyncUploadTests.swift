import Dispatch
import Kata05
import Testing

/// Your bridge: `ReceiptUploader.upload(_ receipt: Receipt) async throws -> URL`.
/// An `async` function that returns only when the upload is done makes the waiting real:
/// no expectation, no timeout, no `confirmation` around a callback.
@Suite("upload(_:) async waits for the upload")
struct AsyncUploadTests {

    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @Test("returns the receipt URL, and only after the completion handler has run")
    func returnsTheURL() async throws {
        let calls = callbackCount(uploading: .lunch, reply: .created(.lunchReceipt))
        try #require(
            calls == 1,
            "a 201 reply called completion \(calls) times: once, or the bridge never returns (0) or crashes (2)"
        )
        let callbacks = HeldQueue()
        let transport = FakeTransport(autoReply: .created(.lunchReceipt))
        let uploader = ReceiptUploader(transport: transport, callbackQueue: callbacks.queue)
        // This test lets the held queue go once the request is sent. A request sent later, from
        // a block on that queue, would never be sent, and the test would hang: check first.
        uploader.upload(.lunch) { _ in }
        try #require(
            transport.sentBodies.count == 1,
            "upload(_:completion:) should hand the request to the transport before it returns, not later from a queue")
        // The reply's callback waits on the held queue, which is let go from another thread
        // only after the reply is queued. A version that returns without waiting for the
        // callback has returned by then, empty-handed, on every run.
        transport.afterSend = { _ in DispatchQueue.global().async { callbacks.release() } }

        // Needs `func upload(_ receipt: Receipt) async throws -> URL` (README, "Your task").
        let answer = await answerWithinASecond { try await uploader.upload(.lunch) }
        // Let the completion block finish: a bridge that resumes a second time, right after the
        // first, crashes here and not after the run has ended.
        callbacks.drain()

        let url = try #require(
            answer,
            "upload(_:) async never returned after a 201 reply: resume the continuation on the success path too"
        ).get()
        #expect(
            url == .lunchReceipt,
            "upload(_:) async should resume with the URL that upload(_:completion:) delivers")
    }

    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @Test("throws tooLarge for an oversized photo, which never reaches the network")
    func throwsTooLarge() async throws {
        // The default callback queue, as in the app: the main queue.
        let transport = FakeTransport(autoReply: .created(.lunchReceipt))
        let uploader = ReceiptUploader(transport: transport)
        // A photo that is sent anyway would also get the reply, and a second completion resumes
        // the continuation twice, which crashes the whole run. Check first, with the handler.
        uploader.upload(.hugeScan) { _ in }
        try #require(
            transport.sentBodies.isEmpty,
            "a photo over ReceiptUploader.maxBytes was sent: check its size before handing anything to the transport")
        let calls = callbackCount(uploading: .hugeScan, reply: .created(.lunchReceipt))
        try #require(
            calls == 1,
            "a photo over maxBytes called completion \(calls) times: once, or the bridge hangs (0) or crashes (2)"
        )

        // expectedCount: 0 is Swift Testing's inverted expectation. The body awaits the whole
        // upload, so every send that could happen has happened when the count is checked.
        await confirmation("the photo is sent to the server", expectedCount: 0) { sent in
            transport.afterSend = { _ in sent() }
            let answer = await answerWithinASecond { try await uploader.upload(.hugeScan) }
            guard let answer else {
                Issue.record(
                    "upload(_:) async never returned for a photo over maxBytes: resume the continuation with the failure too"
                )
                return
            }
            #expect(
                throws: UploadError.tooLarge(bytes: 5_000_000),
                "a .failure from upload(_:completion:) should be thrown by upload(_:) async"
            ) {
                try answer.get()
            }
        }
    }

    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @Test("throws offline, the UploadError itself, when the network is down")
    func throwsOffline() async throws {
        // A second completion resumes the continuation twice, which crashes the whole run. So
        // first count the calls on the offline path with the handler: step 4 of the README.
        let probe = HeldQueue()
        let onProbeQueue = DispatchSpecificKey<Bool>()
        probe.queue.setSpecific(key: onProbeQueue, value: true)
        let log = CallLog()
        ReceiptUploader(transport: FakeTransport(autoReply: .networkDown), callbackQueue: probe.queue)
            .upload(.lunch) { log.record("offline", $0, onQueueMarkedWith: onProbeQueue) }
        probe.drain()
        try #require(
            log.calls.count == 1,
            "the offline path called completion \(log.calls.count) times; make it call once first (README, step 4)")

        let uploader = ReceiptUploader(transport: FakeTransport(autoReply: .networkDown))
        let answer = try #require(
            await answerWithinASecond { try await uploader.upload(.lunch) },
            "upload(_:) async never returned when the network was down: resume the continuation on the failure path too"
        )
        #expect(
            throws: UploadError.offline,
            "upload(_:) async should throw the UploadError that upload(_:completion:) delivers, as it is: a caller that catches UploadError.offline must get .offline, not another error"
        ) {
            try answer.get()
        }
    }
}
