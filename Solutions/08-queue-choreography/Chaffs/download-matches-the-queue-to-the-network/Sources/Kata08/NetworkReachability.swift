import Foundation

/// What the downloader needs to know about the network: is it there now, and tell me when that
/// changes. The app passes `Reachability.shared`; tests pass a fake they flip by hand.
protocol NetworkReachability {
    var isReachable: Bool { get }
    /// Calls `handler` with the new value every time reachability changes, on any thread.
    func onReachabilityChange(_ handler: @escaping (Bool) -> Void)
}

extension Reachability: NetworkReachability {
    var isReachable: Bool { connection != .unavailable }

    func onReachabilityChange(_ handler: @escaping (Bool) -> Void) {
        addListener { connection in
            handler(connection != .unavailable)
        }
    }
}
