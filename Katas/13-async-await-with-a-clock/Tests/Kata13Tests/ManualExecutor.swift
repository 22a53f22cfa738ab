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
// them, one after another, on a thread of the executor's own while the test waits, until every
// task is suspended again (asleep on the clock, or finished). Nothing runs in between, so after
// `runUntilIdle()` the test sees exactly what the code did, every time. A correct solution is
// idle again in microseconds; a task that never suspends (a loop that goes round without waiting
// for anything) fails the test after about a second, with a message, instead of hanging it.

/// An executor that runs jobs only when the test says so, while the test waits.
final class ManualExecutor: @unchecked Sendable {  // unchecked: `jobs` and `stuck` are behind `lock`
    /// How long `runUntilIdle()` waits for the tasks to suspend. A correct solution needs
    /// microseconds; the bound only turns a task that runs for ever into a failed expectation.
    static let patience: TimeInterval = 1

    private let lock = NSLock()
    private var jobs: [UnownedJob] = []
    /// Set when a `runUntilIdle()` ran out of patience: a job is still running, and always will be.
    private var stuck = false
    /// Runs the jobs, one at a time, while the test waits for them.
    private let worker = DispatchQueue(label: "ManualExecutor.worker")

    init() {
        // Kept alive for the whole test run: a wrong solution may leave a task sleeping on the
        // real clock, and that task will come back to this executor after its test has ended.
        _ = Unmanaged.passRetained(self)
    }

    /// Starts `operation` in a new task on this executor. It does not run before `runUntilIdle()`.
    func start<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) -> Running<Value> {
        let running = Running<Value>(on: self)
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
    /// suspended on something that only the test can resume (the clock, a cancellation). The test
    /// waits meanwhile, at most `patience`: if the tasks are still running then, the test fails
    /// with an expectation that says so.
    func runUntilIdle(sourceLocation: SourceLocation = #_sourceLocation) {
        guard #available(macOS 15.0, *) else { return }
        guard hasJobs else { return }  // nothing to run: every task is suspended already
        call(
            """
            The tasks under test did not suspend within a second: one of them is still running, and \
            never ends. Either a loop goes round without waiting for anything (in confirm, each turn \
            of the retry loop must ask the gateway and then return the receipt, throw, or sleep on \
            `clock` before it goes round again), or a call is stuck. \
            \(ManualExecutor.stuckOnTheLock)
            """,
            sourceLocation: sourceLocation
        ) {
            while let job = self.nextJob() {
                job.runSynchronously(on: self.asUnownedTaskExecutor())
            }
        }
    }

    /// Calls `body`, a call into the code under test (`clock.advance(by:)`, `clock.now`, a
    /// cancel), on the thread that runs the jobs, while the test waits at most `patience`. A
    /// correct solution returns in microseconds. If `body` has not returned by then, the test
    /// fails with `stuck` as its message and gets `nil`; so does every later call of this
    /// executor, at once, because the thread is still busy and always will be.
    @discardableResult
    func call<Value: Sendable>(
        _ stuck: Comment, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: @escaping @Sendable () -> Value
    ) -> Value? {
        guard !isStuck else { return nil }
        let answer = Answer<Value>()
        worker.async { answer.give(body()) }
        if let value = answer.wait(seconds: Self.patience) { return value }
        lock.lock()
        self.stuck = true
        lock.unlock()
        Issue.record(stuck, sourceLocation: sourceLocation)
        return nil
    }

    private var hasJobs: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !jobs.isEmpty
    }

    private var isStuck: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stuck
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

/// An answer one thread gives and another waits for, at most a given time.
private final class Answer<Value: Sendable>: @unchecked Sendable {  // unchecked: `value` is behind `condition`
    private let condition = NSCondition()
    private var value: Value?
    private var given = false

    func give(_ value: Value) {
        condition.lock()
        self.value = value
        given = true
        condition.broadcast()
        condition.unlock()
    }

    /// The answer, or `nil` if `seconds` passed first.
    func wait(seconds: TimeInterval) -> Value? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while !given {
            if !condition.wait(until: deadline) { break }
        }
        return given ? value : nil
    }
}

/// A task started on a `ManualExecutor`, and how it ended, if it has.
final class Running<Value: Sendable>: @unchecked Sendable {  // unchecked: state is behind `lock`
    private let lock = NSLock()
    private var _outcome: Result<Value, any Error>?
    fileprivate var task: Task<Void, Never>?
    private let executor: ManualExecutor

    fileprivate init(on executor: ManualExecutor) {
        self.executor = executor
    }

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

    /// Cancels the task, as the checkout does when the user leaves the screen. The cancellation
    /// handlers run now, on the executor's thread, while the test waits at most a second.
    func cancel(sourceLocation: SourceLocation = #_sourceLocation) {
        let task = self.task
        executor.call(
            """
            Cancelling the task did not return within a second: its cancellation handler is stuck. \
            \(ManualExecutor.stuckOnTheLock)
            """,
            sourceLocation: sourceLocation
        ) { task?.cancel() }
    }
}
