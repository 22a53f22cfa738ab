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
            let next: DeparturesState
            do {
                let departures = try self.timetable.nextDepartures()
                next = .showing(departures.sorted { $0.minutes < $1.minutes })
            } catch {
                next = .failed("Departures are not available right now. Pull down to try again.")
            }
            self.dispatcher.mainAsync {
                self.isLoading = false
                self.show(next)
            }
        }
    }

    private func show(_ newState: DeparturesState) {
        state = newState
        onChange?(newState)
    }
}
