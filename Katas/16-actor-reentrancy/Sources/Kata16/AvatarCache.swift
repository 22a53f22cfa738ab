import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Keeps every avatar the app has downloaded, so that each one is downloaded once.
///
/// The chat list, the message bubbles and the profile header all ask for avatars through one
/// shared `AvatarCache`. It is an actor, so its dictionary is safe to use from any task.
actor AvatarCache {
    private var avatars: [String: Avatar] = [:]
    private let baseURL = URL(string: "https://avatars.murmur.example/v1/users")!
    private let session = URLSession.shared

    /// The avatar of `userID`: from memory when it was downloaded before, else from the server.
    func avatar(for userID: String) async throws -> Avatar {
        if let avatar = avatars[userID] {
            return avatar
        }
        // While this call waits for the server, the actor is free: other calls to
        // avatar(for:) run, find nothing in `avatars` either, and download again.
        let avatar = try await download(userID)
        avatars[userID] = avatar
        return avatar
    }

    private func download(_ userID: String) async throws -> Avatar {
        let url = baseURL.appendingPathComponent(userID).appendingPathComponent("avatar.png")
        let (data, response) = try await session.data(from: url)
        let statusCode = (response as? HTTPURLResponse)?.statusCode ?? 0
        switch statusCode {
        case 200: return Avatar(userID: userID, png: data)
        case 404: throw AvatarError.notFound
        default: throw AvatarError.badResponse(statusCode: statusCode)
        }
    }
}
