import Dispatch

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

    private let hops: any DispatchQueueWrapping

    /// The app keeps calling `WorkoutSummaryScreen()`; tests hand in their own queues.
    public init(queues: any DispatchQueueWrapping = DispatchQueueWrapper()) {
        hops = queues
    }

    /// Shows the summary of a finished run. The runner is looking at a spinner,
    /// so the calculation runs at the highest QoS, `.userInteractive`.
    public func show(_ track: [TrackPoint]) {
        state = .calculating
        compute(
            at: .userInteractive,
            work: { WorkoutSummary(track: track) },
            thenOnMain: { [weak self] summary in self?.state = .ready(summary) })
    }

    /// Builds the splits CSV for sharing. Nobody is blocked on it, so it runs at `.utility`.
    public func exportSplits() {
        guard case .ready(let summary) = state else { return }
        compute(
            at: .utility,
            work: { summary.splitsCSV() },
            thenOnMain: { [weak self] csv in self?.exportedCSV = csv })
    }

    /// The one pattern both actions share: work in the background, result on main.
    private func compute<Value>(
        at qos: DispatchQoS.QoSClass,
        work: @escaping () -> Value,
        thenOnMain deliver: @escaping (Value) -> Void
    ) {
        let hops = self.hops
        hops.globalAsync(qos: qos) {
            let value = work()
            hops.mainAsync { deliver(value) }
        }
    }
}
