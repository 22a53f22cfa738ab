import Foundation
import Testing

@testable import Kata17

// The doubles the tests use. You don't write them; they only use the seam the README names:
// `protocol Catalogue { func product(_ id: ProductID) async throws -> Product }`.

/// The error the catalogue throws for a product it no longer sells.
struct Discontinued: Error, Equatable, CustomStringConvertible {
    let id: ProductID

    var description: String { "Discontinued(id: \(id))" }
}

/// Ends every request still waiting when a test gives up on a wrong solution.
struct TestGaveUp: Error {}

/// A catalogue that answers only when the test says so: a network the test controls.
///
/// Every request waits until the test calls `answer(_:)` or `fail(_:with:)`. The test can wait
/// until given requests have arrived (`requests(for:arriveDuring:)`). When the task that made a
/// request is cancelled while it waits, the catalogue writes it down in `cancelledRequests` and
/// ends the request at once by throwing `CancellationError`, as URLSession does.
final class ControlledCatalogue: Catalogue, @unchecked Sendable {
    /// How a wait for requests ended.
    enum Arrival: Equatable {
        case arrived
        /// `loadProducts(for:)` returned or threw before every product was requested.
        case loadEnded
        /// The bound passed (or the test was cancelled) before every product was requested.
        case gaveUp
    }

    private struct Call {
        let number: Int
        let id: ProductID
        let continuation: CheckedContinuation<Product, any Error>
    }

    private let lock = NSLock()
    private var lastNumber = 0
    private var requested: [ProductID] = []
    private var waiting: [Call] = []  // requests with no answer yet, oldest first
    private var cancelledBeforeArrival: Set<Int> = []
    private var cancelled: [ProductID] = []
    private var unfinished: [ProductID] = []
    private var arrivalWatchers: [(ids: Set<ProductID>, answer: FirstAnswer<Arrival>)] = []
    private var returnWatchers: [(id: ProductID, answer: FirstAnswer<Bool>)] = []
    private var gaveUp = false

    /// Every product asked for so far, in the order the requests arrived.
    var requests: [ProductID] { locked { requested } }

    /// Every product whose request was cancelled while it waited for an answer, in order.
    var cancelledRequests: [ProductID] { locked { cancelled } }

    /// The products whose call to `product(_:)` has started and not yet returned or thrown.
    var unfinishedRequests: [ProductID] { locked { unfinished } }

    func product(_ id: ProductID) async throws -> Product {
        let number = locked {
            lastNumber += 1
            unfinished.append(id)
            return lastNumber
        }
        defer { callReturned(id) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let (arrivals, endAtOnce) = locked { () -> ([FirstAnswer<Arrival>], (any Error)?) in
                    requested.append(id)
                    var endAtOnce: (any Error)?
                    if cancelledBeforeArrival.contains(number) {
                        cancelled.append(id)
                        endAtOnce = CancellationError()
                    } else if gaveUp {
                        endAtOnce = TestGaveUp()
                    } else {
                        waiting.append(Call(number: number, id: id, continuation: continuation))
                    }
                    let asked = Set(requested)
                    let ready = arrivalWatchers.filter { $0.ids.isSubset(of: asked) }
                    arrivalWatchers.removeAll { $0.ids.isSubset(of: asked) }
                    return (ready.map(\.answer), endAtOnce)
                }
                for arrival in arrivals { arrival.give(.arrived) }
                if let endAtOnce { continuation.resume(throwing: endAtOnce) }
            }
        } onCancel: {
            let ended = locked { () -> CheckedContinuation<Product, any Error>? in
                guard let index = waiting.firstIndex(where: { $0.number == number }) else {
                    // Not arrived yet (or answered already): the request ends as soon as it arrives.
                    cancelledBeforeArrival.insert(number)
                    return nil
                }
                cancelled.append(id)
                return waiting.remove(at: index).continuation
            }
            ended?.resume(throwing: CancellationError())
        }
    }

    /// Waits until every product in `ids` has been requested while `load` is still running.
    /// Ends early if `load` ends first, or if the bound passes (a passing run never gets near it).
    func requests(for ids: [ProductID], arriveDuring load: Task<[Product], any Error>) async -> Arrival {
        let outcome = FirstAnswer<Arrival>()
        let alreadyHere = locked { () -> Bool in
            if Set(ids).isSubset(of: Set(requested)) { return true }
            arrivalWatchers.append((Set(ids), outcome))
            return false
        }
        if alreadyHere { return .arrived }
        let watcher = Task {
            _ = await load.result
            outcome.give(.loadEnded)
        }
        defer { watcher.cancel() }
        return await bounded(outcome, orElse: .gaveUp)
    }

    /// Sends `id`'s product to the request for `id`, and waits until that call to `product(_:)`
    /// has returned to the code that made it.
    func answer(_ id: ProductID) async {
        await respond(to: id, with: .success(Fixtures.product(id)))
    }

    /// Ends the request for `id` by throwing `error`, and waits until that call to `product(_:)`
    /// has thrown to the code that made it.
    func fail(_ id: ProductID, with error: any Error) async {
        await respond(to: id, with: .failure(error))
    }

    /// Ends every request still waiting with `TestGaveUp`, and every wait of the test, so that
    /// a test that failed leaves nothing hanging behind it.
    func giveUp() {
        let (calls, arrivals, returns) = locked {
            gaveUp = true
            defer {
                waiting = []
                arrivalWatchers = []
                returnWatchers = []
            }
            return (waiting, arrivalWatchers, returnWatchers)
        }
        for call in calls { call.continuation.resume(throwing: TestGaveUp()) }
        for watcher in arrivals { watcher.answer.give(.gaveUp) }
        for watcher in returns { watcher.answer.give(false) }
    }

    private func respond(to id: ProductID, with result: Result<Product, any Error>) async {
        let returned = FirstAnswer<Bool>()
        let call = locked { () -> Call? in
            guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
            returnWatchers.append((id, returned))
            return waiting.remove(at: index)
        }
        guard let call else {
            Issue.record("The test wanted to answer the request for \(id), but no request for \(id) was waiting.")
            return
        }
        call.continuation.resume(with: result)
        _ = await bounded(returned, orElse: false)
    }

    private func callReturned(_ id: ProductID) {
        let watchers = locked { () -> [FirstAnswer<Bool>] in
            if let index = unfinished.firstIndex(of: id) { unfinished.remove(at: index) }
            let matching = returnWatchers.filter { $0.id == id }
            returnWatchers.removeAll { $0.id == id }
            return matching.map(\.answer)
        }
        for watcher in watchers { watcher.give(true) }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// Waits for `answer`, but not forever: gives `fallback` after 10 seconds, or when the test is
/// cancelled. A passing run never gets near the bound (its waits take microseconds); the bound
/// is there so that a wrong solution fails with a message instead of hanging the test run.
func bounded<Value: Sendable>(_ answer: FirstAnswer<Value>, orElse fallback: Value) async -> Value {
    let bound = Task {
        do {
            try await Task.sleep(for: .seconds(10))
            answer.give(fallback)
        } catch {
            // Cancelled: the answer came first.
        }
    }
    defer { bound.cancel() }
    return await withTaskCancellationHandler {
        await answer.value()
    } onCancel: {
        answer.give(fallback)
    }
}

/// The first of several possible answers, handed to whoever waits for it. Later answers are
/// ignored. Lets a test wait for "whichever comes first".
final class FirstAnswer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var answer: Value?
    private var given = false
    private var waiter: CheckedContinuation<Value, Never>?

    func give(_ value: Value) {
        lock.lock()
        guard !given else {
            lock.unlock()
            return
        }
        given = true
        answer = value
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(returning: value)
    }

    func value() async -> Value {
        await withCheckedContinuation { continuation in
            lock.lock()
            if given, let answer {
                lock.unlock()
                continuation.resume(returning: answer)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}

enum Fixtures {
    static let tea: ProductID = "tea-80"
    static let oatMilk: ProductID = "oat-milk"
    static let sourdough: ProductID = "sourdough"
    static let eggs: ProductID = "eggs-6"

    /// A basket, in the order the customer added the products.
    static let basket = [tea, oatMilk, sourdough, eggs]

    private static let products: [ProductID: Product] = [
        tea: Product(id: tea, name: "Breakfast tea, 80 bags", price: 325),
        oatMilk: Product(id: oatMilk, name: "Oat drink, 1 l", price: 185),
        sourdough: Product(id: sourdough, name: "Sourdough loaf", price: 290),
        eggs: Product(id: eggs, name: "Free-range eggs, 6", price: 245),
    ]

    static func product(_ id: ProductID) -> Product {
        products[id] ?? Product(id: id, name: "Product \(id)", price: 100)
    }
}
