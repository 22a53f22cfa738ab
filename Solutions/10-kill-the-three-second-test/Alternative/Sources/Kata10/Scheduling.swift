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

/// The production scheduler, built on one-shot timer sources instead of `asyncAfter`: each piece
/// of work gets its own `DispatchSourceTimer` that targets the queue, fires once and cancels itself.
final class DispatchQueueScheduler: Scheduling {
    let queue: DispatchQueue

    init(queue: DispatchQueue = .main) {
        self.queue = queue
    }

    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        OneShotTimer(on: queue, after: delay, work)
    }
}

/// One timer source, armed once. The source keeps itself alive through its event handler until
/// it is cancelled (after it fired, or by `cancel()`); libdispatch then releases the handler.
private final class OneShotTimer: ScheduledWork {
    private let timer: DispatchSourceTimer

    init(on queue: DispatchQueue, after delay: Duration, _ work: @escaping () -> Void) {
        timer = DispatchSource.makeTimerSource(queue: queue)
        // The handler comes first: once the timer is scheduled and active, it may fire on another
        // thread before the next line runs.
        timer.setEventHandler { [timer] in
            // Cancelling breaks the timer -> handler -> timer cycle, so the work is let go.
            timer.cancel()
            work()
        }
        // `Duration / Duration` is a Double: the delay in seconds. A negative one is already due.
        timer.schedule(deadline: .now() + max(delay, .zero) / .seconds(1))
        timer.activate()
    }

    /// A cancelled source never calls its event handler again, including a firing that is already
    /// waiting on a suspended or busy queue.
    func cancel() {
        timer.cancel()
    }
}
