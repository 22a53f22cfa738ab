/// Keeps every avatar the app has downloaded, so that each one is downloaded once, however
/// many callers ask for it at the same time.
///
/// The chat list, the message bubbles and the profile header all ask for avatars through one
/// shared `AvatarCache`.
actor AvatarCache {
    /// One finished download per user: the finished task keeps the avatar and `value` returns it
    /// at once.
    private var downloads: [String: Task<Avatar, any Error>] = [:]
    private let loader: any AvatarLoader

    init(loader: any AvatarLoader = HTTPAvatarLoader()) {
        self.loader = loader
    }

    /// The avatar of `userID`: the one downloaded before, the one being downloaded now, or a new
    /// download. A failed download is forgotten, so the next call tries again.
    func avatar(for userID: String) async throws -> Avatar {
        if let download = downloads[userID] {
            return try await download.value
        }
        let loader = self.loader
        let download = Task { try await loader.avatar(for: userID) }
        // Stored only once it has succeeded: a failed download never gets into the dictionary,
        // so there is nothing to clean up after a failure.
        let avatar = try await download.value
        downloads[userID] = download
        return avatar
    }
}
