import Foundation

/// The model of the Library screen: it imports a catalogue and shows its photos.
///
/// It says nothing about isolation, and needs not: under this package's settings it is
/// `@MainActor`, like every declaration that does not say otherwise. Its state changes on the
/// main actor; the one heavy step, decoding, runs in a `Task` of its own.
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
            // A task of its own, so the decoding runs in the background while we await it.
            let decoder = self.decoder
            let imported = try await Task { try decoder.decode(data) }.value
            photos = imported
            status = .imported(imported.count)
        } catch {
            status = .failed(Self.failureMessage)
        }
    }

}
