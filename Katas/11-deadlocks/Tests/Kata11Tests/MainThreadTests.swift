import Dispatch
import Foundation
import XCTest

@testable import Kata11

/// XCTest runs a test body on the main thread, the one a "we are already on main" shortcut looks
/// for (`Thread.isMainThread`, as the 4.2.1 hotfix does). Under Swift Testing on Linux the main
/// queue runs on another thread, so only a test like this one sees such a shortcut fire.
///
/// It runs in the test process itself, not in an exit test: a `token(completion:)` that blocks
/// the main thread would hang the XCTest run, so a watchdog ends it after two seconds and says why.
final class TokenOnTheMainThreadTests: XCTestCase {
    func testTheAnswerComesAfterTheCallReturns_evenWhenCalledOnTheMainThread() {
        XCTAssertTrue(Thread.isMainThread, "XCTest should run this body on the main thread.")
        for (what, session, expected) in [
            ("a stored token", SessionStore(accessToken: "abc", refreshToken: "refresh-1"), Outcome.token("abc")),
            ("nobody signed in", SessionStore(), Outcome.signedOut),
        ] {
            let tokens = AccessTokenProvider(session: session, refresher: HeldRefresher())
            let deliveries = Deliveries()
            let delivered = expectation(description: "the completion ran, for \(what)")

            let returned = DispatchSemaphore(value: 0)
            DispatchQueue.global().asyncAfter(deadline: .now() + 2) {
                guard returned.wait(timeout: .now()) == .timedOut else { return }
                fatalError(
                    "token(completion:) called on the main thread, for \(what), had not returned after 2 seconds: it blocks the main thread, waiting for the main queue, which only that thread can run here. Never wait in token(completion:): hop with DispatchQueue.main.async."
                )
            }
            tokens.token { result in
                deliveries.record(result)
                delivered.fulfill()
            }
            returned.signal()

            XCTAssertEqual(
                deliveries.outcomes, [],
                "Called on the main thread, for \(what), token(completion:) called the completion before it returned: a \"we are already on main\" shortcut (Thread.isMainThread). The completion runs later, on the main queue, wherever the call comes from: never inside the call."
            )
            wait(for: [delivered], timeout: 1)
            XCTAssertEqual(
                deliveries.outcomes, [expected], "For \(what), the completion received \(deliveries.outcomes).")
            XCTAssertEqual(deliveries.offMainQueue, 0, "For \(what), the completion must run on the main queue.")
        }
    }
}
