import Testing

@testable import Kata11

// The screen that crashed (on Linux) and froze (on iOS, with an expired token), on the main queue.

@Suite("The account screen, on the main queue")
struct AccountScreenTests {
    static let crashedOrFroze: Comment = """
        appear() crashed or froze on the main queue. A trap (SIGILL on x86_64, SIGTRAP on arm64): \
        DispatchQueue.main.sync on the main queue, or a dispatchPrecondition (is the screen still \
        calling validToken()?). \
        Exit code \(frozeExitCode): the main queue waited for itself. \(raceInTheChild)
        """

    @Test("the avatar's URL carries the token, as the image CDN reads it")
    func avatarURLCarriesTheToken() {
        for token in ["abc", "fresh"] {
            let url = AccountScreen.avatarURL(token: token)
            #expect(
                url.absoluteString == "https://images.pocketbank.example/me/avatar.jpg?access_token=\(token)",
                """
                The image CDN reads the token from the URL's access_token query item (an image view sends no \
                headers): without it every avatar fails to load. avatarURL(token: "\(token)") made \(url).
                """)
        }
    }

    @Test("appear() returns at once, shows loading, then the avatar")
    func storedToken() async {
        await #expect(processExitsWith: .success, Self.crashedOrFroze) {
            await onTheMainQueue {
                let screen = AccountScreen(
                    tokens: AccessTokenProvider(
                        session: SessionStore(accessToken: "abc", refreshToken: "refresh-1"),
                        refresher: HeldRefresher()
                    ))

                screen.appear()

                #expect(
                    screen.state == .loading,
                    "appear() asks for the token and returns; until the token arrives, the screen shows .loading. It shows: \(screen.state)."
                )
                await letTheMainQueueRun()
                #expect(
                    screen.state == .showing(avatar: AccountScreen.avatarURL(token: "abc")),
                    "Once the token arrived, the screen shows the avatar, with the token in its URL. It shows: \(screen.state)."
                )
            }
        }
    }

    @Test("with an expired token, appear() shows the avatar after the refresh")
    func expiredToken() async {
        await #expect(processExitsWith: .success, Self.crashedOrFroze) {
            await onTheMainQueue {
                let refresher = HeldRefresher()
                let screen = AccountScreen(
                    tokens: AccessTokenProvider(
                        session: SessionStore(accessToken: nil, refreshToken: "refresh-1"),
                        refresher: refresher
                    ))

                screen.appear()
                await letTheMainQueueRun()

                #expect(
                    screen.state == .loading,
                    "While the refresh runs, the screen shows .loading and the main queue stays free. It shows: \(screen.state)."
                )
                refresher.finish(with: .success("fresh"))
                await letTheMainQueueRun()
                #expect(
                    screen.state == .showing(avatar: AccountScreen.avatarURL(token: "fresh")),
                    "After the refresh, the screen shows the avatar with the new token. It shows: \(screen.state).")
            }
        }
    }

    @Test("appear() shows signed out, or failed, when there is no token to be had")
    func noToken() async {
        await #expect(processExitsWith: .success, Self.crashedOrFroze) {
            await onTheMainQueue {
                let signedOut = AccountScreen(
                    tokens: AccessTokenProvider(
                        session: SessionStore(),
                        refresher: HeldRefresher()
                    ))
                let offline = AccountScreen(
                    tokens: AccessTokenProvider(
                        session: SessionStore(accessToken: nil, refreshToken: "refresh-1"),
                        refresher: MainQueueRefresher(answer: .failure(Offline()))
                    ))

                let rejected = AccountScreen(
                    tokens: AccessTokenProvider(
                        session: SessionStore(accessToken: nil, refreshToken: "refresh-1"),
                        refresher: MainQueueRefresher(answer: .failure(RefreshRejected(statusCode: 401)))
                    ))

                signedOut.appear()
                offline.appear()
                rejected.appear()
                await letTheMainQueueRun()

                #expect(
                    signedOut.state == .signedOut,
                    "TokenError.signedOut means nobody is signed in: the screen shows .signedOut. It shows: \(signedOut.state)."
                )
                #expect(
                    offline.state == .failed,
                    "Any other error (here: offline during the refresh) shows .failed. It shows: \(offline.state).")
                #expect(
                    rejected.state == .failed,
                    "The auth server rejected the refresh token (RefreshRejected, status 401). That is not TokenError.signedOut: .signedOut is for TokenError.signedOut alone, any other error shows .failed. It shows: \(rejected.state)."
                )
            }
        }
    }
}
