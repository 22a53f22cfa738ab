import Foundation

/// The app's connectivity status, shared by every screen.
///
/// On a device, the app delegate feeds it from the platform's network path monitor (that glue
/// is not part of this kata) by calling `update(_:)` whenever the network comes or goes.
/// Everything else reads `connection` or registers a listener.
final class Reachability {
    enum Connection: Equatable {
        case unavailable
        case wifi
        case cellular
    }

    static let shared = Reachability()

    private let lock = NSLock()
    private var current: Connection = .wifi
    private var listeners: [(Connection) -> Void] = []

    private init() {}

    var connection: Connection {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// `listener` is called on the thread that reported the change, every time it changes.
    func addListener(_ listener: @escaping (Connection) -> Void) {
        lock.lock()
        listeners.append(listener)
        lock.unlock()
    }

    func update(_ connection: Connection) {
        lock.lock()
        current = connection
        let listeners = self.listeners
        lock.unlock()
        for listener in listeners {
            listener(connection)
        }
    }
}
