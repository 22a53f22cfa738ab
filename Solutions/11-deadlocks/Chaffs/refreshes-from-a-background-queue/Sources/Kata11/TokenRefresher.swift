import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Trades a refresh token for a new access token.
protocol TokenRefresher {
    /// Starts the refresh and returns at once. Calls `completion` exactly once, on the main queue.
    func refresh(refreshToken: String, completion: @escaping (Result<String, Error>) -> Void)
}

struct RefreshRejected: Error {
    let statusCode: Int
}

/// The app's refresher: `POST /oauth/token` at the auth server.
final class AuthServerRefresher: TokenRefresher {
    private let tokenURL: URL
    private let urlSession: URLSession

    init(tokenURL: URL, urlSession: URLSession = .shared) {
        self.tokenURL = tokenURL
        self.urlSession = urlSession
    }

    func refresh(refreshToken: String, completion: @escaping (Result<String, Error>) -> Void) {
        var request = URLRequest(url: tokenURL)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("grant_type=refresh_token&refresh_token=\(refreshToken)".utf8)

        urlSession.dataTask(with: request) { data, response, error in
            let result = Result<String, Error> {
                if let error { throw error }
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                guard status == 200, let data else { throw RefreshRejected(statusCode: status) }
                return try JSONDecoder().decode(TokenResponse.self, from: data).accessToken
            }
            // Callers update UI state with the new token, so hand it over on the main queue.
            DispatchQueue.main.async { completion(result) }
        }.resume()
    }

    private struct TokenResponse: Decodable {
        let accessToken: String

        private enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
        }
    }
}
