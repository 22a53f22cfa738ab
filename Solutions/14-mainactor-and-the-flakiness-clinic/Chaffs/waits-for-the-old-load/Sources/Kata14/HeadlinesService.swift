import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the headlines come from.
protocol HeadlinesService: Sendable {
    func headlines(in section: NewsSection) async throws -> [Headline]
}

/// The app's service: one GET per section. Tests never use it.
struct LiveHeadlinesService: HeadlinesService {
    var baseURL = URL(string: "https://api.daybreak.example/v2/sections")!
    var session: URLSession = .shared

    func headlines(in section: NewsSection) async throws -> [Headline] {
        let url = baseURL.appendingPathComponent(section.rawValue).appendingPathComponent("headlines")
        let (data, response) = try await session.data(from: url)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw URLError(.badServerResponse)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode([Headline].self, from: data)
    }
}
