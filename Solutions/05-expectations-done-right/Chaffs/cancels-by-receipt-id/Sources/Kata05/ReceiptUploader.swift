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
    /// The receipts whose upload was cancelled and whose callback has not been dropped yet.
    private let cancelledLock = NSLock()
    private var cancelledIDs: Set<String> = []

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
        let handle = UploadHandle()
        let callbackQueue = self.callbackQueue
        let id = receipt.id
        handle.onCancel = { [weak self] in
            guard let self else { return }
            self.cancelledLock.lock()
            self.cancelledIDs.insert(id)
            self.cancelledLock.unlock()
        }

        // The one way out: every path ends here, once.
        func finish(_ result: Result<URL, UploadError>) {
            callbackQueue.async {
                // Checked on the callback queue, right before the call: a cancel() that came
                // after the reply was queued still wins. The receipt's id is forgotten once its
                // callback is dropped, so the user can try that receipt again.
                self.cancelledLock.lock()
                let wasCancelled = self.cancelledIDs.remove(id) != nil
                self.cancelledLock.unlock()
                guard !wasCancelled else { return }
                completion(result)
            }
        }

        guard receipt.jpeg.count <= Self.maxBytes else {
            finish(.failure(.tooLarge(bytes: receipt.jpeg.count)))
            return handle
        }

        handle.task = transport.send(receipt.jpeg) { data, status, error in
            if error != nil {
                finish(.failure(.offline))
                return
            }
            guard status == 201 else {
                finish(.failure(.rejected(status: status ?? 0)))
                return
            }
            guard let data = data,
                let reply = try? JSONDecoder().decode(CreatedReceipt.self, from: data)
            else {
                finish(.failure(.unreadableReply))
                return
            }
            finish(.success(reply.url))
        }
        return handle
    }
}

/// Returned by `ReceiptUploader.upload(_:completion:)`. The screen keeps it to cancel the
/// upload when the user leaves.
public final class UploadHandle {
    private let lock = NSLock()
    private var cancelled = false
    private var _task: TransportTask?
    /// Tells the uploader which receipt was cancelled.
    var onCancel: (() -> Void)?

    var task: TransportTask? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return _task
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            _task = newValue
        }
    }

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Stops the upload. Its completion handler will not be called.
    public func cancel() {
        lock.lock()
        cancelled = true
        let task = _task
        lock.unlock()
        onCancel?()
        task?.cancel()  // outside the lock: the transport may call back right away
    }
}

/// The body of a 201 Created reply: `{"url": "https://receipts.spendwise.example/r/..."}`.
struct CreatedReceipt: Decodable {
    let url: URL
}
