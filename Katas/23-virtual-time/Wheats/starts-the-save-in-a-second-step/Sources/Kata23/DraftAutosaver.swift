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
    static let quietPeriod: Duration = .seconds(2)
    static let maxAttempts = 4

    /// The wait after failed attempt number `attempt`: 1 s, 2 s, 4 s.
    static func retryDelay(afterAttempt attempt: Int) -> Duration {
        .seconds(1 << (attempt - 1))
    }

    private enum Phase {
        /// Nothing to do: saved, failed for good, or nothing typed yet.
        case idle
        /// Waiting for the quiet period to end, or for a retry's delay.
        case waiting(ScheduledWork)
        /// The store has the text and has not answered yet.
        case saving(text: String, attempt: Int, change: Int)
    }

    public private(set) var status: AutosaveStatus = .saved

    private let store: any DraftStore
    private let scheduler: any Scheduling
    private var phase = Phase.idle
    private var changes = 0

    public init(store: any DraftStore, scheduler: any Scheduling = DispatchQueueScheduler(queue: .main)) {
        self.store = store
        self.scheduler = scheduler
    }

    public func textChanged(_ text: String) {
        changes += 1
        status = .unsaved
        if case .waiting(let work) = phase { work.cancel() }
        wait(Self.quietPeriod, thenSave: text, attempt: 1)
    }

    private func wait(_ delay: Duration, thenSave text: String, attempt: Int) {
        let change = changes
        phase = .waiting(
            scheduler.schedule(after: delay) { [weak self] in
                self?.startSaving(text, attempt: attempt, change: change)
            })
    }

    /// Shows "Saving…" now, and hands the text to the store in a turn of the queue of its own,
    /// after whatever else is due at this instant: the editor may still be busy with the
    /// keystroke's layout.
    private func startSaving(_ text: String, attempt: Int, change: Int) {
        status = .saving
        phase = .waiting(
            scheduler.schedule(after: .zero) { [weak self] in
                guard let self else { return }
                self.phase = .saving(text: text, attempt: attempt, change: change)
                self.store.save(text) { [weak self] result in
                    self?.handle(result, of: text, attempt: attempt, change: change)
                }
            })
    }

    private func handle(_ result: Result<Void, Error>, of text: String, attempt: Int, change: Int) {
        guard change == changes else { return }
        phase = .idle
        switch result {
        case .success:
            status = .saved
        case .failure where attempt < Self.maxAttempts:
            wait(Self.retryDelay(afterAttempt: attempt), thenSave: text, attempt: attempt + 1)
        case .failure:
            status = .failed
        }
    }
}
