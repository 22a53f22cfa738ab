/// Loads the products of the basket screen: one catalogue request per product, a few at a time,
/// and one answer when they are all in.
///
/// The basket screen calls it from the task of the screen (SwiftUI's `.task` or `.refreshable`),
/// so leaving the screen cancels every request still in flight.
final class BasketLoader: Sendable {
    private let catalogue: any Catalogue
    private let maxConcurrentRequests: Int

    /// `maxConcurrentRequests` is how many requests may be in flight at once; below 1 counts as 1.
    init(catalogue: any Catalogue = HTTPCatalogue(), maxConcurrentRequests: Int = 4) {
        self.catalogue = catalogue
        self.maxConcurrentRequests = maxConcurrentRequests
    }

    /// Asks the catalogue for every product, never more than `maxConcurrentRequests` at once, and
    /// returns the products in the order of `ids`, whatever order the answers come in. `ids` has
    /// no duplicates (a basket holds each product once, with a quantity).
    ///
    /// When a product fails, throws that product's error at once, cancels the requests still in
    /// flight and asks for nothing more. Returns or throws only when every request it started has
    /// ended.
    func loadProducts(for ids: [ProductID]) async throws -> [Product] {
        let shelf = Shelf(waitingInLine: ids)
        let workers = min(max(maxConcurrentRequests, 1), ids.count)
        // A pool of workers, one per request allowed in flight: each takes the next product off the
        // line, asks for it, puts it on the shelf and comes back for another, until the line is
        // empty. A discarding group keeps no results. The first worker to throw cancels the others;
        // the group waits for them and rethrows that first error.
        try await withThrowingDiscardingTaskGroup { group in
            for _ in 0..<workers {
                group.addTask {
                    while let id = await shelf.nextInLine() {
                        // A sibling failed, or the screen went away (even before the load began, or
                        // as this worker's last product arrived): ask for nothing more.
                        try Task.checkCancellation()
                        let product = try await self.catalogue.product(id)
                        await shelf.put(product, for: id)
                    }
                }
            }
        }
        return try await shelf.products(for: ids)
    }
}

/// The products still to ask for, and the products as they arrive, by the id they were asked for.
private actor Shelf {
    private var waitingInLine: ArraySlice<ProductID>
    private var byID: [ProductID: Product] = [:]

    init(waitingInLine ids: [ProductID]) {
        waitingInLine = ids[...]
    }

    /// The next product to ask for, in the basket's order; nil when every one has been asked for.
    func nextInLine() -> ProductID? {
        waitingInLine.popFirst()
    }

    func put(_ product: Product, for id: ProductID) {
        byID[id] = product
    }

    /// The products in the order of `ids`. Every worker ended without throwing, so each id is here.
    func products(for ids: [ProductID]) throws -> [Product] {
        try ids.map { id in
            guard let product = byID[id] else { throw MissingProduct(id: id) }
            return product
        }
    }
}

/// A product no worker put on the shelf; cannot happen when the group ended without an error.
struct MissingProduct: Error {
    let id: ProductID
}
