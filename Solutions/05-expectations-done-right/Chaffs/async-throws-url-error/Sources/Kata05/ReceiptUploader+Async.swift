import Foundation

@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension ReceiptUploader {
    /// Uploads the photo and returns the receipt's URL once the server has stored it.
    ///
    /// Resumes from the completion handler, so it returns only when `upload(_:completion:)`
    /// has called back, and relies on its exactly-once promise. No network throws `URLError`.
    public func upload(_ receipt: Receipt) async throws -> URL {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, Error>) in
            upload(receipt) { result in
                switch result {
                case .success(let url): continuation.resume(returning: url)
                // async networking code throws URLError when there is no network, like URLSession
                case .failure(.offline): continuation.resume(throwing: URLError(.notConnectedToInternet))
                case .failure(let error): continuation.resume(throwing: error)
                }
            }
        }
    }
}
