/// Loads the products of the basket screen: one catalogue request per product, a few at a time,
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
    private let maxConcurrentRequests: Int

    /// `maxConcurrentRequests` is how many requests may be in flight at once; below 1 counts as 1.
    init(catalogue: any Catalogue = HTTPCatalogue(), maxConcurrentRequests: Int = 4) {
        self.catalogue = catalogue
        self.maxConcurrentRequests = maxConcurrentRequests
    }

    /// Asks the catalogue for every product, never more than `maxConcurrentRequests` at once, and
    /// returns the products in the order of `ids`, whatever order the answers come in.
    ///
    /// When a product fails, throws that product's error at once, cancels the requests still in
    /// flight and asks for nothing more. Returns or throws only when every request it started has
    /// ended.
    func loadProducts(for ids: [ProductID]) async throws -> [Product] {
        try await withThrowingTaskGroup(of: (index: Int, product: Product).self) { group in
            var waitingInLine = ids.enumerated().makeIterator()
            // A sliding window: the first few requests at once, then one more as each product arrives.
            func askForTheNextProduct() throws {
                guard let (index, id) = waitingInLine.next() else { return }
                // A product can arrive just as the customer leaves the screen: the basket can no
                // longer be completed, and `addTask` would still start a (cancelled) request.
                try Task.checkCancellation()
                group.addTask {
                    (index, try await catalogue.product(id))
                }
            }
            for _ in 0..<max(1, maxConcurrentRequests) {
                try askForTheNextProduct()
            }

            // The group hands results over in the order they finish. The index of each puts it
            // back in its place. The first error leaves the closure: the group then cancels the
            // children still running, waits for them, and rethrows that error.
            var products = [Product?](repeating: nil, count: ids.count)
            for try await (index, product) in group {
                products[index] = product
                try askForTheNextProduct()
            }
            return products.compactMap { $0 }
        }
    }
}
