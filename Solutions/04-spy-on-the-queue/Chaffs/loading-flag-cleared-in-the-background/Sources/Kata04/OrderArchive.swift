import Foundation

struct Order: Equatable, Codable {
    let id: Int
    let title: String
    let totalCents: Int
}

/// Where the order history comes from.
protocol OrderArchive {
    /// Blocking: reads and decodes the whole history. Never call it on the main queue.
    func loadOrders() throws -> [Order]
}

/// The app keeps two years of orders in a JSON file, refreshed by a sync job.
/// Decoding a big history takes a few hundred milliseconds on an older phone.
final class JSONFileOrderArchive: OrderArchive {
    private let fileURL: URL

    init(fileURL: URL) {
        self.fileURL = fileURL
    }

    func loadOrders() throws -> [Order] {
        let data = try Data(contentsOf: fileURL)
        return try JSONDecoder().decode([Order].self, from: data)
    }
}
