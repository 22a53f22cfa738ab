import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where products come from: one request per product (the catalogue API has no batch endpoint).
/// Throws when the catalogue cannot deliver the product; ends early, throwing, when the task
/// that asked is cancelled.
protocol Catalogue: Sendable {
    func product(_ id: ProductID) async throws -> Product
}

/// The app's catalogue: one GET per product. Tests never use it.
struct HTTPCatalogue: Catalogue {
    var baseURL = URL(string: "https://api.larder.example/v3/products")!
    var session: URLSession = .shared

    func product(_ id: ProductID) async throws -> Product {
        // URLSession cancels the request when the task awaiting it is cancelled.
        let (data, response) = try await session.data(from: baseURL.appendingPathComponent(id.rawValue))
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw URLError(.badServerResponse)
        }
        return try JSONDecoder().decode(Product.self, from: data)
    }
}
