/// A kind of small change a good test suite of a GCD or Swift concurrency kata should notice.
/// Each stands for a misconception: code that looks right to someone who believes it, and that
/// only a test written against that belief lets through. The raw value is what a learner reads.
public enum MutationOperator: String, Codable, Sendable, CaseIterable, Comparable {
    /// The work a queue or a dispatch seam was given runs at once, on the caller's thread.
    /// Misconception: "`async` just runs it": a test that never checks *when* (or on which
    /// queue) the work runs passes either way.
    ///
    /// ```swift
    /// queue.async { [weak self] in self?.publish(.empty) }
    /// // becomes
    /// _ = { [weak self] in self?.publish(.empty) }()
    /// ```
    ///
    /// Calls it knows: `async`, `asyncAfter`, `notify(queue:)`, and the katas' own seams,
    /// `dispatch`, `mainAsync`, `backgroundAsync`, `globalAsync`, `schedule`, `perform`,
    /// `addOperation` (``MutantGenerator/dispatchMethods``), each as a whole statement ending in
    /// a closure without parameters (a `$0` of a closure inside it is that closure's);
    /// `x.async(execute: work)` becomes `work()`, with or without the `x.` (a seam's own
    /// forwarding, in a protocol extension). A task group's `group.addTask { body }` runs the body
    /// before the next child is added (the children one after another), and a Combine chain loses
    /// its `.receive(on: scheduler)`.
    case runInPlace = "run-in-place"

    /// The dispatching statement is gone: the work never runs. Misconception: "the test waited,
    /// so the work happened", when the test never looks at the work's result.
    ///
    /// ```swift
    /// dispatcher.dispatch { self.publish(.loaded(messages)) }
    /// // becomes nothing
    /// ```
    case dropDispatch = "drop-dispatch"

    /// The main queue and a global one trade places, `await MainActor.run { body }` runs
    /// `body` where it is, and a `@concurrent` function's body runs on the main actor (what it
    /// does without the attribute when the main actor calls it). Misconception: "it ran, so it
    /// ran on the right queue".
    ///
    /// ```swift
    /// DispatchQueue.main.async { self.label.text = title }
    /// // becomes
    /// DispatchQueue.global().async { self.label.text = title }
    /// ```
    case otherQueue = "other-queue"

    /// `await Task.yield()` before a statement of an actor-isolated `async` function: another
    /// call into the actor may run there. Misconception: "an actor method runs from start to
    /// end alone" (it does only between suspension points).
    ///
    /// ```swift
    /// let download = Task { try await loader.avatar(for: id) }
    /// downloads[id] = download
    /// // becomes
    /// let download = Task { try await loader.avatar(for: id) }
    /// await Task.yield()
    /// downloads[id] = download
    /// ```
    case insertYield = "insert-yield"

    /// A statement next to one that suspends moves to its other side. Misconception: "state
    /// read before an `await` is still true after it" (actor reentrancy, a cancelled load).
    ///
    /// ```swift
    /// currentLoad = load
    /// await load.value
    /// // becomes
    /// await load.value
    /// currentLoad = load
    /// ```
    case moveAcrossAwait = "move-across-await"

    /// Two neighbouring statements trade places: store and announce, state and notify.
    /// Misconception: "order does not matter as long as both happen", when an observer reads
    /// the state it is told about.
    ///
    /// ```swift
    /// currentState = newState
    /// onChange?(newState)
    /// // becomes
    /// onChange?(newState)
    /// currentState = newState
    /// ```
    case swapStatements = "swap-statements"

    /// A call that is a whole statement is gone (`finish()`, `leave()`, `completion(…)`,
    /// `didChangeValue(…)`). Misconception: "the test covers this line because it ran it".
    /// Never `print`, `precondition`, `assert`, `dispatchPrecondition`, `fatalError`.
    ///
    /// ```swift
    /// didChangeValue(forKey: "isFinished")
    /// // becomes nothing
    /// ```
    case deleteCall = "delete-call"

    /// A store that is a whole statement is gone: the state keeps its old value (`state =
    /// .loading`, `count += 1`, `task = nil`, `self?.state = .failed(error)`). Misconception:
    /// "the test saw the right value, so the code stored it", when the value was right before the
    /// store, or the test never looks after the store that undoes the last one.
    ///
    /// ```swift
    /// currentLoad = nil
    /// // becomes nothing
    /// ```
    ///
    /// Any assignment (`=`, `+=`, …) to a name, a member or a subscript; never `_ = …`, which
    /// stores nothing.
    case deleteStore = "delete-store"

    /// A `guard` that binds nothing is gone. Misconception: "the guard is defensive, no test
    /// needs it", when it is what keeps a late reply or a second call out.
    ///
    /// ```swift
    /// guard change == changes else { return }
    /// // becomes nothing
    /// ```
    case removeGuard = "remove-guard"

    /// An early `return` (not the last statement of its function or closure) is gone, and the
    /// code after it runs. Misconception: "the early exit is only an optimization".
    ///
    /// ```swift
    /// if state == .loading { return }
    /// // becomes
    /// if state == .loading {  }
    /// ```
    case removeReturn = "remove-return"

    /// A plain boolean clause of an `if`, `guard` or `while` is negated.
    ///
    /// ```swift
    /// if messages.isEmpty {
    /// // becomes
    /// if !(messages.isEmpty) {
    /// ```
    case negateCondition = "negate-condition"

    /// `<` ↔ `<=`, `>` ↔ `>=` between two operands. Misconception: "the boundary is somebody
    /// else's test" (the last retry, the exact deadline).
    ///
    /// ```swift
    /// } catch PaymentError.gatewayUnavailable where attempt < Self.maxAttempts {
    /// // becomes
    /// } catch PaymentError.gatewayUnavailable where attempt <= Self.maxAttempts {
    /// ```
    case relational = "relational"

    /// An integer literal in code becomes one more, or one less. Misconception: "a test with a
    /// real delay checks the delay" (`.seconds(3)` → `.seconds(4)` passes a test that sleeps 5).
    ///
    /// ```swift
    /// static let maxAttempts = 4
    /// // becomes
    /// static let maxAttempts = 5
    /// ```
    case offByOne = "off-by-one"

    /// The lock is gone: a `lock()`/`unlock()` pair, `withLock { body }`, `queue.sync { body }`
    /// run their body unguarded. Misconception: "a test that passed once proves the lock" (only
    /// a concurrent test, or the thread sanitizer, tells).
    ///
    /// ```swift
    /// lock.lock()
    /// currentState = newState
    /// lock.unlock()
    /// // becomes
    /// currentState = newState
    /// ```
    case dropLock = "drop-lock"

    /// The first statement inside `lock()`…`unlock()` moves after the `unlock()`: a read or a
    /// write outside the lock. Misconception: "the lock is around the function, roughly".
    ///
    /// ```swift
    /// lock.lock()
    /// cancelled = true
    /// let task = _task
    /// lock.unlock()
    /// // becomes
    /// lock.lock()
    /// let task = _task
    /// lock.unlock()
    /// cancelled = true
    /// ```
    case shiftCriticalRegion = "shift-critical-region"

    /// `Task {` ↔ `Task.detached {`: the task loses (or gains) its creator's actor and priority.
    /// Misconception: "a Task is a Task".
    ///
    /// ```swift
    /// let load = Task { await self.load(section) }
    /// // becomes
    /// let load = Task.detached { await self.load(section) }
    /// ```
    case detachTask = "detach-task"

    /// A cancellation check or a cancel is gone: `try Task.checkCancellation()`,
    /// `if Task.isCancelled { … }`, `guard !Task.isCancelled else { … }`, `task?.cancel()`, and
    /// a task group's `addTaskUnlessCancelled` made `addTask`.
    /// Misconception: "cancelling stops the work" (it only marks it; the work must look).
    ///
    /// ```swift
    /// currentLoad?.cancel()
    /// // becomes nothing
    /// ```
    case removeCancellation = "remove-cancellation"

    /// A completion-like call happens twice (`completion(…)`, `handler(…)`, `callback(…)`,
    /// `continuation.resume(…)`, `continuation.yield(…)`, `onChange(…)`, `promise(…)`,
    /// `finish(…)`). Misconception: "an expectation fulfilled means it was called once".
    ///
    /// ```swift
    /// completion(.success(url))
    /// // becomes
    /// completion(.success(url))
    /// completion(.success(url))
    /// ```
    case completeTwice = "complete-twice"

    /// A statement that can throw has its error swallowed: `try x()` becomes `_ = try? x()`, and
    /// the code after it runs as if the call had succeeded. Misconception: "`try?` only silences
    /// a failure nobody cares about", when the failure is the caller's answer, or cancellation: a
    /// cancelled `try? await clock.sleep(for:)` ends at once, and the retry loop carries on.
    ///
    /// ```swift
    /// try await clock.sleep(for: .seconds(2))
    /// // becomes
    /// _ = try? await clock.sleep(for: .seconds(2))
    /// ```
    ///
    /// Only a `try` that is a whole statement, never `try Task.checkCancellation()` (swallowed, it
    /// is `remove-cancellation`), nor the one statement of a body whose value is its result.
    case swallowError = "swallow-error"

    /// When two operators make the identical change at the same place, the one kept is the more
    /// specific: the earlier in this order.
    static let specificity: [MutationOperator] = [
        .removeCancellation, .dropLock, .runInPlace, .dropDispatch, .otherQueue, .detachTask, .insertYield,
        .moveAcrossAwait, .shiftCriticalRegion, .removeGuard, .removeReturn, .completeTwice, .swallowError,
        .negateCondition, .relational, .offByOne, .swapStatements, .deleteCall, .deleteStore,
    ]

    public static func < (lhs: MutationOperator, rhs: MutationOperator) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
