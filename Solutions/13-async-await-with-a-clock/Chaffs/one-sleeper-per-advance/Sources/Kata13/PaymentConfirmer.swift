/// Confirms a card payment with the provider before the order goes to the kitchen.
///
/// At lunchtime the provider is busy and answers 503 now and then. Those answers are retried:
/// at most `maxAttempts` calls in all, waiting 1 s, then 2 s, then 4 s in between, on `clock`.
/// A decline is final and comes back at once. Cancelling the calling task ends a wait at once.
struct PaymentConfirmer: Sendable {
    /// How many times the gateway is asked, at most.
    static let maxAttempts = 4

    /// The wait after failed attempt number `attempt` (1, 2, 3): 1 s, 2 s, 4 s.
    static func backoff(afterAttempt attempt: Int) -> Duration {
        .seconds(1 << (attempt - 1))
    }

    private let gateway: any PaymentGateway
    private let clock: any Clock<Duration>

    /// The app passes no clock and waits in real time; tests pass a `TestClock`.
    init(gateway: any PaymentGateway, clock: any Clock<Duration> = ContinuousClock()) {
        self.gateway = gateway
        self.clock = clock
    }

    /// Returns the receipt, or throws the last `PaymentError`, or `CancellationError` when the
    /// calling task is cancelled while it waits between attempts.
    func confirm(_ payment: PaymentID) async throws -> Receipt {
        for attempt in 1..<Self.maxAttempts {
            switch await askGateway(payment) {
            case .success(let receipt):
                return receipt
            case .failure(.gatewayUnavailable):
                try await clock.sleep(for: Self.backoff(afterAttempt: attempt))
            case .failure(let final):
                throw final
            }
        }
        // The last attempt: whatever it answers is the answer.
        return try await askGateway(payment).get()
    }

    /// One call to the callback-based gateway, as an `async` function that returns its `Result`.
    private func askGateway(_ payment: PaymentID) async -> Result<Receipt, PaymentError> {
        await withCheckedContinuation { continuation in
            gateway.confirm(payment) { result in
                continuation.resume(returning: result)
            }
        }
    }
}
