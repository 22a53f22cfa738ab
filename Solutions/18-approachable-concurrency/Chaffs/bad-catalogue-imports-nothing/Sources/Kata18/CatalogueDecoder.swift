import Foundation

/// Turns an exported catalogue into the library's photos. Any actor may call it: the protocol
/// and its requirement are `nonisolated`, against the package's default of `@MainActor`.
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

/// Where catalogues are decoded: an actor of its own, so never the main actor.
///
/// An actor's methods run on the actor's executor, whoever calls them, so no `@concurrent` is
/// needed here. It also decodes one catalogue at a time: a second import waits for the first
/// instead of taking another thread of the pool.
actor CatalogueImporter {
    private let decoder: any CatalogueDecoding

    init(decoder: some CatalogueDecoding) {
        self.decoder = decoder
    }

    func photos(in data: Data) throws -> [Photo] {
        try decoder.decode(data)
    }
}
