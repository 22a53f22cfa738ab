import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where products come from: one request per product (the catalogue API has no batch endpoint).
protocol Catalogue: Sendable {
    func product(_ id: ProductID, completion: @escaping @Sendable (Result<Product, any Error>) -> Void)
}

/// The app's catalogue: one GET per product. Tests never use it.
struct HTTPCatalogue: Catalogue {
    var baseURL = URL(string: "https://api.larder.example/v3/products")!
    var session: URLSession = .shared

    func product(_ id: ProductID, completion: @escaping @Sendable (Result<Product, any Error>) -> Void) {
        let url = baseURL.appendingPathComponent(id.rawValue)
        session.dataTask(with: url) { data, response, error in
            if let error {
                completion(.failure(error))
                return
            }
            guard let data, (response as? HTTPURLResponse)?.statusCode == 200 else {
                completion(.failure(URLError(.badServerResponse)))
                return
            }
            completion(Result { try JSONDecoder().decode(Product.self, from: data) })
        }.resume()
    }
}
