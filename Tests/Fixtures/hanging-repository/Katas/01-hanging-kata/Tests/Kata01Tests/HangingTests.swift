import Dispatch
import Kata01
import Testing

/// Deadlocks on purpose, the way a learner's kata might: it waits for a signal nobody sends.
/// The end-to-end tests use it to see `kata check` stop a hang and leave no process behind.
@Suite("Hanging")
struct HangingTests {
    @Test("waits forever")
    func waitsForever() {
        DispatchSemaphore(value: 0).wait()
        #expect(greeting(for: "Ada") == "Hello, Ada!")
    }
}
