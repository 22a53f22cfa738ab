extension ProfileStore {
    /// `fetchRecentPosts(by:limit:completion:)` as a `Future`. A waiting test needs no new
    /// overload for its two arguments: the future looks the same whatever made it.
    /// A member the store does not know has written nothing: that is an empty list, not an error.
    public func recentPosts(by authorID: String, limit: Int) -> Future<[Post]> {
        Future { complete in
            fetchRecentPosts(by: authorID, limit: limit) { result in
                complete(.success((try? result.get()) ?? []))
            }
        }
    }
}
