import Dispatch

enum TokenError: Error, Equatable {
    /// There is no refresh token: nobody is signed in.
    case signedOut
}

/// Hands out the access token that API requests need, and refreshes it when it expired.
///
/// Everything it touches (the session, the callers waiting for a refresh) lives on the main
/// queue. It gets there with `DispatchQueue.main.async` and never waits for the main queue.
final class AccessTokenProvider {
    private let session: SessionStore
    private let refresher: TokenRefresher
    /// Callers waiting for the refresh that is running. Main queue only.
    private var waitingForRefresh: [(Result<String, Error>) -> Void] = []

    init(session: SessionStore, refresher: TokenRefresher) {
        self.session = session
        self.refresher = refresher
    }

    /// Never blocks. Call it on any queue: it returns at once, and `completion` runs later,
    /// exactly once, on the main queue.
    func token(completion: @escaping (Result<String, Error>) -> Void) {
        DispatchQueue.main.async {
            if let accessToken = self.session.accessToken {
                completion(.success(accessToken))
                return
            }
            guard let refreshToken = self.session.refreshToken else {
                completion(.failure(TokenError.signedOut))
                return
            }
            self.waitingForRefresh.append(completion)
            if self.waitingForRefresh.count == 1 {
                // A refresh is network work: ask for it from a background queue, and come back to
                // the main queue with the answer.
                DispatchQueue.global().async {
                    self.refresher.refresh(refreshToken: refreshToken) { result in
                        DispatchQueue.main.async { self.finishRefresh(with: result) }
                    }
                }
            }
        }
    }

    /// Blocks the calling thread until the token is ready. For callers on their own background
    /// queue (the API client). On the main queue it stops the process at once: waiting there
    /// for work that has to run there would freeze the app.
    func validToken() throws -> String {
        dispatchPrecondition(condition: .notOnQueue(.main))

        let delivered = DispatchSemaphore(value: 0)
        var result: Result<String, Error> = .failure(TokenError.signedOut)
        token { tokenResult in
            result = tokenResult
            delivered.signal()
        }
        delivered.wait()
        return try result.get()
    }

    private func finishRefresh(with result: Result<String, Error>) {
        if case .success(let accessToken) = result {
            session.accessToken = accessToken
        }
        let waiting = waitingForRefresh
        waitingForRefresh = []
        for completion in waiting {
            completion(result)
        }
    }
}
