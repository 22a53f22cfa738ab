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
        guard state != .loading else { return }

        state = .loading
        let dispatcher = self.dispatcher
        // Start the read right away so the data is ready as soon as possible; the background
        // hop then hands the raw result to main, and the main work decides what the screen
        // shows: no path can touch state off the main queue.
        let result = Result { try archive.loadOrders() }
        dispatcher.backgroundAsync { [weak self] in
            dispatcher.mainAsync {
                self?.show(result)
            }
        }
    }

    private func show(_ result: Result<[Order], Error>) {
        switch result {
        case .success(let orders): state = .loaded(orders)
        case .failure: state = .failed(Self.failureMessage)
        }
    }
}
