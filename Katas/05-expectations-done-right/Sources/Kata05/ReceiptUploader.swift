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
    /// the user leaves the screen.
    @discardableResult
    public func upload(
        _ receipt: Receipt,
        completion: @escaping (Result<URL, UploadError>) -> Void
    ) -> UploadHandle {
        let handle = UploadHandle()
        let callbackQueue = self.callbackQueue

        guard receipt.jpeg.count <= Self.maxBytes else {
            let size = receipt.jpeg.count
            callbackQueue.async { completion(.failure(.tooLarge(bytes: size))) }
            return handle
        }

        handle.task = transport.send(receipt.jpeg) { data, status, error in
            if error != nil {
                callbackQueue.async { completion(.failure(.offline)) }
            }

            guard status == 201 else {
                let status = status ?? 0
                callbackQueue.async { completion(.failure(.rejected(status: status))) }
                return
            }

            guard let data = data,
                let reply = try? JSONDecoder().decode(CreatedReceipt.self, from: data)
            else {
                // The server stored the receipt; there is nothing useful to tell the user.
                return
            }

            callbackQueue.async { completion(.success(reply.url)) }
        }
        return handle
    }
}

/// Returned by `ReceiptUploader.upload(_:completion:)`. The screen keeps it to cancel the
/// upload when the user leaves.
public final class UploadHandle {
    var task: TransportTask?

    public func cancel() {
        task?.cancel()
    }
}

/// The body of a 201 Created reply: `{"url": "https://receipts.spendwise.example/r/..."}`.
struct CreatedReceipt: Decodable {
    let url: URL
}
