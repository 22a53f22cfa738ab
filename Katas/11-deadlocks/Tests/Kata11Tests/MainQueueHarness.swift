import Dispatch
import Foundation
import Testing

// Every test that runs the provider or the screen runs it inside an exit test:
// `#expect(processExitsWith:)` starts a child process and runs the body there.
//
// - If the code still calls `DispatchQueue.main.sync` on the main queue, the child dies with
//   a trap (SIGILL on x86_64, SIGTRAP on arm64) and that one test fails, instead of the whole test run.
// - If the code blocks the main queue and waits for it (a semaphore), the child would hang
//   forever. A watchdog ends it after `watchdogSeconds` with `frozeExitCode`. The watchdog only
//   fires when the code deadlocks: a passing test ends in milliseconds and never waits for it.
//
// Expectations that fail inside the child are reported by the parent, like in any other test.

/// The exit code of a child process that the watchdog ended.
let frozeExitCode: CInt = 86

/// The exit code ThreadSanitizer gives a process in which it saw a data race. In an exit test the
/// child's output stays in the child, so its report never reaches you: this code is the sign.
let raceExitCode: CInt = 66

/// What a failing exit test says about `raceExitCode`, after its own words on traps and freezes.
let raceInTheChild = """
    Exit code \(raceExitCode): ThreadSanitizer saw a data race in the child (its report stays there): \
    a value goes from one thread to another with nothing ordering the two, such as a write after \
    the signal or leave() that lets the waiting thread go.
    """
let watchdogSeconds = 2

/// Tags the main queue once, the first time it is used.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// True when the caller runs on the main queue. Unlike `dispatchPrecondition`, it does not crash.
/// (Do not use `Thread.isMainThread` for this: under Swift Testing on Linux, the main queue does
/// not run on the main thread.)
func isOnMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) == true
}

/// Ends this process with `frozeExitCode` if it is still running after `seconds`, and records
/// `frozen` (or a general word on deadlocks) first.
func startWatchdog(
    after seconds: Int = watchdogSeconds, frozen: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) {
        Issue.record(
            frozen
                ?? """
                Still running after \(seconds) seconds: a deadlock. The main queue is blocked, \
                waiting for something that can only run on the main queue. Look for `semaphore.wait()` \
                or `DispatchQueue.main.sync` on a path that runs on the main queue.
                """, sourceLocation: sourceLocation)
        exit(frozeExitCode)
    }
}

/// Runs `scenario` on the main queue, the way the app's UI code runs. Use it inside an exit test.
/// A test whose correct code ends at once may pass a shorter watchdog and its own message.
func onTheMainQueue(
    watchdog seconds: Int = watchdogSeconds,
    frozen: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ scenario: @MainActor () async -> Void
) async {
    startWatchdog(after: seconds, frozen: frozen, sourceLocation: sourceLocation)
    await scenario()
}

/// Runs `work` on a global queue, the way the API client calls the provider from its own queue,
/// and suspends (without blocking any queue) until it returns. Use it inside an exit test.
func onABackgroundQueue<T>(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ work: @escaping () -> T
) async -> T {
    startWatchdog(sourceLocation: sourceLocation)
    return await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}

/// A call run on a global queue, the way the API client calls the provider from its own queue. It
/// starts as soon as a thread of the queue is free. The test can look whether it has started
/// (`hasStarted`) or returned (`outcome`), without blocking, and suspend until it has returned
/// (`value`). Use it inside an exit test: it starts the watchdog.
final class BackgroundCall<T>: @unchecked Sendable {  // unchecked: the state is behind `lock`
    private let lock = NSLock()
    private var started = false
    private var returned: T?
    private var waiting: CheckedContinuation<T, Never>?

    init(sourceLocation: SourceLocation = #_sourceLocation, _ work: @escaping () -> T) {
        startWatchdog(sourceLocation: sourceLocation)
        DispatchQueue.global().async {
            self.lock.lock()
            self.started = true
            self.lock.unlock()
            self.finish(work())
        }
    }

    /// Whether a thread of the global queue has begun the call. A busy machine may take a while to
    /// give it one, in a child process that has just started: a test counts turns of the main
    /// queue from here, not from `init`.
    var hasStarted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return started
    }

    /// What the call returned, or nil while it is still running (or blocked).
    var outcome: T? {
        lock.lock()
        defer { lock.unlock() }
        return returned
    }

    /// What the call returned, once it has.
    var value: T {
        get async {
            await withCheckedContinuation { continuation in
                lock.lock()
                if let returned {
                    lock.unlock()
                    continuation.resume(returning: returned)
                } else {
                    waiting = continuation
                    lock.unlock()
                }
            }
        }
    }

    private func finish(_ value: T) {
        lock.lock()
        returned = value
        let waiter = waiting
        waiting = nil
        lock.unlock()
        waiter?.resume(returning: value)
    }
}

/// Lets the main queue run what is queued on it, and what that work queues in turn, by
/// suspending this main-actor code for a few turns of the queue. No clock is involved: each
/// turn is one block queued behind the others.
@MainActor
func letTheMainQueueRun(turns: Int = 10) async {
    for _ in 0..<turns {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }
}
