import Foundation

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension ReceiptUploader {
    /// Uploads the photo and returns the receipt's URL once the server has stored it.
    ///
    /// The continuation is resumed from the completion handler, so this function returns only
    /// when `upload(_:completion:)` has called back. That relies on the handler's promise:
    /// called exactly once. A second call would crash here; a missing call would suspend the
    /// caller forever.
    public func upload(_ receipt: Receipt) async throws -> URL {
        try await withCheckedThrowingContinuation { continuation in
            upload(receipt) { result in
                continuation.resume(with: result)
            }
        }
    }
}
