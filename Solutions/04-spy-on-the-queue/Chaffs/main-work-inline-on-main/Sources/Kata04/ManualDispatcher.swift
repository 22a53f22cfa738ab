/// The queue a work item was sent to.
enum TargetQueue: Equatable {
    case main
    case background
}

/// A recording fake for tests: it writes down every work item and the queue it was sent to,
/// and runs nothing until the test says so. Drive it from one thread (the test's).
final class ManualDispatcher: QueueDispatching {
    private var items: [(queue: TargetQueue, work: () -> Void)] = []
    /// The queue of the item running right now, if any.
    private var running: TargetQueue?

    /// The queue of every work item not yet run, oldest first.
    var pending: [TargetQueue] { items.map(\.queue) }

    init() {}

    func mainAsync(_ work: @escaping () -> Void) {
        // Already on main: like the real main queue's "we are there" shortcut, run it now.
        if running == .main {
            work()
        } else {
            items.append((.main, work))
        }
    }

    func backgroundAsync(_ work: @escaping () -> Void) {
        items.append((.background, work))
    }

    /// Runs the oldest pending work item and returns the queue it was sent to,
    /// or returns `nil` when nothing is pending. Work it dispatches waits its turn.
    @discardableResult
    func runNext() -> TargetQueue? {
        guard !items.isEmpty else { return nil }
        let next = items.removeFirst()
        running = next.queue
        next.work()
        running = nil
        return next.queue
    }

    /// Runs work items, oldest first, until none is pending, including the ones
    /// dispatched along the way.
    func runAll() {
        while runNext() != nil {}
    }
}
