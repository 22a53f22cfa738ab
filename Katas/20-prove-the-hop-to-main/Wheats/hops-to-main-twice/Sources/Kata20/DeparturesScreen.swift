/// The departures board of one stop. The app calls `load()` on the main queue: when the board
/// appears, when the user pulls down, and every thirty seconds while it is on screen.
///
/// Threading: `state`, `onChange` and everything private are main-queue only. The timetable is
/// read on the background queue, and the result is handed back to the main queue.
public final class DeparturesScreen {
    /// What the board shows. Read it on the main queue.
    public private(set) var state: DeparturesState = .idle

    /// Called on the main queue after each change of `state`, with the new state.
    public var onChange: ((DeparturesState) -> Void)?

    private let timetable: any Timetable
    private let dispatcher: any QueueDispatching
    /// From `load()` until the result is on the board. Main queue only.
    private var isLoading = false

    public init(timetable: any Timetable, dispatcher: any QueueDispatching = LiveDispatcher()) {
        self.timetable = timetable
        self.dispatcher = dispatcher
    }

    /// Shows the spinner, reads the timetable in the background, then shows the departures (the
    /// soonest first) or a failure. A `load()` while one is on its way does nothing.
    public func load() {
        guard !isLoading else { return }
        isLoading = true
        show(.loading)
        dispatcher.backgroundAsync { [weak self] in
            guard let self else { return }
            let read = Result { try self.timetable.nextDepartures() }
            self.dispatcher.mainAsync {
                self.finishLoad(with: read)
            }
        }
    }

    /// Main queue: turns what the read found into the board's next state.
    private func finishLoad(with read: Result<[Departure], any Error>) {
        switch read {
        case .success(let departures):
            publish(.showing(departures.sorted { $0.minutes < $1.minutes }))
        case .failure:
            publish(.failed("Departures are not available right now. Pull down to try again."))
        }
    }

    /// Every state a piece of work decides goes out through here. It always hops to the main queue,
    /// so it is safe to call from any queue, and the load ends only when the new state is shown.
    private func publish(_ newState: DeparturesState) {
        dispatcher.mainAsync {
            self.isLoading = false
            self.show(newState)
        }
    }

    private func show(_ newState: DeparturesState) {
        state = newState
        onChange?(newState)
    }
}
