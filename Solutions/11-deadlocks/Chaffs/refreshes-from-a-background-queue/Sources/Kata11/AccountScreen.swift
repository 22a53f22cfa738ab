import Foundation

/// The account screen: the user's photo, name and IBAN. The app calls `appear()` on the main
/// queue every time the screen comes on screen, and renders `state`.
final class AccountScreen {
    enum State: Equatable {
        case idle
        case loading
        case showing(avatar: URL)
        case signedOut
        case failed
    }

    private(set) var state: State = .idle

    private let tokens: AccessTokenProvider

    init(tokens: AccessTokenProvider) {
        self.tokens = tokens
    }

    func appear() {
        state = .loading
        tokens.token { [weak self] result in  // main queue
            guard let self else { return }
            switch result {
            case .success(let token):
                self.state = .showing(avatar: AccountScreen.avatarURL(token: token))
            case .failure(TokenError.signedOut):
                self.state = .signedOut
            case .failure:
                self.state = .failed
            }
        }
    }

    /// The image CDN takes the token as a query item, because image views cannot send headers.
    static func avatarURL(token: String) -> URL {
        var components = URLComponents(string: "https://images.pocketbank.example/me/avatar.jpg")!
        components.queryItems = [URLQueryItem(name: "access_token", value: token)]
        return components.url!
    }
}
