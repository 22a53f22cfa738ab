import Dispatch

/// The two queue hops the app makes, as instance methods that can be injected and replaced.
public protocol DispatchQueueWrapping {
    /// Runs `work` later on the main queue.
    func mainAsync(execute work: @escaping () -> Void)
    /// Runs `work` later on the global concurrent queue of the given quality of service.
    func globalAsync(qos: DispatchQoS.QoSClass, execute work: @escaping () -> Void)
}

/// The production wrapper, as a class that looks the queues up through one helper.
public final class DispatchQueueWrapper: DispatchQueueWrapping {
    public init() {}

    public func mainAsync(execute work: @escaping () -> Void) {
        submit(work, to: .main)
    }

    public func globalAsync(qos: DispatchQoS.QoSClass, execute work: @escaping () -> Void) {
        submit(work, to: .global(qos: qos))
    }

    private func submit(_ work: @escaping () -> Void, to queue: DispatchQueue) {
        queue.async(execute: DispatchWorkItem { work() })
    }
}
