import Foundation

/// A clock for tests. Time stands still until the test moves it with `advance(by:)`; a task that
/// sleeps on this clock stays asleep until then, however long the test takes in real time.
final class TestClock: Clock, @unchecked Sendable {  // unchecked: every stored var is behind `lock`
    struct Instant: InstantProtocol {
        /// Virtual time since the clock was made.
        fileprivate let offset: Duration

        func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var lastID = 0

    init() {}

    var now: Instant {
        locked { current }
    }

    var minimumResolution: Duration { .zero }

    /// Returns at once when `deadline` has been reached; otherwise suspends until `advance(by:)`
    /// reaches it. Throws `CancellationError` when the task is cancelled before or during the sleep.
    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = locked {
            lastID += 1
            return lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Decide and register under one lock, so that neither `advance` nor the
                // cancellation handler can slip in between.
                enum Start { case cancelled, due, waiting }
                let start: Start = locked {
                    if Task.isCancelled { return .cancelled }
                    if deadline <= current { return .due }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return .waiting
                }
                switch start {
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .due: continuation.resume()
                case .waiting: break
                }
            }
        } onCancel: {
            // Runs on the thread that cancels. If the sleeper is not registered yet, the check of
            // `Task.isCancelled` above catches it instead.
            let sleeper = locked { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves `now` forward and resumes every sleeper whose deadline it reaches, earliest first.
    /// Resuming only makes a task ready to run: it runs later, on its executor. `advance` does not
    /// wait for that.
    func advance(by duration: Duration) {
        precondition(duration >= .zero, "Time only moves forward.")
        let due = locked { () -> [Sleeper] in
            let due =
                sleepers
                .filter { $0.deadline <= current }
                .sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
            sleepers.removeAll { $0.deadline <= current }
            current = current.advanced(by: duration)
            return due
        }
        for sleeper in due {
            sleeper.continuation.resume()
        }
    }

    /// `NSLock.lock()` cannot be called from an `async` function directly; this synchronous
    /// helper can.
    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
