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
        // `Duration / Duration` is a Double: the delay in seconds, which `DispatchTime` can add.
        queue.asyncAfter(deadline: .now() + delay / .seconds(1), execute: item)
        return item
    }
}

/// `DispatchWorkItem` already has `cancel()`, and a cancelled item never starts.
extension DispatchWorkItem: ScheduledWork {}
