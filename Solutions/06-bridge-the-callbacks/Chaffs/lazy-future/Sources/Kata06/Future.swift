import Dispatch

/// A result that arrives later, once: a value or an error.
///
/// The work starts when the future is first observed, like a request nobody asked for yet
/// should not be made. Its state lives on a private serial queue
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
    private var work: ((@escaping Completion) -> Void)?

    /// Keeps `work` until the first observer comes, then hands it the function that completes
    /// this future. Only the first completion counts.
    init(_ work: @escaping (@escaping Completion) -> Void) {
        self.work = work
    }

    /// Calls `observer` with the result: later if it has not arrived yet, at once if it has.
    /// The first observer starts the work.
    func whenComplete(_ observer: @escaping Completion) {
        let start: ((@escaping Completion) -> Void)? = stateQueue.sync {
            defer { work = nil }
            return work
        }
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
        start? { [self] result in settle(with: result) }
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
