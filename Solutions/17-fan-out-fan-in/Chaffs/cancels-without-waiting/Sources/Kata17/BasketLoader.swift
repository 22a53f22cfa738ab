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
    /// Each request runs in a task of its own and reports to a stream. The first failure that comes
    /// out of the stream cancels every request and is thrown at once: nobody waits for requests whose
    /// answers will be thrown away.
    func loadProducts(for ids: [ProductID]) async throws -> [Product] {
        guard !ids.isEmpty else { return [] }
        let catalogue = self.catalogue
        let (answers, answer) = AsyncThrowingStream.makeStream(of: (index: Int, product: Product).self)
        let requests = ids.enumerated().map { index, id in
            Task {
                do {
                    answer.yield((index, try await catalogue.product(id)))
                } catch {
                    answer.finish(throwing: error)
                }
            }
        }
        return try await withTaskCancellationHandler {
            do {
                var products = [Product?](repeating: nil, count: ids.count)
                var received = 0
                for try await (index, product) in answers {
                    products[index] = product
                    received += 1
                    if received == ids.count { break }
                }
                try Task.checkCancellation()
                return products.map { $0! }
            } catch {
                for request in requests { request.cancel() }
                throw error
            }
        } onCancel: {
            for request in requests { request.cancel() }
        }
    }
}
