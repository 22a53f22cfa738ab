/// Loads the products of the basket screen: one catalogue request per product, all at once,
/// and one answer when they are all in.
///
/// The basket screen calls it from the task of the screen (SwiftUI's `.task` or `.refreshable`),
/// on the main actor; the requests run in a detached task, away from it.
final class BasketLoader: Sendable {
    private let catalogue: any Catalogue

    init(catalogue: any Catalogue = HTTPCatalogue()) {
        self.catalogue = catalogue
    }

    /// Asks the catalogue for every product at once, and returns the products in the order of
    /// `ids`, whatever order the answers come in. `ids` has no duplicates (a basket holds each
    /// product once, with a quantity).
    ///
    /// When a product fails, throws that product's error at once and cancels the requests still
    /// in flight.
    func loadProducts(for ids: [ProductID]) async throws -> [Product] {
        // The basket screen calls this from the main actor: a detached task makes sure the
        // requests and the shelf never run there.
        try await Task.detached {
            try await self.load(ids)
        }.value
    }

    private func load(_ ids: [ProductID]) async throws -> [Product] {
        let shelf = Shelf()
        // A discarding group keeps no results: each child puts its product on the shelf, under
        // the id it asked for. The first child to throw cancels the others; the group waits for
        // them and rethrows that first error.
        try await withThrowingDiscardingTaskGroup { group in
            for id in ids {
                group.addTask {
                    let product = try await self.catalogue.product(id)
                    await shelf.put(product, for: id)
                }
            }
        }
        return try await shelf.products(for: ids)
    }
}

/// The products as they arrive, by the id they were asked for.
private actor Shelf {
    private var byID: [ProductID: Product] = [:]

    func put(_ product: Product, for id: ProductID) {
        byID[id] = product
    }

    /// The products in the order of `ids`. Every child ended without throwing, so each id is here.
    func products(for ids: [ProductID]) throws -> [Product] {
        try ids.map { id in
            guard let product = byID[id] else { throw MissingProduct(id: id) }
            return product
        }
    }
}

/// A product no child put on the shelf; cannot happen when the group ended without an error.
struct MissingProduct: Error {
    let id: ProductID
}
