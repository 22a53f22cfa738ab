import Testing

@testable import Kata04

// The tests the team wrote with the synchronous stub. They pass, and they stay: they pin down
// what ends up on screen. What they cannot say is the subject of this kata (see the README).
@Suite("Order history with the synchronous stub (the team's tests)")
struct StubbedDispatcherTests {
    @Test("shows the orders once load returns")
    func showsOrders() {
        let screen = OrderHistoryScreen(
            archive: StubOrderArchive(orders: Fixtures.orders),
            dispatcher: ImmediateDispatcher()
        )

        screen.load()

        #expect(
            screen.state == .loaded(Fixtures.orders),
            "With a stub that runs work at once, load() ends with the orders on screen; it shows \(screen.state).")
    }

    @Test("shows the failure message once load returns")
    func showsFailure() {
        let screen = OrderHistoryScreen(
            archive: StubOrderArchive(error: ArchiveUnreadable()),
            dispatcher: ImmediateDispatcher()
        )

        screen.load()

        #expect(
            screen.state == .failed(OrderHistoryScreen.failureMessage),
            "With a stub that runs work at once, a failed read ends in the failure message; the screen shows \(screen.state)."
        )
    }
}
