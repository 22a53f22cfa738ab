import Dispatch

/// The two queue hops the app makes, as instance methods that can be injected and replaced.
public protocol DispatchQueueWrapping {
    /// Runs `work` on the main queue.
    func mainAsync(execute work: @escaping () -> Void)
    /// Runs `work` on the global concurrent queue of the given quality of service.
    func globalAsync(qos: DispatchQoS.QoSClass, execute work: @escaping () -> Void)
}

/// The production wrapper: one line per method, forwarding to the static queues.
/// It waits for each piece of work, so the caller knows it is done when the call returns.
public struct DispatchQueueWrapper: DispatchQueueWrapping {
    public init() {}

    public func mainAsync(execute work: @escaping () -> Void) {
        DispatchQueue.main.sync(execute: work)
    }

    public func globalAsync(qos: DispatchQoS.QoSClass, execute work: @escaping () -> Void) {
        DispatchQueue.global(qos: qos).sync(execute: work)
    }
}
