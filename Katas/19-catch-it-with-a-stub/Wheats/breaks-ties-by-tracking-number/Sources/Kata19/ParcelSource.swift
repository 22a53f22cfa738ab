import Foundation

/// Where the parcels come from. Reading is slow and blocking: never call it on the main queue.
public protocol ParcelSource {
    func fetchParcels() throws -> [Parcel]
}

/// The app's source: the deliveries cache, a JSON file the sync job rewrites every few minutes.
public struct CachedParcelSource: ParcelSource {
    public var fileURL: URL

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    public func fetchParcels() throws -> [Parcel] {
        let data = try Data(contentsOf: fileURL)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode([Parcel].self, from: data)
    }
}
