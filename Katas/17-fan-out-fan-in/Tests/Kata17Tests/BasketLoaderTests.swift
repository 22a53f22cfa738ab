import Testing

@testable import Kata17

// The basket loader, tested with a catalogue that answers when the test says so, in the order
// the test chooses. No sleeps, no yields: each test waits for events (a request arrived, a call
// returned, the load ended), and the same thing happens on every run.
@Suite("Fan out, fan in: the basket loader", .timeLimit(.minutes(1)))
struct BasketLoaderTests {
    @Test(
        "the products come back in the basket's order, whatever order the catalogue answers in",
        arguments: [[3, 2, 1, 0], [2, 0, 3, 1], [0, 1, 2, 3]]
    )
    func basketOrder(answerOrder: [Int]) async throws {
        let catalogue = ControlledCatalogue()
        let ids = Fixtures.basket
        let load = startLoading(ids, from: catalogue)
        try await requireEveryRequest(for: ids, during: load, at: catalogue)

        for index in answerOrder { await catalogue.answer(ids[index]) }
        let outcome = try await requireOutcome(of: load, at: catalogue, after: "every product was answered")

        switch outcome {
        case .success(let products):
            let answered = answerOrder.map { ids[$0].rawValue }
            #expect(
                products.map(\.id.rawValue) == ids.map(\.rawValue),
                products.map(\.id.rawValue) == answered
                    ? "The products came back in the order the catalogue answered them. A task group hands results over as they finish; the basket must show them in the order of `ids`. Keep each product's place (its index, or its id) with its result, and put it back in that place."
                    : "loadProducts(for:) must return one product per id, in the order of `ids`."
            )
        case .failure(let error):
            Issue.record(
                "Every product was answered, so loadProducts(for:) must return the products; it threw \(error).")
        }
        #expect(
            catalogue.requests.map(\.rawValue).sorted() == ids.map(\.rawValue).sorted(),
            "loadProducts(for:) must ask the catalogue once for each product; it asked for \(names(catalogue.requests))."
        )
    }

    @Test("an empty basket loads nothing and returns no products")
    func emptyBasket() async throws {
        let catalogue = ControlledCatalogue()
        let load = startLoading([], from: catalogue)

        let outcome = try await requireOutcome(of: load, at: catalogue, after: "it was called with no products")

        #expect(
            (try? outcome.get()) == [],
            "With an empty basket, loadProducts(for:) must return [] at once; it ended with \(outcome)."
        )
        #expect(catalogue.requests.isEmpty, "An empty basket must not ask the catalogue for anything.")
    }

    @Test("when a product fails, loadProducts throws that product's error, not a partial basket")
    func oneProductFails() async throws {
        let catalogue = ControlledCatalogue()
        let ids = [Fixtures.tea, Fixtures.oatMilk, Fixtures.sourdough]
        let load = startLoading(ids, from: catalogue)
        try await requireEveryRequest(for: ids, during: load, at: catalogue)

        await catalogue.answer(Fixtures.tea)
        await catalogue.answer(Fixtures.sourdough)
        await catalogue.fail(Fixtures.oatMilk, with: Discontinued(id: Fixtures.oatMilk))
        let outcome = try await requireOutcome(of: load, at: catalogue, after: "every request was answered")

        switch outcome {
        case .success(let products):
            Issue.record(
                "Oat milk is discontinued, so loadProducts(for:) must throw the catalogue's error, Discontinued(id: oat-milk). It returned \(names(products)): a basket without a price for one line cannot show a total."
            )
        case .failure(let error):
            #expect(
                error as? Discontinued == Discontinued(id: Fixtures.oatMilk),
                "loadProducts(for:) must throw the error the catalogue threw for the failing product, unchanged: Discontinued(id: oat-milk). It threw \(error)."
            )
        }
    }

    @Test("when a product fails, the requests still in flight are cancelled, and the error comes at once")
    func aFailureCancelsTheOthers() async throws {
        let catalogue = ControlledCatalogue()
        let ids = Fixtures.basket
        let load = startLoading(ids, from: catalogue)
        try await requireEveryRequest(for: ids, during: load, at: catalogue)

        await catalogue.answer(Fixtures.oatMilk)
        // Eggs, the last product, fails while tea and sourdough are still waiting for their answers.
        await catalogue.fail(Fixtures.eggs, with: Discontinued(id: Fixtures.eggs))
        let outcome = try await requireOutcome(
            of: load, at: catalogue,
            after:
                "eggs failed. Tea and sourdough never get an answer: the load must cancel them, not wait for them. Awaiting the products one by one in the basket's order (`for task in tasks`, `async let` awaited in turn) waits for tea first, and `waitForAll()` waits for every child; `for try await` over a task group or `group.next()` hands over whichever finishes first, failures included"
        )

        if case .success(let products) = outcome {
            Issue.record(
                "Eggs failed, so loadProducts(for:) must throw Discontinued(id: eggs-6); it returned \(names(products))."
            )
        }
        if case .failure(let error) = outcome {
            #expect(
                error as? Discontinued == Discontinued(id: Fixtures.eggs),
                "loadProducts(for:) must throw the error of the product that failed, Discontinued(id: eggs-6), not the CancellationError of the requests it cancelled afterwards. It threw \(error)."
            )
        }
        #expect(
            Set(catalogue.cancelledRequests) == [Fixtures.tea, Fixtures.sourdough],
            "When eggs failed, the requests for tea and sourdough were still in flight: they must be cancelled (the catalogue saw \(names(catalogue.cancelledRequests)) cancelled). A task group cancels its children when its closure throws; an unstructured Task { } is not cancelled unless you call cancel() on it."
        )
        #expect(
            catalogue.unfinishedRequests.isEmpty,
            "loadProducts(for:) threw while the requests for \(names(catalogue.unfinishedRequests)) were still running. It must return or throw only when every request it started has ended: a task group waits for its cancelled children before it rethrows."
        )
    }

    @Test("cancelling the load cancels every request still in flight")
    func cancellingTheLoad() async throws {
        let catalogue = ControlledCatalogue()
        let ids = Fixtures.basket
        let load = startLoading(ids, from: catalogue)
        try await requireEveryRequest(for: ids, during: load, at: catalogue)

        await catalogue.answer(Fixtures.sourdough)
        load.cancel()  // the customer left the basket screen
        let outcome = try await requireOutcome(
            of: load, at: catalogue,
            after:
                "its task was cancelled. Tea, oat milk and eggs never get an answer: cancelling the task that called loadProducts(for:) must cancel their requests. Child tasks of a task group (and `async let`) are cancelled with their parent; an unstructured Task { } is not"
        )

        #expect(
            Set(catalogue.cancelledRequests) == [Fixtures.tea, Fixtures.oatMilk, Fixtures.eggs],
            "The task calling loadProducts(for:) was cancelled while tea, oat milk and eggs were in flight: all three requests must be cancelled (the catalogue saw \(names(catalogue.cancelledRequests)) cancelled)."
        )
        switch outcome {
        case .success(let products):
            Issue.record(
                "A cancelled load must end by throwing (the catalogue's CancellationError); it returned \(names(products))."
            )
        case .failure(let error):
            #expect(
                error is CancellationError,
                "A cancelled load must end by throwing the CancellationError its requests threw; it threw \(error)."
            )
        }
        #expect(
            catalogue.unfinishedRequests.isEmpty,
            "loadProducts(for:) ended while the requests for \(names(catalogue.unfinishedRequests)) were still running. It must return or throw only when every request it started has ended."
        )
    }
}

/// Starts `loadProducts(for:)` in a task of its own, so that the test can act while it runs.
private func startLoading(_ ids: [ProductID], from catalogue: ControlledCatalogue) -> Task<[Product], any Error> {
    Task { try await BasketLoader(catalogue: catalogue).loadProducts(for: ids) }
}

/// Waits until the catalogue has been asked for every product in `ids`, with no answer sent yet.
private func requireEveryRequest(
    for ids: [ProductID],
    during load: Task<[Product], any Error>,
    at catalogue: ControlledCatalogue,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let arrival = await catalogue.requests(for: ids, arriveDuring: load)
    let asked = catalogue.requests
    let missing = ids.filter { !asked.contains($0) }
    guard arrival != .arrived else { return }
    catalogue.giveUp()
    let message: Comment =
        arrival == .loadEnded
        ? "loadProducts(for:) ended before it asked the catalogue for \(names(missing)). It must ask for every product in `ids`, through the catalogue it was given."
        : "The test waited 10 s with no answer sent, and the catalogue was asked for \(names(asked)) but not for \(names(missing)). loadProducts(for:) must ask for every product at once, before any answer comes back: one child task per product in a task group. A loop that awaits each product in turn asks for the second only after the first has answered."
    try #require(arrival == ControlledCatalogue.Arrival.arrived, message, sourceLocation: sourceLocation)
}

/// Waits until the load ends, and returns what it returned or threw. A wrong solution may never
/// end: after 10 s the test gives up, fails with the story of `event`, and frees every request.
private func requireOutcome(
    of load: Task<[Product], any Error>,
    at catalogue: ControlledCatalogue,
    after event: String,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> Result<[Product], any Error> {
    let ended = FirstAnswer<Result<[Product], any Error>?>()
    let watcher = Task { ended.give(await load.result) }
    defer { watcher.cancel() }
    let outcome = await bounded(ended, orElse: nil)
    let stillWaiting = catalogue.unfinishedRequests
    if outcome == nil { catalogue.giveUp() }
    return try #require(
        outcome,
        "loadProducts(for:) had not ended 10 s after \(event). (Requests still running: \(names(stillWaiting)).)",
        sourceLocation: sourceLocation
    )
}

private func names(_ products: [Product]) -> String { names(products.map(\.id)) }
private func names(_ ids: [ProductID]) -> String { "[" + ids.map(\.rawValue).joined(separator: ", ") + "]" }
