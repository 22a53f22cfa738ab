import Foundation

/// The model of the Library screen: it imports a catalogue and shows its photos.
///
/// It says nothing about isolation, and needs not: under this package's settings it is
/// `@MainActor`, like every declaration that does not say otherwise. Its state changes on the
/// main actor; the one heavy step, decoding, leaves it through `decode(_:with:)`.
final class LibraryModel {
    static let failureMessage = "This catalogue could not be read."

    /// What the screen shows above the grid.
    private(set) var status: ImportStatus = .idle {
        didSet { onChange?() }
    }

    /// The grid.
    private(set) var photos: [Photo] = [] {
        didSet { onChange?() }
    }

    /// Called after every change of `status` or `photos`: the screen redraws.
    var onChange: (() -> Void)?

    private let decoder: any CatalogueDecoding

    init(decoder: any CatalogueDecoding = CatalogueDecoder()) {
        self.decoder = decoder
    }

    /// Imports the catalogue the user picked, and returns when the screen shows the result.
    func importCatalogue(_ data: Data) async {
        status = .importing
        do {
            let imported: [Photo]
            do {
                imported = try await Self.decode(data, with: decoder)
            } catch {
                // A phone low on memory sometimes fails halfway through 40 MB: try once more
                // before telling the user the catalogue is unreadable.
                imported = try await Self.decode(data, with: decoder)
            }
            photos = imported
            status = .imported(imported.count)
        } catch {
            status = .failed(Self.failureMessage)
        }
    }

    /// `@concurrent`: runs on the global concurrent executor whoever calls it, so the main actor
    /// is free while the catalogue is decoded. Without it, a `nonisolated async` function runs on
    /// its caller's actor in this package (`nonisolated(nonsending)` is the default): here, the
    /// main actor.
    @concurrent
    private nonisolated static func decode(_ data: Data, with decoder: any CatalogueDecoding) async throws -> [Photo] {
        try decoder.decode(data)
    }
}
