import Foundation

/// Uploads receipt photos for the expense screen.
///
/// The promise the screens rely on: `completion` is called exactly once per upload, on
/// `callbackQueue` (the main queue in the app), unless the upload was cancelled first; a
/// cancelled upload never calls it.
public final class ReceiptUploader {
    /// The biggest photo the server accepts.
    public static let maxBytes = 4_000_000

    private let transport: ReceiptTransport
    private let callbackQueue: DispatchQueue

    public init(
        transport: ReceiptTransport = URLSessionReceiptTransport(),
        callbackQueue: DispatchQueue = .main
    ) {
        self.transport = transport
        self.callbackQueue = callbackQueue
    }

    /// Sends the photo to the server. The returned handle cancels the upload, for example when
    /// the user leaves the screen. Call `cancel()` on the callback queue.
    @discardableResult
    public func upload(
        _ receipt: Receipt,
        completion: @escaping (Result<URL, UploadError>) -> Void
    ) -> UploadHandle {
        // The handle owns the completion. Delivering takes it out; cancelling throws it away.
        // Either way it can be called at most once.
        let handle = UploadHandle(completion: completion)

        if receipt.jpeg.count > Self.maxBytes {
            deliver(.failure(.tooLarge(bytes: receipt.jpeg.count)), through: handle)
            return handle
        }

        let task = transport.send(receipt.jpeg) { [callbackQueue] data, status, error in
            let result = Self.result(data: data, status: status, error: error)
            callbackQueue.async { handle.takeCompletion()?(result) }
        }
        handle.attach(task)
        return handle
    }

    private func deliver(_ result: Result<URL, UploadError>, through handle: UploadHandle) {
        callbackQueue.async { handle.takeCompletion()?(result) }
    }

    /// What a reply means, as a pure function: exactly one result for every reply.
    private static func result(data: Data?, status: Int?, error: Error?) -> Result<URL, UploadError> {
        switch (data, status, error) {
        case (_, _, .some):
            return .failure(.offline)
        case (let data?, 201?, nil):
            guard let reply = try? JSONDecoder().decode(CreatedReceipt.self, from: data) else {
                return .failure(.unreadableReply)
            }
            return .success(reply.url)
        case (nil, 201?, nil):
            return .failure(.unreadableReply)
        case (_, let status, nil):
            return .failure(.rejected(status: status ?? 0))
        }
    }
}

/// Returned by `ReceiptUploader.upload(_:completion:)`. The screen keeps it to cancel the
/// upload when the user leaves.
///
/// No lock, on purpose: the handle is confined. `upload(_:completion:)` fills it before returning
/// it, so a caller's `cancel()` comes after that; from then on it is read and changed only on the
/// callback queue, by the blocks the uploader sends there and by `cancel()`, which callers call on
/// that queue. The queue is serial, so it orders every access; a lock would order nothing more.
public final class UploadHandle {
    private var completion: ((Result<URL, UploadError>) -> Void)?
    private var task: TransportTask?

    init(completion: @escaping (Result<URL, UploadError>) -> Void) {
        self.completion = completion
    }

    func attach(_ task: TransportTask) {
        self.task = task
    }

    /// The completion, once: the first caller gets it, later callers get `nil`.
    func takeCompletion() -> ((Result<URL, UploadError>) -> Void)? {
        let taken = completion
        completion = nil
        return taken
    }

    /// Stops the upload. Its completion handler will not be called.
    public func cancel() {
        completion = nil
        task?.cancel()
    }
}

/// The body of a 201 Created reply: `{"url": "https://receipts.spendwise.example/r/..."}`.
struct CreatedReceipt: Decodable {
    let url: URL
}
