import Foundation

/// A loader the test controls: it writes every request down and holds it until the test
/// releases that user. In an app it would live in a test-support target; here it is in the
/// module, so that the tests can use it.
///
/// This one is a final class that keeps its state behind a lock, and resumes continuations
/// after unlocking. Its methods are `async` only so that they read the same as an actor's.
final class HeldLoader: AvatarLoader, @unchecked Sendable {
    private struct State {
        var requests: [String] = []
        var answers: [String: Result<Avatar, any Error>] = [:]
        var held: [(userID: String, request: CheckedContinuation<Avatar, any Error>)] = []
        var arrivalWaiters: [(userID: String, waiter: CheckedContinuation<Void, Never>)] = []
    }

    private let lock = NSLock()
    private var state = State()

    init() {}

    /// Every user asked for, in the order the requests arrived.
    var requests: [String] {
        get async { locked { $0.requests } }
    }

    /// Writes the request down, then waits until the test releases `userID` (or answers at once
    /// if it already has).
    func avatar(for userID: String) async throws -> Avatar {
        try await withCheckedThrowingContinuation { request in
            let (arrived, answer) = locked {
                state -> ([CheckedContinuation<Void, Never>], Result<Avatar, any Error>?) in
                state.requests.append(userID)
                let arrived = state.arrivalWaiters.filter { $0.userID == userID }.map(\.waiter)
                state.arrivalWaiters.removeAll { $0.userID == userID }
                let answer = state.answers[userID]
                if answer == nil {
                    state.held.append((userID, request))
                }
                return (arrived, answer)
            }
            for waiter in arrived {
                waiter.resume()
            }
            if let answer {
                request.resume(with: answer)
            }
        }
    }

    /// Returns once a request for `userID` has arrived: at once if one already has.
    func waitForRequest(for userID: String) async {
        await withCheckedContinuation { waiter in
            let arrived = locked { state -> Bool in
                if state.requests.contains(userID) {
                    return true
                }
                state.arrivalWaiters.append((userID, waiter))
                return false
            }
            if arrived {
                waiter.resume()
            }
        }
    }

    /// Answers every request for `userID` held now with `result`, and every later one at once,
    /// until the next release of `userID`.
    func release(_ userID: String, with result: Result<Avatar, any Error>) async {
        let released = locked { state -> [CheckedContinuation<Avatar, any Error>] in
            state.answers[userID] = result
            let released = state.held.filter { $0.userID == userID }.map(\.request)
            state.held.removeAll { $0.userID == userID }
            return released
        }
        for request in released {
            request.resume(with: result)
        }
    }

    private func locked<T>(_ body: (inout State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }
}
