import Dispatch

/// The app's door to Grand Central Dispatch: the static queues, turned into
/// instance methods behind a protocol so that a screen can be handed a test double.
protocol QueueDispatching {
    /// Runs `work` later on the main queue. UI state changes go here.
    func mainAsync(_ work: @escaping () -> Void)
    /// Runs `work` later on a global background queue. Slow, blocking work goes here.
    func backgroundAsync(_ work: @escaping () -> Void)
}

/// The production dispatcher: the real main queue and a global queue.
final class LiveDispatcher: QueueDispatching {
    private let background: DispatchQueue

    init(qos: DispatchQoS.QoSClass = .userInitiated) {
        background = DispatchQueue.global(qos: qos)
    }

    func mainAsync(_ work: @escaping () -> Void) {
        DispatchQueue.main.async { work() }
    }

    func backgroundAsync(_ work: @escaping () -> Void) {
        background.async { work() }
    }
}
