import Foundation

/// The view model behind the inbox screen.
///
/// `load()` reads the messages on a background queue, so a slow disk never freezes
/// the screen, then publishes the new state.
///
/// Threading: the result is published on the background queue that did the work.
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
    private let lock = NSLock()
    private var currentState: InboxState = .idle

    init(source: MessageSource) {
        self.source = source
    }

    /// Shows the spinner, then the messages (newest first), the empty state or the error.
    func load() {
        publish(.loading)
        DispatchQueue.global(qos: .userInitiated).async {
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
