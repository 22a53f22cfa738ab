import Foundation
import Testing

@testable import Kata15

// The helpers the tests use. You don't write them; they only use the seam the README names:
// `onChange`, and the task the test runs `run()` in.

/// Everything the header was told to show, in order, through `onChange`; and a way for the test
/// to wait for the next thing it shows.
@MainActor
final class ScreenRecording {
    /// Every indicator `onChange` reported, in order.
    private(set) var states: Shown = []
    /// What the view model's `indicator` held at the moment of each call of `onChange`, in order.
    private(set) var heldDuringOnChange: Shown = []
    private var unclaimed: [TypingIndicator] = []  // reported, but no test has waited for it yet
    private var waiting: FirstAnswer<TypingIndicator?>?

    init(of viewModel: TypingIndicatorViewModel) {
        viewModel.onChange = { [weak self, weak viewModel] indicator in
            if let viewModel { self?.heldDuringOnChange.append(viewModel.indicator) }
            self?.record(indicator)
        }
    }

    /// Waits for the next change `onChange` reports, and returns it. Returns nil if `run` (the
    /// test's task around `run()`) ends first, if no change comes within a second, or if the test
    /// is cancelled (its time limit ran out) while it waits. Each change is returned once, in the order it was reported.
    func nextChange(during run: Task<Void, Never>) async -> TypingIndicator? {
        if !unclaimed.isEmpty { return unclaimed.removeFirst() }
        let answer = FirstAnswer<TypingIndicator?>()
        waiting = answer
        Task {
            await run.value
            answer.give(nil)
        }
        // A bound a passing run never reaches: a change that never comes fails the test's
        // expectation after a second instead of waiting for the time limit.
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { answer.give(nil) }
        let change = await withTaskCancellationHandler {
            await answer.value()
        } onCancel: {
            answer.give(nil)
        }
        if waiting === answer { waiting = nil }
        return change
    }

    /// Runs once, inside `onChange`, the next time it reports a change: while the view model is
    /// in the middle of showing it, before `run()` can take another event.
    func whenTheNextChangeIsShown(_ action: @escaping @MainActor (TypingIndicator) -> Void) {
        duringNextChange = action
    }
    private var duringNextChange: (@MainActor (TypingIndicator) -> Void)?

    private func record(_ indicator: TypingIndicator) {
        states.append(indicator)
        if let action = duringNextChange {
            duringNextChange = nil
            action(indicator)
        }
        if let waiting, waiting.give(indicator) {
            self.waiting = nil
        } else {
            unclaimed.append(indicator)
        }
    }
}

/// In which order the thread pool's work runs when `withEveryJobOnTheMainQueue` runs it.
enum PoolOrder: CaseIterable, CustomStringConvertible {
    /// In the order it was queued, between the main actor's jobs.
    case oldestFirst
    /// Only when no main-actor job waits, and the newest first: a pool slow to pick up old work.
    case newestFirst

    var description: String { self == .oldestFirst ? "in order" : "newest first" }
}

/// Runs `body` in a task of high priority, with every job of that task and of the tasks it starts
/// (they inherit the priority) run on the main queue one at a time, as `withMainSerialExecutor` of
/// swift-concurrency-extras arranges: the main actor's in the order they were queued, the thread
/// pool's in `order`. A hop that would race the test on another thread becomes a step the test can
/// count (`mainQueueTurns(_:)`), in the same order on every run. Both orders are ones a real thread
/// pool may take; correct code gives the same result in each. Work of lower priority (every other
/// test's) keeps its own threads.
@MainActor
func withEveryJobOnTheMainQueue(
    pool order: PoolOrder = .oldestFirst, _ body: @escaping @MainActor () async throws -> Void
) async throws {
    OneQueueScheduler.current = OneQueueScheduler(order: order)
    enqueueGlobalHook.pointee = { job, original in
        guard let scheduler = OneQueueScheduler.current, OneQueueScheduler.isScheduled(job) else {
            return original(job)
        }
        scheduler.enqueue(job, onTheMainActor: false)
    }
    enqueueMainHook.pointee = { job, original in
        guard let scheduler = OneQueueScheduler.current, OneQueueScheduler.isScheduled(job) else {
            return original(job)
        }
        scheduler.enqueue(job, onTheMainActor: true)
    }
    defer {
        enqueueGlobalHook.pointee = nil
        enqueueMainHook.pointee = nil
        OneQueueScheduler.current = nil  // its queued jobs still run: its turn on the main queue holds it
    }
    try await Task(priority: .high) { try await body() }.value
}

/// The jobs `withEveryJobOnTheMainQueue` holds, run one at a time on the main queue.
private final class OneQueueScheduler: @unchecked Sendable {
    /// The scheduler the hooks hand jobs to. Read on whichever thread queues a job: under a lock.
    static var current: OneQueueScheduler? {
        get { currentLock.withLock { currentScheduler } }
        set { currentLock.withLock { currentScheduler = newValue } }
    }
    private static let currentLock = NSLock()
    nonisolated(unsafe) private static var currentScheduler: OneQueueScheduler?

    private let order: PoolOrder
    private let lock = NSLock()
    private var mainActorJobs: [UnownedJob] = []
    private var poolJobs: [UnownedJob] = []
    private var turnQueued = false

    init(order: PoolOrder) { self.order = order }

    /// A job of the test's high-priority task, or of a task it started.
    static func isScheduled(_ job: UnownedJob) -> Bool {
        job.priority.rawValue >= TaskPriority.high.rawValue
    }

    func enqueue(_ job: UnownedJob, onTheMainActor: Bool) {
        let queueTurn = lock.withLock {
            if onTheMainActor { mainActorJobs.append(job) } else { poolJobs.append(job) }
            defer { turnQueued = true }
            return !turnQueued
        }
        if queueTurn { DispatchQueue.main.async { self.runUntilIdle() } }
    }

    private func runUntilIdle() {
        while let job = next() {
            job.runSynchronously(on: MainActor.sharedUnownedExecutor)
        }
    }

    private func next() -> UnownedJob? {
        lock.withLock {
            if !mainActorJobs.isEmpty { return mainActorJobs.removeFirst() }
            switch order {
            case .oldestFirst where !poolJobs.isEmpty: return poolJobs.removeFirst()
            case .newestFirst where !poolJobs.isEmpty: return poolJobs.removeLast()
            default:
                turnQueued = false
                return nil
            }
        }
    }
}

/// Lets the main queue run `count` times everything queued on it before this task: inside
/// `withEveryJobOnTheMainQueue`, the work of the view model moves on by that many steps, in the same
/// order on every run. Not a wait for an event: a count of turns, to act at each moment in turn.
@MainActor
func mainQueueTurns(_ count: Int) async {
    for _ in 0..<count { await Task.yield() }
}

extension Tag {
    /// The test runs its work on the main queue (`withEveryJobOnTheMainQueue`): it runs alone.
    @Tag static var everyJobOnTheMainQueue: Self
}

/// A suite trait: the suite's tests run side by side, except one tagged `.everyJobOnTheMainQueue`,
/// which runs while no other test of the suite does. Its hook moves every job of the process, so it
/// must not change the order of another test's work.
struct OneTestAtATimeOnTheMainQueue: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let alone = test.tags.contains(.everyJobOnTheMainQueue)
        await MainQueueGate.shared.enter(alone: alone)
        do {
            try await function()
        } catch {
            await MainQueueGate.shared.leave(alone: alone)
            throw error
        }
        await MainQueueGate.shared.leave(alone: alone)
    }
}

private actor MainQueueGate {
    static let shared = MainQueueGate()
    private var inside = 0
    private var aloneInside = false
    private var waiting: [(alone: Bool, go: CheckedContinuation<Void, Never>)] = []

    func enter(alone: Bool) async {
        if waiting.isEmpty, canEnter(alone: alone) {
            admit(alone: alone)
            return
        }
        await withCheckedContinuation { waiting.append((alone, $0)) }
    }

    func leave(alone: Bool) {
        if alone { aloneInside = false } else { inside -= 1 }
        while let next = waiting.first, canEnter(alone: next.alone) {
            waiting.removeFirst()
            admit(alone: next.alone)
            next.go.resume()
        }
    }

    private func canEnter(alone: Bool) -> Bool { alone ? inside == 0 && !aloneInside : !aloneInside }

    private func admit(alone: Bool) {
        if alone { aloneInside = true } else { inside += 1 }
    }
}

/// The runtime's hook for the thread pool's queue (`swift_task_enqueueGlobal_hook`), as
/// swift-concurrency-extras uses it.
private typealias OriginalEnqueue = @convention(thin) (UnownedJob) -> Void
private typealias EnqueueHook = @convention(thin) (UnownedJob, OriginalEnqueue) -> Void
nonisolated(unsafe) private let enqueueGlobalHook = dlsym(dlopen(nil, 0), "swift_task_enqueueGlobal_hook")!
    .assumingMemoryBound(to: EnqueueHook?.self)
/// The runtime's hook for the main actor's queue (`swift_task_enqueueMainExecutor_hook`).
nonisolated(unsafe) private let enqueueMainHook = dlsym(dlopen(nil, 0), "swift_task_enqueueMainExecutor_hook")!
    .assumingMemoryBound(to: EnqueueHook?.self)

extension Task where Success == Void, Failure == Never {
    /// Waits until this task ends, and returns true. Returns false if it has not ended within a
    /// second, or if the test is cancelled (its time limit ran out) first: a `run()` that never returns fails the test instead of hanging it.
    func endsBeforeTheTimeLimit() async -> Bool {
        let answer = FirstAnswer<Bool>()
        Task<Void, Never> {
            await self.value
            answer.give(true)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { answer.give(false) }
        return await withTaskCancellationHandler {
            await answer.value()
        } onCancel: {
            answer.give(false)
        }
    }
}

/// The first of several possible answers, handed to whoever waits for it. Later answers are
/// ignored. Lets a test wait for "whichever comes first" without a clock.
final class FirstAnswer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var answer: Value?
    private var waiter: CheckedContinuation<Value, Never>?

    /// Returns false, and does nothing, if an answer was given already.
    @discardableResult
    func give(_ value: Value) -> Bool {
        lock.lock()
        guard answer == nil else {
            lock.unlock()
            return false
        }
        answer = value
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(returning: value)
        return true
    }

    func value() async -> Value {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let answer {
                lock.unlock()
                continuation.resume(returning: answer)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}

extension TypingIndicator: CustomTestStringConvertible {
    /// `hidden`, `typing(Alex, Sam)`, `offline`: short enough to read in a failure.
    public var testDescription: String {
        switch self {
        case .hidden: "hidden"
        case .typing(let names): "typing(\(names.joined(separator: ", ")))"
        case .offline: "offline"
        }
    }
}

/// A list of indicators that prints readably in a failed expectation.
struct Shown: Equatable, ExpressibleByArrayLiteral, Sequence, CustomTestStringConvertible {
    private(set) var indicators: [TypingIndicator]

    init(_ indicators: [TypingIndicator]) { self.indicators = indicators }
    init(arrayLiteral indicators: TypingIndicator...) { self.indicators = indicators }

    mutating func append(_ indicator: TypingIndicator) { indicators.append(indicator) }
    func makeIterator() -> IndexingIterator<[TypingIndicator]> { indicators.makeIterator() }

    /// The indicators other than the ones listed, in order.
    func except(_ expected: TypingIndicator...) -> Shown { Shown(indicators.filter { !expected.contains($0) }) }

    var testDescription: String { "[" + indicators.map(\.testDescription).joined(separator: ", ") + "]" }
}

extension TypingEvent: CustomTestStringConvertible {
    public var testDescription: String {
        switch self {
        case .started(let name): "started(\(name))"
        case .stopped(let name): "stopped(\(name))"
        }
    }
}
