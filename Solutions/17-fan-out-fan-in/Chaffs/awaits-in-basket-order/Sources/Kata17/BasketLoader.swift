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
    /// When a product fails, cancels the requests still in flight, waits until they have ended, and
    /// throws that product's error.
    func loadProducts(for ids: [ProductID]) async throws -> [Product] {
        let catalogue = self.catalogue
        // Every request starts here, at once; awaiting them in the basket's order then gives the
        // products in that order without any index to keep.
        let requests = ids.map { id in
            Task { try await catalogue.product(id) }
        }
        return try await withTaskCancellationHandler {
            do {
                var products: [Product] = []
                for request in requests {
                    products.append(try await request.value)
                }
                return products
            } catch {
                for request in requests { request.cancel() }
                for request in requests { _ = try? await request.value }
                throw error
            }
        } onCancel: {
            for request in requests { request.cancel() }
        }
    }
}
