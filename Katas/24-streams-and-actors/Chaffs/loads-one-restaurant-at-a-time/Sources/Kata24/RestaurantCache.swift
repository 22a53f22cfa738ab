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
    /// One load per restaurant. While it runs, every caller for that restaurant awaits it; once
    /// it has succeeded, the finished task keeps the restaurant.
    private var loads: [String: Task<Restaurant, any Error>] = [:]
    /// The load started last. The next load waits for it: the restaurant API sees one request at
    /// a time, whatever the orders list asks for.
    private var lastLoad: Task<Restaurant, any Error>?
    private let loader: any RestaurantLoader

    public init(loader: any RestaurantLoader) {
        self.loader = loader
    }

    /// The restaurant `id`: the one loaded before, the one being loaded now, or a new load. A
    /// failed load is forgotten, so the next call tries again.
    public func restaurant(id: String) async throws -> Restaurant {
        if let load = loads[id] {
            return try await load.value
        }
        // No `await` between the look-up above and the next two lines: the first caller stores
        // its load before any other caller can look.
        let loader = self.loader
        let previous = lastLoad
        let load = Task {
            _ = try? await previous?.value  // one request at a time, so twenty cards do not flood the API
            return try await loader.restaurant(id: id)
        }
        loads[id] = load
        lastLoad = load
        do {
            return try await load.value
        } catch {
            loads[id] = nil
            throw error
        }
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
