import Dispatch

/// The on-device store behind the profile screen.
///
/// The sync engine writes into it and the screens read from it. Every read and write runs on the
/// store's private serial queue, so the data is never touched from two threads at once. Results
/// come back through completion handlers, called on that private queue: callers hop to the main
/// queue themselves when they need to.
public final class ProfileStore {
    private let queue = DispatchQueue(label: "com.example.community.profile-store", qos: .userInitiated)
    private let currentUserID: String
    private var profiles: [String: Profile]
    private var posts: [Post]

    public init(currentUserID: String, profiles: [Profile], posts: [Post] = []) {
        self.currentUserID = currentUserID
        self.profiles = Dictionary(profiles.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.posts = posts
    }

    /// The signed-in member's own profile.
    public func fetchCurrentProfile(completion: @escaping (Result<Profile, ProfileError>) -> Void) {
        queue.async {
            completion(self.lookUp(self.currentUserID))
        }
    }

    /// Any member's profile.
    public func fetchProfile(id: String, completion: @escaping (Result<Profile, ProfileError>) -> Void) {
        queue.async {
            completion(self.lookUp(id))
        }
    }

    /// A member's newest posts, newest first, at most `limit` of them.
    public func fetchRecentPosts(
        by authorID: String, limit: Int,
        completion: @escaping (Result<[Post], ProfileError>) -> Void
    ) {
        queue.async {
            guard self.profiles[authorID] != nil else {
                completion(.failure(.notFound(id: authorID)))
                return
            }
            let newestFirst = self.posts
                .filter { $0.authorID == authorID }
                .sorted { $0.id > $1.id }
            completion(.success(Array(newestFirst.prefix(max(0, limit)))))
        }
    }

    /// Called by the sync engine when a profile changed on the server.
    public func save(_ profile: Profile) {
        queue.async {
            self.profiles[profile.id] = profile
        }
    }

    private func lookUp(_ id: String) -> Result<Profile, ProfileError> {
        guard let profile = profiles[id] else { return .failure(.notFound(id: id)) }
        return .success(profile)
    }
}
