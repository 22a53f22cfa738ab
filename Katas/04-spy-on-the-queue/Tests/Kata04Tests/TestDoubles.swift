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
