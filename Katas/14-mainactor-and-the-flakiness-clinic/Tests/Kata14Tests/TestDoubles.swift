import Dispatch
import Foundation
import Testing

@testable import Kata14

// The doubles the tests use. You don't write them; they only use the seam the README names.

struct ServerDown: Error {}

/// A service that answers at once, from canned headlines per section (or with an error), and
/// writes down which sections were requested.
final class StubHeadlines: HeadlinesService, @unchecked Sendable {
    private let answers: [NewsSection: [Headline]]
    private let error: (any Error)?
    private let lock = NSLock()
    private var requested: [NewsSection] = []

    init(_ answers: [NewsSection: [Headline]]) {
        self.answers = answers
        self.error = nil
    }

    init(error: any Error) {
        self.answers = [:]
        self.error = error
    }

    /// Every section asked for so far, in order.
    var requests: [NewsSection] { locked { requested } }

    func headlines(in section: NewsSection) async throws -> [Headline] {
        locked { requested.append(section) }
        if let error { throw error }
        return answers[section] ?? []
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// A service that answers only when the test says so: a network the test controls.
///
/// `request(for:arrivesDuring:)` waits until the view model has asked for a section;
/// `answer(_:with:)` sends the reply. When the task that made a request is cancelled, the
/// service writes it down in `cancelledRequests` and, with `.honored`, ends the request at once by throwing
/// `CancellationError`. With `.honoredLikeURLSession` it ends it at once as URLSession does, by
/// throwing `URLError(.cancelled)`. With `.ignored`, the request keeps waiting for its answer, like a
/// reply that was already on its way when the reader moved on.
final class ControlledHeadlines: HeadlinesService, @unchecked Sendable {
    enum Cancellation { case honored, honoredLikeURLSession, ignored }

    private struct Request {
        let id: Int
        let section: NewsSection
        var continuation: CheckedContinuation<[Headline], any Error>?
    }

    private let cancellation: Cancellation
    private let lock = NSLock()
    private var lastID = 0
    private var waiting: [Request] = []  // requests with no answer yet, oldest first
    private var cancelledIDs: Set<Int> = []
    private var requested: [NewsSection] = []
    private var cancelled: [NewsSection] = []
    private var unclaimedArrivals: [NewsSection: Int] = [:]
    private var arrivalWaiters: [NewsSection: [FirstAnswer<Bool>]] = [:]

    init(cancellation: Cancellation = .honored) {
        self.cancellation = cancellation
    }

    /// Every section asked for so far, in order.
    var requests: [NewsSection] { locked { requested } }

    /// The section of every request whose task was cancelled while it waited, in order.
    var cancelledRequests: [NewsSection] { locked { cancelled } }

    func headlines(in section: NewsSection) async throws -> [Headline] {
        let id = locked {
            lastID += 1
            return lastID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let (arrival, endAtOnce) = locked { () -> (FirstAnswer<Bool>?, Bool) in
                    requested.append(section)
                    let alreadyCancelled = cancelledIDs.contains(id)
                    if alreadyCancelled { cancelled.append(section) }
                    let endAtOnce = alreadyCancelled && cancellation != .ignored
                    if !endAtOnce {
                        waiting.append(Request(id: id, section: section, continuation: continuation))
                    }
                    if var waiters = arrivalWaiters[section], !waiters.isEmpty {
                        let first = waiters.removeFirst()
                        arrivalWaiters[section] = waiters
                        return (first, endAtOnce)
                    }
                    unclaimedArrivals[section, default: 0] += 1
                    return (nil, endAtOnce)
                }
                arrival?.give(true)
                if endAtOnce { continuation.resume(throwing: cancellationError) }
            }
        } onCancel: {
            let ended = locked { () -> CheckedContinuation<[Headline], any Error>? in
                cancelledIDs.insert(id)
                guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
                cancelled.append(waiting[index].section)
                guard cancellation != .ignored else { return nil }
                return waiting.remove(at: index).continuation
            }
            ended?.resume(throwing: cancellationError)
        }
    }

    /// What a request that was cancelled throws.
    private var cancellationError: any Error {
        cancellation == .honoredLikeURLSession ? URLError(.cancelled) : CancellationError()
    }

    /// Waits until the view model asks for `section` while `call` (the test's task around a view
    /// model method) is still running, and returns true. Returns false if `call` ends first: the
    /// method returned without asking, or left the asking to work it does not wait for. Also
    /// returns false after a second, or if the test is cancelled while it waits: a call that
    /// waits for something before it asks (the old load's reply, which may never come) fails its
    /// test instead of holding the run until its time limit. A passing run is asked in
    /// microseconds and never reaches the bound. Each request is reported once: a second wait for
    /// the same section waits for a second request.
    func request(for section: NewsSection, arrivesDuring call: Task<Void, Never>) async -> Bool {
        let outcome = FirstAnswer<Bool>()
        let alreadyHere = locked { () -> Bool in
            if let count = unclaimedArrivals[section], count > 0 {
                unclaimedArrivals[section] = count - 1
                return true
            }
            arrivalWaiters[section, default: []].append(outcome)
            return false
        }
        if alreadyHere { return true }
        Task {
            await call.value
            outcome.give(false)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { outcome.give(false) }
        return await withTaskCancellationHandler {
            await outcome.value()
        } onCancel: {
            outcome.give(false)
        }
    }

    /// Sends `headlines` to the oldest request for `section` still waiting. Returns false, and
    /// does nothing, if no request for `section` is waiting.
    @discardableResult
    func answer(_ section: NewsSection, with headlines: [Headline]) -> Bool {
        let request = locked { () -> CheckedContinuation<[Headline], any Error>? in
            guard let index = waiting.firstIndex(where: { $0.section == section }) else { return nil }
            return waiting.remove(at: index).continuation
        }
        request?.resume(returning: headlines)
        return request != nil
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// A service on the main actor, as the view model is: the test answers or fails a request from the
/// main actor, and queues a call of its own there right before or after it. The reply reaches the
/// view model after the test's call when the call was queued first; queued after the reply, the
/// call may still come first (the protocol's nonisolated requirement adds a hop). It keeps a
/// cancelled request waiting, like a reply already on its way.
@MainActor
final class MainActorHeadlines: HeadlinesService {
    private(set) var requests: [NewsSection] = []
    private var held: [(section: NewsSection, request: CheckedContinuation<[Headline], any Error>)] = []
    private var unclaimedArrivals: [NewsSection] = []
    private var arrivalWaiters: [(section: NewsSection, outcome: FirstAnswer<Bool>)] = []

    func headlines(in section: NewsSection) async throws -> [Headline] {
        requests.append(section)
        return try await withCheckedThrowingContinuation { request in
            held.append((section, request))
            if let index = arrivalWaiters.firstIndex(where: { $0.section == section }) {
                arrivalWaiters.remove(at: index).outcome.give(true)
            } else {
                unclaimedArrivals.append(section)
            }
        }
    }

    /// Waits until the view model asks for `section`, and returns true; false if it has not asked
    /// within a second. Each request is reported once.
    func request(for section: NewsSection) async -> Bool {
        if let index = unclaimedArrivals.firstIndex(of: section) {
            unclaimedArrivals.remove(at: index)
            return true
        }
        let outcome = FirstAnswer<Bool>()
        arrivalWaiters.append((section, outcome))
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { outcome.give(false) }
        return await outcome.value()
    }

    /// Answers the oldest request for `section` still waiting with `headlines`.
    func answer(_ section: NewsSection, with headlines: [Headline]) {
        reply(section, with: .success(headlines))
    }

    /// Fails the oldest request for `section` still waiting with `ServerDown`.
    func fail(_ section: NewsSection) {
        reply(section, with: .failure(ServerDown()))
    }

    private func reply(_ section: NewsSection, with result: Result<[Headline], any Error>) {
        guard let index = held.firstIndex(where: { $0.section == section }) else { return }
        held.remove(at: index).request.resume(with: result)
    }
}

/// Runs `body` in a task of high priority, with every job of that task and of the tasks it starts
/// (they inherit the priority) queued on the main queue instead of the thread pool, behind the jobs
/// already there: that work then runs one at a time, in the order it was queued, as
/// `withMainSerialExecutor` of swift-concurrency-extras arranges. A hop that would race the test on
/// another thread becomes a turn of the main queue the test can count (`mainQueueTurns(_:)`).
/// Correct code gives the same result either way; it only makes the order of the jobs the same on
/// every run. Work of lower priority (every other test's) keeps its own threads.
@MainActor
func withEveryJobOnTheMainQueue(_ body: @escaping @MainActor () async throws -> Void) async throws {
    enqueueGlobalHook.pointee = { job, original in
        guard job.priority.rawValue >= TaskPriority.high.rawValue else { return original(job) }
        MainActor.shared.enqueue(job)
    }
    defer { enqueueGlobalHook.pointee = nil }
    try await Task(priority: .high) { try await body() }.value
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

/// Waits until `call` has returned, at most a second; records an issue and returns false if it
/// has not. Each test ends by awaiting the calls it started, once it has answered what they asked.
/// A load nobody cancelled may ask the service only after that (late, on a busy machine) and wait
/// for a reply nobody sends: unbounded, that wait would hold the whole run, every test behind it.
@discardableResult
func returned(
    _ call: Task<Void, Never>, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) async -> Bool {
    let outcome = FirstAnswer<Bool>()
    Task {
        await call.value
        outcome.give(true)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + 1) { outcome.give(false) }
    guard await outcome.value() else {
        Issue.record(
            """
            \(what) had not returned a second after the test answered every request it expected: a load \
            is still waiting for a reply nobody will send. Cancel the load the reader left: keep its Task, \
            and call cancel() on it before the next load starts.
            """, sourceLocation: sourceLocation)
        return false
    }
    return true
}

/// The first of several possible answers, handed to whoever waits for it. Later answers are
/// ignored. Lets a test wait for "whichever comes first" without a clock.
final class FirstAnswer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var answer: Value?
    private var waiter: CheckedContinuation<Value, Never>?

    func give(_ value: Value) {
        lock.lock()
        guard answer == nil else {
            lock.unlock()
            return
        }
        answer = value
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(returning: value)
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

/// Everything the screen was told to show, in order, through `onChange`.
@MainActor
final class ScreenRecording {
    private(set) var states: ShownStates = []
    /// What the view model's `state` held at the moment of each call of `onChange`, in order.
    private(set) var heldDuringOnChange: ShownStates = []

    init(of viewModel: HeadlinesViewModel) {
        viewModel.onChange = { [weak self, weak viewModel] state in
            if let viewModel { self?.heldDuringOnChange.append(viewModel.state) }
            // The screen may only change on the main actor. Check that with the queue (or with
            // MainActor.assertIsolated()), never with Thread.isMainThread: under Swift Testing on
            // Linux, main-actor code runs on the main queue but not on the main thread.
            dispatchPrecondition(condition: .onQueue(.main))
            self?.states.append(state)
        }
    }

    /// The message of every failure the screen showed.
    var failuresShown: [String] {
        states.compactMap { if case .failed(let message) = $0 { message } else { nil } }
    }
}

/// A list of screen states that prints readably in a failed expectation.
struct ShownStates: Equatable, ExpressibleByArrayLiteral, Sequence, CustomTestStringConvertible {
    private(set) var states: [HeadlinesState]

    init(_ states: [HeadlinesState]) { self.states = states }
    init(arrayLiteral states: HeadlinesState...) { self.states = states }

    mutating func append(_ state: HeadlinesState) { states.append(state) }
    var last: HeadlinesState? { states.last }
    func makeIterator() -> IndexingIterator<[HeadlinesState]> { states.makeIterator() }

    var testDescription: String { "[" + states.map(\.testDescription).joined(separator: ", ") + "]" }
}

extension HeadlinesState: CustomTestStringConvertible {
    /// `loading`, `Tech's headlines`, `failed("...")`: short enough to read in a failure.
    public var testDescription: String {
        switch self {
        case .idle: "idle"
        case .loading: "loading"
        case .loaded(let headlines): Fixtures.name(of: headlines)
        case .failed(let message): "failed(\"\(message)\")"
        }
    }
}

enum Fixtures {
    private static let morning = Date(timeIntervalSince1970: 1_767_250_800)  // 2026-01-01 07:00 UTC

    private static func headline(_ id: Int, _ title: String, minutesAgo: Int) -> Headline {
        Headline(id: id, title: title, publishedAt: morning.addingTimeInterval(Double(-minutesAgo * 60)))
    }

    // Already arranged (one version of each story, newest first), so the screen shows them as they are.
    static let top = [
        headline(101, "Storm closes the coastal road", minutesAgo: 5),
        headline(102, "City council approves night buses", minutesAgo: 40),
    ]
    static let world = [
        headline(201, "Ceasefire talks resume", minutesAgo: 12),
        headline(202, "Record heat in the southern hemisphere", minutesAgo: 55),
    ]
    static let tech = [
        headline(301, "Chip maker opens a second plant", minutesAgo: 8),
        headline(302, "The phone that folds twice", minutesAgo: 90),
    ]

    static func name(of headlines: [Headline]) -> String {
        switch headlines {
        case top: "Top's headlines"
        case world: "World's headlines"
        case tech: "Tech's headlines"
        default: "\(headlines.count) other headlines"
        }
    }
}
