import Dispatch
import Foundation

/// Loads the products of the basket screen: one catalogue request per product, all at once,
/// and one answer when they are all in.
///
/// The basket screen calls it like this:
///
///     showSpinner()
///     basketLoader.loadProducts(for: basket.productIDs) { result in
///         hideSpinner()
///         switch result {
///         case .success(let products): showLines(products)      // in the basket's order
///         case .failure: showBanner("Couldn't load your basket. Pull to try again.")
///         }
///     }
final class BasketLoader: Sendable {
    private let catalogue: any Catalogue

    init(catalogue: any Catalogue = HTTPCatalogue()) {
        self.catalogue = catalogue
    }

    /// Asks the catalogue for every product at once. Calls `completion` on the main queue, once,
    /// when every answer is in: the products in the order of `ids`, or the first failure.
    func loadProducts(
        for ids: [ProductID],
        completion: @escaping @Sendable (Result<[Product], any Error>) -> Void
    ) {
        let group = DispatchGroup()
        let collected = Collected(count: ids.count)

        for (index, id) in ids.enumerated() {
            group.enter()
            catalogue.product(id) { result in
                switch result {
                case .success(let product):
                    collected.store(product, at: index)
                    group.leave()
                case .failure(let error):
                    // LARDER-412: a discontinued product must fail the basket, not show a blank line.
                    collected.store(error)
                }
            }
        }

        group.notify(queue: .main) {
            completion(collected.result)
        }
    }
}

/// The answers as they come in, from whichever thread the catalogue calls back on.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var products: [Product?]
    private var firstError: (any Error)?

    init(count: Int) {
        products = Array(repeating: nil, count: count)
    }

    func store(_ product: Product, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        products[index] = product
    }

    func store(_ error: any Error) {
        lock.lock()
        defer { lock.unlock() }
        if firstError == nil { firstError = error }
    }

    var result: Result<[Product], any Error> {
        lock.lock()
        defer { lock.unlock() }
        if let firstError { return .failure(firstError) }
        return .success(products.map { $0! })
    }
}
