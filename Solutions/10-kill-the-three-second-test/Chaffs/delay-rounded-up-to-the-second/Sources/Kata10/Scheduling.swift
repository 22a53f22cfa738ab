import Dispatch

/// "Run this work after a delay." The one thing the outbox needs from time.
protocol Scheduling {
    /// Runs `work` once `delay` has passed, unless it is cancelled first. Returns at once.
    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork
}

/// A handle on scheduled work. Cancelling work that already ran, or was already cancelled,
/// does nothing.
protocol ScheduledWork {
    func cancel()
}

/// The production scheduler: real time, on a real queue.
struct DispatchQueueScheduler: Scheduling {
    let queue: DispatchQueue

    init(queue: DispatchQueue = .main) {
        self.queue = queue
    }

    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        let item = DispatchWorkItem { work() }
        // Rounding up to whole seconds never runs work early, and `DispatchTime` adds whole seconds.
        let seconds = Int((delay / .seconds(1)).rounded(.up))
        queue.asyncAfter(deadline: .now() + .seconds(seconds), execute: item)
        return item
    }
}

/// `DispatchWorkItem` already has `cancel()`, and a cancelled item never starts.
extension DispatchWorkItem: ScheduledWork {}
