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
    /// When a product fails, cancels the requests still in flight, waits until each has ended, and
    /// then throws.
    func loadProducts(for ids: [ProductID]) async throws -> [Product] {
        try await withThrowingTaskGroup(of: (index: Int, product: Product).self) { group in
            for (index, id) in ids.enumerated() {
                group.addTask {
                    (index, try await catalogue.product(id))
                }
            }

            // On a failure, cancel the others and keep draining the group, so that nothing is
            // left running; the error is thrown when the group is empty.
            var products = [Product?](repeating: nil, count: ids.count)
            var failure: (any Error)?
            while let result = await group.nextResult() {
                switch result {
                case .success(let (index, product)):
                    products[index] = product
                case .failure(let error):
                    failure = error
                    group.cancelAll()
                }
            }
            if let failure {
                throw failure
            }
            return products.map { $0! }
        }
    }
}
