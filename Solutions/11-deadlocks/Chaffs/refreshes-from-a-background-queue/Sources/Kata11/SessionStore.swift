/// The signed-in user's tokens.
///
/// The sign-in screen, the account screen and the sign-out button read and write them, and they
/// all run on the main queue. So the rule is: touch a `SessionStore` on the main queue only.
/// It has no lock.
final class SessionStore {
    /// Sent with every API request. `nil` once it expired: the next request refreshes it first.
    var accessToken: String?
    /// Trades for a new access token at the auth server. `nil` when nobody is signed in.
    var refreshToken: String?

    init(accessToken: String? = nil, refreshToken: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }

    /// The API answered 401: the access token is no longer valid.
    func accessTokenExpired() {
        accessToken = nil
    }

    func signOut() {
        accessToken = nil
        refreshToken = nil
    }
}
