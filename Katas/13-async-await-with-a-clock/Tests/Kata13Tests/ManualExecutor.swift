import Foundation
import Testing

// How these tests stay deterministic.
//
// `clock.advance(by:)` only *resumes* a sleeping task: the task becomes ready to run, and runs
// later, on an executor. On Swift's default executor that is another thread, at a moment nobody
// controls, so an `#expect` right after `advance` races the task it is checking.
//
// Here every task under test runs on a `ManualExecutor` instead (Swift 6's task executor
// preference, SE-0417). Its jobs wait in a list until the test calls `runUntilIdle()`, which runs
// them, one after another, on the test's own thread, until every task is suspended again (asleep
// on the clock, or finished). Nothing runs in between, so after `runUntilIdle()` the test sees
// exactly what the code did, every time, without waiting for anything.

/// An executor that runs jobs only when the test says so, on the test's thread.
final class ManualExecutor: @unchecked Sendable {  // unchecked: `jobs` is behind `lock`
    private let lock = NSLock()
    private var jobs: [UnownedJob] = []

    init() {
        // Kept alive for the whole test run: a wrong solution may leave a task sleeping on the
        // real clock, and that task will come back to this executor after its test has ended.
        _ = Unmanaged.passRetained(self)
    }

    /// Starts `operation` in a new task on this executor. It does not run before `runUntilIdle()`.
    func start<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) -> Running<Value> {
        let running = Running<Value>()
        guard #available(macOS 15.0, *) else {
            Issue.record("These tests run tasks on a task executor, which needs macOS 15 or later (or Linux).")
            return running
        }
        running.task = Task(executorPreference: self) {
            do {
                running.finish(.success(try await operation()))
            } catch {
                running.finish(.failure(error))
            }
        }
        return running
    }

    /// Runs ready jobs, oldest first, until there are none: every task has either finished or
    /// suspended on something that only the test can resume (the clock, a cancellation).
    func runUntilIdle() {
        guard #available(macOS 15.0, *) else { return }
        while let job = nextJob() {
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    fileprivate func append(_ job: UnownedJob) {
        lock.lock()
        jobs.append(job)
        lock.unlock()
    }

    private func nextJob() -> UnownedJob? {
        lock.lock()
        defer { lock.unlock() }
        return jobs.isEmpty ? nil : jobs.removeFirst()
    }
}

@available(macOS 15.0, *)
extension ManualExecutor: TaskExecutor {
    /// Called by Swift whenever a task that prefers this executor is ready to run: at its start,
    /// and each time something resumes it. The job waits in the list for `runUntilIdle()`.
    func enqueue(_ job: consuming ExecutorJob) {
        append(UnownedJob(job))
    }
}

/// A task started on a `ManualExecutor`, and how it ended, if it has.
final class Running<Value: Sendable>: @unchecked Sendable {  // unchecked: state is behind `lock`
    private let lock = NSLock()
    private var _outcome: Result<Value, any Error>?
    fileprivate var task: Task<Void, Never>?

    fileprivate init() {}

    fileprivate func finish(_ outcome: Result<Value, any Error>) {
        lock.lock()
        _outcome = outcome
        lock.unlock()
    }

    /// `nil` while the task is still running or suspended.
    var outcome: Result<Value, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return _outcome
    }

    var isFinished: Bool { outcome != nil }

    /// What the task returned, or `nil` if it has not finished or threw.
    var value: Value? { try? outcome?.get() }

    /// What the task threw, or `nil` if it has not finished or returned.
    var error: (any Error)? {
        if case .failure(let error) = outcome { return error }
        return nil
    }

    var threwCancellationError: Bool { error is CancellationError }

    /// Cancels the task, as the checkout does when the user leaves the screen.
    func cancel() {
        task?.cancel()
    }
}
