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
    /// When a product fails, throws that product's error at once and cancels the requests still
    /// in flight. Returns or throws only when every request it started has ended.
    func loadProducts(for ids: [ProductID]) async throws -> [Product] {
        try await withThrowingTaskGroup(of: (index: Int, product: Product).self) { group in
            for (index, id) in ids.enumerated() {
                group.addTask {
                    (index, try await catalogue.product(id))
                }
            }

            // The group hands results over in the order they finish. The index of each puts it
            // back in its place. The first error leaves the closure: the group then cancels the
            // children still running, waits for them, and rethrows that error.
            var products = [Product?](repeating: nil, count: ids.count)
            for try await (index, product) in group {
                products[index] = product
            }
            return products.compactMap { $0 }
        }
    }
}
