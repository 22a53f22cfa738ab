import Foundation

/// Where the inbox comes from. Fetching is slow and blocking, so never call it on the main queue.
protocol MessageSource {
    func fetchMessages() throws -> [Message]
}

/// The app's source: the inbox cache, a JSON file that grows to a few megabytes.
/// Reading and decoding it takes a noticeable moment on an older phone.
struct CachedMessageSource: MessageSource {
    var fileURL: URL

    func fetchMessages() throws -> [Message] {
        let data = try Data(contentsOf: fileURL)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode([Message].self, from: data)
    }
}
