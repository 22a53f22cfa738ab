import Dispatch

enum TokenError: Error, Equatable {
    /// There is no refresh token: nobody is signed in.
    case signedOut
}

/// Hands out the access token that API requests need, and refreshes it when it expired.
///
/// Everything it touches lives on the main actor, which is the main queue. It gets there with
/// `Task { @MainActor in }` and never waits for the main queue. A refresh is a small state
/// machine: idle, or running with the callers that wait for it.
final class AccessTokenProvider {
    typealias Completion = (Result<String, Error>) -> Void

    private enum Refresh {
        case idle
        case running(waiting: [Completion])
    }

    private let session: SessionStore
    private let refresher: TokenRefresher
    /// Main actor only.
    private var refresh: Refresh = .idle

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
        // No refresh token means nobody is signed in, whatever else the session still holds.
        guard let refreshToken = session.refreshToken else {
            completion(.failure(TokenError.signedOut))
            return
        }
        if let accessToken = session.accessToken {
            completion(.success(accessToken))
            return
        }
        switch refresh {
        case .running(let waiting):
            refresh = .running(waiting: waiting + [completion])
        case .idle:
            refresh = .running(waiting: [completion])
            refresher.refresh(refreshToken: refreshToken) { result in  // main queue
                self.finishRefresh(with: result)
            }
        }
    }

    private func finishRefresh(with result: Result<String, Error>) {
        guard case .running(let waiting) = refresh else { return }
        refresh = .idle
        if case .success(let accessToken) = result {
            session.accessToken = accessToken
        }
        for completion in waiting {
            completion(result)
        }
    }
}
