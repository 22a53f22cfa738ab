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
    private enum Entry {
        /// A load is running; these callers wait for it, by number.
        case loading(waiting: [Int: CheckedContinuation<Restaurant, any Error>])
        case loaded(Restaurant)
    }

    private var entries: [String: Entry] = [:]
    private var lastCaller = 0
    private let loader: any RestaurantLoader

    public init(loader: any RestaurantLoader) {
        self.loader = loader
    }

    /// The restaurant `id`: the one loaded before, or the one being loaded, which a call starts
    /// if nobody has. A caller whose task is cancelled stops waiting at once and throws
    /// `CancellationError`; the load goes on for the others.
    public func restaurant(id: String) async throws -> Restaurant {
        if case .loaded(let restaurant) = entries[id] {
            return restaurant
        }
        if entries[id] == nil {
            entries[id] = .loading(waiting: [:])
            Task { await self.load(id) }
        }
        lastCaller += 1
        let caller = lastCaller
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard !Task.isCancelled else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                wait(for: id, as: caller, with: continuation)
            }
        } onCancel: {
            Task { await self.leave(id, caller: caller) }
        }
    }

    private func wait(for id: String, as caller: Int, with continuation: CheckedContinuation<Restaurant, any Error>) {
        guard case .loading(var waiting) = entries[id] else {
            continuation.resume(throwing: CancellationError())  // not reached: nothing awaits since the check
            return
        }
        waiting[caller] = continuation
        entries[id] = .loading(waiting: waiting)
    }

    private func leave(_ id: String, caller: Int) {
        guard case .loading(var waiting) = entries[id], let continuation = waiting.removeValue(forKey: caller) else {
            return  // it has its answer already
        }
        entries[id] = .loading(waiting: waiting)
        continuation.resume(throwing: CancellationError())
    }

    private func load(_ id: String) async {
        let result: Result<Restaurant, any Error>
        do {
            result = .success(try await loader.restaurant(id: id))
        } catch {
            result = .failure(error)
        }
        guard case .loading(let waiting) = entries[id] else { return }
        switch result {
        case .success(let restaurant): entries[id] = .loaded(restaurant)
        case .failure: entries[id] = nil
        }
        for continuation in waiting.values {
            continuation.resume(with: result)
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
