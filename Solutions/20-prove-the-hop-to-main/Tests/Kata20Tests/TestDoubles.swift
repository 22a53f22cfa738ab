import Kata20

/// The two queues a piece of work can be meant for.
enum TargetQueue: Equatable {
    case main
    case background
}

/// A manual queue: it writes down each piece of work with the queue it was meant for, and runs
/// nothing until the test says so. While a piece of work runs, `running` says which queue it was
/// meant for, so a double can record where something happened. Drive it from one thread, the test's.
final class ManualQueue: QueueDispatching {
    private var items: [(queue: TargetQueue, work: () -> Void)] = []

    /// The queue of each piece of work not yet run, oldest first.
    var pending: [TargetQueue] { items.map(\.queue) }

    /// The queue of the piece of work running now; `nil` outside any (in the test itself, which
    /// stands in for the main queue the app calls `load()` on).
    private(set) var running: TargetQueue?

    func mainAsync(_ work: @escaping () -> Void) {
        items.append((.main, work))
    }

    func backgroundAsync(_ work: @escaping () -> Void) {
        items.append((.background, work))
    }

    /// Runs the oldest pending piece of work and returns its queue; `nil` when nothing is pending.
    /// Work it hands over waits its turn at the end.
    @discardableResult
    func runNext() -> TargetQueue? {
        guard !items.isEmpty else { return nil }
        return run(items.removeFirst())
    }

    /// Runs work, oldest first, until nothing is pending, including the work handed over on the way.
    func runAll() {
        while runNext() != nil {}
    }

    /// Runs the work meant for one queue, oldest first, including the work for it handed over on the
    /// way, and leaves the other queue's work waiting: two real queues do not wait for each other.
    func runAll(_ queue: TargetQueue) {
        while let index = items.firstIndex(where: { $0.queue == queue }) {
            run(items.remove(at: index))
        }
    }

    @discardableResult
    private func run(_ item: (queue: TargetQueue, work: () -> Void)) -> TargetQueue {
        running = item.queue
        defer { running = nil }
        item.work()
        return item.queue
    }
}

/// A timetable that answers what the test told it to, and writes down the queue of each read.
final class StubTimetable: Timetable {
    var answer: Result<[Departure], any Error>
    private let queue: ManualQueue
    /// For each read, the queue whose work was running, in order.
    private(set) var readsOn: [TargetQueue?] = []

    init(departures: [Departure], queue: ManualQueue) {
        answer = .success(departures)
        self.queue = queue
    }

    init(error: any Error, queue: ManualQueue) {
        answer = .failure(error)
        self.queue = queue
    }

    var reads: Int { readsOn.count }

    func nextDepartures() throws -> [Departure] {
        readsOn.append(queue.running)
        return try answer.get()
    }
}

/// One call to `onChange`: the state it heard, and the queue whose work was running.
struct Heard: Equatable, CustomStringConvertible {
    let state: DeparturesState
    let on: TargetQueue?

    var description: String { "\(state) on \(on.map { "\($0)" } ?? "the caller's queue")" }
}

struct FeedUnavailable: Error {}

/// Departures leaving at different minutes, so that "soonest first" has exactly one answer.
enum Departures {
    static let harbour = Departure(line: "4", destination: "Harbour", minutes: 2)
    static let oldTown = Departure(line: "N12", destination: "Old Town via Station", minutes: 7)
    static let airport = Departure(line: "X1", destination: "Airport", minutes: 11)

    /// The order the feed lists them in (by line): neither soonest first nor latest first.
    static let asListed = [oldTown, airport, harbour]
    static let soonestFirst = [harbour, oldTown, airport]
}
