import Dispatch
import Kata19
import Testing

/// The app's dispatcher, on a real queue the test holds: the queue is suspended while `dispatch`
/// is called, so nothing it was handed can have run yet, and resumed to let the work run.
@Suite("Dispatcher")
struct DispatcherTests {
    static let queueName = DispatchSpecificKey<String>()

    @Test("dispatch hands the work to its queue and returns; the work runs there, never on the spot")
    func dispatchRunsTheWorkLaterOnItsQueue() {
        // Given a queue that runs nothing until the test resumes it
        let queue = DispatchQueue(label: "kata19.work")
        queue.setSpecific(key: Self.queueName, value: "work")
        queue.suspend()
        let ranOn = Log<String?>()

        // When
        Dispatcher(queue: queue).dispatch { ranOn.append(DispatchQueue.getSpecific(key: Self.queueName)) }
        let ranBeforeTheQueue = ranOn.values
        queue.resume()
        queue.sync {}  // the queue has run everything handed to it before this block

        // Then
        #expect(
            ranBeforeTheQueue.isEmpty,
            """
            dispatch ran the work on the spot, before the queue was free to run it: in the app, the slow read \
            would freeze the screen. Hand the work to queue.async and return.
            """)
        #expect(
            ranOn.values == ["work"], "The work must run once, on the dispatcher's queue. It ran on \(ranOn.values).")
    }
}
