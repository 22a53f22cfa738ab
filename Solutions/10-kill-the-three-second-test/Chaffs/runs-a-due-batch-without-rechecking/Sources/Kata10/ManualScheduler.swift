/// A scheduler for tests. Time stands still until the test moves it with `advance(by:)`;
/// then every piece of work that falls due runs, in deadline order, on the test's thread.
final class ManualScheduler: Scheduling {
    /// Virtual time since the scheduler was made. Inside running work, it is that work's deadline.
    private(set) var now: Duration = .zero

    private var queue: [Entry] = []
    private var nextSequence = 0

    init() {}

    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        let ticket = Ticket()
        // Like asyncAfter with a deadline in the past: a negative delay means "as soon as possible".
        let deadline = now + max(delay, .zero)
        queue.append(Entry(deadline: deadline, sequence: nextSequence, ticket: ticket, work: work))
        nextSequence += 1
        return ticket
    }

    /// Moves time forward by `duration`, running each piece of work whose deadline is reached:
    /// earliest deadline first, and first scheduled first among equal deadlines. Work scheduled
    /// by running work joins in if it falls due before the end of this advance.
    func advance(by duration: Duration) {
        precondition(duration >= .zero, "Time only moves forward.")
        let target = now + duration
        while let index = indexOfNextDue(by: target) {
            // Everything due at this instant runs as one batch, in order; the batch leaves out the
            // work that is cancelled by now.
            let deadline = queue[index].deadline
            let batch = queue.filter { $0.deadline == deadline && !$0.ticket.isCancelled }
                .sorted { $0.sequence < $1.sequence }
            queue.removeAll { $0.deadline == deadline }
            now = deadline
            for entry in batch {
                entry.work()
            }
        }
        now = target
    }

    private func indexOfNextDue(by target: Duration) -> Int? {
        queue.indices
            .filter { queue[$0].deadline <= target }
            .min { (queue[$0].deadline, queue[$0].sequence) < (queue[$1].deadline, queue[$1].sequence) }
    }

    private struct Entry {
        let deadline: Duration
        let sequence: Int
        let ticket: Ticket
        let work: () -> Void
    }

    private final class Ticket: ScheduledWork {
        private(set) var isCancelled = false
        func cancel() { isCancelled = true }
    }
}
