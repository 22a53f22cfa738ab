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
            // Decode on a background queue, the way we always did with GCD.
            let decoder = self.decoder
            let imported = try DispatchQueue.global(qos: .userInitiated).sync { try decoder.decode(data) }
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
