import Testing

@testable import Kata04

// The screen, one queue hop at a time. Swift Testing makes a new suite value for every test,
// so each test gets a fresh archive, dispatcher and screen.
@Suite("Order history, step by step on a ManualDispatcher")
struct OrderHistoryScreenTests {
    let queue = ManualDispatcher()

    @Test("load shows loading at once and sends the read to the background")
    func loadShowsLoadingAtOnce() {
        let archive = StubOrderArchive(orders: Fixtures.orders)
        let screen = OrderHistoryScreen(archive: archive, dispatcher: queue)

        screen.load()

        #expect(
            screen.state == .loading,
            "Right after load() returns, before any queued work ran, the screen must show loading.")
        #expect(
            queue.pending == [.background],
            "load() must hand the slow archive read to backgroundAsync, and schedule nothing else.")
        #expect(
            archive.loadCount == 0, "load() runs on the main queue: it may only schedule the archive read, not do it.")
    }

    @Test("after the read, the orders wait for the main queue")
    func ordersWaitForMain() {
        let archive = StubOrderArchive(orders: Fixtures.orders)
        let screen = OrderHistoryScreen(archive: archive, dispatcher: queue)
        screen.load()

        #expect(
            queue.runNext() == .background,
            "load() must hand exactly one piece of work, the archive read, to backgroundAsync.")

        #expect(archive.loadCount == 1, "The background work must read the archive once.")
        #expect(
            screen.state == .loading,
            "The background work must not touch state: the screen still shows loading until main runs.")
        #expect(
            queue.pending == [.main],
            "After reading the archive, the background work must hand the orders to mainAsync.")
    }

    @Test("the orders are shown by work on the main queue")
    func ordersShownOnMain() {
        let screen = OrderHistoryScreen(archive: StubOrderArchive(orders: Fixtures.orders), dispatcher: queue)
        screen.load()
        queue.runNext()

        #expect(
            queue.runNext() == .main,
            "After the background read, the next work must be the hop to main that shows the orders.")

        #expect(screen.state == .loaded(Fixtures.orders), "The work sent to main must show the orders.")
        #expect(queue.pending.isEmpty, "Once the orders are on screen, nothing is left to run.")
    }

    @Test("a failed read is shown by work on the main queue too")
    func failureShownOnMain() {
        let archive = StubOrderArchive(error: ArchiveUnreadable())
        let screen = OrderHistoryScreen(archive: archive, dispatcher: queue)
        screen.load()

        #expect(
            queue.runNext() == .background,
            "load() must hand exactly one piece of work, the archive read, to backgroundAsync.")

        #expect(
            archive.loadCount == 1,
            "The background work read the archive \(archive.loadCount) times. It reads once and hands the failure to main; trying again is the user's call (pull down to try again)."
        )
        #expect(
            screen.state == .loading,
            "The background work changed the screen to \(screen.state) by itself. A UI change off the main queue races with the view: send the failure through mainAsync, as the orders are."
        )
        #expect(
            queue.pending == [.main],
            "A failed read must hand its error to mainAsync, just like a successful one hands over the orders.")

        queue.runAllWithinASecond()

        #expect(
            screen.state == .failed(OrderHistoryScreen.failureMessage),
            "After main ran, the screen shows the failure message.")
    }

    @Test("a refresh while loading starts no second read")
    func refreshWhileLoading() {
        let archive = StubOrderArchive(orders: Fixtures.orders)
        let screen = OrderHistoryScreen(archive: archive, dispatcher: queue)

        screen.load()
        screen.load()

        #expect(
            queue.pending == [.background],
            "A second load() while the first is still loading must not schedule a second read.")
        queue.runAllWithinASecond()
        #expect(
            archive.loadCount == 1,
            "Two load() calls in a row read the archive \(archive.loadCount) times: the second must not start a read.")
        #expect(
            screen.state == .loaded(Fixtures.orders),
            "Once the one read and its main hop ran, the screen shows the orders; it shows \(screen.state).")
    }

    @Test("a refresh between the read and the main hop starts no second read")
    func refreshBetweenTheHops() {
        let archive = StubOrderArchive(orders: Fixtures.orders)
        let screen = OrderHistoryScreen(archive: archive, dispatcher: queue)
        screen.load()
        #expect(
            queue.runNext() == .background,
            "load() must hand exactly one piece of work, the archive read, to backgroundAsync.")

        // The archive has answered, but the main work that shows the answer has not run yet.
        screen.load()

        #expect(
            queue.pending == [.main],
            """
            load() after the read but before the main hop scheduled \(queue.pending), not just the \
            waiting main work. The screen still shows .loading until the main work shows the \
            answer, so a refresh now must schedule nothing. Did the background work clear a \
            "loading" flag? The load ends on main, when state leaves .loading: guard on the \
            state, or clear the flag in the main work.
            """)
        queue.runAllWithinASecond()
        #expect(
            archive.loadCount == 1,
            "A refresh while the answer waited for main read the archive again: \(archive.loadCount) reads.")
        #expect(
            screen.state == .loaded(Fixtures.orders),
            "Once everything ran, the screen shows the orders; it shows \(screen.state).")
    }

    @Test("a refresh after loading shows loading again and reads again")
    func refreshAfterLoaded() {
        let archive = StubOrderArchive(orders: Fixtures.orders)
        let screen = OrderHistoryScreen(archive: archive, dispatcher: queue)
        screen.load()
        queue.runAllWithinASecond()

        screen.load()

        #expect(screen.state == .loading, "Pull-to-refresh on a loaded screen must show loading again at once.")
        #expect(queue.pending == [.background], "Pull-to-refresh must schedule a new archive read.")
        queue.runAllWithinASecond()
        #expect(
            archive.loadCount == 2,
            "A refresh after the orders were shown must read the archive again: \(archive.loadCount) reads.")
    }

    @Test("a retry after a failed read shows loading again and reads again")
    func retryAfterFailure() {
        let archive = StubOrderArchive(error: ArchiveUnreadable())
        let screen = OrderHistoryScreen(archive: archive, dispatcher: queue)
        screen.load()
        queue.runAllWithinASecond()
        #expect(
            screen.state == .failed(OrderHistoryScreen.failureMessage),
            "An unreadable archive ends in .failed(OrderHistoryScreen.failureMessage); the screen shows \(screen.state)."
        )

        archive.result = .success(Fixtures.orders)
        screen.load()

        #expect(
            screen.state == .loading,
            "The failure message says \"Pull down to try again\", but load() after a failed read left the screen at \(screen.state). Only a load that is still running makes load() do nothing."
        )
        #expect(
            queue.pending == [.background],
            "A retry after a failure must schedule a new archive read, like the first load().")
        queue.runAllWithinASecond()
        #expect(
            archive.loadCount == 2,
            "The retry after a failure must read the archive again: \(archive.loadCount) reads.")
        #expect(screen.state == .loaded(Fixtures.orders), "The retry read the archive again, so it shows the orders.")
    }
}
