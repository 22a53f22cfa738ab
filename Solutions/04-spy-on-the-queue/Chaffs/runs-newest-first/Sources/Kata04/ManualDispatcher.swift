/// The queue a work item was sent to.
enum TargetQueue {
    case main
    case background
}

/// A recording fake for tests: it writes down every work item and the queue it was sent to,
/// and runs nothing until the test says so. Drive it from one thread (the test's).
///
/// The items are kept as a stack: the last one recorded is the first one run, and taking it
/// off the end of the array is cheap.
final class ManualDispatcher: QueueDispatching {
    private struct Item {
        let queue: TargetQueue
        let work: () -> Void
    }

    private var stack: [Item] = []

    init() {}

    /// The queue of every work item not yet run, oldest first.
    var pending: [TargetQueue] {
        stack.map(\.queue)
    }

    func mainAsync(_ work: @escaping () -> Void) {
        stack.append(Item(queue: .main, work: work))
    }

    func backgroundAsync(_ work: @escaping () -> Void) {
        stack.append(Item(queue: .background, work: work))
    }

    /// Runs the most recent pending work item and returns the queue it was sent to,
    /// or returns `nil` when nothing is pending.
    @discardableResult
    func runNext() -> TargetQueue? {
        guard let item = stack.popLast() else { return nil }
        item.work()
        return item.queue
    }

    /// Runs work items until none is pending, including the ones dispatched along the way.
    func runAll() {
        while !stack.isEmpty {
            runNext()
        }
    }
}
