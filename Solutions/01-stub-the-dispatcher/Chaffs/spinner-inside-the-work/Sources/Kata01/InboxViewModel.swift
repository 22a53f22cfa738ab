import Dispatch

/// Runs a piece of work: somewhere, sometime. The seam between the inbox and GCD.
protocol Dispatching {
    func dispatch(_ work: @escaping () -> Void)
}

/// The dispatcher the app uses: a class that keeps its queue to itself and hands each piece
/// of work over as a `DispatchWorkItem`.
final class Dispatcher: Dispatching {
    private let queue: DispatchQueue

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    func dispatch(_ work: @escaping () -> Void) {
        queue.async(execute: DispatchWorkItem { work() })
    }
}

/// The view model behind the inbox screen.
///
/// `load()` reads the messages through its dispatcher (in the app, a background queue),
/// so a slow disk never freezes the screen, then publishes the new state.
///
/// Threading: the result is published on the queue that did the work. `state` lives on a
/// private serial queue instead of behind a lock, so any thread may read it.
final class InboxViewModel {
    /// Called after every change of `state`, on the queue that made the change.
    var onChange: ((InboxState) -> Void)?

    /// What the screen shows right now.
    var state: InboxState {
        stateQueue.sync { currentState }
    }

    private let source: MessageSource
    private let dispatcher: any Dispatching
    private let stateQueue = DispatchQueue(label: "InboxViewModel.state")
    private var currentState: InboxState = .idle

    init(
        source: MessageSource,
        dispatcher: any Dispatching = Dispatcher(queue: .global(qos: .userInitiated))
    ) {
        self.source = source
        self.dispatcher = dispatcher
    }

    /// Shows the spinner, then the messages (newest first), the empty state or the error.
    func load() {
        dispatcher.dispatch { [source] in
            self.publish(.loading)
            let result: InboxState
            do {
                let messages = try source.fetchMessages()
                result = messages.isEmpty ? .empty : .loaded(messages.sorted { $0.sentAt > $1.sentAt })
            } catch {
                result = .failed
            }
            self.publish(result)
        }
    }

    private func publish(_ newState: InboxState) {
        stateQueue.sync { currentState = newState }
        onChange?(newState)
    }
}
