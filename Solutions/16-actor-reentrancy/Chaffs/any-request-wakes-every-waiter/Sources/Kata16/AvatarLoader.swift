import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where avatars come from: the seam between the cache and the network.
protocol AvatarLoader: Sendable {
    func avatar(for userID: String) async throws -> Avatar
}

/// The app's loader: one GET per avatar. Tests never use it.
struct HTTPAvatarLoader: AvatarLoader {
    var baseURL = URL(string: "https://avatars.murmur.example/v1/users")!
    var session: URLSession = .shared

    func avatar(for userID: String) async throws -> Avatar {
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
