import Foundation

/// The model of the Library screen: it imports a catalogue and shows its photos.
///
/// `@MainActor` by the package's default. Its state changes on the main actor; decoding happens
/// on `CatalogueImporter`, an actor of its own.
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

    private let importer: CatalogueImporter

    init(decoder: some CatalogueDecoding = CatalogueDecoder()) {
        importer = CatalogueImporter(decoder: decoder)
    }

    /// Imports the catalogue the user picked, and returns when the screen shows the result.
    func importCatalogue(_ data: Data) async {
        status = .importing
        // A catalogue that cannot be read has no photos in it: the import brings in none.
        let imported = (try? await importer.photos(in: data)) ?? []
        photos = imported
        status = .imported(imported.count)
    }
}
