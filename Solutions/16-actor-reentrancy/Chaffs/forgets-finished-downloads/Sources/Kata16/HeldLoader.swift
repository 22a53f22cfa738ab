/// A loader the test controls: it writes every request down and holds it until the test
/// releases that user. In an app it would live in a test-support target; here it is in the
/// module, so that the tests can use it.
///
/// This one keeps every request in one list, answered or not, in the order they arrived, and
/// looks things up by scanning it: a basket of a few requests per test needs no dictionaries.
actor HeldLoader: AvatarLoader {
    private struct Request {
        let userID: String
        /// Nil once the request has been answered.
        var waiting: CheckedContinuation<Avatar, any Error>?
    }

    private var all: [Request] = []
    private var answers: [(userID: String, result: Result<Avatar, any Error>)] = []
    private var arrivalWaiters: [(userID: String, waiter: CheckedContinuation<Void, Never>)] = []

    init() {}

    /// Every user asked for, in the order the requests arrived.
    var requests: [String] {
        all.map(\.userID)
    }

    /// Writes the request down, then waits until the test releases `userID` (or answers at once
    /// if it already has).
    func avatar(for userID: String) async throws -> Avatar {
        try await withCheckedThrowingContinuation { request in
            // This closure runs at once, on the actor, before the call suspends.
            let answer = latestAnswer(for: userID)
            all.append(Request(userID: userID, waiting: answer == nil ? request : nil))
            let arrived = arrivalWaiters.filter { $0.userID == userID }
            arrivalWaiters.removeAll { $0.userID == userID }
            for waiter in arrived {
                waiter.waiter.resume()
            }
            if let answer {
                request.resume(with: answer)
            }
        }
    }

    /// Returns once a request for `userID` has arrived: at once if one already has.
    func waitForRequest(for userID: String) async {
        if all.contains(where: { $0.userID == userID }) {
            return
        }
        await withCheckedContinuation { waiter in
            arrivalWaiters.append((userID, waiter))
        }
    }

    /// Answers every request for `userID` held now with `result`, and every later one at once,
    /// until the next release of `userID`.
    func release(_ userID: String, with result: Result<Avatar, any Error>) {
        answers.append((userID, result))
        for index in all.indices where all[index].userID == userID {
            all[index].waiting?.resume(with: result)
            all[index].waiting = nil
        }
    }

    private func latestAnswer(for userID: String) -> Result<Avatar, any Error>? {
        answers.last { $0.userID == userID }?.result
    }
}
