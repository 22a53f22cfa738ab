import Dispatch

/// The two queue hops the app makes, as instance methods that can be injected and replaced.
public protocol DispatchQueueWrapping {
    /// Runs `work` later on the main queue.
    func mainAsync(execute work: @escaping () -> Void)
    /// Runs `work` later on the global concurrent queue of the given quality of service.
    func globalAsync(qos: DispatchQoS.QoSClass, execute work: @escaping () -> Void)
}

/// The production wrapper: one line per method, forwarding to the static queues.
/// No state and no decisions, because tests never run this code.
public struct DispatchQueueWrapper: DispatchQueueWrapping {
    public init() {}

    public func mainAsync(execute work: @escaping () -> Void) {
        DispatchQueue.main.async(execute: work)
    }

    public func globalAsync(qos: DispatchQoS.QoSClass, execute work: @escaping () -> Void) {
        DispatchQueue.global(qos: qos).async(execute: work)
    }
}
