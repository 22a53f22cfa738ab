import Testing

@testable import Kata13

// The retry policy on virtual time: 1 s, 2 s, 4 s between at most four calls. The gateway writes
// down the virtual time of every call, so the tests read the backoff straight off `callTimes`.
// The confirmation runs on a ManualExecutor: after `clock.advance(by:)` the woken task runs only
// inside `executor.runUntilIdle()`, so every expectation sees a settled state.
@Suite("PaymentConfirmer on virtual time")
struct PaymentConfirmerTests {
    let clock = TestClock()
    let executor = ManualExecutor()

    /// Starts `confirm` on the manual executor. Nothing runs before `executor.runUntilIdle()`.
    func startConfirming(with gateway: ScriptedGateway) -> Running<Receipt> {
        let confirmer = PaymentConfirmer(gateway: gateway, clock: clock)
        return executor.start { try await confirmer.confirm(Fixtures.payment) }
    }

    /// Moves virtual time forward, then lets every woken task run until it suspends again.
    func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) {
        executor.advance(clock, by: duration, sourceLocation: sourceLocation)
        executor.runUntilIdle(sourceLocation: sourceLocation)
    }

    @Test("a confirmed payment returns its receipt after one call, without waiting")
    func confirmedAtOnce() {
        let gateway = ScriptedGateway(clock: clock, answers: [Fixtures.confirmed])

        let confirmation = startConfirming(with: gateway)
        executor.runUntilIdle()

        #expect(
            confirmation.value == Fixtures.receipt,
            "The gateway confirmed on the first call: confirm must return its receipt without advancing the clock. It ended with \(String(describing: confirmation.outcome))."
        )
        #expect(gateway.callTimes == [.zero], "One call, at once.")
    }

    @Test("an unavailable gateway is asked again after 1 s, 2 s and 4 s")
    func backoffDoubles() {
        let gateway = ScriptedGateway(
            clock: clock,
            answers: [Fixtures.unavailable, Fixtures.unavailable, Fixtures.unavailable, Fixtures.confirmed])

        let confirmation = startConfirming(with: gateway)
        executor.runUntilIdle()
        #expect(gateway.callTimes == [.zero], "The first call goes out at once.")

        advance(by: .seconds(1))
        #expect(
            gateway.callTimes == [.zero, .seconds(1)],
            "After the first unavailable answer the confirmer waits 1 s on the injected clock, then asks again. No second call after 1 s of virtual time means it is not sleeping on `clock` (Task.sleep uses the real clock)."
        )

        advance(by: .seconds(2))
        #expect(
            gateway.callTimes == [.zero, .seconds(1), .seconds(3)],
            "The second wait is twice the first: 2 s, so the third call comes at 3 s.")

        advance(by: .seconds(4))
        #expect(
            gateway.callTimes == [.zero, .seconds(1), .seconds(3), .seconds(7)],
            "The third wait is 4 s, so the fourth call comes at 7 s.")
        #expect(
            confirmation.value == Fixtures.receipt,
            "The fourth call confirmed the payment: confirm must return its receipt. It ended with \(String(describing: confirmation.outcome))."
        )
    }

    @Test("no retry comes a moment before its backoff is over")
    func neverEarly() {
        let gateway = ScriptedGateway(
            clock: clock, answers: [Fixtures.unavailable, Fixtures.unavailable, Fixtures.confirmed])
        let confirmation = startConfirming(with: gateway)
        executor.runUntilIdle()

        advance(by: .milliseconds(999))
        #expect(gateway.callTimes == [.zero], "At 0.999 s the first backoff (1 s) is not over: no second call yet.")
        advance(by: .milliseconds(1))
        #expect(gateway.callTimes == [.zero, .seconds(1)], "At 1 s exactly, the second call goes out.")

        advance(by: .milliseconds(1999))
        #expect(
            gateway.callTimes == [.zero, .seconds(1)],
            "At 2.999 s the second backoff (2 s, from 1 s) is not over: no third call yet.")
        advance(by: .milliseconds(1))
        #expect(gateway.callTimes == [.zero, .seconds(1), .seconds(3)], "At 3 s exactly, the third call goes out.")
        #expect(confirmation.value == Fixtures.receipt)
    }

    @Test("after the fourth unavailable answer it gives up, with gatewayUnavailable")
    func givesUpAfterFourAttempts() {
        let gateway = ScriptedGateway(
            clock: clock,
            answers: [Fixtures.unavailable, Fixtures.unavailable, Fixtures.unavailable, Fixtures.unavailable])
        let confirmation = startConfirming(with: gateway)
        executor.runUntilIdle()

        advance(by: .seconds(1))
        advance(by: .seconds(2))
        advance(by: .seconds(4))

        #expect(
            gateway.callTimes == [.zero, .seconds(1), .seconds(3), .seconds(7)],
            "Four calls in all, at 0, 1, 3 and 7 s.")
        #expect(
            confirmation.isFinished,
            "After the fourth unavailable answer confirm must throw at once, without another wait.")
        #expect(
            confirmation.error as? PaymentError == .gatewayUnavailable,
            "Giving up throws the last error, gatewayUnavailable. It ended with \(String(describing: confirmation.outcome))."
        )

        advance(by: .seconds(3600))
        #expect(gateway.callTimes.count == 4, "Not even an hour later is there a fifth call.")
    }

    @Test("a decline is final: thrown at once, never retried")
    func declineIsFinal() {
        let gateway = ScriptedGateway(clock: clock, answers: [Fixtures.declined])
        let confirmation = startConfirming(with: gateway)
        executor.runUntilIdle()

        #expect(
            confirmation.error as? PaymentError == .declined(reason: "insufficient funds"),
            "The bank said no: confirm must throw the decline at once, without waiting. It ended with \(String(describing: confirmation.outcome))."
        )

        advance(by: .seconds(3600))
        #expect(
            gateway.callTimes == [.zero],
            "A decline is never retried: asking again gives the same answer and annoys the bank.")
    }

    @Test("cancelling during a backoff ends the confirmation at once, and no call follows")
    func cancelDuringBackoff() {
        let gateway = ScriptedGateway(clock: clock, answers: [Fixtures.unavailable, Fixtures.confirmed])
        let confirmation = startConfirming(with: gateway)
        executor.runUntilIdle()
        #expect(gateway.callTimes == [.zero])

        confirmation.cancel()  // the user left the checkout during the 1 s wait
        executor.runUntilIdle()

        #expect(
            confirmation.threwCancellationError,
            "The task was cancelled during the wait: confirm must end now with CancellationError, without the clock moving. It ended with \(String(describing: confirmation.outcome))."
        )

        advance(by: .seconds(3600))
        #expect(gateway.callTimes == [.zero], "After cancellation the gateway must not be asked again.")
    }

    @Test("the app's call site keeps compiling: the clock defaults to the real one")
    func defaultClock() {
        let gateway = ScriptedGateway(clock: clock, answers: [Fixtures.confirmed])
        let confirmer = PaymentConfirmer(gateway: gateway)  // no clock: a real ContinuousClock

        let confirmation = executor.start { try await confirmer.confirm(Fixtures.payment) }
        executor.runUntilIdle()

        #expect(
            confirmation.value == Fixtures.receipt,
            "PaymentConfirmer(gateway:) must still work, with a real clock by default. A first-call success never waits, so this test does not either."
        )
    }
}
