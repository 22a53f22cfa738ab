import Foundation

/// Reads the catalogue another photo app exports: a JSON list of every photo and every edit of
/// it. A library of 80,000 photos exports 40 MB; decoding it takes about two seconds on a phone.
///
/// Since the package moved to Swift 6.2's default isolation, this struct is `@MainActor`: it
/// does not say otherwise.
struct CatalogueDecoder {
    /// The library's photos: the newest revision of each, newest photo first.
    func decode(_ data: Data) throws -> [Photo] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let entries = try decoder.decode([Photo].self, from: data)
        var newest: [Int: Photo] = [:]
        for entry in entries where entry.revision >= newest[entry.id]?.revision ?? .min {
            newest[entry.id] = entry
        }
        return newest.values.sorted { ($0.takenAt, $0.id) > ($1.takenAt, $1.id) }
    }
}
