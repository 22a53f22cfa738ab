import Dispatch

/// The two queue hops the app makes, as instance methods that can be injected and replaced.
public protocol DispatchQueueWrapping {
    /// Runs `work` on the main queue: at once when the caller is already there.
    func mainAsync(execute work: @escaping () -> Void)
    /// Runs `work` later on the global concurrent queue of the given quality of service.
    func globalAsync(qos: DispatchQoS.QoSClass, execute work: @escaping () -> Void)
}

/// Marks the main queue, so the wrapper can tell when it is already running there.
private let onMainQueue: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// The production wrapper: forwards to the static queues, and skips the hop to main when
/// the caller is already on the main queue.
public struct DispatchQueueWrapper: DispatchQueueWrapping {
    public init() {}

    public func mainAsync(execute work: @escaping () -> Void) {
        if DispatchQueue.getSpecific(key: onMainQueue) == true {
            work()
        } else {
            DispatchQueue.main.async(execute: work)
        }
    }

    public func globalAsync(qos: DispatchQoS.QoSClass, execute work: @escaping () -> Void) {
        DispatchQueue.global(qos: qos).async(execute: work)
    }
}
