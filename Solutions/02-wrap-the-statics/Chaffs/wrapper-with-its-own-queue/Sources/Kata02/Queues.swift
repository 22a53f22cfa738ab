import Dispatch

/// The two queue hops the app makes, as instance methods that can be injected and replaced.
public protocol DispatchQueueWrapping {
    /// Runs `work` later on the main queue.
    func mainAsync(execute work: @escaping () -> Void)
    /// Runs `work` later on the global concurrent queue of the given quality of service.
    func globalAsync(qos: DispatchQoS.QoSClass, execute work: @escaping () -> Void)
}

/// The production wrapper, as a class. Main work goes to the main queue through one helper.
///
/// Background work goes to a concurrent queue of the app's own, with a label that shows up in
/// the debugger; each piece of work still carries the QoS it was asked for.
public final class DispatchQueueWrapper: DispatchQueueWrapping {
    private let background = DispatchQueue(label: "WorkoutSummaryScreen.background", attributes: .concurrent)

    public init() {}

    public func mainAsync(execute work: @escaping () -> Void) {
        submit(work, to: .main)
    }

    public func globalAsync(qos: DispatchQoS.QoSClass, execute work: @escaping () -> Void) {
        background.async(execute: DispatchWorkItem(qos: DispatchQoS(qosClass: qos, relativePriority: 0)) { work() })
    }

    private func submit(_ work: @escaping () -> Void, to queue: DispatchQueue) {
        queue.async(execute: DispatchWorkItem { work() })
    }
}
