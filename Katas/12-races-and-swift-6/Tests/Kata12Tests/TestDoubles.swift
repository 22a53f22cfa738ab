import Dispatch
import Foundation
import Kata12
import Testing

/// A dispatcher that makes work items race for real.
///
/// `dispatch` only writes the work down. `runAllAtOnce()` then deals the held items out to
/// four threads of its own, lets all four go at the same moment, and returns when every item
/// has run. Nothing orders one thread's items before another's: exactly what a data race
/// needs, and what ThreadSanitizer needs to see one. (`DispatchQueue.concurrentPerform` is
/// not enough: it may run every item on the calling thread before a second thread joins in.)
final class ParallelDispatcher: Dispatching, @unchecked Sendable {
    // @unchecked: `held` is only touched while `lock` is held.
    private let lock = NSLock()
    private var held: [@Sendable () -> Void] = []

    static let threadCount = 4

    func dispatch(_ work: @escaping @Sendable () -> Void) {
        lock.lock()
        held.append(work)
        lock.unlock()
    }

    /// How many work items are waiting to run.
    var heldCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return held.count
    }

    /// Runs every held work item on four threads at once and returns when all have finished.
    /// Work dispatched while they run is run too, in a next round.
    func runAllAtOnce(sourceLocation: SourceLocation = #_sourceLocation) {
        while true {
            lock.lock()
            let batch = held
            held.removeAll()
            lock.unlock()
            if batch.isEmpty { return }

            let threads = Self.threadCount
            let ready = DispatchSemaphore(value: 0)
            let go = DispatchSemaphore(value: 0)
            let finished = DispatchGroup()
            for first in 0..<threads {
                // Each thread's share is picked before the start, so the threads do nothing
                // but run work once they are let go.
                let share = stride(from: first, to: batch.count, by: threads).map { batch[$0] }
                finished.enter()
                Thread {
                    ready.signal()
                    go.wait()  // the starting gate: nobody runs before everybody is there
                    for work in share { work() }
                    finished.leave()
                }.start()
            }
            for _ in 0..<threads { ready.wait() }
            for _ in 0..<threads { go.signal() }

            // A watchdog, not a wait: the work takes microseconds. It only fires when a work
            // item never returns, and turns a hung test run into a failure you can read.
            if finished.wait(timeout: .now() + .seconds(1)) == .timedOut {
                Issue.record(
                    """
                    Uploads were still running after 1 second: a work item is stuck. Look for a \
                    lock that is taken and never released, or a queue.sync onto a queue that is \
                    already busy running the caller.
                    """,
                    sourceLocation: sourceLocation)
                return
            }
        }
    }
}

/// A dispatcher that holds every work item until the test runs it, on the test's own thread, in
/// the order the test picks.
///
/// With it a test decides which upload finishes last (the last photo's, or the first one's), or
/// lets one backup finish while another backup's uploads still wait. Each `run…` method returns
/// when the items it ran have returned.
final class HeldDispatcher: Dispatching, @unchecked Sendable {
    // @unchecked: `held` is only touched while `lock` is held.
    private let lock = NSLock()
    private var held: [@Sendable () -> Void] = []

    func dispatch(_ work: @escaping @Sendable () -> Void) {
        lock.lock()
        held.append(work)
        lock.unlock()
    }

    /// How many work items are waiting to run.
    var heldCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return held.count
    }

    /// Runs the `count` items handed over first, oldest first.
    func runOldest(_ count: Int) {
        lock.lock()
        let batch = Array(held.prefix(count))
        held.removeFirst(batch.count)
        lock.unlock()
        for work in batch { work() }
    }

    /// Runs every held item, the one handed over last first.
    func runAllNewestFirst() {
        lock.lock()
        let batch = held
        held.removeAll()
        lock.unlock()
        for work in batch.reversed() { work() }
    }
}

/// A dispatcher that runs each work item at once, inside `dispatch`, on the caller's thread: the
/// kind of stub kata 01 builds. `Dispatching` does not promise "later".
struct InlineDispatcher: Dispatching {
    func dispatch(_ work: @escaping @Sendable () -> Void) {
        work()
    }
}

/// Uploads instantly, on the calling thread, and rejects the photos it was told to reject.
struct FakeUploader: PhotoUploading {
    struct Rejected: Error {}

    var rejecting: Set<String> = []

    func upload(_ photo: Photo) throws {
        if rejecting.contains(photo.id) { throw Rejected() }
    }
}

/// A slow server that keeps the ids it received in a plain array, with no lock of its own.
///
/// Each upload takes its time: before and after it stores the photo, it waits until the app's
/// global queue has run what was queued on it before (the queue a completion may be sent to).
/// Time measured in turns of that queue, not on a clock: a completion already on its way runs
/// while the upload is still going.
///
/// `@unchecked` on purpose: `stored` has no lock. The test runs the uploads one after another on
/// one thread, and `backUp` calls its completion after the last upload has returned, so the
/// completion may read `stored` without one. A completion that runs while an upload is still
/// going reads `stored` unordered with that upload's write: ThreadSanitizer (which
/// `kata check 12` runs) reports the race, whatever the completion happened to see.
final class SlowUnguardedServer: PhotoUploading, @unchecked Sendable {
    private(set) var stored: [String] = []

    func upload(_ photo: Photo) throws {
        Self.letTheGlobalQueueRun()
        stored.append(photo.id)
        Self.letTheGlobalQueueRun()
    }

    /// Returns once a block queued now on the global queue has run (at most 1 second).
    private static func letTheGlobalQueueRun() {
        let turn = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { turn.signal() }
        _ = turn.wait(timeout: .now() + .seconds(1))
    }
}

/// What a completion saw, kept under a lock for the test to read after the wait.
final class Seen: @unchecked Sendable {
    // @unchecked: `values` is only touched while `lock` is held.
    private let lock = NSLock()
    private var values: [[String]] = []

    func record(_ value: [String]) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }

    var stored: [[String]] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}

/// Collects the reports of one or more backups and lets an async test wait for them.
///
/// `reports()` returns the moment the last expected completion has been called: no clock on
/// the way. A watchdog ends the wait after 1 second, so a backup that never calls its
/// completion fails the test with a message instead of hanging the whole run.
final class ReportCollector: @unchecked Sendable {
    // @unchecked: every stored `var` is only touched while `lock` is held.
    private let lock = NSLock()
    private let expected: Int
    private var received: [Int: BackupReport] = [:]
    private var extraCalls = 0
    private var waiter: CheckedContinuation<Void, Never>?
    private var done = false
    private var timedOut = false
    /// Signalled once every expected report is in; lets the watchdog thread end early.
    private let finished = DispatchSemaphore(value: 0)
    /// Signalled once, by the first completion called.
    private let firstCall = DispatchSemaphore(value: 0)

    init(expecting expected: Int = 1) {
        self.expected = expected
    }

    /// How many completions have been called so far, without waiting for any.
    var callsSoFar: Int {
        lock.lock()
        defer { lock.unlock() }
        return received.count + extraCalls
    }

    /// The completion to hand to backup number `index`.
    func completion(for index: Int = 0) -> @Sendable (BackupReport) -> Void {
        { report in self.receive(report, from: index) }
    }

    /// Waits for every expected report; records an issue for a missing or repeated completion.
    func reports(sourceLocation: SourceLocation = #_sourceLocation) async -> [Int: BackupReport] {
        await withCheckedContinuation { continuation in
            park(continuation)
            // The watchdog has a thread of its own: when stuck uploads have taken every thread
            // GCD will give out, a block on a queue would never get to run.
            let finished = self.finished
            Thread {
                if finished.wait(timeout: .now() + .seconds(1)) == .timedOut {
                    self.finish(timedOut: true)
                }
            }.start()
        }
        let (received, extraCalls, timedOut) = snapshot()
        if timedOut {
            Issue.record(
                """
                Waited 1 second for \(expected) report(s) and got \(received.count). backUp must \
                call its completion exactly once, after the last upload (for an empty batch: before \
                backUp returns).
                """,
                sourceLocation: sourceLocation)
        }
        if extraCalls > 0 {
            Issue.record(
                "backUp called its completion more than once. It must call it exactly once, after the last upload.",
                sourceLocation: sourceLocation)
        }
        return received
    }

    /// Whether a completion has been called within `seconds`, without recording anything when
    /// none has: for a test that gives the backup a moment to report early, then lets it go on.
    /// Like the watchdog of `reports()`, the wait has a thread of its own.
    func hasReported(within seconds: Double) async -> Bool {
        let firstCall = self.firstCall
        return await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: firstCall.wait(timeout: .now() + seconds) == .success) }.start()
        }
    }

    /// The one report, when one backup was started.
    func report(sourceLocation: SourceLocation = #_sourceLocation) async -> BackupReport? {
        await reports(sourceLocation: sourceLocation)[0]
    }

    /// Keeps the continuation until the last report arrives; resumes it at once if it did.
    private func park(_ continuation: CheckedContinuation<Void, Never>) {
        lock.lock()
        if done {
            lock.unlock()
            continuation.resume()
            return
        }
        waiter = continuation
        lock.unlock()
    }

    private func snapshot() -> (received: [Int: BackupReport], extraCalls: Int, timedOut: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (received, extraCalls, timedOut)
    }

    private func receive(_ report: BackupReport, from index: Int) {
        lock.lock()
        if received[index] == nil {
            received[index] = report
        } else {
            extraCalls += 1
        }
        let complete = received.count == expected
        let isFirst = received.count + extraCalls == 1
        lock.unlock()
        if isFirst { firstCall.signal() }
        if complete { finish(timedOut: false) }
    }

    private func finish(timedOut: Bool) {
        lock.lock()
        if done {
            lock.unlock()
            return
        }
        done = true
        self.timedOut = timedOut
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        finished.signal()
        waiter?.resume()
    }
}

enum Fixtures {
    /// `count` photos with ids `"<prefix>-0"`, `"<prefix>-1"`, …
    static func photos(_ prefix: String, count: Int) -> [Photo] {
        (0..<count).map { Photo(id: "\(prefix)-\($0)") }
    }
}
