import Foundation
import Kata24

/// A loader the test holds: it writes every request down and answers it only when the test
/// releases that restaurant.
actor HeldLoader: RestaurantLoader {
    /// The id of every request so far, in the order they came.
    private(set) var requests: [String] = []
    private var answers: [String: Result<Restaurant, any Error>] = [:]
    private var held: [String: [CheckedContinuation<Restaurant, any Error>]] = [:]

    func restaurant(id: String) async throws -> Restaurant {
        requests.append(id)
        if let answer = answers[id] {
            return try answer.get()
        }
        return try await withCheckedThrowingContinuation { request in
            held[id, default: []].append(request)
        }
    }

    /// Answers every request for `id` held now with `result`, and every later one at once,
    /// until the next release of `id`.
    func release(_ id: String, with result: Result<Restaurant, any Error>) {
        answers[id] = result
        for request in held.removeValue(forKey: id) ?? [] {
            request.resume(with: result)
        }
    }
}

/// Starts `count` calls to `cache.restaurant(id:)`, each in a task of its own.
///
/// It is isolated to the cache, so each task is queued on the cache's actor as it is made, and
/// an actor runs what is queued on it in order. By the time the first caller comes back into the
/// cache with its load, every one of these calls has reached the cache and is waiting: the
/// overlap happens on every run, not on some.
func startCalls(
    _ count: Int, for id: String, on cache: isolated RestaurantCache
) -> [Task<Restaurant, any Error>] {
    (0..<count).map { _ in
        Task { try await cache.restaurant(id: id) }
    }
}

/// The answer of `call`, or `nil` if it has none within `limit`.
///
/// Only a wrong cache keeps the call waiting: a correct one answers at once and the timer is
/// cancelled, so the limit costs nothing on the passing path. The call is not awaited past the
/// limit, so a test whose call waits for a load the test still holds goes on and fails.
func answer(
    of call: Task<Restaurant, any Error>, within limit: Duration
) async -> Result<Restaurant, any Error>? {
    let (answers, answered) = AsyncStream.makeStream(of: Result<Restaurant, any Error>?.self)
    Task {
        answered.yield(await call.result)
        answered.finish()
    }
    let timer = Task {
        try? await Task.sleep(for: limit)
        answered.yield(nil)  // ignored once the call has answered: the stream is finished
        answered.finish()
    }
    defer { timer.cancel() }
    for await first in answers {
        return first
    }
    return nil
}

/// The server's side of an order's status stream: the test sends statuses and ends the stream,
/// and sees whether the feed cancelled it.
final class FakeServer: @unchecked Sendable {  // unchecked: every stored var is behind `lock`
    let events: AsyncStream<OrderStatus>
    private let connection: AsyncStream<OrderStatus>.Continuation
    private let lock = NSLock()
    private var asked: [OrderID] = []
    private var cancelled = false

    init() {
        (events, connection) = AsyncStream.makeStream(of: OrderStatus.self)
        connection.onTermination = { [weak self] termination in
            guard case .cancelled = termination, let self else { return }
            self.lock.withLock { self.cancelled = true }
        }
    }

    /// Hand this to `OrderStatusFeed(events:)`.
    var statusEvents: @Sendable (OrderID) -> AsyncStream<OrderStatus> {
        { [self] order in
            lock.withLock { asked.append(order) }
            return events
        }
    }

    /// The orders the feed asked events for.
    var askedFor: [OrderID] { lock.withLock { asked } }

    /// Whether the stream's `onTermination` was called with `.cancelled`.
    var wasCancelled: Bool { lock.withLock { cancelled } }

    func send(_ statuses: OrderStatus...) {
        for status in statuses { connection.yield(status) }
    }

    func close() {
        connection.finish()
    }
}

struct NotFound: Error, Equatable {}

let order = OrderID("ord_7Qx3")
let pizzeria = Restaurant(id: "r1", name: "Luigi's")
let noodleBar = Restaurant(id: "r2", name: "Slurp")
