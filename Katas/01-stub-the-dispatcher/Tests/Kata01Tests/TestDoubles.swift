import Foundation

@testable import Kata01

// Test doubles written against the seam the README names. You don't have to write these:
// read them to see why the tests no longer wait.

/// The synchronous stub: runs the work right away, on the caller's thread.
/// When `dispatch` returns, the work is done, so a test can check the result at once.
struct ImmediateDispatcher: Dispatching {
    func dispatch(_ work: @escaping () -> Void) {
        work()
    }
}

/// Keeps the work instead of running it, until the test calls `runHeldWork()`.
/// Lets a test look at the moment between "load() returned" and "the work ran".
final class HoldingDispatcher: Dispatching {
    private(set) var heldWork: [() -> Void] = []

    func dispatch(_ work: @escaping () -> Void) {
        heldWork.append(work)
    }

    func runHeldWork() {
        let work = heldWork
        heldWork = []
        for item in work { item() }
    }
}

/// A message source with canned answers, and a count of how often it was asked. A test may
/// change the answer between two loads (the cache was rewritten, or became unreadable).
final class StubMessageSource: MessageSource {
    struct CacheUnreadable: Error {}

    var messages: [Message]
    var fails: Bool
    private(set) var fetchCount = 0

    /// A source whose cache holds these messages.
    init(messages: [Message]) {
        self.messages = messages
        self.fails = false
    }

    /// A source whose cache cannot be read.
    static func failing() -> StubMessageSource {
        StubMessageSource(messages: [], fails: true)
    }

    private init(messages: [Message], fails: Bool) {
        self.messages = messages
        self.fails = fails
    }

    func fetchMessages() throws -> [Message] {
        fetchCount += 1
        if fails { throw CacheUnreadable() }
        return messages
    }
}

/// A message source that notes which of some named queues it was called on, if any.
final class QueueCheckingSource: MessageSource {
    // One key for the whole test run: a queue like .main outlives any single test.
    private static let key = DispatchSpecificKey<String>()
    private let messages: [Message]
    // fetchMessages() runs on a background queue and the test reads fetchedOn from its own
    // thread: the lock keeps the double free of data races.
    private let lock = NSLock()
    private var queueName: String?

    /// The name of the watched queue `fetchMessages()` ran on; nil if it ran on none of them.
    var fetchedOn: String? {
        lock.lock()
        defer { lock.unlock() }
        return queueName
    }

    init(messages: [Message], watching queues: [String: DispatchQueue]) {
        self.messages = messages
        for (name, queue) in queues {
            queue.setSpecific(key: Self.key, value: name)
        }
    }

    func fetchMessages() throws -> [Message] {
        let name = DispatchQueue.getSpecific(key: Self.key)
        lock.lock()
        queueName = name
        lock.unlock()
        return messages
    }
}

/// Resumes a continuation once, with whichever answer comes first: the result the code
/// publishes or the test's give-up after a second. Later answers are ignored.
final class ResumeOnce<Value> {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, Never>?

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = continuation
    }

    func resume(returning value: Value) {
        lock.lock()
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: value)
    }
}

extension Message {
    static let lunchPoll = Message(
        id: 1, sender: "Dana", subject: "Lunch on Friday?",
        sentAt: Date(timeIntervalSince1970: 1_700_000_000), isUnread: false)
    static let standupMoved = Message(
        id: 2, sender: "Priya", subject: "Stand-up moves to 10:30",
        sentAt: Date(timeIntervalSince1970: 1_700_003_600), isUnread: true)
    static let lunchPollReminder = Message(
        id: 3, sender: "Dana", subject: "Reminder: vote in the lunch poll",
        sentAt: Date(timeIntervalSince1970: 1_700_000_000), isUnread: true)
}
