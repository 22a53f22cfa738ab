/// The line under the conversation's name: "Alex is typing…".
///
/// The conversation screen calls `start()` when it appears and `stop()` when it goes away, and
/// redraws the header from `onChange`.
@MainActor
final class TypingIndicatorViewModel {
    private(set) var indicator: TypingIndicator = .hidden
    /// Called after every change of `indicator`, once, with the new value.
    var onChange: ((TypingIndicator) -> Void)?

    private let conversation: String
    private var listening: Task<Void, Never>?

    init(conversation: String) {
        self.conversation = conversation
    }

    /// The conversation screen appeared: listen to who is typing.
    func start() {
        let conversation = self.conversation
        listening = Task {
            let connection = ChatConnection(conversation: conversation)
            let events = AsyncStream<TypingEvent> { continuation in
                connection.delegate = TypingRelay(continuation)
                continuation.onTermination = { _ in connection.close() }
                connection.open()
            }
            for await event in events {
                show(indicator.after(event))
            }
        }
    }

    /// The conversation screen went away: stop listening.
    func stop() {
        listening?.cancel()
        listening = nil
    }

    private func show(_ newIndicator: TypingIndicator) {
        guard newIndicator != indicator else { return }
        indicator = newIndicator
        onChange?(newIndicator)
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
