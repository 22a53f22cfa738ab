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
/// It is isolated to the cache, and (Swift 6.2 and later) starts each task at once, on the cache,
/// until it first suspends: by the time it returns, every one of these calls has reached the
/// cache and is waiting, and the first one's load has started. The overlap happens on every run,
/// not on some.
///
/// With `alreadyCancelled`, each task is cancelled before it calls the cache: an order card that
/// went away before it asked for its restaurant.
func startCalls(
    _ count: Int, for id: String, on cache: isolated RestaurantCache, alreadyCancelled: Bool = false
) -> [Task<Restaurant, any Error>] {
    (0..<count).map { _ in
        #if compiler(>=6.2)
            // Started at once, on the cache, up to its first suspension: each call is inside the
            // cache, waiting, before the next one is made. A plain `Task` may start after one made
            // later (about one run in two hundred here), and a caller that came after a failure
            // rightly loads again.
            if #available(macOS 26, iOS 26, *) {
                return Task.immediate {
                    if alreadyCancelled { withUnsafeCurrentTask { $0?.cancel() } }
                    return try await cache.restaurant(id: id)
                }
            }
        #endif
        return Task {
            if alreadyCancelled { withUnsafeCurrentTask { $0?.cancel() } }
            return try await cache.restaurant(id: id)
        }
    }
}

/// The answer of `call`, or `nil` when it has none within `limit`.
///
/// A correct cache answers at once: the deadline is cancelled, and the test never waits on the
/// clock. Only a wrong cache keeps the call waiting, for a load the test still holds; the test then
/// goes on after `limit` without it, and fails by an `#expect`, never by hanging.
///
/// Not a task group: a group waits for all its children before it returns, and a child that
/// awaits `call.value` does not stop when it is cancelled. Here the call and the deadline each put
/// their news into one stream, and the test takes the first.
func answer(
    of call: Task<Restaurant, any Error>, within limit: Duration = .seconds(1)
) async -> Result<Restaurant, any Error>? {
    let (answers, answered) = AsyncStream.makeStream(of: Result<Restaurant, any Error>?.self)
    Task {
        answered.yield(await call.result)
    }
    let deadline = Task {
        do { try await Task.sleep(for: limit) } catch { return }  // cancelled: the call answered
        answered.yield(nil)
    }
    defer { deadline.cancel() }
    for await first in answers {
        return first
    }
    return nil
}

/// What the order screen sees, one thing at a time.
enum Seen: Equatable, Sendable {
    /// The feed passed a status on.
    case status(OrderStatus)
    /// The feed's statuses ended: the screen's loop is over.
    case end
    /// Nothing within a second: the feed neither passed a status on nor ended.
    case silence
}

/// Reads an order's statuses in a task of its own, as the order screen does, and hands the test
/// what it sees, waiting at most a second for each thing.
///
/// A correct feed never makes the test wait: the server has sent what the test is waiting for,
/// so the status, or the end, is there at once and the deadline is cancelled. A wrong feed that
/// goes quiet (it misses a status, or never ends while the server's stream stays open) gives
/// `.silence` after `limit`, and the test's `#expect` fails. No test waits for ever.
struct OrderScreen {
    /// The task that reads the statuses: cancel it to close the screen.
    let reading: Task<Void, Never>
    private let seeing: AsyncStream<Seen>.Continuation
    private var seen: AsyncStream<Seen>.Iterator

    init(reading statuses: OrderStatuses) {
        let (seen, seeing) = AsyncStream.makeStream(of: Seen.self)
        reading = Task {
            for await status in statuses { seeing.yield(.status(status)) }
            seeing.yield(.end)  // the loop has ended
        }
        self.seeing = seeing
        self.seen = seen.makeAsyncIterator()
    }

    /// The next thing the screen saw, or `.silence` when it saw nothing within `limit`.
    mutating func next(within limit: Duration = .seconds(1)) async -> Seen {
        let deadline = Task { [seeing] in
            do { try await Task.sleep(for: limit) } catch { return }  // cancelled: the screen saw something
            seeing.yield(.silence)
        }
        defer { deadline.cancel() }
        return await seen.next() ?? .silence
    }

    /// Everything the screen sees until the statuses end, or until it sees nothing for `limit`.
    mutating func untilTheEnd(within limit: Duration = .seconds(1)) async -> [Seen] {
        var all: [Seen] = []
        while true {
            let next = await next(within: limit)
            all.append(next)
            guard case .status = next else { return all }
        }
    }
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
