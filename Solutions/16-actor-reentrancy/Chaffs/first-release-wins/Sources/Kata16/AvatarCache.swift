/// Keeps every avatar the app has downloaded, so that each one is downloaded once, however
/// many callers ask for it at the same time.
///
/// The chat list, the message bubbles and the profile header all ask for avatars through one
/// shared `AvatarCache`.
actor AvatarCache {
    private enum Entry {
        /// The first caller is downloading; these callers came later and wait for its result.
        case loading(waiters: [CheckedContinuation<Avatar, any Error>])
        case loaded(Avatar)
    }

    private var entries: [String: Entry] = [:]
    private let loader: any AvatarLoader

    init(loader: any AvatarLoader = HTTPAvatarLoader()) {
        self.loader = loader
    }

    /// The avatar of `userID`: from memory, from the download in flight, or from a new
    /// download. A failed download is forgotten, so the next call tries again.
    func avatar(for userID: String) async throws -> Avatar {
        switch entries[userID] {
        case .loaded(let avatar):
            return avatar
        case .loading:
            // The closure runs at once, on this actor, before the call suspends: the entry is
            // still `.loading` when the continuation joins it.
            return try await withCheckedThrowingContinuation { continuation in
                wait(for: userID, with: continuation)
            }
        case nil:
            entries[userID] = .loading(waiters: [])
            let result: Result<Avatar, any Error>
            do {
                result = .success(try await loader.avatar(for: userID))
            } catch {
                result = .failure(error)
            }
            finish(userID, with: result)
            return try result.get()
        }
    }

    private func wait(for userID: String, with continuation: CheckedContinuation<Avatar, any Error>) {
        guard case .loading(let waiters) = entries[userID] else {
            preconditionFailure("\(userID) is not loading: a waiter can only join a download in flight")
        }
        entries[userID] = .loading(waiters: waiters + [continuation])
    }

    /// Stores the avatar (or forgets the failed download) before anyone hears the result, so
    /// that a caller who comes back and asks again finds the cache up to date.
    private func finish(_ userID: String, with result: Result<Avatar, any Error>) {
        guard case .loading(let waiters) = entries[userID] else {
            preconditionFailure("\(userID) finished a download it had not started")
        }
        switch result {
        case .success(let avatar): entries[userID] = .loaded(avatar)
        case .failure: entries[userID] = nil
        }
        for waiter in waiters {
            waiter.resume(with: result)
        }
    }
}
