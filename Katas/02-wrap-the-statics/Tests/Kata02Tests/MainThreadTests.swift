import Dispatch
import XCTest

@testable import Kata02

/// XCTest runs a test body on the main thread, the one a "we are already on main" shortcut
/// looks for (`Thread.isMainThread`). Swift Testing on Linux runs main-queue work on another
/// thread, so only a test like this one sees that shortcut fire.
final class DispatchQueueWrapperOnTheMainThreadTests: XCTestCase {
    func testMainAsyncReturnsBeforeTheWorkRunsWhenCalledOnTheMainThread() {
        XCTAssertTrue(Thread.isMainThread, "XCTest should run this body on the main thread.")
        var ran = false
        let workRan = expectation(description: "the work handed to mainAsync ran")

        DispatchQueueWrapper().mainAsync {
            ran = true
            workRan.fulfill()
        }

        XCTAssertFalse(
            ran,
            """
            Called on the main thread, mainAsync(execute:) ran the work in place, before it \
            returned: a "we are already on main" shortcut (Thread.isMainThread). The caller's code \
            after the call then runs after the work instead of before it. mainAsync only \
            forwards, wherever it is called from: DispatchQueue.main.async(execute: work).
            """)
        // The main queue runs the work while the test waits; a second is far more than it needs.
        wait(for: [workRan], timeout: 1)
    }
}
