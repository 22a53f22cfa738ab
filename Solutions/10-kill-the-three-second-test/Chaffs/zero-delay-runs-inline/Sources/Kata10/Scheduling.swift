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

    /// Work with no delay is due already, so it runs right here instead of waiting for a timer.
    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        if delay <= .zero {
            work()
            return AlreadyRun()
        }
        return OneShotTimer(on: queue, after: delay, work)
    }
}

/// The handle of work that ran inside `schedule`: there is nothing left to cancel.
private struct AlreadyRun: ScheduledWork {
    func cancel() {}
}

/// One timer source, armed once. The source keeps itself alive through its event handler until
/// it is cancelled (after it fired, or by `cancel()`); libdispatch then releases the handler.
private final class OneShotTimer: ScheduledWork {
    private let timer: DispatchSourceTimer

    init(on queue: DispatchQueue, after delay: Duration, _ work: @escaping () -> Void) {
        timer = DispatchSource.makeTimerSource(queue: queue)
        // `Duration / Duration` is a Double: the delay in seconds. A negative one is already due.
        timer.schedule(deadline: .now() + max(delay, .zero) / .seconds(1))
        timer.setEventHandler { [timer] in
            // Cancelling first makes the timer one-shot and breaks the timer -> handler -> timer cycle.
            timer.cancel()
            work()
        }
        timer.activate()
    }

    /// A cancelled source never calls its event handler again, including a firing that is already
    /// waiting on a suspended or busy queue.
    func cancel() {
        timer.cancel()
    }
}
