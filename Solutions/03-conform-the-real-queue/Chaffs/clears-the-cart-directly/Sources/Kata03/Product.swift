/// Something the bakery sells, with its price in cents (money is never a `Double`).
public struct Product: Equatable, Sendable {
    public let name: String
    public let priceInCents: Int

    public init(name: String, priceInCents: Int) {
        self.name = name
        self.priceInCents = priceInCents
    }
}

/// The till's wording for a cart: "Cart is empty", "1 item · $2.50", "3 items · $11.25".
func cartSummary(_ cart: [Product]) -> String {
    guard !cart.isEmpty else { return "Cart is empty" }
    let count = cart.count == 1 ? "1 item" : "\(cart.count) items"
    let total = cart.reduce(0) { $0 + $1.priceInCents }
    return "\(count) · \(dollars(total))"
}

/// 1125 -> "$11.25". Written out by hand so the text is the same in every locale.
func dollars(_ cents: Int) -> String {
    let rest = cents % 100
    return "$\(cents / 100)." + (rest < 10 ? "0" : "") + "\(rest)"
}
