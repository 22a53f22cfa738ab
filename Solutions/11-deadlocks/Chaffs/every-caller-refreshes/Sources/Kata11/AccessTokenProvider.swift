import Dispatch

enum TokenError: Error, Equatable {
    /// There is no refresh token: nobody is signed in.
    case signedOut
}

/// Hands out the access token that API requests need, and refreshes it when it expired.
///
/// Everything it touches lives on the main actor, which is the main queue. It gets there with
/// `Task { @MainActor in }` and never waits for the main queue.
final class AccessTokenProvider {
    typealias Completion = (Result<String, Error>) -> Void

    private let session: SessionStore
    private let refresher: TokenRefresher

    init(session: SessionStore, refresher: TokenRefresher) {
        self.session = session
        self.refresher = refresher
    }

    /// Never blocks. Call it on any queue: it returns at once, and `completion` runs later,
    /// exactly once, on the main queue.
    func token(completion: @escaping Completion) {
        Task { @MainActor in
            self.deliverToken(to: completion)
        }
    }

    /// Blocks the calling thread until the token is ready. For callers on their own background
    /// queue (the API client). On the main queue it stops the process at once: waiting there
    /// for work that has to run there would freeze the app.
    func validToken() throws -> String {
        dispatchPrecondition(condition: .notOnQueue(.main))

        let delivery = DispatchGroup()
        var result: Result<String, Error>?
        delivery.enter()
        token { tokenResult in
            result = tokenResult
            delivery.leave()
        }
        delivery.wait()
        return try result!.get()
    }

    @MainActor
    private func deliverToken(to completion: @escaping Completion) {
        if let accessToken = session.accessToken {
            completion(.success(accessToken))
            return
        }
        guard let refreshToken = session.refreshToken else {
            completion(.failure(TokenError.signedOut))
            return
        }
        // Each caller gets its own refresh: the answers come back on the main queue one after
        // the other, so they cannot trip over each other.
        refresher.refresh(refreshToken: refreshToken) { result in  // main queue
            self.finishRefresh(with: result, for: completion)
        }
    }

    private func finishRefresh(with result: Result<String, Error>, for completion: Completion) {
        if case .success(let accessToken) = result {
            session.accessToken = accessToken
        }
        completion(result)
    }
}
