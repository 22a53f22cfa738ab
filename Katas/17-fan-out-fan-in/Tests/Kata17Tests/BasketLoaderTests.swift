import Testing

@testable import Kata17

// The basket loader, tested with a catalogue that answers when the test says so, in the order
// the test chooses. The load runs on the catalogue's executor, only when the test acts, until it
// waits again: after each step the test checks what happened, without sleeping, yielding or
// waiting for anything, and the same thing happens on every run.
@Suite("Fan out, fan in: the basket loader", .timeLimit(.minutes(1)))
struct BasketLoaderTests {
    @Test(
        "the products come back in the basket's order, whatever order the catalogue answers in",
        arguments: [[3, 2, 1, 0], [2, 0, 3, 1], [0, 1, 2, 3]]
    )
    func basketOrder(answerOrder: [Int]) throws {
        let catalogue = ControlledCatalogue()
        let ids = Fixtures.basket
        let load = catalogue.startLoading(ids)
        try requireEveryRequest(for: ids, during: load, at: catalogue)

        for index in answerOrder { catalogue.answer(ids[index]) }
        let outcome = try requireOutcome(of: load, at: catalogue, after: "every product was answered")

        switch outcome {
        case .success(let products):
            let answered = answerOrder.map { ids[$0].rawValue }
            #expect(
                products.map(\.id.rawValue) == ids.map(\.rawValue),
                products.map(\.id.rawValue) == answered
                    ? "The products came back in the order the catalogue answered them. A task group hands results over as they finish; the basket must show them in the order of `ids`. Keep each product's place (its index, or its id) with its result, and put it back in that place."
                    : "loadProducts(for:) must return one product per id, in the order of `ids`; it returned \(names(products))."
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
    func emptyBasket() throws {
        let catalogue = ControlledCatalogue()
        let load = catalogue.startLoading([])

        let outcome = try requireOutcome(of: load, at: catalogue, after: "it was called with no products")

        #expect(
            (try? outcome.get()) == [],
            "With an empty basket, loadProducts(for:) must return [] at once; it ended with \(outcome)."
        )
        #expect(catalogue.requests.isEmpty, "An empty basket must not ask the catalogue for anything.")
    }

    @Test("when a product fails, loadProducts throws that product's error, not a partial basket")
    func oneProductFails() throws {
        let catalogue = ControlledCatalogue()
        let ids = [Fixtures.tea, Fixtures.oatMilk, Fixtures.sourdough]
        let load = catalogue.startLoading(ids)
        try requireEveryRequest(for: ids, during: load, at: catalogue)

        catalogue.answer(Fixtures.tea)
        catalogue.answer(Fixtures.sourdough)
        catalogue.fail(Fixtures.oatMilk, with: Discontinued(id: Fixtures.oatMilk))
        let outcome = try requireOutcome(of: load, at: catalogue, after: "every request was answered")

        switch outcome {
        case .success(let products):
            Issue.record(
                "Oat milk is discontinued, so loadProducts(for:) must throw the catalogue's error, Discontinued(id: oat-milk). It returned \(names(products)): a basket without a price for one line cannot show a total, and a basket that leaves the line out shows the wrong total."
            )
        case .failure(let error):
            #expect(
                error as? Discontinued == Discontinued(id: Fixtures.oatMilk),
                "loadProducts(for:) must throw the error the catalogue threw for the failing product, unchanged: Discontinued(id: oat-milk). It threw \(error)."
            )
        }
    }

    @Test("when a product fails, the requests still in flight are cancelled, and the error comes at once")
    func aFailureCancelsTheOthers() throws {
        let catalogue = ControlledCatalogue()
        let ids = Fixtures.basket
        let load = catalogue.startLoading(ids)
        try requireEveryRequest(for: ids, during: load, at: catalogue)

        catalogue.answer(Fixtures.oatMilk)
        // Eggs, the last product, fails while tea and sourdough are still waiting for their answers.
        catalogue.fail(Fixtures.eggs, with: Discontinued(id: Fixtures.eggs))

        try #require(
            Set(catalogue.cancelledRequests) == [Fixtures.tea, Fixtures.sourdough],
            "When eggs failed, the requests for tea and sourdough were still in flight: they must be cancelled at once; the catalogue saw \(names(catalogue.cancelledRequests)) cancelled, \(load.outcome == nil ? "and loadProducts(for:) is still waiting" : "and loadProducts(for:) has ended"). Tea and sourdough never get an answer. Awaiting the products one by one in the basket's order (`for task in tasks`, `async let` awaited in turn) waits for tea first, and `waitForAll()` (or collecting every result before you throw) waits for every child and cancels none. `for try await` over a task group hands over whichever child finishes first, failures included, and when the error leaves the group's closure the group cancels the children still running. (A Task { } or Task.detached you start yourself runs off the test's executor: the test cannot see its requests.)"
        )
        catalogue.endCancelledRequests()  // tea's and sourdough's requests stop, throwing CancellationError
        let outcome = try requireOutcome(
            of: load, at: catalogue, after: "eggs failed and the cancelled requests for tea and sourdough ended")

        if case .success(let products) = outcome {
            Issue.record(
                "Eggs failed, so loadProducts(for:) must throw Discontinued(id: eggs-6); it returned \(names(products))."
            )
        }
        if case .failure(let error) = outcome {
            #expect(
                error as? Discontinued == Discontinued(id: Fixtures.eggs),
                "loadProducts(for:) must throw the error of the product that failed, Discontinued(id: eggs-6), not the CancellationError of the requests it cancelled afterwards. It threw \(error). Throw the first error out of the group, and don't let a later one replace it."
            )
        }
        #expect(
            load.leftRunning.isEmpty,
            "loadProducts(for:) ended while the cancelled requests for \(names(load.leftRunning)) were still running. Cancelling only marks a request: it must return or throw only when every request it started has ended. A task group waits for its cancelled children before it rethrows; a Task { } you cancel yourself is not waited for."
        )
    }

    @Test("cancelling the load cancels every request still in flight")
    func cancellingTheLoad() throws {
        let catalogue = ControlledCatalogue()
        let ids = Fixtures.basket
        let load = catalogue.startLoading(ids)
        try requireEveryRequest(for: ids, during: load, at: catalogue)

        catalogue.answer(Fixtures.sourdough)
        catalogue.cancel(load)  // the customer left the basket screen

        try #require(
            Set(catalogue.cancelledRequests) == [Fixtures.tea, Fixtures.oatMilk, Fixtures.eggs],
            "The task calling loadProducts(for:) was cancelled while tea, oat milk and eggs were in flight: all three requests must be cancelled (the catalogue saw \(names(catalogue.cancelledRequests)) cancelled). Child tasks of a task group (and `async let`) are cancelled with their parent; a Task { } or Task.detached is not."
        )
        catalogue.endCancelledRequests()  // the three requests stop, throwing CancellationError
        let outcome = try requireOutcome(
            of: load, at: catalogue,
            after: "its task was cancelled and its requests ended by throwing CancellationError")

        switch outcome {
        case .success(let products):
            Issue.record(
                "A cancelled load must end by throwing (the catalogue's CancellationError); it returned \(names(products)). A cancelled request is not a product to leave out: it means nobody wants this basket any more."
            )
        case .failure(let error):
            #expect(
                error is CancellationError,
                "A cancelled load must end by throwing the CancellationError its requests threw; it threw \(error)."
            )
        }
        #expect(
            load.leftRunning.isEmpty,
            "loadProducts(for:) ended while the requests for \(names(load.leftRunning)) were still running. It must return or throw only when every request it started has ended."
        )
    }
}

/// Checks that the catalogue has been asked for every product in `ids`, with no answer sent yet.
private func requireEveryRequest(
    for ids: [ProductID],
    during load: Load,
    at catalogue: ControlledCatalogue,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let asked = catalogue.requests
    let missing = ids.filter { !asked.contains($0) }
    try #require(
        missing.isEmpty,
        load.outcome != nil
            ? "loadProducts(for:) ended before it asked the catalogue for \(names(missing)). It must ask for every product in `ids`, through the catalogue it was given."
            : "The products were loaded one at a time: with no answer sent yet, the catalogue was asked for \(names(asked)) but not for \(names(missing)), and loadProducts(for:) is waiting for an answer before it asks for the rest. Every request must be made before any answer comes back: one child task per product in a task group (or an async let each), all added before the first await of a result. A loop that awaits each product in turn, or adds a child task and awaits it before adding the next, asks for the second only after the first has answered. (A Task { } or Task.detached you start yourself runs off the test's executor: the test cannot see its requests.)",
        sourceLocation: sourceLocation
    )
}

/// What the load returned or threw; fails the test if it has not ended.
private func requireOutcome(
    of load: Load,
    at catalogue: ControlledCatalogue,
    after event: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Result<[Product], any Error> {
    try #require(
        load.outcome,
        "loadProducts(for:) had not ended after \(event): it is waiting for something that will not happen. (Requests still running: \(names(catalogue.unfinishedRequests)).)",
        sourceLocation: sourceLocation
    )
}

private func names(_ products: [Product]) -> String { names(products.map(\.id)) }
private func names(_ ids: [ProductID]) -> String { "[" + ids.map(\.rawValue).joined(separator: ", ") + "]" }
