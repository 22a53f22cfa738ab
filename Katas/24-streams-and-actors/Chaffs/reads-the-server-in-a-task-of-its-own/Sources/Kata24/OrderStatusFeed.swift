/// The statuses of one order, for the order screen: what the server sends, without the repeats,
/// and ending with the order.
///
/// The app hands it the socket client's `statusEvents(for:)`:
///
/// ```swift
/// let feed = OrderStatusFeed(events: socket.statusEvents(for:))
/// for await status in feed.statuses(of: order) { header.show(status) }
/// ```
public struct OrderStatusFeed: Sendable {
    private let events: @Sendable (OrderID) -> AsyncStream<OrderStatus>

    /// `events` gives the server's status events for an order, as they come in. After a
    /// reconnect the server sends the order's current status again. Cancelling the iteration of
    /// that stream closes the order's subscription on the socket.
    public init(events: @escaping @Sendable (OrderID) -> AsyncStream<OrderStatus>) {
        self.events = events
    }

    /// The statuses of `order`. Iterate it once.
    public func statuses(of order: OrderID) -> OrderStatuses {
        // One task reads the server and hands the news on: the screen's loop stays simple.
        let (statuses, screen) = AsyncStream.makeStream(of: OrderStatus.self)
        let events = events(order)
        Task {
            var last: OrderStatus?
            for await status in events where status != last {
                last = status
                screen.yield(status)
                if status.isFinal { break }
            }
            screen.finish()
        }
        return OrderStatuses(events: statuses)
    }
}

/// The statuses of one order, as the feed's task hands them on.
public struct OrderStatuses: AsyncSequence, Sendable {
    public typealias Element = OrderStatus

    private let events: AsyncStream<OrderStatus>

    init(events: AsyncStream<OrderStatus>) {
        self.events = events
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(events: events.makeAsyncIterator())
    }

    public struct Iterator: AsyncIteratorProtocol {
        private var events: AsyncStream<OrderStatus>.Iterator
        init(events: AsyncStream<OrderStatus>.Iterator) {
            self.events = events
        }

        public mutating func next() async -> OrderStatus? {
            await events.next()
        }
    }
}
