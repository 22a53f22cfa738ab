/// The "Your orders" screen. The view layer renders `state`; the app calls
/// `load()` on the main queue when the screen appears and on pull-to-refresh.
final class OrderHistoryScreen {
    enum State: Equatable {
        case idle
        case loading
        case loaded([Order])
        case failed(String)
    }

    static let failureMessage = "We couldn't load your orders. Pull down to try again."

    private(set) var state: State = .idle

    private let archive: OrderArchive
    private let dispatcher: QueueDispatching

    init(archive: OrderArchive, dispatcher: QueueDispatching = LiveDispatcher()) {
        self.archive = archive
        self.dispatcher = dispatcher
    }

    func load() {
        // A pull-to-refresh while the history is still loading changes nothing.
        if state == .loading { return }

        state = .loading
        dispatcher.backgroundAsync { [weak self] in
            guard let self else { return }
            // Read on the background queue; decide what to show there, but show it on main.
            let next: State
            do {
                next = .loaded(try self.archive.loadOrders())
            } catch {
                next = .failed(OrderHistoryScreen.failureMessage)
            }
            self.dispatcher.mainAsync {
                self.state = next
            }
        }
    }
}
