extension ProfileStore {
    /// `fetchRecentPosts(by:limit:completion:)` as a `Future`. A waiting test needs no new
    /// overload for its two arguments: the future looks the same whatever made it.
    public func recentPosts(by authorID: String, limit: Int) -> Future<[Post]> {
        Future { complete in
            fetchRecentPosts(by: authorID, limit: limit) { result in
                complete(result.mapError { $0 })
            }
        }
    }
}
