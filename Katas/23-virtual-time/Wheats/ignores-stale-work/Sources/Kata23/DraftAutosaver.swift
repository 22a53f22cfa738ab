import Dispatch

/// What the corner of the editor says about the draft.
public enum AutosaveStatus: Equatable {
    /// "Saved": every change is on the server, or nothing was typed yet.
    case saved
    /// "Unsaved changes": the text changed and its save has not started yet.
    case unsaved
    /// "Saving…": a save is on its way, or waiting to be tried again.
    case saving
    /// "Not saved. Check your connection.": the store failed four times in a row.
    case failed
}

/// Saves the draft 2 seconds after the user stops typing, and tries again, 1 s, 2 s and 4 s
/// later, when the store fails.
///
/// Time comes from the scheduler it is handed: the app's runs on the main queue, in real seconds.
/// Use it from that one queue.
public final class DraftAutosaver {
    /// How long the text must stay as it is before it is saved.
    static let quietPeriod: Duration = .seconds(2)
    /// The waits before the first, second and third retry.
    static let retryDelays: [Duration] = [.seconds(1), .seconds(2), .seconds(4)]

    /// What the corner of the editor shows.
    public private(set) var status: AutosaveStatus = .saved

    private let store: any DraftStore
    private let scheduler: any Scheduling
    /// Counts the calls of `textChanged(_:)`. Work and answers carry the number of the change
    /// they belong to; when it is not the latest, they do nothing.
    private var changes = 0

    public init(store: any DraftStore, scheduler: any Scheduling = DispatchQueueScheduler(queue: .main)) {
        self.store = store
        self.scheduler = scheduler
    }

    /// The editor calls this on every change of the text.
    public func textChanged(_ text: String) {
        changes += 1
        status = .unsaved
        // No cancel: a save scheduled for an earlier change sees that it is stale when it runs.
        let change = changes
        scheduler.schedule(after: Self.quietPeriod) { [weak self] in
            self?.save(text, retriesLeft: Self.retryDelays[...], change: change)
        }
    }

    private func isCurrent(_ change: Int) -> Bool {
        change == changes
    }

    private func save(_ text: String, retriesLeft: ArraySlice<Duration>, change: Int) {
        guard isCurrent(change) else { return }
        status = .saving
        store.save(text) { [weak self] result in
            guard let self, self.isCurrent(change) else { return }
            switch result {
            case .success:
                self.status = .saved
            case .failure:
                guard let delay = retriesLeft.first else {
                    self.status = .failed
                    return
                }
                self.scheduler.schedule(after: delay) { [weak self] in
                    self?.save(text, retriesLeft: retriesLeft.dropFirst(), change: change)
                }
            }
        }
    }
}
