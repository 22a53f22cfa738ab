import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends the app's requests to the bank's API, one at a time, on its own serial queue.
final class APIClient {
    private let baseURL: URL
    private let tokens: AccessTokenProvider
    private let session: SessionStore
    private let urlSession: URLSession
    private let queue = DispatchQueue(label: "com.example.pocketbank.api")

    init(baseURL: URL, tokens: AccessTokenProvider, session: SessionStore, urlSession: URLSession = .shared) {
        self.baseURL = baseURL
        self.tokens = tokens
        self.session = session
        self.urlSession = urlSession
    }

    /// Calls `completion` on the main queue with the response body.
    func get(_ path: String, completion: @escaping (Result<Data, Error>) -> Void) {
        queue.async {
            do {
                // Blocks this queue, never the main queue, while a token refresh runs.
                let token = try self.tokens.validToken()
                var request = URLRequest(url: self.baseURL.appendingPathComponent(path))
                request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
                self.urlSession.dataTask(with: request) { data, response, error in
                    let result = Result<Data, Error> {
                        if let error { throw error }
                        if (response as? HTTPURLResponse)?.statusCode == 401 {
                            DispatchQueue.main.async { self.session.accessTokenExpired() }
                        }
                        return data ?? Data()
                    }
                    DispatchQueue.main.async { completion(result) }
                }.resume()
            } catch {
                DispatchQueue.main.async { completion(.failure(error)) }
            }
        }
    }
}
