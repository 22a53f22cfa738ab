import Dispatch

/// "Run this work, asynchronously", spelled exactly as `DispatchQueue` spells it, so the real
/// queue conforms with an empty extension. Internal: only this module and its tests use it.
protocol DispatchQueueType {
    func async(
        group: DispatchGroup?,
        qos: DispatchQoS,
        flags: DispatchWorkItemFlags,
        execute work: @escaping @Sendable @convention(block) () -> Void)
}

extension DispatchQueue: DispatchQueueType {}

/// The checkout screen of the bakery's till app.
///
/// The "Add" buttons call `tapAdd(_:)`, and so does the barcode scanner, whose SDK calls back
/// on a thread of its own. So every change to the label hops to the queue the screen was
/// given (the main queue in the app), where the UI lives. The cart is plain data.
public final class CheckoutScreen {
    /// What the label at the top of the screen shows.
    public private(set) var label = "Cart is empty"

    private var cart: [Product] = []

    /// Sends a change to the queue. The screen keeps this closure, not the queue itself, and
    /// calls the long form of `async` once, here, without a short-form extension.
    private let onQueue: (@escaping @Sendable @convention(block) () -> Void) -> Void

    /// The app keeps calling `CheckoutScreen()` and gets the main queue; a test hands in its own.
    init(queue: any DispatchQueueType = DispatchQueue.main) {
        onQueue = { work in queue.async(group: nil, qos: .unspecified, flags: [], execute: work) }
    }

    /// The app's call site, unchanged.
    public convenience init() {
        self.init(queue: DispatchQueue.main)
    }

    /// The "Add" button (or the scanner) for one product.
    public func tapAdd(_ product: Product) {
        change { $0.append(product) }
    }

    /// The "Clear cart" button.
    public func tapClearCart() {
        change { $0.removeAll() }
    }

    /// Applies one change to the cart, then redraws the label on the queue, where the UI lives.
    private func change(_ edit: (inout [Product]) -> Void) {
        edit(&cart)
        onQueue {
            self.label = cartSummary(self.cart)
        }
    }
}
