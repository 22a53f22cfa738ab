/// A scheduler for tests. Time stands still until the test moves it with `advance(by:)`;
/// then every piece of work that falls due runs, in deadline order, on the test's thread.
///
/// The pending work is kept sorted by (deadline, sequence) as it is scheduled, so the next due
/// item is always the first one. Cancelling removes the entry: there is no cancelled flag.
final class ManualScheduler: Scheduling {
    /// Virtual time since the scheduler was made. Inside running work, it is that work's deadline.
    private(set) var now: Duration = .zero

    private var pending: [Entry] = []
    private var nextID = 0

    init() {}

    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        let entry = Entry(id: nextID, deadline: now + max(delay, .zero), work: work)
        nextID += 1
        // Insert after every entry due at or before this deadline: ties stay first in, first out.
        let index = pending.firstIndex { $0.deadline > entry.deadline } ?? pending.endIndex
        pending.insert(entry, at: index)
        return Handle(scheduler: self, id: entry.id)
    }

    /// Moves time forward by `duration`, running each piece of work whose deadline is reached.
    /// Work scheduled by running work joins in if it falls due before the end of this advance.
    /// Time jumps from deadline to deadline, so `now` is where the last work ran.
    func advance(by duration: Duration) {
        precondition(duration >= .zero, "Time only moves forward.")
        let target = now + duration
        while let first = pending.first, first.deadline <= target {
            pending.removeFirst()
            now = first.deadline
            first.work()
        }
    }

    fileprivate func remove(id: Int) {
        pending.removeAll { $0.id == id }
    }

    private struct Entry {
        let id: Int
        let deadline: Duration
        let work: () -> Void
    }

    /// A value naming the entry. Work that already ran is no longer pending, so cancelling it
    /// finds nothing to remove.
    private struct Handle: ScheduledWork {
        weak var scheduler: ManualScheduler?
        let id: Int

        func cancel() {
            scheduler?.remove(id: id)
        }
    }
}
