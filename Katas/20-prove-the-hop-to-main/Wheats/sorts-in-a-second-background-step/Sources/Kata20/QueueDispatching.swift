import Dispatch

/// The app's door to Grand Central Dispatch: the main queue and a background queue, as instance
/// methods behind a protocol, so that a screen can be handed a test double.
public protocol QueueDispatching {
    /// Runs `work` later on the main queue. UI state changes go here.
    func mainAsync(_ work: @escaping () -> Void)
    /// Runs `work` later on a background queue. Slow, blocking work goes here.
    func backgroundAsync(_ work: @escaping () -> Void)
}

/// The production dispatcher: the real main queue and a global queue.
public final class LiveDispatcher: QueueDispatching {
    private let background: DispatchQueue

    public init(qos: DispatchQoS.QoSClass = .userInitiated) {
        background = DispatchQueue.global(qos: qos)
    }

    public func mainAsync(_ work: @escaping () -> Void) {
        DispatchQueue.main.async { work() }
    }

    public func backgroundAsync(_ work: @escaping () -> Void) {
        background.async { work() }
    }
}
