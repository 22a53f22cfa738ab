/// A member of the community, as the profile screen shows them.
public struct Profile: Equatable, Sendable {
    public let id: String
    public var name: String
    public var headline: String

    public init(id: String, name: String, headline: String) {
        self.id = id
        self.name = name
        self.headline = headline
    }
}

/// Something a member wrote. A higher `id` is a newer post.
public struct Post: Equatable, Sendable {
    public let id: Int
    public let authorID: String
    public let text: String

    public init(id: Int, authorID: String, text: String) {
        self.id = id
        self.authorID = authorID
        self.text = text
    }
}

public enum ProfileError: Error, Equatable, Sendable {
    /// No profile with this id is stored on the device.
    case notFound(id: String)
}
