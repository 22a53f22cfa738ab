import Foundation
import Testing

@testable import Kata04

/// The synchronous stub the team already had: it runs work the moment it is handed over,
/// on whatever thread called it. Fast and simple, and blind to the order of events.
final class ImmediateDispatcher: QueueDispatching {
    func mainAsync(_ work: @escaping () -> Void) { work() }
    func backgroundAsync(_ work: @escaping () -> Void) { work() }
}

struct ArchiveUnreadable: Error {}

/// An archive that answers at once and counts how often it was read. A test may change its
/// answer between two loads (the sync job fixed the file).
final class StubOrderArchive: OrderArchive {
    var result: Result<[Order], Error>
    private(set) var loadCount = 0

    init(orders: [Order]) { result = .success(orders) }
    init(error: Error) { result = .failure(error) }

    func loadOrders() throws -> [Order] {
        loadCount += 1
        return try result.get()
    }
}

enum Fixtures {
    static let orders = [
        Order(id: 1042, title: "Espresso beans, 1 kg", totalCents: 2490),
        Order(id: 1043, title: "Milk frother", totalCents: 3900),
    ]
}

extension ManualDispatcher {
    /// `runAll()`, given a second to return. The tests call it synchronously, so a `runAll()`
    /// that never stops (a cursor that does not move, a loop that waits for one item too many)
    /// would hang the whole run with no test to blame. Here it is named, and the run ends: the
    /// stuck loop cannot be stopped from outside, and left spinning it could fill memory.
    ///
    /// `runAll()` runs on a thread of its own, not on `DispatchQueue.global()`: this test holds
    /// one of Swift Testing's pool threads while it waits, and on a busy machine global work can
    /// wait about a second for a free thread, which would blame a `runAll()` that never started.
    func runAllWithinASecond(sourceLocation: SourceLocation = #_sourceLocation) {
        let returned = DispatchSemaphore(value: 0)
        let queue = self
        Thread {
            queue.runAll()
            returned.signal()
        }.start()
        guard returned.wait(timeout: .now() + 1) == .timedOut else { return }
        let message =
            "runAll() did not return within a second: it must stop once nothing is pending."
            + " Does each runNext() move past the item it ran, and does the loop end when it returns nil?"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        fatalError(message)
    }
}
