import Foundation
import Testing

@testable import Kata13

enum Fixtures {
    static let payment = PaymentID(rawValue: "pay_8Kq2")
    static let receipt = Receipt(payment: payment, authorizationCode: "A1B2C3", amountCents: 1250)
    static let unavailable: Result<Receipt, PaymentError> = .failure(.gatewayUnavailable)
    static let confirmed: Result<Receipt, PaymentError> = .success(receipt)
    static let declined: Result<Receipt, PaymentError> = .failure(.declined(reason: "insufficient funds"))
}

/// A gateway that answers at once, from a script, and writes down when it was asked: the virtual
/// time on the test clock, counted from the moment the gateway was made.
final class ScriptedGateway: PaymentGateway, @unchecked Sendable {  // unchecked: state is behind `lock`
    private let lock = NSLock()
    private let clock: TestClock
    private let start: TestClock.Instant
    private var answers: [Result<Receipt, PaymentError>]
    private var _callTimes: [Duration] = []

    init(clock: TestClock, answers: [Result<Receipt, PaymentError>]) {
        self.clock = clock
        self.start = clock.now
        self.answers = answers
    }

    /// When each call came in, in virtual time since the gateway was made: `[.zero, .seconds(1)]`
    /// means a first call at once and a second one a second later.
    var callTimes: [Duration] {
        lock.lock()
        defer { lock.unlock() }
        return _callTimes
    }

    func confirm(_ payment: PaymentID, completion: @escaping @Sendable (Result<Receipt, PaymentError>) -> Void) {
        #expect(payment == Fixtures.payment, "The confirmer must ask about the payment it was given.")
        let time = start.duration(to: clock.now)
        lock.lock()
        _callTimes.append(time)
        let answer = answers.isEmpty ? nil : answers.removeFirst()
        lock.unlock()
        guard let answer else {
            Issue.record(
                "The gateway was asked a time too many (at \(time) of virtual time). The script had no answer left; the test expected the confirmer to stop before this call."
            )
            completion(.failure(.gatewayUnavailable))
            return
        }
        completion(answer)
    }
}

/// The calls the tests make into your `TestClock` from the test, each on the executor's thread
/// while the test waits at most a second (see `ManualExecutor.call`): a clock stuck on its own lock
/// fails the test with a message instead of hanging it.
extension ManualExecutor {
    func advance(_ clock: TestClock, by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) {
        call(
            "clock.advance(by: \(duration)) did not return within a second. \(Self.stuckOnTheLock)",
            sourceLocation: sourceLocation
        ) { clock.advance(by: duration) }
    }

    /// `clock.now`, or `nil` if reading it did not return within a second.
    func now(of clock: TestClock, sourceLocation: SourceLocation = #_sourceLocation) -> TestClock.Instant? {
        call("Reading clock.now did not return within a second. \(Self.stuckOnTheLock)", sourceLocation: sourceLocation)
        {
            clock.now
        }
    }

    static let stuckOnTheLock = """
        A call into TestClock that never returns is most likely waiting for the clock's own lock: a \
        lock taken twice (a helper that locks, called while the lock is held) or left locked (a \
        return between lock() and unlock()) never opens again. Take the lock in one small helper \
        with `defer { lock.unlock() }`, and resume continuations after unlocking.
        """
}
