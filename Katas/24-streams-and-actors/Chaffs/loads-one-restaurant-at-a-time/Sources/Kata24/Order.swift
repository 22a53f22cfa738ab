/// An order's id, e.g. `ord_7Qx3`.
public struct OrderID: Hashable, Sendable {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}

/// Where an order is, as the server reports it.
public enum OrderStatus: Equatable, Sendable {
    case placed
    case preparing
    case onTheWay
    case delivered
    case cancelled

    /// `.delivered` and `.cancelled`: nothing comes after them.
    public var isFinal: Bool {
        self == .delivered || self == .cancelled
    }
}

/// What the order screen's header shows about the restaurant.
public struct Restaurant: Equatable, Sendable {
    public let id: String
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
