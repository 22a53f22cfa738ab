import Kata24
import Testing

// The feed, driven by a stream the test feeds. The test is the server: it sends statuses and
// closes the stream when it likes, and reads the feed's statuses one at a time, so each check
// happens after the status was passed on, or after the feed ended, never after a sleep.
@Suite("OrderStatusFeed, driven by a stream the test feeds", .timeLimit(.minutes(1)))
struct OrderStatusFeedTests {
    let server = FakeServer()
    let feed: OrderStatusFeed

    init() {
        feed = OrderStatusFeed(events: server.statusEvents)
    }

    @Test("passes each status on as it comes, for the order asked")
    func passesStatusesOn() async {
        var statuses = feed.statuses(of: order).makeAsyncIterator()

        server.send(.placed)
        #expect(await statuses.next() == .placed)
        server.send(.preparing)
        #expect(await statuses.next() == .preparing)
        server.send(.onTheWay)
        #expect(await statuses.next() == .onTheWay)

        #expect(server.askedFor == [order], "The feed must ask for the events of the order it was given, once.")
    }

    @Test("ends when the server's stream ends")
    func endsWithTheServer() async {
        server.send(.placed, .preparing)
        server.close()

        var seen: [OrderStatus] = []
        for await status in feed.statuses(of: order) { seen.append(status) }

        #expect(seen == [.placed, .preparing])
    }

    @Test("leaves out a status equal to the one before it")
    func leavesOutRepeats() async {
        // After each reconnect the server sends the current status again.
        server.send(.placed, .placed, .preparing, .preparing, .preparing, .onTheWay, .onTheWay, .delivered)
        server.close()

        var seen: [OrderStatus] = []
        for await status in feed.statuses(of: order) { seen.append(status) }

        #expect(
            seen == [.placed, .preparing, .onTheWay, .delivered],
            "The repeats of a status must be left out: the screen would buzz \"On the way\" once per reconnect.")
    }

    @Test("a status that comes back after another one is passed on again")
    func passesOnAStatusThatComesBack() async {
        server.send(.preparing, .onTheWay, .preparing)
        server.close()

        var seen: [OrderStatus] = []
        for await status in feed.statuses(of: order) { seen.append(status) }

        #expect(seen == [.preparing, .onTheWay, .preparing], "Only a repeat of the status just before is left out.")
    }

    @Test("ends with delivered, whatever the server sends after it")
    func endsWithDelivered() async {
        server.send(.onTheWay, .delivered, .onTheWay)  // a late event, after the order was delivered
        server.close()

        var seen: [OrderStatus] = []
        for await status in feed.statuses(of: order) { seen.append(status) }

        #expect(
            seen == [.onTheWay, .delivered],
            "Nothing may come after .delivered: the statuses end there, even while the server's stream goes on.")
    }

    @Test("ends with cancelled, whatever the server sends after it")
    func endsWithCancelled() async {
        var statuses = feed.statuses(of: order).makeAsyncIterator()

        server.send(.placed, .cancelled, .preparing)
        #expect(await statuses.next() == .placed)
        #expect(await statuses.next() == .cancelled)
        #expect(await statuses.next() == nil, "After .cancelled the statuses end, with the server's stream still open.")
    }

    @Test("cancelling the task that reads the statuses cancels the server's stream")
    func cancelReachesTheServer() async {
        let (seen, seeing) = AsyncStream.makeStream(of: OrderStatus.self)
        let feed = self.feed
        let reader = Task {
            for await status in feed.statuses(of: order) { seeing.yield(status) }
            seeing.finish()
        }
        var seenStatuses = seen.makeAsyncIterator()
        server.send(.preparing)
        #expect(await seenStatuses.next() == .preparing, "The reader is reading now.")

        reader.cancel()
        await reader.value

        #expect(
            server.wasCancelled,
            """
            By the time the reader's loop has ended, the server's stream must be cancelled: otherwise \
            the socket keeps the order's subscription open after the screen went away.
            """
        )
        #expect(await seenStatuses.next() == nil, "The reader's loop ended.")
    }
}
