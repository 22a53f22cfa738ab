import Foundation

enum TokenError: Error, Equatable {
    /// There is no refresh token: nobody is signed in.
    case signedOut
}

/// Hands out the access token that API requests need, and refreshes it when it expired.
final class AccessTokenProvider {
    private let session: SessionStore
    private let refresher: TokenRefresher

    init(session: SessionStore, refresher: TokenRefresher) {
        self.session = session
        self.refresher = refresher
    }

    /// The access token for the next request. When it expired, refreshes it first and waits for
    /// the auth server, so this can take a network round trip.
    func validToken() throws -> String {
        let (accessToken, refreshToken) = onMainQueue { (session.accessToken, session.refreshToken) }
        if let accessToken {
            return accessToken
        }
        guard let refreshToken else {
            throw TokenError.signedOut
        }

        let refreshed = DispatchSemaphore(value: 0)
        var result: Result<String, Error> = .failure(TokenError.signedOut)
        refresher.refresh(refreshToken: refreshToken) { newToken in  // runs on the main queue
            if case .success(let token) = newToken {
                self.session.accessToken = token
            }
            result = newToken
            refreshed.signal()
        }
        refreshed.wait()
        return try result.get()
    }

    /// The session lives on the main queue, so read it there.
    ///
    /// 4.2.1 hotfix: reading on the main thread used to crash with "dispatch_sync called on queue
    /// already owned by current thread", since the account screen calls `validToken()` from main.
    private func onMainQueue<T>(_ read: () -> T) -> T {
        if Thread.isMainThread {
            return read()
        }
        return DispatchQueue.main.sync(execute: read)
    }
}
