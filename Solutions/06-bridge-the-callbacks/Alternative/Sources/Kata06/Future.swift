import Dispatch

/// A result that arrives later, once: a value or an error.
///
/// The work starts when the future is created. Its state lives on a private serial queue
/// instead of behind a lock: every change and every read is one block on that queue, so they
/// happen one at a time, in order, from whatever thread they come.
final class Future<Value> {
    typealias Completion = (Result<Value, Error>) -> Void

    private enum State {
        case waiting([Completion])
        case done(Result<Value, Error>)
    }

    private let stateQueue = DispatchQueue(label: "Future.state")
    private var state = State.waiting([])

    /// Runs `work` now, handing it the function that completes this future. Only the first
    /// completion counts.
    init(_ work: (@escaping Completion) -> Void) {
        work { [self] result in settle(with: result) }
    }

    /// Calls `observer` with the result: later if it has not arrived yet, at once if it has.
    func observe(_ observer: @escaping Completion) {
        let ready: Result<Value, Error>? = stateQueue.sync {
            switch state {
            case .waiting(let observers):
                state = .waiting(observers + [observer])
                return nil
            case .done(let result):
                return result
            }
        }
        if let ready { observer(ready) }  // outside the queue: the observer may observe again
    }

    private func settle(with result: Result<Value, Error>) {
        let observers: [Completion] = stateQueue.sync {
            guard case .waiting(let observers) = state else { return [] }
            state = .done(result)
            return observers
        }
        for observer in observers { observer(result) }
    }
}
