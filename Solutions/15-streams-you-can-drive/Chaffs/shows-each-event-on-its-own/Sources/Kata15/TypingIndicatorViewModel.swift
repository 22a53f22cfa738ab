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

    /// Makes the events when `run()` starts, so the app opens its connection only then.
    private let makeEvents: () -> AsyncStream<TypingEvent>
    private var stopRequested = false
    private var stopSignal: AsyncStream<Void>.Continuation?

    /// How a `run()` ended.
    private enum Ending: Sendable {
        case finished, stopped
    }

    /// - Parameter makeEvents: called by each `run()` for the events it shows.
    init(makeEvents: @escaping () -> AsyncStream<TypingEvent>) {
        self.makeEvents = makeEvents
    }

    /// Shows `events`: a stream the test feeds, or any stream made in advance.
    convenience init(events: AsyncStream<TypingEvent>) {
        self.init(makeEvents: { events })
    }

    /// The app's view model for a conversation, listening to the chat server while it runs.
    convenience init(conversation: String) {
        self.init(makeEvents: { ChatConnection.typingEvents(in: conversation) })
    }

    /// Shows who is typing until the events end or the screen stops listening, then returns.
    ///
    /// Two child tasks race: one shows the events, one waits for `stop()`. Whichever ends first
    /// decides how the run ended, and the group cancels the other. Cancelling the task that runs
    /// `run()` cancels both, because they are its children.
    func run() async {
        let (stopped, stopSignal) = AsyncStream.makeStream(of: Void.self)
        self.stopSignal = stopSignal
        stopRequested = false
        let events = makeEvents()

        let ending = await withTaskGroup(of: Ending.self) { group in
            group.addTask { await self.handleEach(of: events) }
            group.addTask { await Self.waitUntilFinished(stopped) }
            let first = await group.next() ?? .stopped
            group.cancelAll()
            return first
        }

        self.stopSignal = nil
        show(ending == .finished ? .offline : .hidden)
    }

    private nonisolated static func waitUntilFinished(_ signal: AsyncStream<Void>) async -> Ending {
        for await _ in signal {}
        return .stopped
    }

    /// Stops listening: `run()` returns, and no event is handled any more.
    func stop() {
        stopRequested = true
        stopSignal?.finish()
    }

    private var shouldStop: Bool { stopRequested || Task.isCancelled }

    private func handleEach(of events: AsyncStream<TypingEvent>) async -> Ending {
        for await event in events {
            // An event that arrived before stop() may still be handed to the loop after it.
            if shouldStop { return .stopped }
            // Each event says who is typing now: show it as it is.
            show(TypingIndicator.hidden.after(event))
        }
        return shouldStop ? .stopped : .finished
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
