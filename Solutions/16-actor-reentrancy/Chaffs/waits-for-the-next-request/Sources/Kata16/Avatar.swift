import Foundation

/// A user's profile picture, as the avatar server sends it.
struct Avatar: Equatable, Sendable {
    let userID: String
    let png: Data
}

/// Why the avatar server's answer was not a picture.
enum AvatarError: Error, Equatable {
    case notFound
    case badResponse(statusCode: Int)
}
