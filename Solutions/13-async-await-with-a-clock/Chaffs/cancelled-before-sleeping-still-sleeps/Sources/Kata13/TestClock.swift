import Dispatch

/// A clock for tests. Time stands still until the test moves it with `advance(by:)`; a task that
/// sleeps on this clock stays asleep until then, however long the test takes in real time.
///
/// A struct: copies share one `Storage`, so the copy the confirmer sleeps on and the copy the test
/// advances are the same clock. The storage's state is only touched on its own serial queue.
struct TestClock: Clock {
    struct Instant: InstantProtocol {
        /// Virtual time since the clock was made.
        fileprivate let sinceStart: Duration

        func advanced(by duration: Duration) -> Instant {
            Instant(sinceStart: sinceStart + duration)
        }

        func duration(to other: Instant) -> Duration {
            other.sinceStart - sinceStart
        }

        static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.sinceStart < rhs.sinceStart
        }
    }

    private let storage = Storage()

    init() {}

    var now: Instant {
        storage.sync { $0.now }
    }

    var minimumResolution: Duration { .zero }

    /// Returns at once when `deadline` has been reached; otherwise suspends until `advance(by:)`
    /// reaches it. Throws `CancellationError` when the task is cancelled during the sleep.
    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = storage.sync { $0.newID() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // On the storage queue, so `advance` and the cancellation handler see either no
                // sleeper or a registered one, never half of one.
                let result: Result<Void, any Error>? = storage.sync { state in
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = (deadline, continuation)
                    return nil
                }
                if let result {
                    continuation.resume(with: result)
                }
            }
        } onCancel: {
            let sleeper = storage.sync { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves `now` forward and resumes every sleeper whose deadline it reaches, in the order they
    /// went to sleep. Resuming only makes a task ready to run; `advance` does not wait for it.
    func advance(by duration: Duration) {
        precondition(duration >= .zero, "Time only moves forward.")
        let due = storage.sync { state -> [CheckedContinuation<Void, any Error>] in
            state.now = state.now.advanced(by: duration)
            let dueIDs = state.sleepers.filter { $0.value.deadline <= state.now }.keys.sorted()
            return dueIDs.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
        }
        for continuation in due {
            continuation.resume()
        }
    }

    /// What all copies of one clock share. `@unchecked`: `state` is read and written only inside
    /// `queue.sync`, one block at a time.
    private final class Storage: @unchecked Sendable {
        struct State {
            var now = Instant(sinceStart: .zero)
            var sleepers: [Int: (deadline: Instant, continuation: CheckedContinuation<Void, any Error>)] = [:]
            private var lastID = 0

            mutating func newID() -> Int {
                lastID += 1
                return lastID
            }
        }

        private let queue = DispatchQueue(label: "kata13.test-clock")
        private var state = State()

        func sync<T>(_ body: (inout State) -> T) -> T {
            queue.sync { body(&state) }
        }
    }
}
