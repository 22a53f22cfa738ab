import Foundation

/// The view model behind the inbox screen.
///
/// `load()` reads the messages through its dispatcher (in the app, a background queue),
/// so a slow disk never freezes the screen, then publishes the new state.
///
/// Threading: the result is published on the queue that did the work.
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
        dispatcher: any Dispatching = Dispatcher(queue: DispatchQueue(label: "inbox.loading", qos: .userInitiated))
    ) {
        self.source = source
        self.dispatcher = dispatcher
    }

    /// Shows the spinner, then the messages (newest first), the empty state or the error.
    func load() {
        publish(.loading)
        dispatcher.dispatch {
            do {
                let messages = try self.source.fetchMessages()
                if messages.isEmpty {
                    self.publish(.empty)
                } else {
                    self.publish(.loaded(messages.sorted { $0.sentAt > $1.sentAt }))
                }
            } catch {
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
