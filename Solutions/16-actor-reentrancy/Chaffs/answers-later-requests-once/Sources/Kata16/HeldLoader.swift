/// A loader the test controls: it writes every request down and holds it until the test
/// releases that user. In an app it would live in a test-support target; here it is in the
/// module, so that the tests can use it.
actor HeldLoader: AvatarLoader {
    /// Every user asked for, in the order the requests arrived.
    private(set) var requests: [String] = []
    private var answers: [String: Result<Avatar, any Error>] = [:]
    private var held: [String: [CheckedContinuation<Avatar, any Error>]] = [:]
    private var arrivalWaiters: [String: [CheckedContinuation<Void, Never>]] = [:]

    init() {}

    /// Writes the request down, then waits until the test releases `userID` (or answers at once
    /// if it has released it and no request has taken that answer yet).
    func avatar(for userID: String) async throws -> Avatar {
        requests.append(userID)
        for waiter in arrivalWaiters.removeValue(forKey: userID) ?? [] {
            waiter.resume()
        }
        // A released answer is for the next request only: after that, requests wait again.
        if let answer = answers.removeValue(forKey: userID) {
            return try answer.get()
        }
        return try await withCheckedThrowingContinuation { request in
            held[userID, default: []].append(request)
        }
    }

    /// Returns once a request for `userID` has arrived: at once if one already has.
    func waitForRequest(for userID: String) async {
        if requests.contains(userID) {
            return
        }
        await withCheckedContinuation { waiter in
            arrivalWaiters[userID, default: []].append(waiter)
        }
    }

    /// Answers every request for `userID` held now with `result`; if none is held, the next
    /// request gets it at once.
    func release(_ userID: String, with result: Result<Avatar, any Error>) {
        let waiting = held.removeValue(forKey: userID) ?? []
        if waiting.isEmpty {
            answers[userID] = result
        }
        for request in waiting {
            request.resume(with: result)
        }
    }
}
