/// The line under the conversation's name: "Alex is typing…".
///
/// The SwiftUI screen runs it for as long as it is on screen, and redraws the header from
/// `onChange`:
///
///     .task { await viewModel.run() }      // cancelled when the screen goes away
///
/// The older UIKit screen starts it with `Task { await viewModel.run() }` when it appears, and
/// calls `stop()` when it goes away.
@MainActor
final class TypingIndicatorViewModel {
    private(set) var indicator: TypingIndicator = .hidden
    /// Called after every change of `indicator`, once, with the new value.
    var onChange: ((TypingIndicator) -> Void)?

    private let events: AsyncStream<TypingEvent>
    private var reading: Task<Void, Never>?

    /// - Parameter events: who starts and stops typing. The app hands in
    ///   `ChatConnection.typingEvents(in:)`; a test hands in a stream it feeds itself.
    init(events: AsyncStream<TypingEvent>) {
        self.events = events
    }

    /// The app's view model for a conversation, listening to the chat server.
    convenience init(conversation: String) {
        self.init(events: ChatConnection.typingEvents(in: conversation))
    }

    /// Shows who is typing until the events end or the screen stops listening, then returns.
    ///
    /// Returns when the stream finishes (the header then shows `.offline`), when `stop()` is
    /// called, or when the task running it is cancelled (the indicator is then hidden).
    func run() async {
        let reading = Task { await self.read() }
        self.reading = reading
        await withTaskCancellationHandler {
            await reading.value
        } onCancel: {
            reading.cancel()  // a Task { } does not inherit its creator's cancellation
        }
    }

    /// Stops listening: `run()` returns, and no event is handled any more.
    func stop() {
        reading?.cancel()
    }

    /// Reads off the main actor, so that a burst of events does not hold up the UI, and hops to
    /// the main actor only to show each one. Once stop() cancels this task, the `for await` ends.
    private nonisolated func read() async {
        for await event in events {
            await show(after: event)
        }
        let cancelled = Task.isCancelled
        await show(cancelled ? .hidden : .offline)
    }

    private func show(after event: TypingEvent) {
        show(indicator.after(event))
    }

    private func show(_ newIndicator: TypingIndicator) {
        guard newIndicator != indicator else { return }
        indicator = newIndicator
        onChange?(newIndicator)
    }
}

extension ChatConnection {
    /// Who starts and stops typing in `conversation`, as the chat server tells it. Opens the
    /// connection at once; the stream finishes when the connection closes, and ending the
    /// iteration (its task cancelled) closes the connection.
    static func typingEvents(in conversation: String) -> AsyncStream<TypingEvent> {
        AsyncStream { continuation in
            let connection = ChatConnection(conversation: conversation)
            connection.delegate = TypingRelay(continuation)
            continuation.onTermination = { _ in connection.close() }
            connection.open()
        }
    }
}

/// Hands the connection's delegate calls to an AsyncStream.
private final class TypingRelay: ChatConnectionDelegate {
    let continuation: AsyncStream<TypingEvent>.Continuation

    init(_ continuation: AsyncStream<TypingEvent>.Continuation) {
        self.continuation = continuation
    }

    func connection(_ connection: ChatConnection, didReceive event: TypingEvent) {
        continuation.yield(event)
    }

    func connectionDidClose(_ connection: ChatConnection) {
        continuation.finish()
    }
}
