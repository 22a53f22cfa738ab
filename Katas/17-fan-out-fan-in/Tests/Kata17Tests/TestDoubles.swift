import Foundation
import Testing

@testable import Kata17

// The doubles the tests use. You don't write them; they only use the seam the README names:
// `protocol Catalogue { func product(_ id: ProductID) async throws -> Product }`.
//
// How these tests stay deterministic: everything the load does runs on a `ManualExecutor` (Swift
// 6's task executor preference, SE-0417), one job at a time, on the test's own thread, and only
// when the test acts. After each step (start the load, answer a product, fail one, cancel) the
// executor runs until every task is suspended again, waiting for something only the test can
// do. So the test then sees exactly what the code did, on every run, without waiting for
// anything: a request that was not made by then will never be made, and a load that has not
// ended by then is waiting for an answer nobody will send.

/// The error the catalogue throws for a product it no longer sells.
struct Discontinued: Error, Equatable, CustomStringConvertible {
    let id: ProductID

    var description: String { "Discontinued(id: \(id))" }
}

/// A catalogue that answers only when the test says so: a network the test controls.
///
/// Every request waits until the test calls `answer(_:)` or `fail(_:with:)`. When the task that
/// made a request is cancelled while it waits, the catalogue writes it down in
/// `cancelledRequests` and the request stops, as URLSession's does; it throws `CancellationError`
/// when the test calls `endCancelledRequests()`, so that the test can see whether the load waits
/// for it.
final class ControlledCatalogue: Catalogue, @unchecked Sendable {  // unchecked: state is behind `lock`
    /// Where the load runs. Every method below that sends something to a request runs it until idle.
    let executor = ManualExecutor()

    private struct Call {
        let number: Int
        let id: ProductID
        let continuation: CheckedContinuation<Product, any Error>
    }

    private let lock = NSLock()
    private var lastNumber = 0
    private var requested: [ProductID] = []
    private var waiting: [Call] = []  // requests with no answer yet, oldest first
    private var stopped: [Call] = []  // cancelled requests, until endCancelledRequests()
    private var cancelledBeforeArrival: Set<Int> = []
    private var cancelled: [ProductID] = []
    private var unfinished: [ProductID] = []
    private var mostUnfinished = 0

    /// Every product asked for so far, in the order the requests arrived.
    var requests: [ProductID] { locked { requested } }

    /// Every product whose request was cancelled while it waited for an answer, in order.
    var cancelledRequests: [ProductID] { locked { cancelled } }

    /// The products whose call to `product(_:)` has started and not yet returned or thrown.
    var unfinishedRequests: [ProductID] { locked { unfinished } }

    /// The most calls to `product(_:)` that were running at the same time, so far.
    var mostRequestsAtOnce: Int { locked { mostUnfinished } }

    func product(_ id: ProductID) async throws -> Product {
        let number = locked {
            lastNumber += 1
            unfinished.append(id)
            mostUnfinished = max(mostUnfinished, unfinished.count)
            return lastNumber
        }
        defer { locked { unfinished.remove(at: unfinished.firstIndex(of: id)!) } }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                locked {
                    requested.append(id)
                    let call = Call(number: number, id: id, continuation: continuation)
                    if cancelledBeforeArrival.contains(number) {
                        cancelled.append(id)
                        stopped.append(call)
                    } else {
                        waiting.append(call)
                    }
                }
            }
        } onCancel: {
            locked {
                guard let index = waiting.firstIndex(where: { $0.number == number }) else {
                    // Not arrived yet (or answered already): the request stops as soon as it arrives.
                    cancelledBeforeArrival.insert(number)
                    return
                }
                cancelled.append(id)
                stopped.append(waiting.remove(at: index))
            }
        }
    }

    /// Starts `loadProducts(for: ids)` on the executor, and runs it until it waits for the
    /// catalogue (or has ended). The loader is `BasketLoader(catalogue: self)`, or, when the test
    /// gives a limit, `BasketLoader(catalogue: self, maxConcurrentRequests: limit)`. With
    /// `alreadyCancelled`, the task is cancelled before it runs a step: the customer left before
    /// the basket started loading.
    func startLoading(
        _ ids: [ProductID], maxConcurrentRequests limit: Int? = nil, alreadyCancelled: Bool = false
    ) -> Load {
        let load = Load()
        let catalogue = self
        load.task = executor.start {
            let outcome: Result<[Product], any Error>
            do {
                let loader =
                    if let limit {
                        BasketLoader(catalogue: catalogue, maxConcurrentRequests: limit)
                    } else {
                        BasketLoader(catalogue: catalogue)
                    }
                outcome = .success(try await loader.loadProducts(for: ids))
            } catch {
                outcome = .failure(error)
            }
            load.end(with: outcome, leftRunning: catalogue.unfinishedRequests)
        }
        if alreadyCancelled { load.task?.cancel() }
        executor.runUntilIdle()
        return load
    }

    /// Sends `id`'s product to the request for `id`, and runs the load until it waits again.
    func answer(_ id: ProductID) {
        respond(to: id, with: .success(Fixtures.product(id)))
    }

    /// Sends `id`'s product to the request for `id` and, before the load has run a step, cancels
    /// the task running it: the answer and the customer leaving the screen come together. Then
    /// runs the load until it waits again.
    func answer(_ id: ProductID, andCancel load: Load) {
        respond(to: id, with: .success(Fixtures.product(id)), before: { load.task?.cancel() })
    }

    /// Ends the request for `id` by throwing `error`, and runs the load until it waits again.
    func fail(_ id: ProductID, with error: any Error) {
        respond(to: id, with: .failure(error))
    }

    /// Cancels the task running the load, as leaving the basket screen does, and runs the load
    /// until it waits again.
    func cancel(_ load: Load) {
        load.task?.cancel()
        executor.runUntilIdle()
    }

    /// Lets every cancelled request end: each throws `CancellationError`. Then runs the load until
    /// it waits again, or ends.
    func endCancelledRequests() {
        let calls = locked {
            defer { stopped = [] }
            return stopped
        }
        for call in calls { call.continuation.resume(throwing: CancellationError()) }
        executor.runUntilIdle()
    }

    private func respond(
        to id: ProductID, with result: Result<Product, any Error>, before running: () -> Void = {}
    ) {
        let call = locked { () -> Call? in
            guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
            return waiting.remove(at: index)
        }
        guard let call else {
            Issue.record("The test wanted to answer the request for \(id), but no request for \(id) was waiting.")
            return
        }
        call.continuation.resume(with: result)
        running()
        executor.runUntilIdle()
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// One call to `loadProducts(for:)`, started by `ControlledCatalogue.startLoading(_:)`.
final class Load: @unchecked Sendable {  // unchecked: state is behind `lock`
    private let lock = NSLock()
    private var _outcome: Result<[Product], any Error>?
    private var _leftRunning: [ProductID] = []
    fileprivate var task: Task<Void, Never>?

    /// What `loadProducts(for:)` returned or threw; nil while it has not ended.
    var outcome: Result<[Product], any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return _outcome
    }

    /// The requests still running at the moment `loadProducts(for:)` returned or threw.
    var leftRunning: [ProductID] {
        lock.lock()
        defer { lock.unlock() }
        return _leftRunning
    }

    fileprivate func end(with outcome: Result<[Product], any Error>, leftRunning: [ProductID]) {
        lock.lock()
        _outcome = outcome
        _leftRunning = leftRunning
        lock.unlock()
    }
}

/// An executor that runs jobs only when the test says so, on the test's thread.
final class ManualExecutor: @unchecked Sendable {  // unchecked: `jobs` is behind `lock`
    private let lock = NSLock()
    private var jobs: [UnownedJob] = []

    init() {
        // Kept alive for the whole test run: a wrong solution may leave a task waiting on this
        // executor after its test has ended.
        _ = Unmanaged.passRetained(self)
    }

    /// Starts `operation` in a new task that prefers this executor. It does not run before
    /// `runUntilIdle()`.
    func start(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never>? {
        guard #available(macOS 15.0, *) else {
            Issue.record("These tests run tasks on a task executor, which needs macOS 15 or later (or Linux).")
            return nil
        }
        return Task(executorPreference: self) { await operation() }
    }

    /// Runs ready jobs, oldest first, until there are none: every task has either finished or
    /// suspended on something that only the test can resume (an answer, a cancellation).
    func runUntilIdle() {
        guard #available(macOS 15.0, *) else { return }
        while let job = nextJob() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    fileprivate func append(_ job: UnownedJob) {
        lock.lock()
        jobs.append(job)
        lock.unlock()
    }

    private func nextJob() -> UnownedJob? {
        lock.lock()
        defer { lock.unlock() }
        return jobs.isEmpty ? nil : jobs.removeFirst()
    }
}

@available(macOS 15.0, *)
extension ManualExecutor: TaskExecutor {
    /// Called by Swift whenever a task that prefers this executor is ready to run: at its start,
    /// and each time something resumes it. The job waits in the list for `runUntilIdle()`.
    func enqueue(_ job: consuming ExecutorJob) {
        append(UnownedJob(job))
    }
}

enum Fixtures {
    static let tea: ProductID = "tea-80"
    static let oatMilk: ProductID = "oat-milk"
    static let sourdough: ProductID = "sourdough"
    static let eggs: ProductID = "eggs-6"

    /// A basket, in the order the customer added the products.
    static let basket = [tea, oatMilk, sourdough, eggs]

    /// A bigger basket: six products, more than the loader asks for at once unless told otherwise.
    static let weeklyShop: [ProductID] = basket + ["butter-250", "apples-6"]

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
