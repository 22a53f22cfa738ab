import Foundation

/// Turns an exported catalogue into the library's photos.
///
/// `nonisolated`, so that the package's default (`@MainActor`) does not apply: any actor, or
/// none, may call it. Synchronous on purpose: it works where it is called, and the caller
/// decides where that is.
nonisolated protocol CatalogueDecoding: Sendable {
    /// The library's photos: the newest revision of each, newest photo first.
    func decode(_ data: Data) throws -> [Photo]
}

/// Reads the catalogue another photo app exports: a JSON list of every photo and every edit of
/// it. A library of 80,000 photos exports 40 MB; decoding it takes about two seconds on a phone.
nonisolated struct CatalogueDecoder: CatalogueDecoding {
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
