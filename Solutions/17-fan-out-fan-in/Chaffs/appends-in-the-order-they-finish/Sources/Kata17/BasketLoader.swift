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

    /// Asks the catalogue for every product at once, and returns the products.
    ///
    /// When a product fails, throws that product's error at once and cancels the requests still
    /// in flight. Returns or throws only when every request it started has ended.
    func loadProducts(for ids: [ProductID]) async throws -> [Product] {
        try await withThrowingTaskGroup(of: Product.self) { group in
            for id in ids {
                group.addTask {
                    try await catalogue.product(id)
                }
            }

            // The children were added in the basket's order, so that is the order their
            // products come out in.
            var products: [Product] = []
            for try await product in group {
                products.append(product)
            }
            return products
        }
    }
}
