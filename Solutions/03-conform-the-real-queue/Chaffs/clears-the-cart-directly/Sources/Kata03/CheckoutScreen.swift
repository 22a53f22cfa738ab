import Dispatch

/// The checkout screen of the bakery's till app.
///
/// The "Add" buttons call `tapAdd(_:)`, and so does the barcode scanner, whose SDK calls back
/// on a thread of its own. So adding to the cart hops to `queue`, the main queue in the app,
/// where the UI lives. The label is the big line at the top of the screen.
public final class CheckoutScreen {
    /// What the label at the top of the screen shows.
    public private(set) var label = "Cart is empty"

    private var cart: [Product] = []

    /// Where adding to the cart runs.
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

    /// The "Clear cart" button. Emptying the cart cannot race with anything, so it needs no hop.
    public func tapClearCart() {
        cart.removeAll()
        label = cartSummary(cart)
    }
}
