import Kata24
import Testing

// The cache, with a loader the test holds: a load lasts until the test releases it, so callers
// can arrive while it is in flight on every run. `startCalls` puts them in the cache's queue
// before the load can come back. The test takes each caller's answer through `answer(of:)`: a
// correct cache answers at once, and a caller left waiting fails the test after a second at most,
// by an #expect, instead of hanging it.
@Suite("RestaurantCache, with a loader the test holds", .timeLimit(.minutes(1)))
struct RestaurantCacheTests {
    let loader = HeldLoader()
    let cache: RestaurantCache

    init() {
        cache = RestaurantCache(loader: loader)
    }

    @Test("callers that come while a restaurant loads share its load")
    func callersShareALoad() async throws {
        let calls = await startCalls(3, for: "r1", on: cache)

        await loader.release("r1", with: .success(pizzeria))

        for call in calls {
            let answer = try #require(await answer(of: call), "r1 was released, but a caller is still waiting.")
            #expect(try answer.get() == pizzeria)
        }
        #expect(
            await loader.requests == ["r1"],
            "Three callers came while r1 was loading: they must share that load, one request in all.")
    }

    @Test("a failed load reaches every caller waiting for it, unchanged")
    func aFailureReachesEveryone() async throws {
        let calls = await startCalls(2, for: "r1", on: cache)

        await loader.release("r1", with: .failure(NotFound()))

        for call in calls {
            let answer = try #require(await answer(of: call), "r1's load failed, but a caller is still waiting.")
            #expect(throws: NotFound()) { try answer.get() }
        }
        #expect(await loader.requests == ["r1"], "One load, one failure: the cache does not retry on its own.")
    }

    @Test("a failed load is not kept: the next call loads again")
    func aFailureIsNotKept() async throws {
        await loader.release("r1", with: .failure(NotFound()))
        let first = try #require(await answer(of: startCalls(1, for: "r1", on: cache)[0]))
        #expect(throws: NotFound()) { try first.get() }

        await loader.release("r1", with: .success(pizzeria))

        let second = try #require(await answer(of: startCalls(1, for: "r1", on: cache)[0]))
        #expect(
            (try? second.get()) == pizzeria,
            "The first load failed; the call after it must load again, and get the restaurant, not the old failure.")
        #expect(await loader.requests == ["r1", "r1"])
    }

    @Test("a loaded restaurant is kept, every one of them: later calls do not ask the loader")
    func aRestaurantIsKept() async throws {
        await loader.release("r1", with: .success(pizzeria))
        await loader.release("r2", with: .success(noodleBar))

        // Two restaurants in turn, so a cache that keeps only the last one loaded asks again.
        for _ in 1...3 {
            for (id, restaurant) in [("r1", pizzeria), ("r2", noodleBar)] {
                let answer = try #require(await answer(of: startCalls(1, for: id, on: cache)[0]))
                #expect(try answer.get() == restaurant)
            }
        }

        let requests = await loader.requests
        #expect(
            requests == ["r1", "r2"],
            """
            r1 and r2 were each loaded once: later calls must get each from the cache, not only the \
            restaurant loaded last. The loader was asked for \(requests).
            """)
    }

    @Test("a load holds up only the callers of the same restaurant")
    func loadsOfOtherRestaurantsGoOn() async throws {
        let pizzeriaCall = await startCalls(1, for: "r1", on: cache)[0]
        let noodleCall = await startCalls(1, for: "r2", on: cache)[0]

        await loader.release("r2", with: .success(noodleBar))
        // r1 is still held. A correct cache answers r2's caller now; one that makes r2 wait for r1
        // would hold it until the test releases r1, so `answer(of:)` gives up after a second.
        let noodleAnswer = await answer(of: noodleCall)
        #expect(
            noodleAnswer != nil,
            "r2 was released while r1 is still loading: r2's caller must not wait for r1's load.")
        if let noodleAnswer {
            #expect(try noodleAnswer.get() == noodleBar, "r2's caller must get r2, not another restaurant.")
        }

        await loader.release("r1", with: .success(pizzeria))
        let pizzeriaAnswer = try #require(await answer(of: pizzeriaCall), "r1 was released, but its caller waits.")
        #expect(try pizzeriaAnswer.get() == pizzeria)
        #expect(Set(await loader.requests) == ["r1", "r2"])
    }

    // What cancelling a caller does is left open: it may still get the restaurant, or leave at
    // once with CancellationError. But it gets one of the two, and the callers that stay get the
    // restaurant from the one load.
    @Test("cancelled callers get an answer, and the load still serves the others")
    func cancelledCallersGetAnAnswer() async throws {
        // The card that starts r1's load went away before it asked, and so did one that comes
        // while r1 loads; two more go away while they wait.
        let starter = await startCalls(1, for: "r1", on: cache, alreadyCancelled: true)[0]
        let waiting = await startCalls(4, for: "r1", on: cache)
        let leaver = await startCalls(1, for: "r1", on: cache, alreadyCancelled: true)[0]
        waiting[1].cancel()
        waiting[3].cancel()

        await loader.release("r1", with: .success(pizzeria))

        for call in [waiting[0], waiting[2]] {
            let answer = try #require(
                await answer(of: call), "r1 was released, but a caller is still waiting: did a cancel take its place?")
            #expect(try answer.get() == pizzeria)
        }
        for call in [starter, leaver, waiting[1], waiting[3]] {
            let answer = await answer(of: call)
            #expect(
                isRestaurantOrCancellation(answer, pizzeria),
                """
                A cancelled caller may leave with CancellationError or still get r1, but it must get \
                one of them, once: a cache that forgets a cancelled caller's continuation leaves it \
                waiting for ever. It got \(describe(answer)).
                """)
        }
        let later = try #require(await answer(of: startCalls(1, for: "r1", on: cache)[0]))
        #expect(try later.get() == pizzeria)
        #expect(
            await loader.requests == ["r1"],
            """
            Cancelled callers must not cost a request of their own, nor stop the load the others \
            wait for; and r1 is kept once it has loaded.
            """)
    }
}

/// Whether `answer` is one a cancelled caller may get: `restaurant`, or `CancellationError`.
private func isRestaurantOrCancellation(_ answer: Result<Restaurant, any Error>?, _ restaurant: Restaurant) -> Bool {
    switch answer {
    case .success(let got): got == restaurant
    case .failure(let error): error is CancellationError
    case nil: false
    }
}

/// A caller's answer, for a failure message.
private func describe(_ answer: Result<Restaurant, any Error>?) -> String {
    answer.map { "\($0)" } ?? "nothing within a second"
}
