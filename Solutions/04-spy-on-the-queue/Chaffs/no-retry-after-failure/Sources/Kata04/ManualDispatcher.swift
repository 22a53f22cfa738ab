/// The queue a work item was sent to.
enum TargetQueue {
    case main
    case background
}

/// A recording fake for tests: it writes down every work item and the queue it was sent to,
/// and runs nothing until the test says so. Drive it from one thread (the test's).
///
/// The items are never removed from the log: a cursor marks the oldest one not yet run.
/// Everything before the cursor has run; everything from it on is pending.
final class ManualDispatcher: QueueDispatching {
    private struct Item {
        let queue: TargetQueue
        let work: () -> Void
    }

    private var log: [Item] = []
    private var cursor = 0

    init() {}

    /// The queue of every work item not yet run, oldest first.
    var pending: [TargetQueue] {
        log[cursor...].map(\.queue)
    }

    func mainAsync(_ work: @escaping () -> Void) {
        log.append(Item(queue: .main, work: work))
    }

    func backgroundAsync(_ work: @escaping () -> Void) {
        log.append(Item(queue: .background, work: work))
    }

    /// Runs the oldest pending work item and returns the queue it was sent to,
    /// or returns `nil` when nothing is pending. Work it dispatches waits its turn.
    @discardableResult
    func runNext() -> TargetQueue? {
        guard cursor < log.count else { return nil }
        let item = log[cursor]
        cursor += 1  // before running: work the item dispatches lands behind the cursor's new place
        item.work()
        return item.queue
    }

    /// Runs work items, oldest first, until none is pending, including the ones
    /// dispatched along the way.
    func runAll() {
        while cursor < log.count {
            runNext()
        }
    }
}
