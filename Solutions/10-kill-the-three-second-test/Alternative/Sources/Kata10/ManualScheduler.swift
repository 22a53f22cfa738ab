/// A scheduler for tests. Time stands still until the test moves it with `advance(by:)`;
/// then every piece of work that falls due runs, in deadline order, on the test's thread.
///
/// The pending work is kept sorted by deadline as it is scheduled, ties in the order they came,
/// so the next due item is always the first one. Cancelling removes the entry, found by
/// identity: there is no cancelled flag and no id to hand out.
final class ManualScheduler: Scheduling {
    /// Virtual time since the scheduler was made. Inside running work, it is that work's deadline.
    private(set) var now: Duration = .zero

    private var pending: [Entry] = []

    init() {}

    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        let entry = Entry(deadline: now + max(delay, .zero), work: work)
        // Insert after every entry due at or before this deadline: ties stay first in, first out.
        let index = pending.firstIndex { $0.deadline > entry.deadline } ?? pending.endIndex
        pending.insert(entry, at: index)
        return Handle(scheduler: self, entry: entry)
    }

    /// Moves time forward by `duration`, running each piece of work whose deadline is reached.
    /// Work scheduled by running work joins in if it falls due before the end of this advance.
    func advance(by duration: Duration) {
        precondition(duration >= .zero, "Time only moves forward.")
        let target = now + duration
        while let first = pending.first, first.deadline <= target {
            pending.removeFirst()
            now = first.deadline
            first.work()
        }
        now = target
    }

    fileprivate func remove(_ entry: Entry) {
        pending.removeAll { $0 === entry }
    }

    /// A class, so that the entry itself says which one to remove.
    fileprivate final class Entry {
        let deadline: Duration
        let work: () -> Void

        init(deadline: Duration, work: @escaping () -> Void) {
            self.deadline = deadline
            self.work = work
        }
    }

    /// Points at the entry without keeping it: only `pending` does, so work that ran or was
    /// cancelled is let go at once, and cancelling it later finds nothing to remove.
    private struct Handle: ScheduledWork {
        weak var scheduler: ManualScheduler?
        weak var entry: Entry?

        func cancel() {
            guard let entry else { return }
            scheduler?.remove(entry)
        }
    }
}
