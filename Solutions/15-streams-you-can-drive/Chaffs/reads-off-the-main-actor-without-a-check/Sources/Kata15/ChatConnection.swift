import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a `ChatConnection` tells its delegate. Calls arrive on URLSession's queue, never on the
/// main actor.
protocol ChatConnectionDelegate: AnyObject, Sendable {
    func connection(_ connection: ChatConnection, didReceive event: TypingEvent)
    func connectionDidClose(_ connection: ChatConnection)
}

/// The app's live connection to the chat server for one conversation: a WebSocket whose frames
/// say who started or stopped typing. Every screen that shows a conversation opens one. Tests
/// never use it.
final class ChatConnection: @unchecked Sendable {
    private let socket: URLSessionWebSocketTask
    private let lock = NSLock()
    private var currentDelegate: (any ChatConnectionDelegate)?

    init(
        conversation: String,
        server: URL = URL(string: "wss://chat.huddle.example/v1/conversations")!,
        session: URLSession = .shared
    ) {
        let url = server.appendingPathComponent(conversation).appendingPathComponent("typing")
        socket = session.webSocketTask(with: url)
    }

    /// Kept until the connection closes, as URLSession keeps its delegate.
    var delegate: (any ChatConnectionDelegate)? {
        get { lock.withLock { currentDelegate } }
        set { lock.withLock { currentDelegate = newValue } }
    }

    func open() {
        socket.resume()
        receiveNextFrame()
    }

    func close() {
        socket.cancel(with: .goingAway, reason: nil)
    }

    private func receiveNextFrame() {
        socket.receive { [self] result in
            switch result {
            case .success(.string(let frame)):
                if let event = TypingEvent(frame: Data(frame.utf8)) {
                    delegate?.connection(self, didReceive: event)
                }
                receiveNextFrame()
            case .success:
                receiveNextFrame()
            case .failure:  // closed by either side, or the network went away
                let delegate = lock.withLock {
                    defer { currentDelegate = nil }
                    return currentDelegate
                }
                delegate?.connectionDidClose(self)
            }
        }
    }
}

extension TypingEvent {
    /// A frame such as `{"event": "typing.started", "name": "Alex"}`; nil for any other frame.
    fileprivate init?(frame: Data) {
        struct Frame: Decodable {
            let event: String
            let name: String
        }
        guard let decoded = try? JSONDecoder().decode(Frame.self, from: frame) else { return nil }
        switch decoded.event {
        case "typing.started": self = .started(decoded.name)
        case "typing.stopped": self = .stopped(decoded.name)
        default: return nil
        }
    }
}
