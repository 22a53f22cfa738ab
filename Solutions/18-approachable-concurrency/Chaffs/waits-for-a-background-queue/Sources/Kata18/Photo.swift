import Foundation

/// One photo of the library, as the catalogue lists it: one entry per photo and per edit.
///
/// Plain data that travels from actor to actor, so it is `nonisolated`: the package's default
/// (`@MainActor` for everything that does not say otherwise) does not apply to it.
nonisolated struct Photo: Codable, Equatable, Sendable {
    var id: Int
    var title: String
    var takenAt: Date
    /// Every edit of a photo is listed with a higher revision; the library keeps the newest.
    var revision: Int
}

/// What the Library screen shows about the import.
nonisolated enum ImportStatus: Equatable, Sendable {
    case idle
    case importing
    case imported(Int)
    case failed(String)
}
