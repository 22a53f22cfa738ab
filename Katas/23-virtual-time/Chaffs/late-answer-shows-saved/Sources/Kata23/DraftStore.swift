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
            let result = Self.result(response: response, error: error)
            DispatchQueue.main.async { completion(result) }
        }.resume()
    }

    static func result(response: URLResponse?, error: Error?) -> Result<Void, Error> {
        if let error { return .failure(error) }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            return .failure(DraftStoreError.badResponse(statusCode: status))
        }
        return .success(())
    }
}

/// Why the sync server did not take the draft.
public enum DraftStoreError: Error, Equatable {
    case badResponse(statusCode: Int)
}
