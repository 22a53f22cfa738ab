import Dispatch

/// The checkout screen of the bakery's till app.
///
/// The "Add" buttons call `tapAdd(_:)`, and so does the barcode scanner, whose SDK calls back
/// on a thread of its own. So every change to the cart and to the label hops to `queue`, the
/// main queue in the app, where the UI lives. The label is the big line at the top of the screen.
public final class CheckoutScreen {
    /// What the label at the top of the screen shows.
    public private(set) var label = "Cart is empty"

    /// Only touched on `queue`.
    private var cart: [Product] = []

    /// Where every change to the cart and the label runs.
    private let queue: any DispatchQueueType

    /// The app keeps calling `CheckoutScreen()` and gets the main queue; a test hands in its own.
    public init(queue: any DispatchQueueType = DispatchQueue.main) {
        self.queue = queue
    }

    /// The "Add" button (or the scanner) for one product.
    public func tapAdd(_ product: Product) {
        queue.async {
            self.cart.append(product)
            self.label = cartSummary(self.cart)
        }
    }

    /// The "Clear cart" button. An empty cart has nothing to clear, so it does not hop.
    public func tapClearCart() {
        guard !cart.isEmpty else { return }
        queue.async {
            self.cart.removeAll()
            self.label = cartSummary(self.cart)
        }
    }
}
