import Foundation

/// The model of the Library screen: it imports a catalogue and shows its photos.
///
/// It says nothing about isolation, and needs not: under this package's settings it is
/// `@MainActor`, like every declaration that does not say otherwise.
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

    init() {}

    /// Imports the catalogue the user picked, and returns when the screen shows the result.
    func importCatalogue(_ data: Data) async {
        status = .importing
        do {
            let imported = try await Self.decodeInBackground(data)
            photos = imported
            status = .imported(imported.count)
        } catch {
            status = .failed(Self.failureMessage)
        }
    }

    /// `nonisolated` and `async`: until Swift 6.2 that meant "runs on the global executor, off
    /// the main actor". The upgrade made the compiler ask for the `await` below, and nothing
    /// else changed. Or so it seemed.
    private nonisolated static func decodeInBackground(_ data: Data) async throws -> [Photo] {
        try await CatalogueDecoder().decode(data)
    }
}
