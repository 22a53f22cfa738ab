import Testing

@testable import Kata16

// The avatar cache, tested with a download the test holds open: the overlap that causes double
// downloads happens on every run, and nothing sleeps, yields in a loop or touches the network.
@Suite("Avatar cache, one download per user", .timeLimit(.minutes(1)))
struct AvatarCacheTests {
    @Test("five callers asking for one user while the download is in flight share that one download")
    func concurrentCallersShareOneDownload() async throws {
        let loader = HeldLoader()
        let cache = AvatarCache(loader: loader)

        let first = startCall(for: "ada", on: cache)
        try #require(
            await request(for: "ada", at: loader, arrivesDuring: [first]),
            "avatar(for: \"ada\") came back without asking the loader for ada (or HeldLoader's waitForRequest(for:) never returned: see its own tests). The cache must download through the loader it was given in init(loader:)."
        )
        let others = await startCalls(4, for: "ada", on: cache)  // while ada's download is held
        await loader.release("ada", with: .success(Fixtures.ada))
        let results = await outcomes(of: [first] + others)

        let requests = await loader.requests
        #expect(
            requests == ["ada"],
            "Five callers asked for ada while her download was in flight, and the loader was asked \(requests.count) times: \(requests). Each call looked in the dictionary, found nothing, and started its own download: the first call stores the avatar only after its `await`, and while it waits there the actor runs the other calls (that is actor reentrancy). Keep the download in flight per user, say a `Task`, and let later callers await that same task."
        )
        #expect(
            results.allSatisfy { (try? $0?.get()) == Fixtures.ada },
            "Every caller must get ada's avatar from the one download; they got \(describe(results))."
        )
    }

    @Test("five callers arriving together, before any download started, share one download")
    func callersArrivingTogetherShareOneDownload() async throws {
        let loader = HeldLoader()
        let cache = AvatarCache(loader: loader)

        let calls = await startCalls(5, for: "ada", on: cache)  // all five are queued on the cache at once
        try #require(
            await request(for: "ada", at: loader, arrivesDuring: calls),
            "Five calls for ada came back without asking the loader for ada (or HeldLoader's waitForRequest(for:) never returned: see its own tests)."
        )
        await loader.release("ada", with: .success(Fixtures.ada))
        let results = await outcomes(of: calls)

        let requests = await loader.requests
        #expect(
            requests == ["ada"],
            "Five callers for ada arrived together, and the loader was asked \(requests.count) times: \(requests). The first call must put its download in flight where the others look before its first `await`: any `await` between looking and storing (even a `Task.yield()`) lets the callers queued behind it in, and each starts a download of its own."
        )
        #expect(
            results.allSatisfy { (try? $0?.get()) == Fixtures.ada },
            "Every caller must get ada's avatar from the one download; they got \(describe(results))."
        )
    }

    @Test("a failed download reaches every caller that was waiting for it")
    func aFailureReachesEveryCaller() async throws {
        let loader = HeldLoader()
        let cache = AvatarCache(loader: loader)

        let first = startCall(for: "ada", on: cache)
        try #require(
            await request(for: "ada", at: loader, arrivesDuring: [first]),
            "avatar(for: \"ada\") came back without asking the loader for ada (or HeldLoader's waitForRequest(for:) never returned: see its own tests). The cache must download through the loader it was given in init(loader:)."
        )
        let others = await startCalls(4, for: "ada", on: cache)
        await loader.release("ada", with: .failure(AvatarError.badResponse(statusCode: 503)))  // the server is down
        let results = await outcomes(of: [first] + others)

        let requests = await loader.requests
        #expect(
            requests == ["ada"],
            "Five callers asked for ada while her download was in flight, so the loader must be asked once; it was asked \(requests.count) times: \(requests). Callers that arrive while a download is in flight must wait for it, also when it is going to fail."
        )
        for (index, result) in results.enumerated() {
            #expect(
                throws503(result),
                "The one download failed with AvatarError.badResponse(statusCode: 503), so caller \(index + 1) of 5 must get that error, unchanged; it got \(describe(result)). Hand the loader's error to everyone waiting for the download, as it is: don't replace it with an error of your own."
            )
        }
    }

    @Test("after a failed download the next call downloads again")
    func aFailedDownloadIsTriedAgain() async throws {
        let loader = HeldLoader()
        let cache = AvatarCache(loader: loader)

        let first = startCall(for: "ada", on: cache)
        try #require(
            await request(for: "ada", at: loader, arrivesDuring: [first]),
            "avatar(for: \"ada\") came back without asking the loader for ada (or HeldLoader's waitForRequest(for:) never returned: see its own tests). The cache must download through the loader it was given in init(loader:)."
        )
        await loader.release("ada", with: .failure(AvatarError.notFound))
        let failed = await outcome(of: first)
        #expect(
            throwsNotFound(failed), "The download failed, so the caller must get its error; it got \(describe(failed))."
        )

        await loader.release("ada", with: .success(Fixtures.ada))  // the server is back
        let retried = await outcome(of: startCall(for: "ada", on: cache))

        let requests = await loader.requests
        #expect(
            requests == ["ada", "ada"],
            "The first download of ada failed, so the next call must download again: the loader should have been asked twice; it was asked \(requests.count) time(s): \(requests). Don't keep a failed download (or its error) in the cache: when a download fails, remove the user's entry before avatar(for:) rethrows, so that the next call starts a new one."
        )
        #expect(
            (try? retried?.get()) == Fixtures.ada,
            "The second download succeeded, so the call must return ada's avatar; it got \(describe(retried))."
        )
    }

    @Test("an avatar downloaded once is served from memory")
    func aDownloadedAvatarIsKept() async throws {
        let loader = HeldLoader()
        await loader.release("ada", with: .success(Fixtures.ada))  // answers at once
        let cache = AvatarCache(loader: loader)

        let firstTime = await outcome(of: startCall(for: "ada", on: cache))
        let secondTime = await outcome(of: startCall(for: "ada", on: cache))

        #expect(
            (try? firstTime?.get()) == Fixtures.ada,
            "The first call must return ada's avatar; it got \(describe(firstTime)).")
        #expect(
            (try? secondTime?.get()) == Fixtures.ada,
            "The second call must return ada's avatar; it got \(describe(secondTime)).")
        let requests = await loader.requests
        #expect(
            requests == ["ada"],
            "Ada's avatar was downloaded by the first call, so the second must come from memory; the loader was asked \(requests.count) times: \(requests)."
        )
    }

    @Test("each user gets a download of their own, and one held download does not hold up another")
    func usersDownloadIndependently() async throws {
        let loader = HeldLoader()
        let cache = AvatarCache(loader: loader)

        let ada = startCall(for: "ada", on: cache)
        try #require(
            await request(for: "ada", at: loader, arrivesDuring: [ada]),
            "avatar(for: \"ada\") came back without asking the loader for ada (or HeldLoader's waitForRequest(for:) never returned: see its own tests). The cache must download through the loader it was given in init(loader:)."
        )
        let grace = startCall(for: "grace", on: cache)
        try #require(
            await request(for: "grace", at: loader, arrivesWithin: 1),
            "While ada's download was held, the loader was not asked for grace within a second: grace's call waited for ada's download. Downloading one avatar at a time holds every user up behind the slowest download. A download in flight must only make callers for the same user wait: start grace's download at once."
        )

        await loader.release("grace", with: .success(Fixtures.grace))
        let graceResult = await outcome(of: grace)
        #expect(
            (try? graceResult?.get()) == Fixtures.grace,
            "Grace's download was released while ada's was still held, so grace's call must return grace's avatar; it got \(describe(graceResult))."
        )

        await loader.release("ada", with: .success(Fixtures.ada))
        let adaResult = await outcome(of: ada)
        #expect(
            (try? adaResult?.get()) == Fixtures.ada,
            "Ada's call must return ada's avatar, not another user's; it got \(describe(adaResult))."
        )
        let requests = await loader.requests
        #expect(requests == ["ada", "grace"], "One download per user, in the order asked; the loader saw \(requests).")
    }

    @Test("the cache works with any AvatarLoader it is given")
    func anyLoaderWillDo() async throws {
        let cache = AvatarCache(loader: ImmediateLoader())

        let grace = try await cache.avatar(for: "grace")

        #expect(
            grace == Fixtures.grace,
            "The loader answered with grace's avatar; the cache returned \(grace.testDescription).")
    }
}

private func throws503(_ outcome: Result<Avatar, any Error>?) -> Bool {
    guard case .failure(let error) = outcome else { return false }
    return (error as? AvatarError) == .badResponse(statusCode: 503)
}

private func throwsNotFound(_ outcome: Result<Avatar, any Error>?) -> Bool {
    guard case .failure(let error) = outcome else { return false }
    return (error as? AvatarError) == .notFound
}
