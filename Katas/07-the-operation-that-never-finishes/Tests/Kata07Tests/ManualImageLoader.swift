import Foundation
import Synchronization

@testable import Kata07

/// A loader the test finishes by hand, like a network that answers only when told to.
///
/// `loadImage(from:completion:)` writes the request down, keeps its completion and returns at
/// once. Nothing happens until the test calls `finishOldestRequest(with:)`, so the test decides
/// exactly when a download ends: here, always after `start()` has returned.
///
/// `ManualImageLoader(answeringAtOnceWith:)` is the other extreme, a cache: it calls the
/// completion with that result inside `loadImage`, before `loadImage` (and `start()`) returns.
final class ManualImageLoader: ImageLoading {
    private let lock = NSLock()
    private let answer: Result<Data, Error>?
    private var pending: [(url: URL, completion: (Result<Data, Error>) -> Void)] = []
    private var answered: [(url: URL, completion: (Result<Data, Error>) -> Void)] = []
    private var requested: [URL] = []

    init(answeringAtOnceWith answer: Result<Data, Error>? = nil) {
        self.answer = answer
    }

    /// Every URL asked for so far, oldest first.
    var requestedURLs: [URL] {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }

    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) {
        lock.lock()
        requested.append(url)
        if answer == nil {
            pending.append((url, completion))
        } else {
            answered.append((url, completion))
        }
        lock.unlock()
        if let answer {
            ThreadMark.finishingMoment.run { completion(answer) }
        }
    }

    /// Finishes the oldest request that is still open. Returns false when there is none.
    @discardableResult
    func finishOldestRequest(with result: Result<Data, Error>) -> Bool {
        lock.lock()
        guard !pending.isEmpty else {
            lock.unlock()
            return false
        }
        let request = pending.removeFirst()
        answered.append(request)
        lock.unlock()
        ThreadMark.finishingMoment.run { request.completion(result) }
        return true
    }

    /// Calls the completion of the request answered last a second time, with `result`, as a
    /// buggy loader might (a cache answers, then the network too). Returns false when no request
    /// has been answered yet.
    @discardableResult
    func answerTheLastRequestAgain(with result: Result<Data, Error>) -> Bool {
        lock.lock()
        guard let request = answered.last else {
            lock.unlock()
            return false
        }
        lock.unlock()
        ThreadMark.finishingMoment.run { request.completion(result) }
        return true
    }
}

struct Offline: Error, Equatable {}

/// A value shared between the test and the thread that finishes a download.
final class LockedBox<Value> {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }

    /// Reads and changes the value in one step, under the lock.
    func update(_ change: (inout Value) -> Void) {
        lock.lock()
        change(&stored)
        lock.unlock()
    }
}

/// A mark a thread carries while it runs a piece of code, so that code called from inside it can
/// tell. A hop to another queue runs unmarked.
struct ThreadMark: Sendable {
    /// The moments an operation may finish in: the loader's callback (`ManualImageLoader` calls
    /// every completion inside one) and `start()` (the test calls it inside one).
    static let finishingMoment = ThreadMark(key: "kata07.finishing-moment")
    /// The test's own look at an operation, so that a step it asks whether it is ready does not
    /// take the asking for Foundation's.
    static let testsLook = ThreadMark(key: "kata07.tests-look")

    private let key: String

    var isOnThisThread: Bool { Thread.current.threadDictionary[key] as? Bool ?? false }

    func run<Value>(_ body: () -> Value) -> Value {
        let outer = isOnThisThread
        Thread.current.threadDictionary[key] = true
        defer { Thread.current.threadDictionary[key] = outer }
        return body()
    }
}

/// An operation that depends on a download, as the album's save step does, and looks back at the
/// download each time Foundation asks whether it is ready. Foundation asks the moment the download
/// announces, with `didChangeValue(forKey: "isFinished")`, that it has finished, on the thread
/// that announces it: by then a correct download is finished and no longer executing, and that
/// thread is inside the loader's callback (or `start()`). The test never runs the step.
final class StepThatLooksBack: Operation, @unchecked Sendable {
    private let download: Operation
    private let sawBoth = LockedBox(false)
    /// Whether the first time Foundation asked with the download finished was inside a finishing
    /// moment; nil until then.
    private let firstHeardInsideAMoment = LockedBox<Bool?>(nil)

    init(at download: Operation) {
        self.download = download
        super.init()
    }

    /// True once the step found the download finished and still executing, at one look.
    var sawTheDownloadExecutingAndFinished: Bool { sawBoth.value }

    /// True once Foundation told the step of the finished download on a thread outside the loader's
    /// callback and `start()`: the download finished after them, on another queue.
    var heardTheDownloadFinishOnAnotherThread: Bool { firstHeardInsideAMoment.value == false }

    override var isReady: Bool {
        let ready = super.isReady
        if download.isFinished, download.isExecuting {
            sawBoth.value = true
        }
        if download.isFinished, !ThreadMark.testsLook.isOnThisThread {
            let inside = ThreadMark.finishingMoment.isOnThisThread
            firstHeardInsideAMoment.update { $0 = $0 ?? inside }
        }
        return ready
    }
}

/// A count one thread raises and another polls, with relaxed atomics: unlike a lock or a
/// semaphore, it gives ThreadSanitizer no order between the two threads.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class RelaxedCount: Sendable {
    private let count = Atomic<Int>(0)

    func add() { count.wrappingAdd(1, ordering: .relaxed) }

    /// Polls for at most `seconds`, until the count has reached `target`.
    func waitUntil(atLeast target: Int, seconds: Double) {
        let deadline = DispatchTime.now() + seconds
        while count.load(ordering: .relaxed) < target, DispatchTime.now() < deadline {
            sched_yield()
        }
    }
}
