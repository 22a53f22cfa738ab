import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where restaurants come from: the seam between the cache and the network.
public protocol RestaurantLoader: Sendable {
    func restaurant(id: String) async throws -> Restaurant
}

/// Keeps the restaurants the app has loaded, so that each one is loaded once, however many
/// order cards ask for it at the same time.
public actor RestaurantCache {
    /// Every restaurant loaded so far.
    private var restaurants: [String: Restaurant] = [:]
    private let loader: any RestaurantLoader

    public init(loader: any RestaurantLoader) {
        self.loader = loader
    }

    /// The restaurant `id`: the one loaded before, the one being loaded now, or a new load. A
    /// failed load is forgotten, so the next call tries again.
    public func restaurant(id: String) async throws -> Restaurant {
        if let restaurant = restaurants[id] {
            return restaurant
        }
        // An actor runs one call at a time, so two callers cannot both get past the check above.
        let restaurant = try await loader.restaurant(id: id)
        restaurants[id] = restaurant
        return restaurant
    }
}

/// The app's loader: `GET /restaurants/{id}`.
public struct HTTPRestaurantLoader: RestaurantLoader {
    public let baseURL: URL
    public let session: URLSession

    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    private struct Body: Decodable {
        let name: String
    }

    public func restaurant(id: String) async throws -> Restaurant {
        let (data, response) = try await session.data(from: baseURL.appendingPathComponent("restaurants/\(id)"))
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw RestaurantError.badResponse(statusCode: status) }
        return Restaurant(id: id, name: try JSONDecoder().decode(Body.self, from: data).name)
    }
}

/// Why the server's answer was not a restaurant.
public enum RestaurantError: Error, Equatable {
    case badResponse(statusCode: Int)
}
