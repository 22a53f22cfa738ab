import Foundation

/// The view model behind the inbox screen.
///
/// `load()` reads the messages, then publishes the new state through its dispatcher (in the
/// app, a background queue).
///
/// Threading: the result is published on the dispatcher's queue.
/// `state` sits behind a lock so any thread may read it, and the screen hops to the
/// main queue inside `onChange` before it touches its views.
final class InboxViewModel {
    /// Called after every change of `state`, on the queue that made the change.
    var onChange: ((InboxState) -> Void)?

    /// What the screen shows right now.
    var state: InboxState {
        lock.lock()
        defer { lock.unlock() }
        return currentState
    }

    private let source: MessageSource
    private let dispatcher: any Dispatching
    private let lock = NSLock()
    private var currentState: InboxState = .idle

    /// The app keeps calling `InboxViewModel(source:)` and gets the background queue;
    /// tests pass a dispatcher that runs the work at once.
    init(
        source: MessageSource,
        dispatcher: any Dispatching = Dispatcher(queue: .global(qos: .userInitiated))
    ) {
        self.source = source
        self.dispatcher = dispatcher
    }

    /// Shows the spinner, then the messages (newest first), the empty state or the error.
    ///
    /// The messages are read right away; what goes through the dispatcher is publishing them.
    func load() {
        publish(.loading)
        let result = Result { try source.fetchMessages() }
        dispatcher.dispatch {
            switch result {
            case .success(let messages) where messages.isEmpty:
                self.publish(.empty)
            case .success(let messages):
                self.publish(.loaded(messages.sorted { $0.sentAt > $1.sentAt }))
            case .failure:
                self.publish(.failed)
            }
        }
    }

    private func publish(_ newState: InboxState) {
        lock.lock()
        currentState = newState
        lock.unlock()
        onChange?(newState)
    }
}
