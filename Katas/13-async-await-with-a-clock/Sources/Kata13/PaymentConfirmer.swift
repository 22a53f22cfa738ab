import Dispatch

/// Confirms a card payment with the provider before the order goes to the kitchen.
///
/// At lunchtime the provider is busy and answers 503 now and then. Those answers are retried:
/// at most `maxAttempts` calls in all, waiting 1 s, then 2 s, then 4 s in between. A decline is
/// final and comes back at once.
final class PaymentConfirmer: Sendable {
    /// How many times the gateway is asked, at most.
    static let maxAttempts = 4

    /// Seconds to wait after failed attempt number `attempt` (1, 2, 3): 1, 2, 4.
    static func backoff(afterAttempt attempt: Int) -> Double {
        Double(1 << (attempt - 1))
    }

    private let gateway: any PaymentGateway

    init(gateway: any PaymentGateway) {
        self.gateway = gateway
    }

    /// Calls `completion` once, with the receipt or the last error, on a queue of the gateway's.
    func confirm(_ payment: PaymentID, completion: @escaping @Sendable (Result<Receipt, PaymentError>) -> Void) {
        attempt(1, of: payment, completion: completion)
    }

    private func attempt(
        _ number: Int, of payment: PaymentID,
        completion: @escaping @Sendable (Result<Receipt, PaymentError>) -> Void
    ) {
        gateway.confirm(payment) { result in
            if case .failure(.gatewayUnavailable) = result, number < Self.maxAttempts {
                let delay = Self.backoff(afterAttempt: number)
                DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + delay) {
                    self.attempt(number + 1, of: payment, completion: completion)
                }
            } else {
                completion(result)
            }
        }
    }
}
