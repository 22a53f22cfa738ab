import Testing

@testable import Kata11

// token(completion:) called on the main queue, as the account screen calls it. Each test runs in
// a child process (see MainQueueHarness.swift), so a crash or a freeze fails only that test.

@Suite("token(completion:) never blocks its caller")
struct AccessTokenProviderTests {
    static let crashedOrFroze: Comment = """
        token(completion:) crashed or froze when called on the main queue. A trap (SIGILL on \
        x86_64, SIGTRAP on arm64): something calls DispatchQueue.main.sync on the main queue (or \
        validToken() did, if you call it from token(completion:)). Exit code \(frozeExitCode): the main queue waited for itself. \(raceInTheChild)
        """

    @Test("with a stored token, the token arrives on the main queue after token(completion:) returned")
    func storedToken() async {
        await #expect(processExitsWith: .success, Self.crashedOrFroze) {
            await onTheMainQueue {
                let tokens = AccessTokenProvider(
                    session: SessionStore(accessToken: "abc", refreshToken: "refresh-1"),
                    refresher: HeldRefresher()
                )
                let deliveries = Deliveries()

                tokens.token(completion: deliveries.record)

                #expect(
                    deliveries.outcomes.isEmpty,
                    "token(completion:) must return before it calls the completion, even when the token is at hand. A caller that sometimes gets its answer inside the call and sometimes later has two code paths, and tests only one."
                )
                await letTheMainQueueRun()
                #expect(
                    deliveries.outcomes == [.token("abc")],
                    "Once the main queue has run, the completion must have received the stored token, exactly once. It received: \(deliveries.outcomes)."
                )
                #expect(
                    deliveries.offMainQueue == 0,
                    "The completion must run on the main queue: callers update UI state with the token.")
            }
        }
    }

    @Test("a stored token is delivered as it is, even without a refresh token")
    func storedTokenWithoutRefreshToken() async {
        await #expect(processExitsWith: .success, Self.crashedOrFroze) {
            await onTheMainQueue {
                let refresher = HeldRefresher()
                let tokens = AccessTokenProvider(
                    session: SessionStore(accessToken: "abc", refreshToken: nil),
                    refresher: refresher
                )
                let deliveries = Deliveries()

                tokens.token(completion: deliveries.record)
                await letTheMainQueueRun()

                #expect(
                    deliveries.outcomes == [.token("abc")],
                    "The session holds an access token: deliver it as it is. A missing refresh token only matters when there is no access token to deliver; then nobody is signed in. It received: \(deliveries.outcomes)."
                )
                #expect(
                    refresher.requests.isEmpty,
                    "A stored token needs no refresh. Refresh requests: \(refresher.requests).")
            }
        }
    }

    @Test("with an expired token, it asks the refresher once and hands over the new token")
    func expiredToken() async {
        await #expect(processExitsWith: .success, Self.crashedOrFroze) {
            await onTheMainQueue {
                let session = SessionStore(accessToken: nil, refreshToken: "refresh-1")
                let refresher = HeldRefresher()
                let tokens = AccessTokenProvider(session: session, refresher: refresher)
                let deliveries = Deliveries()
                var sessionWhenDelivered: String?

                tokens.token { result in
                    sessionWhenDelivered = session.accessToken
                    deliveries.record(result)
                }
                await letTheMainQueueRun()

                #expect(
                    refresher.requestsOffTheMainQueue == 0,
                    "The refresher was asked from a queue other than the main queue. The session and the waiting callers live on the main queue, and the refresher answers there: ask it there too. Work sent to another queue comes back whenever that queue gets to it, so the tests (and the app) cannot tell when it is done."
                )
                #expect(
                    refresher.requests == ["refresh-1"],
                    "With no access token, token(completion:) must ask the refresher for one, with the session's refresh token, on the main queue, within a few turns of the main queue. Refresh requests: \(refresher.requests)."
                )
                #expect(
                    deliveries.outcomes.isEmpty,
                    "Nothing can be delivered before the refresher answered. Delivered: \(deliveries.outcomes).")

                refresher.finish(with: .success("fresh"))
                await letTheMainQueueRun()

                #expect(
                    deliveries.outcomes == [.token("fresh")],
                    "The refresher's new token must reach the caller, exactly once. It received: \(deliveries.outcomes)."
                )
                #expect(deliveries.offMainQueue == 0, "The completion must run on the main queue.")
                #expect(
                    session.accessToken == "fresh",
                    "The new token must be stored in the session, so that the next caller does not refresh again. The session holds: \(session.accessToken ?? "nil")."
                )
                #expect(
                    sessionWhenDelivered == "fresh",
                    "The new token must be in the session before the caller hears of it (stored, then delivered): a caller that reads the session in its completion found \(sessionWhenDelivered ?? "nil")."
                )

                tokens.token(completion: deliveries.record)
                await letTheMainQueueRun()
                #expect(
                    deliveries.outcomes == [.token("fresh"), .token("fresh")],
                    "The next caller gets the stored token. Received: \(deliveries.outcomes).")
                #expect(
                    refresher.requests.count == 1,
                    "The next caller must not start a second refresh: the token is stored now. Refresh requests: \(refresher.requests)."
                )
            }
        }
    }

    @Test("a refresher that answers inside refresh still reaches the caller")
    func immediateRefresher() async {
        await #expect(processExitsWith: .success, Self.crashedOrFroze) {
            await onTheMainQueue {
                let session = SessionStore(accessToken: nil, refreshToken: "refresh-1")
                let refresher = ImmediateRefresher(answer: .success("fresh"))
                let tokens = AccessTokenProvider(session: session, refresher: refresher)
                let deliveries = Deliveries()

                tokens.token(completion: deliveries.record)
                await letTheMainQueueRun()

                #expect(
                    deliveries.outcomes == [.token("fresh")],
                    "A refresher may answer before refresh(refreshToken:completion:) returns, as one with a cached answer does. The caller must still get the new token, exactly once. It received: \(deliveries.outcomes). Write down that a refresh runs, and who waits for it, before you call the refresher: an answer that comes inside the call finds nobody waiting otherwise."
                )

                tokens.token(completion: deliveries.record)
                await letTheMainQueueRun()

                #expect(
                    deliveries.outcomes == [.token("fresh"), .token("fresh")] && refresher.requests.count == 1,
                    "The new token must be stored, and the next caller gets it without a second refresh. Received: \(deliveries.outcomes); refresh requests: \(refresher.requests)."
                )
            }
        }
    }

    @Test("callers who ask while a refresh runs share that refresh")
    func sharedRefresh() async {
        await #expect(processExitsWith: .success, Self.crashedOrFroze) {
            await onTheMainQueue {
                let refresher = HeldRefresher()
                let tokens = AccessTokenProvider(
                    session: SessionStore(accessToken: nil, refreshToken: "refresh-1"),
                    refresher: refresher
                )
                let deliveries = Deliveries()

                tokens.token(completion: deliveries.record)
                tokens.token(completion: deliveries.record)
                await letTheMainQueueRun()
                tokens.token(completion: deliveries.record)
                await letTheMainQueueRun()

                #expect(
                    refresher.requests == ["refresh-1"],
                    "Three callers asked while one refresh was running: they must wait for that refresh, not start their own. (The auth server rotates refresh tokens, so a second refresh with the same one fails and signs the user out.) Refresh requests: \(refresher.requests)."
                )

                refresher.finish(with: .success("fresh"))
                await letTheMainQueueRun()

                #expect(
                    deliveries.outcomes == [.token("fresh"), .token("fresh"), .token("fresh")],
                    "Every waiting caller must get the new token, exactly once. Received: \(deliveries.outcomes).")
            }
        }
    }

    @Test("a failed refresh reaches every waiting caller, and the next call tries again")
    func failedRefresh() async {
        await #expect(processExitsWith: .success, Self.crashedOrFroze) {
            await onTheMainQueue {
                let refresher = HeldRefresher()
                let tokens = AccessTokenProvider(
                    session: SessionStore(accessToken: nil, refreshToken: "refresh-1"),
                    refresher: refresher
                )
                let deliveries = Deliveries()

                tokens.token(completion: deliveries.record)
                tokens.token(completion: deliveries.record)
                await letTheMainQueueRun()
                refresher.finish(with: .failure(Offline()))
                await letTheMainQueueRun()

                #expect(
                    deliveries.outcomes == [.offline, .offline],
                    "The refresher's error must reach every caller who waited for it. Received: \(deliveries.outcomes)."
                )

                tokens.token(completion: deliveries.record)
                await letTheMainQueueRun()
                #expect(
                    refresher.requests.count == 2,
                    "After a failed refresh, the next caller must start a new one. Refresh requests: \(refresher.requests)."
                )
            }
        }
    }

    @Test("a signed-out session fails with TokenError.signedOut, without asking the refresher")
    func signedOut() async {
        await #expect(processExitsWith: .success, Self.crashedOrFroze) {
            await onTheMainQueue {
                let refresher = HeldRefresher()
                let tokens = AccessTokenProvider(session: SessionStore(), refresher: refresher)
                let deliveries = Deliveries()

                tokens.token(completion: deliveries.record)
                #expect(
                    deliveries.outcomes.isEmpty,
                    "token(completion:) must return before it calls the completion, errors included.")
                await letTheMainQueueRun()

                #expect(
                    deliveries.outcomes == [.signedOut],
                    "Without a refresh token nobody is signed in: the completion gets TokenError.signedOut. It received: \(deliveries.outcomes)."
                )
                #expect(
                    refresher.requests.isEmpty,
                    "There is nothing to refresh without a refresh token. Refresh requests: \(refresher.requests).")
            }
        }
    }

    @Test("called on a background queue, it returns at once and delivers on the main queue")
    func backgroundCaller() async {
        await #expect(
            processExitsWith: .success,
            """
            token(completion:) crashed or froze when called on a background queue. \
            Exit code \(frozeExitCode): something waits for the main queue while the main queue waits. \(raceInTheChild)
            """
        ) {
            let deliveries = Deliveries()
            let tokens = AccessTokenProvider(
                session: SessionStore(accessToken: "abc", refreshToken: "refresh-1"),
                refresher: HeldRefresher()
            )

            await onABackgroundQueue { tokens.token(completion: deliveries.record) }

            await onTheMainQueue {
                await letTheMainQueueRun()
                #expect(
                    deliveries.outcomes == [.token("abc")],
                    "The stored token must reach a caller on any queue, exactly once. It received: \(deliveries.outcomes)."
                )
                #expect(
                    deliveries.offMainQueue == 0,
                    "The completion must run on the main queue, whichever queue called token(completion:).")
            }
        }
    }
}
