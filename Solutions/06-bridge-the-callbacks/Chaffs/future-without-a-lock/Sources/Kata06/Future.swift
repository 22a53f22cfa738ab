import Foundation

/// A result that arrives later, once: a value or an error.
///
///     let future = Future<Int> { complete in
///         queue.async { complete(.success(42)) }
///     }
///     future.observe { result in print(result) }
///
/// An observer added before the result arrives is kept until it does; one added after gets the
/// stored result at once. Safe to complete and observe from any thread.
public final class Future<Value> {
    public typealias Completion = (Result<Value, Error>) -> Void

    private let lock = NSLock()
    private var result: Result<Value, Error>?
    private var observers: [Completion] = []

    /// Starts `work` at once, handing it the function that completes this future.
    /// Only the first completion counts.
    public init(_ work: (@escaping Completion) -> Void) {
        work { result in self.complete(with: result) }
    }

    public func observe(_ observer: @escaping Completion) {
        // Reading and appending are quick: only completing needs the lock.
        if let result {
            observer(result)
            return
        }
        observers.append(observer)
    }

    private func complete(with result: Result<Value, Error>) {
        lock.lock()
        guard self.result == nil else {
            lock.unlock()
            return
        }
        self.result = result
        let waiting = observers
        observers = []
        lock.unlock()
        // Call observers outside the lock: one of them may observe this future again.
        for observer in waiting { observer(result) }
    }
}
