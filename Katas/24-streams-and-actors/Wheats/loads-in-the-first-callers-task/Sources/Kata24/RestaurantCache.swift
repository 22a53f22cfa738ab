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
    private var restaurants: [String: Restaurant] = [:]
    /// The callers waiting for a load that another caller runs. A restaurant is in here while it
    /// loads.
    private var waiting: [String: [CheckedContinuation<Restaurant, any Error>]] = [:]
    private let loader: any RestaurantLoader

    public init(loader: any RestaurantLoader) {
        self.loader = loader
    }

    /// The restaurant `id`: the one loaded before, or the one being loaded. The first caller
    /// loads it in its own task, with no `Task` of the cache's; later callers wait for its answer.
    public func restaurant(id: String) async throws -> Restaurant {
        if let restaurant = restaurants[id] {
            return restaurant
        }
        if waiting[id] != nil {
            return try await withCheckedThrowingContinuation { continuation in
                waiting[id, default: []].append(continuation)
            }
        }
        waiting[id] = []
        let result: Result<Restaurant, any Error>
        do {
            result = .success(try await loader.restaurant(id: id))
        } catch {
            result = .failure(error)
        }
        if case .success(let restaurant) = result {
            restaurants[id] = restaurant
        }
        for continuation in waiting.removeValue(forKey: id) ?? [] {
            continuation.resume(with: result)
        }
        return try result.get()
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
