/// The provider's id for one card payment, e.g. `pay_8Kq2`.
struct PaymentID: Hashable, Sendable {
    let rawValue: String
}

/// Proof that the provider took the money. The kitchen starts cooking when it has one.
struct Receipt: Equatable, Sendable {
    let payment: PaymentID
    let authorizationCode: String
    let amountCents: Int
}

enum PaymentError: Error, Equatable {
    /// The bank said no. Final: asking again gives the same answer.
    case declined(reason: String)
    /// The provider did not answer, or answered 5xx or 429. Worth another try a little later.
    case gatewayUnavailable
}
