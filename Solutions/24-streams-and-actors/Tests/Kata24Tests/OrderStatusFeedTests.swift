import Kata24
import Testing

// The feed, driven by a stream the test feeds. The test is the server: it sends statuses and
// closes the stream when it likes. An `OrderScreen` reads the feed in a task of its own and hands
// the test what it sees, one thing at a time. Each check waits for something the server has
// already sent, so a correct feed answers at once; a feed that goes quiet gives `.silence` after a
// second at most, and the test fails by an #expect. No test can hang.
@Suite("OrderStatusFeed, driven by a stream the test feeds", .timeLimit(.minutes(1)))
struct OrderStatusFeedTests {
    let server = FakeServer()
    let feed: OrderStatusFeed

    init() {
        feed = OrderStatusFeed(events: server.statusEvents)
    }

    @Test("passes each status on as it comes, for the order asked")
    func passesStatusesOn() async {
        var screen = OrderScreen(reading: feed.statuses(of: order))

        server.send(.placed)
        #expect(await screen.next() == .status(.placed))
        server.send(.preparing)
        #expect(await screen.next() == .status(.preparing))
        server.send(.onTheWay)
        #expect(await screen.next() == .status(.onTheWay))

        #expect(server.askedFor == [order], "The feed must ask for the events of the order it was given, once.")
    }

    @Test("ends when the server's stream ends")
    func endsWithTheServer() async {
        var screen = OrderScreen(reading: feed.statuses(of: order))
        server.send(.placed, .preparing)
        server.close()

        #expect(
            await screen.untilTheEnd() == [.status(.placed), .status(.preparing), .end],
            "The server closed the stream after .preparing: the statuses must end there.")
    }

    @Test("leaves out a status equal to the one before it")
    func leavesOutRepeats() async {
        var screen = OrderScreen(reading: feed.statuses(of: order))
        // After each reconnect the server sends the current status again.
        server.send(.placed, .placed, .preparing, .preparing, .preparing, .onTheWay, .onTheWay, .delivered)
        server.close()

        #expect(
            await screen.untilTheEnd() == [
                .status(.placed), .status(.preparing), .status(.onTheWay), .status(.delivered), .end,
            ],
            "The repeats of a status must be left out: the screen would buzz \"On the way\" once per reconnect.")
    }

    @Test("a status that comes back after another one is passed on again")
    func passesOnAStatusThatComesBack() async {
        var screen = OrderScreen(reading: feed.statuses(of: order))
        server.send(.preparing, .onTheWay, .preparing)
        server.close()

        #expect(
            await screen.untilTheEnd() == [.status(.preparing), .status(.onTheWay), .status(.preparing), .end],
            "Only a repeat of the status just before is left out.")
    }

    @Test("ends with delivered, whatever the server sends after it")
    func endsWithDelivered() async {
        var screen = OrderScreen(reading: feed.statuses(of: order))
        server.send(.onTheWay, .delivered, .onTheWay)  // a late event; the server's stream stays open

        #expect(await screen.next() == .status(.onTheWay))
        #expect(await screen.next() == .status(.delivered))
        #expect(
            await screen.next() == .end,
            """
            Nothing may come after .delivered, and the statuses end there at once, while the server's \
            stream stays open: the screen must not wait for the server to close it.
            """)
    }

    @Test("ends with cancelled, while the server's stream stays open")
    func endsWithCancelled() async {
        var screen = OrderScreen(reading: feed.statuses(of: order))
        server.send(.placed, .cancelled)  // and nothing more: the server's stream stays open

        #expect(await screen.next() == .status(.placed))
        #expect(await screen.next() == .status(.cancelled))
        #expect(
            await screen.next() == .end,
            "After .cancelled the statuses end at once, without waiting for the server to close its stream.")
    }

    @Test("cancelling the task that reads the statuses cancels the server's stream")
    func cancelReachesTheServer() async {
        var screen = OrderScreen(reading: feed.statuses(of: order))
        server.send(.preparing)
        #expect(await screen.next() == .status(.preparing), "The screen is reading now.")

        screen.reading.cancel()

        #expect(await screen.next() == .end, "Cancelling the task that reads the statuses must end its loop.")
        #expect(
            server.wasCancelled,
            """
            By the time the screen's loop has ended, the server's stream must be cancelled: otherwise \
            the socket keeps the order's subscription open after the screen went away.
            """
        )
    }
}
