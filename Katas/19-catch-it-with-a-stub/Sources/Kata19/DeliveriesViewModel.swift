import Foundation

/// The view model behind the Deliveries tab.
///
/// `load()` reads the parcels through its dispatcher (in the app, a background queue), so a
/// slow disk never freezes the screen, then publishes the new state.
///
/// Threading: the result is published on the queue that did the work. `state` sits behind a
/// lock so any thread may read it, and the screen hops to the main queue inside `onChange`
/// before it touches its views.
public final class DeliveriesViewModel {
    /// Called after every change of `state`, with the new state, on the queue that made the change.
    public var onChange: ((DeliveriesState) -> Void)?

    /// What the screen shows right now.
    public var state: DeliveriesState {
        lock.lock()
        defer { lock.unlock() }
        return currentState
    }

    private let source: any ParcelSource
    private let dispatcher: any Dispatching
    private let lock = NSLock()
    private var currentState: DeliveriesState = .idle

    /// The app calls `DeliveriesViewModel(source:)` and gets a background queue; tests pass a
    /// dispatcher of their own.
    public init(
        source: any ParcelSource,
        dispatcher: any Dispatching = Dispatcher(queue: .global(qos: .userInitiated))
    ) {
        self.source = source
        self.dispatcher = dispatcher
    }

    /// Shows the spinner, then the parcels (soonest first), the empty state or a failure.
    /// The tab calls it when it appears, on pull-to-refresh and from the Retry button.
    public func load() {
        publish(.loading)
        dispatcher.dispatch {
            do {
                let parcels = try self.source.fetchParcels()
                if parcels.isEmpty {
                    self.publish(.empty)
                } else {
                    self.publish(.loaded(parcels.sorted { $0.expectedOn < $1.expectedOn }))
                }
            } catch {
                self.publish(.failed("We couldn't load your deliveries. Pull down to try again."))
            }
        }
    }

    private func publish(_ newState: DeliveriesState) {
        lock.lock()
        currentState = newState
        lock.unlock()
        onChange?(newState)
    }
}
