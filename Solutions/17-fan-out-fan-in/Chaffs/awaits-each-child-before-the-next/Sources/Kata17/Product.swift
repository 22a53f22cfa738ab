/// A product in the Larder catalogue, as the basket shows it.
struct Product: Equatable, Sendable, Codable {
    let id: ProductID
    let name: String
    /// The current price, in pence.
    let price: Int
}

/// The catalogue's identifier of a product, e.g. `"tea-80"`.
struct ProductID: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    let rawValue: String

    init(rawValue: String) { self.rawValue = rawValue }
    init(stringLiteral value: String) { self.rawValue = value }

    var description: String { rawValue }
}
