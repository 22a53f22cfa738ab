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
    /// How many times the store is asked to save one text, at most.
    static let maxAttempts = 4

    /// The wait after failed attempt number `attempt` (1, 2, 3): 1 s, 2 s, 4 s.
    static func retryDelay(afterAttempt attempt: Int) -> Duration {
        .seconds(1 << (attempt - 1))
    }

    /// What the corner of the editor shows.
    public private(set) var status: AutosaveStatus = .saved

    private let store: any DraftStore
    private let scheduler: any Scheduling
    /// Counts the calls of `textChanged(_:)`. A save started before the latest change is stale:
    /// its answer changes nothing.
    private var changes = 0
    /// The save that waits for the quiet period to end, or the retry that waits for its delay.
    private var pending: ScheduledWork?
    /// The text of the latest change, for the save that is already on the clock.
    private var latestText = ""
    private var waitingForQuietPeriod = false

    public init(store: any DraftStore, scheduler: any Scheduling = DispatchQueueScheduler(queue: .main)) {
        self.store = store
        self.scheduler = scheduler
    }

    /// The editor calls this on every change of the text.
    public func textChanged(_ text: String) {
        changes += 1
        status = .unsaved
        latestText = text
        // A user who never stops typing must be saved too. So the first change starts the clock,
        // and the changes after it ride along: the save takes whatever the text is by then.
        if waitingForQuietPeriod { return }
        waitingForQuietPeriod = true
        pending?.cancel()
        pending = scheduler.schedule(after: Self.quietPeriod) { [weak self] in
            guard let self else { return }
            self.waitingForQuietPeriod = false
            self.save(self.latestText, attempt: 1, change: self.changes)
        }
    }

    private func save(_ text: String, attempt: Int, change: Int) {
        pending = nil
        status = .saving
        store.save(text) { [weak self] result in
            self?.handle(result, of: text, attempt: attempt, change: change)
        }
    }

    private func handle(_ result: Result<Void, Error>, of text: String, attempt: Int, change: Int) {
        // The user typed since this save started: a newer save is waiting or on its way.
        guard change == changes else { return }
        switch result {
        case .success:
            status = .saved
        case .failure where attempt < Self.maxAttempts:
            pending = scheduler.schedule(after: Self.retryDelay(afterAttempt: attempt)) { [weak self] in
                self?.save(text, attempt: attempt + 1, change: change)
            }
        case .failure:
            status = .failed
        }
    }
}
