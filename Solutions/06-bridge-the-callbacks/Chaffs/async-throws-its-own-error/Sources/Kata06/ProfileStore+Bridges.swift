extension ProfileStore {
    /// `fetchRecentPosts(by:limit:completion:)` as a `Future`; the fetch starts at once.
    func recentPosts(by authorID: String, limit: Int) -> Future<[Post]> {
        Future { complete in
            fetchRecentPosts(by: authorID, limit: limit) { result in
                switch result {
                case .success(let posts): complete(.success(posts))
                case .failure(let error): complete(.failure(error))
                }
            }
        }
    }
}

/// What the `async` functions throw when the store has no such profile: `async` callers get one
/// error of their own instead of the store's completion-handler type.
struct ProfileNotFound: Error, Equatable {}

// The store's completion handlers as `async` functions, through one private bridge.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension ProfileStore {
    func currentProfile() async throws -> Profile {
        try await bridge(fetchCurrentProfile)
    }

    func profile(id: String) async throws -> Profile {
        try await bridge { fetchProfile(id: id, completion: $0) }
    }

    /// Each handler is called exactly once, so each continuation is resumed exactly once.
    private func bridge(
        _ fetch: (@escaping (Result<Profile, ProfileError>) -> Void) -> Void
    ) async throws -> Profile {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Profile, Error>) in
            fetch { result in
                switch result {
                case .success(let profile): continuation.resume(returning: profile)
                case .failure: continuation.resume(throwing: ProfileNotFound())
                }
            }
        }
    }
}
