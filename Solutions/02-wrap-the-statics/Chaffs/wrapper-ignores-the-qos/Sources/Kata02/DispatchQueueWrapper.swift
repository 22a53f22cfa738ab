import Dispatch

/// The two queue hops the app makes, as instance methods that can be injected and replaced.
public protocol DispatchQueueWrapping {
    /// Runs `work` later on the main queue.
    func mainAsync(execute work: @escaping () -> Void)
    /// Runs `work` later on a global concurrent queue; `qos` says how urgent the caller thinks it is.
    func globalAsync(qos: DispatchQoS.QoSClass, execute work: @escaping () -> Void)
}

/// The production wrapper: one line per method, forwarding to the static queues.
/// No state and no decisions, because tests never run this code. The QoS is checked where the
/// screen asks for it, through the test double; the system schedules the global queue itself.
public struct DispatchQueueWrapper: DispatchQueueWrapping {
    public init() {}

    public func mainAsync(execute work: @escaping () -> Void) {
        DispatchQueue.main.async(execute: work)
    }

    public func globalAsync(qos: DispatchQoS.QoSClass, execute work: @escaping () -> Void) {
        DispatchQueue.global().async(execute: work)
    }
}
