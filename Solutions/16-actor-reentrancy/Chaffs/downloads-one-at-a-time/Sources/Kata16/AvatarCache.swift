/// Keeps every avatar the app has downloaded, so that each one is downloaded once, however
/// many callers ask for it at the same time.
///
/// The chat list, the message bubbles and the profile header all ask for avatars through one
/// shared `AvatarCache`.
actor AvatarCache {
    /// One download per user. While it runs, every caller for that user awaits it; once it
    /// has succeeded, the finished task keeps the avatar and `value` returns it at once.
    private var downloads: [String: Task<Avatar, any Error>] = [:]
    private let loader: any AvatarLoader
    /// The download started last; the next one waits for it.
    private var current: Task<Avatar, any Error>?

    init(loader: any AvatarLoader = HTTPAvatarLoader()) {
        self.loader = loader
    }

    /// The avatar of `userID`: the one downloaded before, the one being downloaded now, or a new
    /// download. A failed download is forgotten, so the next call tries again.
    func avatar(for userID: String) async throws -> Avatar {
        if let download = downloads[userID] {
            return try await download.value
        }
        // One download at a time, so that the chat list does not flood the network: a new
        // download starts after the one before it has finished.
        let previous = current
        let loader = self.loader
        let download = Task {
            _ = try? await previous?.value
            return try await loader.avatar(for: userID)
        }
        current = download
        downloads[userID] = download
        do {
            return try await download.value
        } catch {
            downloads[userID] = nil
            throw error
        }
    }
}
