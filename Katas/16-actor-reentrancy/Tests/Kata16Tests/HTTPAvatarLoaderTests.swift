import Foundation
import Testing

@testable import Kata16

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The app's loader, moved out of the cache: it must still answer as the starter's download did.
// Its session is handed a URLProtocol that answers every request itself, so nothing goes to the
// network: the status the server would send is the only thing each test picks.
@Suite("HTTPAvatarLoader, the download moved out of the cache", .timeLimit(.minutes(1)))
struct HTTPAvatarLoaderTests {
    @Test("status 200 is the avatar: the body of the response, for the user asked for")
    func okIsTheAvatar() async throws {
        let loader = HTTPAvatarLoader(session: CannedServer.session(answering: OK.self))

        let avatar = try await loader.avatar(for: "ada")

        #expect(
            avatar == Avatar(userID: "ada", png: CannedServer.body),
            "The server answered 200 with the picture's bytes, so the loader must return them as ada's avatar; it returned \(avatar.testDescription)."
        )
    }

    @Test("status 404 throws AvatarError.notFound")
    func notFoundIsNotFound() async {
        let loader = HTTPAvatarLoader(session: CannedServer.session(answering: NotFound.self))

        let result = await result(of: { try await loader.avatar(for: "ada") })

        #expect(
            threw(result, AvatarError.notFound),
            "The server answered 404, so the loader must throw AvatarError.notFound, as the starter's download did; it \(describe(result))."
        )
    }

    @Test("any other status throws AvatarError.badResponse with that status")
    func otherStatusIsABadResponse() async {
        let loader = HTTPAvatarLoader(session: CannedServer.session(answering: Unavailable.self))

        let result = await result(of: { try await loader.avatar(for: "ada") })

        #expect(
            threw(result, AvatarError.badResponse(statusCode: 503)),
            "The server answered 503, so the loader must throw AvatarError.badResponse(statusCode: 503); it \(describe(result))."
        )
    }

    @Test("a response that is not HTTP throws AvatarError.badResponse(statusCode: 0)")
    func notHTTPIsABadResponse() async {
        let loader = HTTPAvatarLoader(session: CannedServer.session(answering: NotHTTP.self))

        let result = await result(of: { try await loader.avatar(for: "ada") })

        #expect(
            threw(result, AvatarError.badResponse(statusCode: 0)),
            "The response had no HTTP status, so the loader must throw AvatarError.badResponse(statusCode: 0), as the starter's download did; it \(describe(result))."
        )
    }
}

/// A server inside the test process: a URLProtocol that answers every request with `status`
/// (nil: a response that is not HTTP) and a few bytes of body. Each subclass below answers with
/// its own status, so no test shares state with another.
private class CannedServer: URLProtocol {
    /// The bytes every answer carries (they start like a PNG file).
    static let body = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A])

    class var status: Int? { 200 }

    /// A session whose every request `server` answers, without the network.
    static func session(answering server: CannedServer.Type) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [server]
        return URLSession(configuration: configuration)
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let url = request.url ?? URL(string: "https://avatars.test")!
        let response: URLResponse =
            if let status = Self.status {
                HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!
            } else {
                URLResponse(
                    url: url, mimeType: "image/png", expectedContentLength: Self.body.count, textEncodingName: nil)
            }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Self.body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

private final class OK: CannedServer {}

private final class NotFound: CannedServer {
    override class var status: Int? { 404 }
}

private final class Unavailable: CannedServer {
    override class var status: Int? { 503 }
}

private final class NotHTTP: CannedServer {
    override class var status: Int? { nil }
}

private func result(of load: () async throws -> Avatar) async -> Result<Avatar, any Error> {
    do {
        return .success(try await load())
    } catch {
        return .failure(error)
    }
}

private func threw(_ result: Result<Avatar, any Error>, _ expected: AvatarError) -> Bool {
    guard case .failure(let error) = result else { return false }
    return (error as? AvatarError) == expected
}

private func describe(_ result: Result<Avatar, any Error>) -> String {
    switch result {
    case .success(let avatar): "returned \(avatar.testDescription)"
    case .failure(let error): "threw \(error)"
    }
}
