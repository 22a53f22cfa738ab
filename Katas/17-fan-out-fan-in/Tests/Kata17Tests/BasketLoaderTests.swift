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

    @Test(
        "never more than maxConcurrentRequests requests at once, and the next one starts as each answer arrives",
        arguments: [1, 2, 3, 5, 6, 9, 0, -2]
    )
    func aFewAtATime(limit: Int) throws {
        let catalogue = ControlledCatalogue()
        let ids = Fixtures.weeklyShop
        let width = min(max(limit, 1), ids.count)  // below 1 counts as 1
        let belowOne = limit < 1 ? " (a limit below 1 counts as 1: the basket must still load)" : ""
        let load = catalogue.startLoading(ids, maxConcurrentRequests: limit)
        let message: Comment =
            catalogue.requests.count < width
            ? "With maxConcurrentRequests: \(limit) and no answer sent yet, loadProducts(for:) must ask for the first \(width) of the \(ids.count) products at once; it asked for \(names(catalogue.requests))\(belowOne). Add that many child tasks before you await the first result."
            : "With maxConcurrentRequests: \(limit), loadProducts(for:) must never have more than \(width) requests in flight; with no answer sent yet, it asked for \(names(catalogue.requests)). Add the first \(width) child tasks, then one more each time a result comes out of the group."
        try #require(catalogue.requests.count == width, message)
        try requireDistinctRequests(for: ids, at: catalogue)

        var answered: [ProductID] = []
        while answered.count < ids.count {
            let waiting = catalogue.requests.filter { !answered.contains($0) }
            // Answer the newest request, then the oldest, and so on: the next product must be asked
            // for whichever request ends, not only when the first one does.
            let id = try #require(answered.count.isMultiple(of: 2) ? waiting.last : waiting.first)
            catalogue.answer(id)
            answered.append(id)

            let expected = min(width + answered.count, ids.count)
            let message: Comment =
                catalogue.requests.count < expected
                ? "With maxConcurrentRequests: \(limit), after the answers for \(names(answered)) the catalogue must have been asked for \(expected) products: each time an answer arrives, ask for the next product before waiting for anything else. It was asked for \(names(catalogue.requests)). Waiting for the first request of a batch, or for the whole batch, before starting the next one leaves a free place idle while the customer waits."
                : "With maxConcurrentRequests: \(limit), after the answers for \(names(answered)) the catalogue must have been asked for \(expected) products, one more per answer, never more than \(width) in flight; it was asked for \(names(catalogue.requests))."
            try #require(catalogue.requests.count == expected, message)
            try requireDistinctRequests(for: ids, at: catalogue)
        }
        #expect(
            catalogue.mostRequestsAtOnce <= width,
            "With maxConcurrentRequests: \(limit), \(catalogue.mostRequestsAtOnce) requests were in flight at the same time; never more than \(width)."
        )

        let outcome = try requireOutcome(of: load, at: catalogue, after: "every product was answered")
        #expect(
            (try? outcome.get().map(\.id)) == ids,
            "Every product was answered, so loadProducts(for:) must return them in the order of `ids`, \(names(ids)); it ended with \(outcome)."
        )
    }

    @Test("with no limit given, four requests at a time")
    func fourByDefault() throws {
        let catalogue = ControlledCatalogue()
        let ids = Fixtures.weeklyShop
        let load = catalogue.startLoading(ids)

        try #require(
            catalogue.requests.count == 4,
            "BasketLoader(catalogue:) must ask for four products at once, the default of `maxConcurrentRequests`, and no more until one answers; with no answer sent yet, it asked for \(names(catalogue.requests)) of the six."
        )
        catalogue.answer(catalogue.requests[1])
        #expect(
            catalogue.requests.count == 5,
            "After one of the first four answered, the loader must ask for a fifth product at once; it has asked for \(names(catalogue.requests))."
        )
        #expect(
            load.outcome == nil,
            "loadProducts(for:) ended with \(String(describing: load.outcome)) before every product was answered.")
    }

    @Test("after a product fails, nothing more is asked for")
    func nothingMoreAfterAFailure() throws {
        let catalogue = ControlledCatalogue()
        let load = try startTheWeeklyShop(maxConcurrentRequests: 2, thenAnswer: 0, at: catalogue)
        let (second, third) = (catalogue.requests[1], catalogue.requests[2])

        catalogue.fail(third, with: Discontinued(id: third))
        #expect(
            catalogue.cancelledRequests == [second],
            "When \(third) failed, the request for \(second) was still in flight and must be cancelled; the catalogue saw \(names(catalogue.cancelledRequests)) cancelled."
        )
        catalogue.endCancelledRequests()
        let outcome = try requireOutcome(
            of: load, at: catalogue, after: "\(third) failed and the cancelled request ended")

        #expect(
            catalogue.requests.count == 3,
            "After \(third) failed, the basket cannot load, so loadProducts(for:) must ask for nothing more; it went on to ask for \(names(Array(catalogue.requests.dropFirst(3)))). Start the next request only when a product arrives, never after a failure or a cancelled request."
        )
        #expect(
            (outcome.failure as? Discontinued) == Discontinued(id: third),
            "loadProducts(for:) must throw the error of the product that failed, Discontinued(id: \(third)); it ended with \(outcome)."
        )
        #expect(
            load.leftRunning.isEmpty,
            "loadProducts(for:) ended while the requests for \(names(load.leftRunning)) were still running.")
    }

    @Test("after the load is cancelled, nothing more is asked for")
    func nothingMoreAfterCancelling() throws {
        let catalogue = ControlledCatalogue()
        let load = try startTheWeeklyShop(maxConcurrentRequests: 3, thenAnswer: 1, at: catalogue)
        let inFlight = catalogue.requests.filter { $0 != catalogue.requests[1] }

        catalogue.cancel(load)  // the customer left the basket screen
        #expect(
            Set(catalogue.cancelledRequests) == Set(inFlight),
            "The load was cancelled while \(names(inFlight)) were in flight: each must be cancelled; the catalogue saw \(names(catalogue.cancelledRequests)) cancelled."
        )
        catalogue.endCancelledRequests()
        let outcome = try requireOutcome(
            of: load, at: catalogue, after: "it was cancelled and its requests ended by throwing CancellationError")

        #expect(
            catalogue.requests.count == 4,
            "Nobody wants this basket any more, so a cancelled load must ask for nothing more; it went on to ask for \(names(Array(catalogue.requests.dropFirst(4)))). A cancelled request ends with an error, not a product: it is no reason to start the next one."
        )
        #expect(
            outcome.failure is CancellationError,
            "A cancelled load must throw CancellationError; it ended with \(outcome).")
        #expect(
            load.leftRunning.isEmpty,
            "loadProducts(for:) ended while the requests for \(names(load.leftRunning)) were still running.")
    }

    @Test(
        "a product that arrives as the customer leaves starts nothing more, and the load still throws",
        arguments: [nil, 1]
    )
    func nothingMoreWhenAnAnswerMeetsTheCancel(limit: Int?) throws {
        let catalogue = ControlledCatalogue()
        let ids = Fixtures.weeklyShop
        let load = catalogue.startLoading(ids, maxConcurrentRequests: limit)
        let width = limit ?? 4
        try #require(
            catalogue.requests.count == width,
            "With maxConcurrentRequests: \(width), \(width) requests at once; the catalogue was asked for \(names(catalogue.requests))."
        )
        let arrived = catalogue.requests[width / 2]
        let inFlight = catalogue.requests.filter { $0 != arrived }

        catalogue.answer(arrived, andCancel: load)  // the answer and the customer leaving come together
        #expect(
            catalogue.requests.count == width,
            "\(arrived) arrived just as the load was cancelled, so loadProducts(for:) must ask for nothing more; it went on to ask for \(names(Array(catalogue.requests.dropFirst(width)))). `group.addTask` adds a child even to a cancelled group (the child starts cancelled, and has already asked the catalogue by the time it looks): check `Task.isCancelled` first."
        )
        #expect(
            Set(catalogue.cancelledRequests) == Set(inFlight),
            "The load was cancelled while \(names(inFlight)) were in flight: each must be cancelled; the catalogue saw \(names(catalogue.cancelledRequests)) cancelled."
        )
        catalogue.endCancelledRequests()
        let outcome = try requireOutcome(
            of: load, at: catalogue, after: "it was cancelled and its requests ended by throwing CancellationError")
        #expect(
            outcome.failure is CancellationError,
            "A cancelled load must throw CancellationError, even when a product arrived as it was cancelled\(inFlight.isEmpty ? " and no other request was in flight" : ""); it ended with \(outcome). A load that asks for nothing more must not return the products it has: the basket is not complete."
        )
        #expect(
            load.leftRunning.isEmpty,
            "loadProducts(for:) ended while the requests for \(names(load.leftRunning)) were still running.")
    }

    @Test("a load whose task is already cancelled asks for nothing and throws", arguments: [nil, 1])
    func alreadyCancelled(limit: Int?) throws {
        let catalogue = ControlledCatalogue()
        let load = catalogue.startLoading(Fixtures.weeklyShop, maxConcurrentRequests: limit, alreadyCancelled: true)
        catalogue.endCancelledRequests()  // any request it made anyway stops, throwing CancellationError

        #expect(
            catalogue.requests.isEmpty,
            "The customer left before the basket started loading, so loadProducts(for:) must ask for nothing; it asked for \(names(catalogue.requests)). A child added to a cancelled group still runs, cancelled, and asks the catalogue before it looks: check `Task.isCancelled` before each request."
        )
        let outcome = try requireOutcome(of: load, at: catalogue, after: "it was called from a cancelled task")
        #expect(
            outcome.failure is CancellationError,
            "A load whose task is already cancelled must throw CancellationError; it ended with \(outcome)."
        )
    }
}

/// Starts loading the weekly shop with `limit`, checks that `limit` requests are made at once,
/// answers the one at `position`, and checks that one more request follows at once.
private func startTheWeeklyShop(
    maxConcurrentRequests limit: Int,
    thenAnswer position: Int,
    at catalogue: ControlledCatalogue,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Load {
    let load = catalogue.startLoading(Fixtures.weeklyShop, maxConcurrentRequests: limit)
    try #require(
        catalogue.requests.count == limit,
        "With maxConcurrentRequests: \(limit), \(limit) requests at once; the catalogue was asked for \(names(catalogue.requests)).",
        sourceLocation: sourceLocation
    )
    catalogue.answer(catalogue.requests[position])
    try #require(
        catalogue.requests.count == limit + 1,
        "After one answer, the next product must be asked for at once; the catalogue was asked for \(names(catalogue.requests)).",
        sourceLocation: sourceLocation
    )
    return load
}

/// Checks that every request so far is for a product in `ids`, each asked for once.
private func requireDistinctRequests(
    for ids: [ProductID],
    at catalogue: ControlledCatalogue,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let asked = catalogue.requests
    try #require(
        Set(asked).count == asked.count && asked.allSatisfy(ids.contains),
        "loadProducts(for:) must ask for each product in `ids` once; it asked for \(names(asked)).",
        sourceLocation: sourceLocation
    )
}

/// Checks that the catalogue has been asked for every product in `ids`, with no answer sent yet
/// (a basket no bigger than the loader's limit).
private func requireEveryRequest(
    for ids: [ProductID],
    during load: Load,
    at catalogue: ControlledCatalogue,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let asked = catalogue.requests
    let missing = ids.filter { !asked.contains($0) }
    // The message is worked out first: a conditional written inside `#require` makes the macro
    // read `missing.isEmpty` as an optional to unwrap, and then it never fails.
    let message: Comment =
        load.outcome != nil
        ? "loadProducts(for:) ended before it asked the catalogue for \(names(missing)). It must ask for every product in `ids`, through the catalogue it was given."
        : "The products were loaded one at a time: with no answer sent yet, the catalogue was asked for \(names(asked)) but not for \(names(missing)), and loadProducts(for:) is waiting for an answer before it asks for the rest. The first requests, up to the limit (four, unless the loader is told otherwise), must all be made before any answer comes back: one child task per product in a task group, the first ones all added before the first await of a result. A loop that awaits each product in turn, or adds a child task and awaits it before adding the next, asks for the second only after the first has answered. (A Task { } or Task.detached you start yourself runs off the test's executor: the test cannot see its requests.)"
    try #require(missing.isEmpty, message, sourceLocation: sourceLocation)
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

extension Result {
    /// The error, or nil for a success.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}

private func names(_ products: [Product]) -> String { names(products.map(\.id)) }
private func names(_ ids: [ProductID]) -> String { "[" + ids.map(\.rawValue).joined(separator: ", ") + "]" }
