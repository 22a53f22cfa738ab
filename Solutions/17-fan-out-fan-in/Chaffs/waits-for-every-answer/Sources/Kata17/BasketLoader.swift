/// Loads the products of the basket screen: one catalogue request per product, all at once,
/// and one answer when they are all in.
///
/// The basket screen calls it from the task of the screen (SwiftUI's `.task` or `.refreshable`),
/// so leaving the screen cancels every request still in flight:
///
///     showSpinner()
///     defer { hideSpinner() }
///     do {
///         showLines(try await basketLoader.loadProducts(for: basket.productIDs))  // in the basket's order
///     } catch {
///         // Cancelled: the screen went away (URLSession reports it as URLError(.cancelled)).
///         guard !Task.isCancelled else { return }
///         showBanner("Couldn't load your basket. Pull to try again.")
///     }
struct BasketLoader: Sendable {
    private let catalogue: any Catalogue

    init(catalogue: any Catalogue = HTTPCatalogue()) {
        self.catalogue = catalogue
    }

    /// Asks the catalogue for every product at once, and returns the products in the order of
    /// `ids`, whatever order the answers come in.
    ///
    /// Like the `DispatchGroup`'s `notify`, it decides once every answer is in: when a product
    /// failed, it then throws the first failure.
    func loadProducts(for ids: [ProductID]) async throws -> [Product] {
        try await withThrowingTaskGroup(of: (index: Int, product: Product).self) { group in
            for (index, id) in ids.enumerated() {
                group.addTask {
                    (index, try await catalogue.product(id))
                }
            }

            // Every answer comes in, as with the DispatchGroup; the first failure is kept and
            // thrown when the last one is in.
            var products = [Product?](repeating: nil, count: ids.count)
            var firstFailure: (any Error)?
            while let result = await group.nextResult() {
                switch result {
                case .success(let (index, product)):
                    products[index] = product
                case .failure(let error):
                    if firstFailure == nil { firstFailure = error }
                }
            }
            if let firstFailure {
                throw firstFailure
            }
            return products.map { $0! }
        }
    }
}
