import Foundation
import Testing

@testable import Kata16

// Helpers and doubles the tests share. You don't write them; they only use the seam the README
// names: `AvatarLoader`, `AvatarCache(loader:)` and your `HeldLoader`.

/// A loader that answers at once with the fixture avatar of the user asked for.
struct ImmediateLoader: AvatarLoader {
    func avatar(for userID: String) async throws -> Avatar {
        Fixtures.avatar(of: userID)
    }
}

/// Starts `count` calls to `cache.avatar(for: userID)`, each in a task of its own, and returns
/// their handles.
///
/// The tasks are started from inside the cache's actor (this function is isolated to it), and
/// (Swift 6.2 and later) each one starts at once, on the cache, and runs `avatar(for:)` up to its
/// first `await` before the next one is made. So by the time this returns, every call is inside the
/// cache, before anything the test does afterwards gets back into it, such as the first caller
/// coming back with its download: the overlap of the calls with a download in flight happens on
/// every run, not on some. Tasks started from the test itself would reach the cache whenever the
/// thread pool got to them.
func startCalls(
    _ count: Int, for userID: String, on cache: isolated AvatarCache
) -> [Task<Avatar, any Error>] {
    (0..<count).map { _ in
        #if compiler(>=6.2)
            // A plain `Task` made here is queued on the cache and usually starts in the order it
            // was made, but not always: now and then one starts after a task made later.
            if #available(macOS 26, iOS 26, *) {
                return Task.immediate { try await cache.avatar(for: userID) }
            }
        #endif
        return Task { try await cache.avatar(for: userID) }
    }
}

/// Starts one call to `cache.avatar(for: userID)` in a task of its own.
func startCall(for userID: String, on cache: AvatarCache) -> Task<Avatar, any Error> {
    Task { try await cache.avatar(for: userID) }
}

/// Starts `count` requests straight to `loader`, each in a task of its own, and returns their
/// handles.
///
/// Like `startCalls`, it is isolated to the loader's actor and starts each task at once, on the
/// loader: each runs `avatar(for:)` up to its first `await` before the next is made, and before
/// anything the test asks the loader afterwards (`release`, `requests`). So every one of these
/// requests has arrived, and is held or answered, by the time the test's next call to the loader
/// runs.
func startRequests(
    _ count: Int, for userID: String, to loader: isolated HeldLoader
) -> [Task<Avatar, any Error>] {
    (0..<count).map { _ in
        #if compiler(>=6.2)
            if #available(macOS 26, iOS 26, *) {  // see startCalls
                return Task.immediate { try await loader.avatar(for: userID) }
            }
        #endif
        return Task { try await loader.avatar(for: userID) }
    }
}

/// Starts one request straight to `loader`, in a task of its own.
func startRequest(for userID: String, to loader: HeldLoader) -> Task<Avatar, any Error> {
    Task { try await loader.avatar(for: userID) }
}

/// How long a test waits for something a correct solution does in microseconds. A wrong one
/// (a request held forever, a wait that is never woken) then fails the test by an expectation
/// that says what went wrong, within about a second, instead of hanging until the time limit.
let patience = 1.0

/// Waits until `loader` has a request for `userID`, and returns true. Returns false if every one
/// of `calls` ends first (they came back without that request, or it never arrived), or if it has
/// not arrived within `patience`.
func request(
    for userID: String, at loader: HeldLoader, arrivesDuring calls: [Task<Avatar, any Error>]
) async -> Bool {
    let outcome = FirstAnswer<Bool>()
    Task {
        await hasArrived(userID, at: loader)
        outcome.give(true)
    }
    Task {
        for call in calls { _ = await call.result }
        outcome.give(false)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + patience) { outcome.give(false) }
    return await withTaskCancellationHandler {
        await outcome.value()
    } onCancel: {
        outcome.give(false)
    }
}

/// Returns once `loader` has a request for `userID`. It looks in `requests` first, on the loader,
/// and only then calls your `waitForRequest(for:)`, with no `await` in between: so these helpers
/// never depend on `waitForRequest` returning at once for a request that came before it. That
/// promise has a test of its own.
func hasArrived(_ userID: String, at loader: isolated HeldLoader) async {
    if loader.requests.contains(userID) { return }
    await loader.waitForRequest(for: userID)
}

/// Waits until `loader` has a request for `userID`, like `request(for:at:arrivesDuring:)`, but at
/// most `seconds`: returns false if the request has not arrived by then. For the one promise that
/// is about not waiting ("another user's download starts at once"): a passing run is answered in
/// microseconds and never reaches the bound.
func request(
    for userID: String, at loader: HeldLoader, arrivesWithin seconds: Double
) async -> Bool {
    let outcome = FirstAnswer<Bool>()
    Task {
        await hasArrived(userID, at: loader)
        outcome.give(true)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { outcome.give(false) }
    return await withTaskCancellationHandler {
        await outcome.value()
    } onCancel: {
        outcome.give(false)
    }
}

/// Calls `loader.waitForRequest(for: userID)` in a task of its own and, the moment it returns,
/// reads `loader.requests`: the task answers with the requests that had arrived when the wait
/// ended.
///
/// Like `startRequests`, it is isolated to the loader and starts the task at once, on the loader,
/// so it has called `waitForRequest(for:)` (and is waiting, or has returned) before the test's
/// next call to the loader. It runs on the loader, so it reads `requests` in the same step as the
/// wait ends, before any request that arrives later.
func startWaiting(for userID: String, at loader: isolated HeldLoader) -> Task<[String], Never> {
    #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, *) {  // see startCalls
            return Task.immediate {
                await loader.waitForRequest(for: userID)
                return loader.requests
            }
        }
    #endif
    return Task {
        await loader.waitForRequest(for: userID)
        return loader.requests
    }
}

/// What a `startWaiting` task answered, or nil if it has not answered within `patience`.
func requestsSeen(by waiting: Task<[String], Never>) async -> [String]? {
    let outcome = FirstAnswer<[String]?>()
    Task { outcome.give(await waiting.value) }
    DispatchQueue.global().asyncAfter(deadline: .now() + patience) { outcome.give(nil) }
    return await withTaskCancellationHandler {
        await outcome.value()
    } onCancel: {
        outcome.give(nil)
    }
}

/// How `call` ended, or nil if it has not ended by `deadline` (`patience` from now unless told):
/// a call that never comes back fails the test instead of hanging it.
func outcome(
    of call: Task<Avatar, any Error>, by deadline: DispatchTime = .now() + patience
) async -> Result<Avatar, any Error>? {
    let outcome = FirstAnswer<Result<Avatar, any Error>?>()
    Task { outcome.give(await call.result) }
    DispatchQueue.global().asyncAfter(deadline: deadline) { outcome.give(nil) }
    return await withTaskCancellationHandler {
        await outcome.value()
    } onCancel: {
        outcome.give(nil)
    }
}

/// How each of `calls` ended, in order; nil for a call that had not ended within `patience`
/// (one second for all of them, not one each).
func outcomes(of calls: [Task<Avatar, any Error>]) async -> [Result<Avatar, any Error>?] {
    let deadline = DispatchTime.now() + patience
    var results: [Result<Avatar, any Error>?] = []
    for call in calls {
        results.append(await outcome(of: call, by: deadline))
    }
    return results
}

/// The first of several possible answers, handed to whoever waits for it. Later answers are
/// ignored. Lets a test wait for "whichever comes first" without a clock.
final class FirstAnswer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var answer: Value?
    private var answered = false
    private var waiter: CheckedContinuation<Value, Never>?

    func give(_ value: Value) {
        lock.lock()
        guard !answered else {
            lock.unlock()
            return
        }
        answered = true
        answer = value
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(returning: value)
    }

    func value() async -> Value {
        await withCheckedContinuation { continuation in
            lock.lock()
            if answered, let answer {
                lock.unlock()
                continuation.resume(returning: answer)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}

/// Reads an outcome in a failed expectation: `ada's avatar`, `threw notFound`, `no answer`.
func describe(_ outcome: Result<Avatar, any Error>?) -> String {
    switch outcome {
    case nil: "no answer (still waiting after a second)"
    case .success(let avatar): avatar.testDescription
    case .failure(let error): "threw \(error)"
    }
}

func describe(_ outcomes: [Result<Avatar, any Error>?]) -> String {
    "[" + outcomes.map(describe).joined(separator: ", ") + "]"
}

extension Avatar: CustomTestStringConvertible {
    public var testDescription: String {
        if self == Fixtures.avatar(of: userID) { return "\(userID)'s avatar" }
        if self == Fixtures.adaNewPicture { return "ada's new picture" }
        return "an avatar for \(userID) with \(png.count) bytes"
    }
}

enum Fixtures {
    static let ada = avatar(of: "ada")
    static let grace = avatar(of: "grace")
    /// Another picture of ada, for a second release that must not reach requests the first one
    /// answered.
    static let adaNewPicture = Avatar(userID: "ada", png: Data([0x89, 0x50, 0x4E, 0x47, 0x02]))

    /// A small, distinct picture per user (the bytes start like a PNG file).
    static func avatar(of userID: String) -> Avatar {
        Avatar(userID: userID, png: Data([0x89, 0x50, 0x4E, 0x47] + Array(userID.utf8)))
    }
}
