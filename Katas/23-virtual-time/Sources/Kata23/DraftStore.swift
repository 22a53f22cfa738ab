import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where drafts go: the sync server, in the app.
public protocol DraftStore {
    /// Saves `text` as the draft. Calls `completion` once, on the queue the autosaver runs on
    /// (the main queue, in the app): at once, or when the server has answered.
    func save(_ text: String, completion: @escaping (Result<Void, Error>) -> Void)
}

/// The app's store: `PUT` the draft to the sync server.
public struct HTTPDraftStore: DraftStore {
    public let url: URL
    public let session: URLSession

    public init(url: URL, session: URLSession = .shared) {
        self.url = url
        self.session = session
    }

    public func save(_ text: String, completion: @escaping (Result<Void, Error>) -> Void) {
        var request = URLRequest(url: url)
        request.httpMethod = "PUT"
        request.setValue("text/plain; charset=utf-8", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(text.utf8)
        request.timeoutInterval = 10
        session.dataTask(with: request) { _, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let result: Result<Void, Error> =
                if let error { .failure(error) } else if (200..<300).contains(status) { .success(()) } else {
                    .failure(DraftStoreError.badResponse(statusCode: status))
                }
            DispatchQueue.main.async { completion(result) }
        }.resume()
    }
}

/// Why the sync server did not take the draft.
public enum DraftStoreError: Error, Equatable {
    case badResponse(statusCode: Int)
}
