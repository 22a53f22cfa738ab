import Kata23
import Testing

/// A scheduler whose clock stands still until the test moves it. Work is only written down;
/// `advance(to:)` runs the work that falls due, in deadline order, on the test's thread,
/// before it returns.
final class ManualScheduler: Scheduling {
    private final class Entry: ScheduledWork {
        let deadline: Duration
        let sequence: Int
        let work: () -> Void
        var isCancelled = false

        init(deadline: Duration, sequence: Int, work: @escaping () -> Void) {
            self.deadline = deadline
            self.sequence = sequence
            self.work = work
        }

        func cancel() {
            isCancelled = true
        }
    }

    /// Virtual time since the test began.
    private(set) var now: Duration = .zero
    private var entries: [Entry] = []
    private var scheduled = 0

    @discardableResult
    func schedule(after delay: Duration, _ work: @escaping () -> Void) -> ScheduledWork {
        scheduled += 1
        let entry = Entry(deadline: now + max(delay, .zero), sequence: scheduled, work: work)
        entries.append(entry)
        return entry
    }

    /// Moves the clock to `instant`, running every piece of work due by then: earliest deadline
    /// first, ties in the order they were scheduled, each with `now` at its deadline. Work
    /// scheduled by running work joins in; cancelled work never runs.
    func advance(to instant: Duration) {
        precondition(instant >= now, "Time only moves forward: it is \(now), not \(instant).")
        while let next = entries.filter({ $0.deadline <= instant }).min(by: {
            ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence)
        }) {
            entries.removeAll { $0 === next }
            now = next.deadline
            if !next.isCancelled { next.work() }
        }
        now = instant
    }
}

/// A store that writes down every text it is asked to save and holds the answer until the test
/// gives it.
final class HeldStore: DraftStore {
    /// The text of every call to `save`, in order.
    private(set) var saved: [String] = []
    private var completions: [(Result<Void, Error>) -> Void] = []

    func save(_ text: String, completion: @escaping (Result<Void, Error>) -> Void) {
        saved.append(text)
        completions.append(completion)
    }

    /// Answers call number `call` (counted from 1) with `result`. A call the store was never asked
    /// for fails the test, instead of crashing the run.
    func answer(
        _ call: Int, with result: Result<Void, Error>, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard completions.indices.contains(call - 1) else {
            Issue.record(
                """
                The test answers save number \(call), but the store was asked to save only \(saved.count) times \
                (\(saved)): a save that was due by now never started.
                """,
                sourceLocation: sourceLocation)
            return
        }
        completions[call - 1](result)
    }

    /// Answers the latest call.
    func answerLast(with result: Result<Void, Error>, sourceLocation: SourceLocation = #_sourceLocation) {
        answer(saved.count, with: result, sourceLocation: sourceLocation)
    }
}

/// A store that answers inside `save`, before it returns.
final class ImmediateStore: DraftStore {
    private(set) var saved: [String] = []
    let result: Result<Void, Error>

    init(answering result: Result<Void, Error>) {
        self.result = result
    }

    func save(_ text: String, completion: @escaping (Result<Void, Error>) -> Void) {
        saved.append(text)
        completion(result)
    }
}

struct Offline: Error {}

let offline: Result<Void, Error> = .failure(Offline())
let stored: Result<Void, Error> = .success(())

/// `ms(1999)` reads as 1.999 s on the test's timeline.
func ms(_ milliseconds: Int) -> Duration {
    .milliseconds(milliseconds)
}
