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
///
/// Work dispatched by an item that is running is part of that item's step, so it runs
/// right away instead of being recorded: one `runNext()` is one whole step.
final class ManualDispatcher: QueueDispatching {
    private struct Item {
        let queue: TargetQueue
        let work: () -> Void
    }

    private var log: [Item] = []
    private var cursor = 0
    private var isRunning = false

    init() {}

    /// The queue of every work item not yet run, oldest first.
    var pending: [TargetQueue] {
        log[cursor...].map(\.queue)
    }

    func mainAsync(_ work: @escaping () -> Void) {
        record(Item(queue: .main, work: work))
    }

    func backgroundAsync(_ work: @escaping () -> Void) {
        record(Item(queue: .background, work: work))
    }

    private func record(_ item: Item) {
        if isRunning {
            item.work()
        } else {
            log.append(item)
        }
    }

    /// Runs the oldest pending work item and returns the queue it was sent to,
    /// or returns `nil` when nothing is pending. Work it dispatches runs with it.
    @discardableResult
    func runNext() -> TargetQueue? {
        guard cursor < log.count else { return nil }
        let item = log[cursor]
        cursor += 1
        isRunning = true
        item.work()
        isRunning = false
        return item.queue
    }

    /// Runs work items, oldest first, until none is pending.
    func runAll() {
        while cursor < log.count {
            runNext()
        }
    }
}
