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
    /// if it already has).
    func avatar(for userID: String) async throws -> Avatar {
        requests.append(userID)
        for waiter in arrivalWaiters.removeValue(forKey: userID) ?? [] {
            waiter.resume()
        }
        if let answer = answers[userID] {
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

    /// Answers every request for `userID` held now with `result`, and every later one at once,
    /// until the next release of `userID`.
    func release(_ userID: String, with result: Result<Avatar, any Error>) {
        answers[userID] = result
        for request in held.removeValue(forKey: userID) ?? [] {
            request.resume(with: result)
        }
    }
}
