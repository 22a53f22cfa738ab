/// Makes sure each avatar is downloaded once, however many callers ask for it at the same time.
///
/// The chat list, the message bubbles and the profile header all ask for avatars through one
/// shared `AvatarCache`.
actor AvatarCache {
    /// The first caller is downloading; these callers came later and wait for its result.
    private typealias Waiters = [CheckedContinuation<Avatar, any Error>]

    /// Only the downloads in flight: once everyone waiting has the result, the entry has done
    /// its job and goes, so the dictionary does not grow with every user ever seen.
    private var inFlight: [String: Waiters] = [:]
    private let loader: any AvatarLoader

    init(loader: any AvatarLoader = HTTPAvatarLoader()) {
        self.loader = loader
    }

    /// The avatar of `userID`: from the download in flight, or from a new download.
    func avatar(for userID: String) async throws -> Avatar {
        if inFlight[userID] != nil {
            // The closure runs at once, on this actor, before the call suspends: the download is
            // still in flight when the continuation joins it.
            return try await withCheckedThrowingContinuation { continuation in
                inFlight[userID, default: []].append(continuation)
            }
        }
        inFlight[userID] = []
        let result: Result<Avatar, any Error>
        do {
            result = .success(try await loader.avatar(for: userID))
        } catch {
            result = .failure(error)
        }
        finish(userID, with: result)
        return try result.get()
    }

    /// Ends the download in flight and hands its result to everyone who waited for it.
    private func finish(_ userID: String, with result: Result<Avatar, any Error>) {
        guard let waiters = inFlight.removeValue(forKey: userID) else {
            preconditionFailure("\(userID) finished a download it had not started")
        }
        for waiter in waiters {
            waiter.resume(with: result)
        }
    }
}
