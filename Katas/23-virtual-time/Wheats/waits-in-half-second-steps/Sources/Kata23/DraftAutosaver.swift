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
    /// Every wait is counted down in steps of this length, for the "Retrying in 3 s…" label that
    /// design has asked for.
    static let step: Duration = .milliseconds(500)
    /// The quiet period, in steps: 2 s.
    static let quietSteps = 4
    /// The waits before the first, second and third retry, in steps: 1 s, 2 s, 4 s.
    static let retrySteps = [2, 4, 8]

    public private(set) var status: AutosaveStatus = .saved

    private let store: any DraftStore
    private let scheduler: any Scheduling
    private var changes = 0
    /// The next step of the countdown that runs now, if one does.
    private var nextStep: ScheduledWork?
    /// Steps left in the countdown that runs now; the label will read it.
    private(set) var stepsLeft = 0

    public init(store: any DraftStore, scheduler: any Scheduling = DispatchQueueScheduler(queue: .main)) {
        self.store = store
        self.scheduler = scheduler
    }

    public func textChanged(_ text: String) {
        changes += 1
        status = .unsaved
        count(down: Self.quietSteps) { [weak self] in
            self?.save(text, retriesDone: 0)
        }
    }

    /// Starts a countdown of `steps` steps, in place of the one that runs now, and runs `action`
    /// when it reaches zero.
    private func count(down steps: Int, then action: @escaping () -> Void) {
        nextStep?.cancel()
        stepsLeft = steps
        scheduleStep(then: action)
    }

    private func scheduleStep(then action: @escaping () -> Void) {
        nextStep = scheduler.schedule(after: Self.step) { [weak self] in
            guard let self else { return }
            self.stepsLeft -= 1
            if self.stepsLeft > 0 {
                self.scheduleStep(then: action)
            } else {
                self.nextStep = nil
                action()
            }
        }
    }

    private func save(_ text: String, retriesDone: Int) {
        status = .saving
        let change = changes
        store.save(text) { [weak self] result in
            guard let self, change == self.changes else { return }
            switch result {
            case .success:
                self.status = .saved
            case .failure where retriesDone < Self.retrySteps.count:
                self.count(down: Self.retrySteps[retriesDone]) { [weak self] in
                    self?.save(text, retriesDone: retriesDone + 1)
                }
            case .failure:
                self.status = .failed
            }
        }
    }
}
