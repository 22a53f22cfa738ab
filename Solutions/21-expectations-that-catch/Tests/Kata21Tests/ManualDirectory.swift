import Foundation
import Kata21

/// A directory that answers when the test tells it to.
///
/// `fetchAddresses(in:completion:)` writes the request down, keeps its completion and returns.
/// Nothing comes back until the test answers: the oldest open request, the newest, or every one.
/// Each answer runs the lookup's completion handler on the thread that calls `answer…`, before it
/// returns, so after it the lookup has queued its result on the callback queue.
///
/// `answerAtOnce(with:)` turns it into a directory with the answer at hand: from then on it calls
/// the completion inside `fetchAddresses`, before that returns.
///
/// The test tells requests apart by their order, never by the text of the postcode: how the
/// lookup writes the postcode it sends is its own business.
final class ManualDirectory: AddressDirectory {
    private typealias Completion = (Result<[Address], Error>) -> Void

    private let lock = NSLock()
    private var asked: [String] = []
    private var open: [Completion] = []
    private var answerAtHand: Result<[Address], Error>?

    /// How many times the lookup asked, open or answered.
    var requestCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return asked.count
    }

    /// Requests the test has not answered yet.
    var openRequestCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return open.count
    }

    func fetchAddresses(in postcode: String, completion: @escaping (Result<[Address], Error>) -> Void) {
        lock.lock()
        asked.append(postcode)
        let atOnce = answerAtHand
        if atOnce == nil { open.append(completion) }
        lock.unlock()
        if let atOnce { completion(atOnce) }
    }

    /// From now on, answers every request inside `fetchAddresses`, before it returns.
    func answerAtOnce(with result: Result<[Address], Error>) {
        lock.lock()
        answerAtHand = result
        lock.unlock()
    }

    /// Answers the request made first among those still open. False when none is open.
    @discardableResult
    func answerOldestRequest(with result: Result<[Address], Error>) -> Bool {
        answer(with: result) { $0.removeFirst() }
    }

    /// Answers the request made last among those still open. False when none is open.
    @discardableResult
    func answerNewestRequest(with result: Result<[Address], Error>) -> Bool {
        answer(with: result) { $0.removeLast() }
    }

    /// Answers every open request with `result`, oldest first.
    func answerEveryOpenRequest(with result: Result<[Address], Error>) {
        while answerOldestRequest(with: result) {}
    }

    /// Answers every open request at the same moment, each from a thread of its own, the oldest with
    /// the first of `results`: a directory whose answers arrive together, on threads it chose. Returns
    /// at once; the answers run while it returns, or later.
    func answerEveryOpenRequestAtOnce(with results: [Result<[Address], Error>]) {
        lock.lock()
        let completions = open
        open.removeAll()
        lock.unlock()
        for (completion, result) in zip(completions, results) {
            Thread { completion(result) }.start()
        }
    }

    private func answer(with result: Result<[Address], Error>, taking pick: (inout [Completion]) -> Completion) -> Bool
    {
        lock.lock()
        guard !open.isEmpty else {
            lock.unlock()
            return false
        }
        let completion = pick(&open)
        lock.unlock()
        completion(result)  // outside the lock: the lookup may ask again from inside it
        return true
    }
}

/// The error a directory that cannot be reached hands back.
struct DirectoryDown: Error {}

/// Values recorded from any thread, read by the test after a drain.
final class Recorded<Value> {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        stored.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
