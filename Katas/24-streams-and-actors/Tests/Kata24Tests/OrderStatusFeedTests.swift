import Kata24
import Testing

// Your tests go in this folder, next to this one, and so do your test doubles: a loader the test
// holds, and whatever helps you drive the server's stream. Write them against the public seams,
// `OrderStatusFeed(events:)` and `RestaurantLoader`, and `import Kata24` (not `@testable`): the
// same tests run against other versions of Sources/Kata24.
@Suite("OrderStatusFeed")
struct OrderStatusFeedTests {
    @Test("passes on what the server sends, and ends with the server's stream")
    func passesOnAndEnds() async {
        // Given a feed whose server is a stream the test feeds
        let (events, server) = AsyncStream.makeStream(of: OrderStatus.self)
        let feed = OrderStatusFeed(events: { _ in events })

        // When the server sends a status and closes the stream
        server.yield(.preparing)
        server.finish()

        // Then the feed passes it on, and ends. This bare loop ends on the shipped feed, since the
        // server closed its stream, but a wrong feed may never end: in your tests, put a deadline on
        // every wait, as the README's "The technique" shows.
        var seen: [OrderStatus] = []
        for await status in feed.statuses(of: OrderID("ord_7Qx3")) { seen.append(status) }
        #expect(seen == [.preparing])
    }
}
