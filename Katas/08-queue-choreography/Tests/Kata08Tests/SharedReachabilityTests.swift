import Testing

@testable import Kata08

/// The app's side of the seam: the singleton's own conformance. It is the only `Reachability`
/// there is (its `init` is private), so this is the one test that moves it; no other test
/// listens to it, and it ends back on wifi, where the app starts.
@Suite("Reachability.shared, through NetworkReachability")
struct SharedReachabilityTests {
    @Test("answers from the singleton's connection, and hands the handler every change")
    func conformance() {
        let reachability: any NetworkReachability = Reachability.shared
        // The listener runs on the thread that calls update(_:), this one, before it returns.
        var heard: [Bool] = []
        reachability.onReachabilityChange { heard.append($0) }

        Reachability.shared.update(.unavailable)
        let whileOffline = reachability.isReachable
        Reachability.shared.update(.cellular)
        let onCellular = reachability.isReachable
        Reachability.shared.update(.wifi)
        let onWifi = reachability.isReachable

        #expect(
            [whileOffline, onCellular, onWifi] == [false, true, true],
            """
            Reachability.shared's isReachable read \([whileOffline, onCellular, onWifi]) while \
            offline, on cellular and on wifi: it must read the singleton's connection, \
            connection != .unavailable, not a value of its own.
            """)
        // The same value twice in a row is allowed ("it may hear the same value twice"), so
        // only the changes between values are compared.
        let changes = heard.enumerated().filter { $0.offset == 0 || heard[$0.offset - 1] != $0.element }.map(\.element)
        #expect(
            changes == [false, true],
            """
            Taken offline, then to cellular and wifi, Reachability.shared told the handler \
            \(heard). The conformance must add a listener (addListener) that calls the handler \
            on every change with connection != .unavailable: [] means no listener was added, \
            so the app's downloader would never pause when the network goes.
            """)
    }
}
