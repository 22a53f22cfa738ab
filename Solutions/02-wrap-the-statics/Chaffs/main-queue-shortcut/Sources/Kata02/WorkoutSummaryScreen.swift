/// The screen a runner sees when they stop a workout.
///
/// `show(_:)` crunches the GPS track in the background and publishes the summary on the
/// main queue. `exportSplits()` builds the CSV for the share sheet the same way, at a
/// lower priority. Whoever draws the screen sets `onChange` and reads the properties.
public final class WorkoutSummaryScreen {
    public enum State: Equatable {
        case empty
        case calculating
        case ready(WorkoutSummary)
    }

    public private(set) var state: State = .empty {
        didSet { onChange?() }
    }

    /// The CSV the share sheet offers, once `exportSplits()` has built it.
    public private(set) var exportedCSV: String? {
        didSet { onChange?() }
    }

    /// Called on the main queue after `state` or `exportedCSV` changed.
    public var onChange: (() -> Void)?

    private let queues: any DispatchQueueWrapping

    /// The app keeps calling `WorkoutSummaryScreen()`; tests hand in their own queues.
    public init(queues: any DispatchQueueWrapping = DispatchQueueWrapper()) {
        self.queues = queues
    }

    /// Shows the summary of a finished run. The runner is looking at a spinner,
    /// so the calculation runs at `.userInitiated`.
    public func show(_ track: [TrackPoint]) {
        state = .calculating
        queues.globalAsync(qos: .userInitiated) {
            let summary = WorkoutSummary(track: track)
            self.queues.mainAsync {
                self.state = .ready(summary)
            }
        }
    }

    /// Builds the splits CSV for sharing. Nobody is blocked on it, so it runs at `.utility`.
    public func exportSplits() {
        guard case .ready(let summary) = state else { return }
        queues.globalAsync(qos: .utility) {
            let csv = summary.splitsCSV()
            self.queues.mainAsync {
                self.exportedCSV = csv
            }
        }
    }
}
