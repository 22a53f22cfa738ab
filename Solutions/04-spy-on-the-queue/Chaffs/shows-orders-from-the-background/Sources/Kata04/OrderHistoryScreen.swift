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
        let archive = self.archive
        let dispatcher = self.dispatcher
        dispatcher.backgroundAsync { [weak self] in
            // The orders are plain data, ready as soon as they are decoded. Only the failure
            // message is UI work for main.
            let result = Result { try archive.loadOrders() }
            if case .success = result {
                self?.show(result)
                return
            }
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
