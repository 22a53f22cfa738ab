// The store's completion handlers as `async` functions. Each handler is called exactly once,
// so each continuation is resumed exactly once.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
extension ProfileStore {
    public func currentProfile() async throws -> Profile {
        try await withCheckedThrowingContinuation { continuation in
            fetchCurrentProfile { result in
                continuation.resume(with: result)
            }
        }
    }

    public func profile(id: String) async throws -> Profile {
        try await withCheckedThrowingContinuation { continuation in
            fetchProfile(id: id) { result in
                continuation.resume(with: result)
            }
        }
    }
}
