import Dispatch
import Testing

@testable import Kata11

// The two ways to deadlock on the main queue, pinned down, and the blocking API that stays for
// callers on a background queue.

@Suite("The two deadlocks, proved")
struct DeadlockTests {
    @Test("DispatchQueue.main.sync on the main queue stops the process")
    func mainSyncOnTheMainQueueCrashes() async {
        await #expect(
            processExitsWith: .failure,
            """
            DispatchQueue.main.sync queues the block on the main queue and waits for it. On the \
            main queue, the block waits for the code that waits for it: libdispatch detects this \
            and stops the process (a trap: SIGILL on x86_64, SIGTRAP on arm64).
            """
        ) {
            await onTheMainQueue {
                let session = SessionStore(accessToken: "abc", refreshToken: "refresh-1")
                _ = DispatchQueue.main.sync { session.accessToken }
            }
        }
    }

    @Test("main-queue work cannot signal a semaphore that the main queue waits on")
    @MainActor
    func semaphoreOnTheMainQueueIsNeverSignalled() async {
        let refreshed = DispatchSemaphore(value: 0)
        var signalled = false
        DispatchQueue.main.async {  // what the real refresher does with its answer
            signalled = true
            refreshed.signal()
        }

        // `.now()` gives up at once, so this test never waits. Waiting longer changes nothing:
        // the block above is queued behind the code running now, this test.
        let waited = refreshed.wait(timeout: .now())

        #expect(
            waited == .timedOut && !signalled,
            """
            A block sent to the main queue runs only after the code on the main queue returns. \
            Code that waits on the main queue for such a block waits forever: the app freezes.
            """)
        await letTheMainQueueRun()
        #expect(signalled, "Once this code suspends and frees the main queue, the block runs.")
    }

    @Test("validToken() on the main queue stops the process at once, even with a stored token")
    func validTokenOnTheMainQueueCrashes() async {
        await #expect(
            processExitsWith: .failure,
            """
            validToken() returned on the main queue. It worked because the token was stored; with \
            an expired token the same call blocks the main queue waiting for the refresh, which \
            is delivered on the main queue: a freeze that shows up only in production. Make every \
            main-queue call crash at once: dispatchPrecondition(condition: .notOnQueue(.main)).
            """
        ) {
            // Correct code stops the process before it could wait for anything, so a watchdog of
            // one second is far more than it needs; code that waits instead is ended by it.
            await onTheMainQueue(
                watchdog: 1,
                frozen: """
                    validToken() froze on the main queue instead of stopping the process: its check let \
                    the call through, and then it waited for work that can only run on the main queue. \
                    Thread.isMainThread is not that check: under Swift Testing on Linux the main queue \
                    does not run on the main thread. dispatchPrecondition(condition: .notOnQueue(.main)) \
                    checks the queue itself.
                    """
            ) {
                let tokens = AccessTokenProvider(
                    session: SessionStore(accessToken: "abc", refreshToken: "refresh-1"),
                    refresher: HeldRefresher()
                )
                _ = try? tokens.validToken()
            }
        }
    }

    @Test("validToken() on a background queue waits for the refresh and returns the new token")
    func validTokenOnABackgroundQueueWaits() async {
        await #expect(
            processExitsWith: .success,
            """
            validToken() crashed or froze when called on a background queue, where blocking is \
            allowed. A trap (SIGILL on x86_64, SIGTRAP on arm64): something calls \
            DispatchQueue.main.sync on the main queue, or validToken() read what the completion \
            hands over (`result!`) before the completion wrote it. \
            Exit code \(frozeExitCode): the watchdog ended a deadlock. \(raceInTheChild)
            """
        ) {
            let session = SessionStore(accessToken: nil, refreshToken: "refresh-1")
            let refresher = HeldRefresher()
            let tokens = AccessTokenProvider(session: session, refresher: refresher)

            // The API client's call, on a background queue. It starts at once and must block there
            // until the refresh below is answered.
            let call = BackgroundCall { Result { try tokens.validToken() } }

            await onTheMainQueue {
                // The provider asks the refresher on the main queue: let the queue run until it has
                // (or until the call gave up and returned). Turns are counted once the call has a
                // thread (the watchdog ends a child in which it never gets one). A thousand turns
                // at most: correct code asks within a turn or two.
                while !call.hasStarted {
                    await letTheMainQueueRun(turns: 1)
                }
                for _ in 0..<1_000 where refresher.requests.isEmpty && call.outcome == nil {
                    await letTheMainQueueRun(turns: 1)
                }
                #expect(
                    !refresher.requests.isEmpty || call.outcome != nil,
                    "validToken() is waiting, and the refresher was never asked for a new token: the call that needs a refresh must start one (or join the one running) and keep its completion until the refresher answers."
                )
                #expect(
                    call.outcome == nil,
                    "validToken() returned before the refresher had answered. On a background queue it must block until token(completion:) delivers (wait on a semaphore or a DispatchGroup that the completion signals): the API client needs the token itself, not whatever the call had at hand when it returned. It returned: \(call.outcome.map(Outcome.init).map(String.init(describing:)) ?? "nothing")."
                )
                refresher.finish(with: .success("fresh"))
            }
            let result = await call.value

            #expect(
                Outcome(result) == .token("fresh"),
                "The API client's queue may block: validToken() waits for the refresh and returns the new token. It returned: \(Outcome(result))."
            )
            await onTheMainQueue {
                await letTheMainQueueRun()
                #expect(
                    refresher.requests == ["refresh-1"],
                    "The expired token must be refreshed once, with the session's refresh token. Refresh requests: \(refresher.requests)."
                )
                #expect(
                    session.accessToken == "fresh",
                    "The new token must be stored in the session, so the next request does not refresh again.")
            }
        }
    }
}
