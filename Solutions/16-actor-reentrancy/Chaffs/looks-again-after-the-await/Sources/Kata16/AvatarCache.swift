/// Keeps every avatar the app has downloaded, so that each one is downloaded once, however
/// many callers ask for it at the same time.
///
/// The chat list, the message bubbles and the profile header all ask for avatars through one
/// shared `AvatarCache`.
actor AvatarCache {
    private var avatars: [String: Avatar] = [:]
    private let loader: any AvatarLoader

    init(loader: any AvatarLoader = HTTPAvatarLoader()) {
        self.loader = loader
    }

    /// The avatar of `userID`: from memory when it was downloaded before, else from the loader.
    /// A failed download stores nothing, so the next call tries again.
    func avatar(for userID: String) async throws -> Avatar {
        if let avatar = avatars[userID] {
            return avatar
        }
        let avatar = try await loader.avatar(for: userID)
        // State read before an `await` may be different after it, so look again: if another
        // call stored this avatar while we waited, everyone gets that one.
        if let stored = avatars[userID] {
            return stored
        }
        avatars[userID] = avatar
        return avatar
    }
}
