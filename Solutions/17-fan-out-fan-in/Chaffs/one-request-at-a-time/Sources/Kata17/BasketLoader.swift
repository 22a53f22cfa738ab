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

    /// Asks the catalogue for every product, and returns the products in the order of `ids`.
    ///
    /// With `async`/`await` there is no count to keep: each request is awaited where it is made, so
    /// the products come back in the basket's order by themselves. The first product that fails
    /// throws, and nothing after it is asked for.
    func loadProducts(for ids: [ProductID]) async throws -> [Product] {
        var products: [Product] = []
        for id in ids {
            products.append(try await catalogue.product(id))
        }
        return products
    }
}
