import Foundation

/// Holds back every task that `body` starts on the calling thread (`Task { … }` in an upload's
/// work, run at once by `InlineDispatcher`), until `release()`. Tasks started anywhere else, such
/// as in a `DispatchGroup`'s `notify` block on a global queue, run as usual.
///
/// This is how a test shows that the report waits for work the uploads started, in every run:
/// a report made before that work has run comes up short, here always, where on a quiet machine
/// the work usually wins the race. Correct code has nothing held (it counts in the work itself),
/// or waits for what is held until `release()`.
///
/// It works through the Swift runtime's hook for tasks sent to the global executor, the hook
/// swift-concurrency-extras' `withMainSerialExecutor` uses.
final class HeldTasks: @unchecked Sendable {
    /// Runs `body`, holding back the tasks it starts on this thread.
    static func hold(whileRunning body: () -> Void) -> HeldTasks {
        HeldJobs.startHolding()
        body()
        HeldJobs.stopHolding()
        return HeldTasks()
    }

    /// Whether `body` started any task: each one is still waiting to run.
    var isHoldingAny: Bool { HeldJobs.count > 0 }

    /// Lets every held task run, in the order they were started.
    func release() { HeldJobs.releaseAll() }
}

// @convention(thin) functions capture nothing, so the hook's state is global, behind `lock`.
private enum HeldJobs {
    typealias OriginalEnqueue = @convention(thin) (UnownedJob) -> Void
    typealias EnqueueHook = @convention(thin) (UnownedJob, OriginalEnqueue) -> Void

    nonisolated(unsafe) static let hook = dlsym(dlopen(nil, 0), "swift_task_enqueueGlobal_hook")!
        .assumingMemoryBound(to: EnqueueHook?.self)
    static let lock = NSLock()
    nonisolated(unsafe) static var holdingThread: pthread_t?
    nonisolated(unsafe) static var held: [(job: UnownedJob, enqueue: OriginalEnqueue)] = []

    static var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return held.count
    }

    static func startHolding() {
        lock.lock()
        holdingThread = pthread_self()
        lock.unlock()
        hook.pointee = { job, original in
            HeldJobs.lock.lock()
            if let thread = HeldJobs.holdingThread, pthread_equal(thread, pthread_self()) != 0 {
                HeldJobs.held.append((job, original))
                HeldJobs.lock.unlock()
                return
            }
            HeldJobs.lock.unlock()
            original(job)
        }
    }

    static func stopHolding() {
        lock.lock()
        holdingThread = nil
        lock.unlock()
    }

    static func releaseAll() {
        lock.lock()
        let jobs = held
        held = []
        lock.unlock()
        for (job, enqueue) in jobs { enqueue(job) }
    }
}
