import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The service that knows every address in a postcode.
public protocol AddressDirectory {
    /// Looks up the addresses in `postcode` and calls `completion` exactly once, on any thread, with
    /// them or with the error that stopped the request. It may call `completion` before it returns
    /// (an answer it had at hand).
    func fetchAddresses(in postcode: String, completion: @escaping (Result<[Address], Error>) -> Void)
}

/// The directory the app ships with: one GET per postcode to the address service.
public struct URLSessionAddressDirectory: AddressDirectory {
    public var endpoint: URL
    public var session: URLSession

    public init(
        endpoint: URL = URL(string: "https://addresses.basket.example/v1/postcodes")!,
        session: URLSession = .shared
    ) {
        self.endpoint = endpoint
        self.session = session
    }

    public func fetchAddresses(in postcode: String, completion: @escaping (Result<[Address], Error>) -> Void) {
        let url = endpoint.appendingPathComponent(postcode)
        session.dataTask(with: url) { data, response, error in
            if let error {
                return completion(.failure(error))
            }
            guard let http = response as? HTTPURLResponse, http.statusCode == 200, let data else {
                return completion(.failure(URLError(.badServerResponse)))
            }
            do {
                let lines = try JSONDecoder().decode([String].self, from: data)
                completion(.success(lines.map { Address(line: $0, postcode: postcode) }))
            } catch {
                completion(.failure(error))
            }
        }.resume()
    }
}
