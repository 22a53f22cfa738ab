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
    ///
    /// The text is worked out before the hop, so the work on the main queue is as short as it
    /// can be: add the product, set the text.
    public func tapAdd(_ product: Product) {
        let newLabel = cartSummary(cart + [product])
        queue.async {
            self.cart.append(product)
            self.label = newLabel
        }
    }

    /// The "Clear cart" button.
    public func tapClearCart() {
        queue.async {
            self.cart.removeAll()
            self.label = cartSummary(self.cart)
        }
    }
}
