import Testing

@testable import Kata16

// Your HeldLoader, on its own: the cache tests trust it, so it is tested first. Each test starts
// requests straight to the loader, in tasks of their own, and releases them.
@Suite("HeldLoader, a download the test holds", .timeLimit(.minutes(1)))
struct HeldLoaderTests {
    @Test("a request is written down and waits until the test releases its user")
    func aRequestWaitsForItsRelease() async throws {
        let loader = HeldLoader()

        let call = startRequest(for: "ada", to: loader)
        try #require(
            await request(for: "ada", at: loader, arrivesDuring: [call]),
            "avatar(for: \"ada\") on the HeldLoader came back before waitForRequest(for: \"ada\") returned. A request must be held until release(_:with:), and waitForRequest(for:) must return once the request has arrived."
        )
        let requests = await loader.requests
        #expect(requests == ["ada"], "`requests` must list the user of every request so far; it is \(requests).")

        await loader.release("ada", with: .success(Fixtures.ada))
        let result = await outcome(of: call)

        #expect(
            (try? result?.get()) == Fixtures.ada,
            "After release(\"ada\", with: .success(ada's avatar)) the held request must return that avatar; it got \(describe(result))."
        )
    }

    @Test("waitForRequest(for:) returns at once for a request that has already arrived")
    func waitingForARequestThatAlreadyArrived() async throws {
        let loader = HeldLoader()

        let first = await startRequests(1, for: "ada", to: loader)  // ada's request has arrived
        let waiting = await startWaiting(for: "ada", at: loader)
        let second = await startRequests(1, for: "ada", to: loader)  // a second request for ada
        let seen = await requestsSeen(by: waiting)
        await loader.release("ada", with: .success(Fixtures.ada))
        await loader.release("ada", with: .success(Fixtures.ada))  // ends both requests, whatever the first did
        _ = await outcomes(of: first + second)

        #expect(
            seen == ["ada"],
            "waitForRequest(for: \"ada\") was called after ada's request had arrived, so it must return at once, with `requests` == [\"ada\"]; it returned when `requests` was \(seen.map { "\($0)" } ?? "never (still waiting after a second)"). It waited for the next request instead: look in the requests that arrived already before you wait."
        )
    }

    @Test("waitForRequest(for:) waits for a request for its own user, not for any request")
    func waitingForARequestOfOneUser() async throws {
        let loader = HeldLoader()
        await loader.release("ada", with: .success(Fixtures.ada))  // both answer at once
        await loader.release("grace", with: .success(Fixtures.grace))

        let waiting = await startWaiting(for: "grace", at: loader)  // waits: nothing has arrived
        _ = await outcome(of: startRequest(for: "ada", to: loader))
        _ = await outcome(of: startRequest(for: "grace", to: loader))
        let seen = await requestsSeen(by: waiting)

        #expect(
            seen == ["ada", "grace"],
            "waitForRequest(for: \"grace\") must return once a request for grace has arrived; it returned when `requests` was \(seen.map { "\($0)" } ?? "never (still waiting after a second)"). A request for ada woke the wait for grace: wake only the waiters for the user whose request arrived."
        )
    }

    @Test("waitForRequest(for:) that is waiting when the request arrives returns, once")
    func aWaitThatStartedBeforeTheRequest() async throws {
        let loader = HeldLoader()

        // On the loader, in one step: the wait for grace starts, then grace's request arrives.
        let (waiting, first) = await startWaitingThenRequest(for: "grace", at: loader)
        let seen = await requestsSeen(by: waiting)
        // A second request for grace, after the wait has ended: it must not wake that wait again
        // (a waiter woken twice resumes its continuation twice, which stops the test process).
        let second = await startRequests(1, for: "grace", to: loader)
        await loader.release("grace", with: .success(Fixtures.grace))
        let results = await outcomes(of: first + second)

        #expect(
            seen == ["grace"],
            "waitForRequest(for: \"grace\") was called before grace's request, and the request arrived while it waited, so it must return, with `requests` == [\"grace\"]; it returned when `requests` was \(seen.map { "\($0)" } ?? "never (still waiting after a second)"). Between looking in the requests and starting to wait, waitForRequest(for:) let the loader run other work (an await), and the request came in that gap, when nobody was waiting for it yet. Look, and start waiting, in one step: no await in between."
        )
        #expect(
            results.allSatisfy { (try? $0?.get()) == Fixtures.grace },
            "Both requests for grace were released with grace's avatar, so both must get it; they got \(describe(results))."
        )
    }

    @Test("release answers every request held for that user, and no other user's")
    func releaseAnswersEveryRequestOfItsUser() async throws {
        let loader = HeldLoader()

        let adas = await startRequests(2, for: "ada", to: loader)
        let grace = await startRequests(1, for: "grace", to: loader)
        await loader.release("ada", with: .success(Fixtures.ada))  // both of ada's requests are held now
        // Ada again, with a new picture: it ends a request the first release left held, if any.
        await loader.release("ada", with: .success(Fixtures.adaNewPicture))
        let adaResults = await outcomes(of: adas)
        #expect(
            adaResults.allSatisfy { (try? $0?.get()) == Fixtures.ada },
            "Both requests for ada were held when the test called release(\"ada\", with: .success(ada's avatar)), so both must get ada's avatar from that one release; they got \(describe(adaResults)). Release every request held for the user, not only the first: a request that got ada's new picture was still held when the test released ada a second time."
        )

        await loader.release("grace", with: .success(Fixtures.grace))
        let graceResult = await outcome(of: grace[0])
        #expect(
            (try? graceResult?.get()) == Fixtures.grace,
            "Releasing ada must leave grace's request held until grace is released, then grace's request gets grace's avatar; it got \(describe(graceResult)). Answer only the requests of the user released."
        )
        let requests = await loader.requests
        #expect(
            requests == ["ada", "ada", "grace"],
            "`requests` must list all three requests, in the order they arrived; it is \(requests)."
        )
    }

    @Test("a release also answers the requests that come after it, at once")
    func aReleaseAnswersLaterRequests() async throws {
        let loader = HeldLoader()

        let held = await startRequests(1, for: "ada", to: loader)
        await loader.release("ada", with: .success(Fixtures.ada))  // answers the held request
        let later = await startRequests(2, for: "ada", to: loader)  // they arrive after the release
        // Ada again, with a new picture: it ends a later request that was held instead of answered.
        await loader.release("ada", with: .success(Fixtures.adaNewPicture))
        let heldResult = await outcome(of: held[0])
        let laterResults = await outcomes(of: later)

        #expect(
            (try? heldResult?.get()) == Fixtures.ada,
            "The request held when ada was released must get ada's avatar; it got \(describe(heldResult))."
        )
        #expect(
            laterResults.allSatisfy { (try? $0?.get()) == Fixtures.ada },
            "ada was released with ada's avatar, so the two requests that came after it must get that avatar at once, until the next release of ada; they got \(describe(laterResults)). Keep the released answer for every later request of the user, also when the release answered a held request: a request that got ada's new picture was held until the second release."
        )
    }

    @Test("after a release, a new request for that user is answered at once, with the latest release")
    func aLaterRequestIsAnsweredAtOnce() async throws {
        let loader = HeldLoader()

        await loader.release("ada", with: .failure(AvatarError.notFound))
        let failing = await outcome(of: startRequest(for: "ada", to: loader))
        #expect(
            {
                guard case .failure(let error) = failing else { return false }
                return (error as? AvatarError) == .notFound
            }(),
            "ada was released with AvatarError.notFound before the request came, so the request must throw that error at once; it got \(describe(failing))."
        )

        await loader.release("ada", with: .success(Fixtures.ada))
        let succeeding = await outcome(of: startRequest(for: "ada", to: loader))
        #expect(
            (try? succeeding?.get()) == Fixtures.ada,
            "A second release of ada replaces the first, so the next request must return ada's avatar; it got \(describe(succeeding))."
        )
        let requests = await loader.requests
        #expect(requests == ["ada", "ada"], "`requests` must list both requests, in order; it is \(requests).")
    }
}

/// Starts a wait for `userID` (`startWaiting`), then a request for `userID` (`startRequests`), in
/// one step on the loader: the wait has run up to its first `await` when the request arrives.
private func startWaitingThenRequest(
    for userID: String, at loader: isolated HeldLoader
) -> (waiting: Task<[String], Never>, requests: [Task<Avatar, any Error>]) {
    let waiting = startWaiting(for: userID, at: loader)
    return (waiting, startRequests(1, for: userID, to: loader))
}
