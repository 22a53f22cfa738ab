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
        OrderStatuses(events: events(order))
    }
}

/// The statuses of one order. It reads the server's events in the task that iterates it, so
/// that cancelling that task cancels the server's stream too.
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
        /// The status passed on last, to leave out the server's repeats.
        private var last: OrderStatus?
        private var ended = false

        init(events: AsyncStream<OrderStatus>.Iterator) {
            self.events = events
        }

        public mutating func next() async -> OrderStatus? {
            guard !ended else { return nil }
            while let status = await events.next() {
                guard status != last else { continue }  // the server's repeat after a reconnect
                last = status
                ended = status.isFinal
                return status
            }
            // The server's stream ended, or the task was cancelled: a finished AsyncStream answers
            // nil to every later call too, so the statuses stay ended.
            return nil
        }
    }
}
