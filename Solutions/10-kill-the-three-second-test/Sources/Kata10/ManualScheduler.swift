/// A scheduler for tests. Time stands still until the test moves it with `advance(by:)`;
/// then every piece of work that falls due runs, in deadline order, on the test's thread.
final class ManualScheduler: Scheduling {
    /// Virtual time since the scheduler was made. Inside running work, it is that work's deadline.
    private(set) var now: Duration = .zero

    /// Pending work in the order it was scheduled: entries are appended and removed, never reordered.
    private var queue: [Entry] = []

    init() {}

    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        let ticket = Ticket()
        // Like asyncAfter with a deadline in the past: a negative delay means "as soon as possible".
        let deadline = now + max(delay, .zero)
        queue.append(Entry(deadline: deadline, ticket: ticket, work: work))
        return ticket
    }

    /// Moves time forward by `duration`, running each piece of work whose deadline is reached:
    /// earliest deadline first, and first scheduled first among equal deadlines. Work scheduled
    /// by running work joins in if it falls due before the end of this advance.
    func advance(by duration: Duration) {
        precondition(duration >= .zero, "Time only moves forward.")
        let target = now + duration
        while let index = indexOfNextDue(by: target) {
            let entry = queue.remove(at: index)
            now = entry.deadline
            if !entry.ticket.isCancelled {
                entry.work()
            }
        }
        now = target
    }

    /// The entry with the earliest deadline, if that deadline is reached by `target`. Among entries
    /// due at the same moment it is the first one in `queue`, the one scheduled first.
    private func indexOfNextDue(by target: Duration) -> Int? {
        guard let earliest = queue.map(\.deadline).min(), earliest <= target else { return nil }
        return queue.firstIndex { $0.deadline == earliest }
    }

    private struct Entry {
        let deadline: Duration
        let ticket: Ticket
        let work: () -> Void
    }

    private final class Ticket: ScheduledWork {
        private(set) var isCancelled = false
        func cancel() { isCancelled = true }
    }
}
