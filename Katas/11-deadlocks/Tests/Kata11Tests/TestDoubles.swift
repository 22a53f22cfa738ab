import Dispatch
import Foundation

@testable import Kata11

struct Offline: Error {}

/// A refresher that writes each request down and holds its completion until the test calls
/// `finish(with:)`. The test calls it on the main queue, where the real refresher answers.
final class HeldRefresher: TokenRefresher, @unchecked Sendable {  // unchecked: the state is behind `lock`
    private let lock = NSLock()
    private var requested: [String] = []
    private var calledOffTheMainQueue = 0
    private var completions: [(Result<String, Error>) -> Void] = []

    /// The refresh token of every request, in order.
    var requests: [String] { lock.withLock { requested } }
    /// How many requests were made from a queue other than the main queue.
    var requestsOffTheMainQueue: Int { lock.withLock { calledOffTheMainQueue } }

    func refresh(refreshToken: String, completion: @escaping (Result<String, Error>) -> Void) {
        let onMain = isOnMainQueue()
        lock.withLock {
            requested.append(refreshToken)
            if !onMain { calledOffTheMainQueue += 1 }
            completions.append(completion)
        }
    }

    /// Answers every request still open.
    func finish(with result: Result<String, Error>) {
        let open = lock.withLock {
            let open = completions
            completions = []
            return open
        }
        for completion in open {
            completion(result)
        }
    }
}

/// A refresher that answers by itself, like the real one: later, on the main queue.
final class MainQueueRefresher: TokenRefresher {
    private let answer: Result<String, Error>
    private(set) var requests: [String] = []

    init(answer: Result<String, Error>) {
        self.answer = answer
    }

    func refresh(refreshToken: String, completion: @escaping (Result<String, Error>) -> Void) {
        requests.append(refreshToken)
        let answer = answer
        DispatchQueue.main.async { completion(answer) }
    }
}

/// A refresher that has its answer at hand, as one with a cache does: it calls the completion at
/// once, inside `refresh`, before it returns. The provider calls it on the main queue, so that is
/// where it answers.
final class ImmediateRefresher: TokenRefresher {
    private let answer: Result<String, Error>
    private(set) var requests: [String] = []

    init(answer: Result<String, Error>) {
        self.answer = answer
    }

    func refresh(refreshToken: String, completion: @escaping (Result<String, Error>) -> Void) {
        requests.append(refreshToken)
        completion(answer)
    }
}

/// What a completion handler received, in a form `#expect` can compare and print.
enum Outcome: Equatable, CustomStringConvertible {
    case token(String)
    case failure(String)

    init(_ result: Result<String, Error>) {
        switch result {
        case .success(let token): self = .token(token)
        case .failure(let error): self = .failure(String(describing: error))
        }
    }

    static let signedOut = Outcome.failure(String(describing: TokenError.signedOut))
    static let offline = Outcome.failure(String(describing: Offline()))

    var description: String {
        switch self {
        case .token(let token): return "token \"\(token)\""
        case .failure(let error): return "error \(error)"
        }
    }
}

/// A completion handler that writes down every call, and whether it ran on the main queue.
final class Deliveries {
    private(set) var outcomes: [Outcome] = []
    private(set) var offMainQueue = 0

    func record(_ result: Result<String, Error>) {
        if !isOnMainQueue() {
            offMainQueue += 1
        }
        outcomes.append(Outcome(result))
    }
}
